import type { LeadPostOrigin } from "~/features/leads/attribution/attribution";
import { requestPostOrigin } from "~/features/leads/intake/form-request.server";
import { runIntake } from "~/features/leads/intake/intake.server";
import type { QuoteServices, RequestContext } from "~/load-context";
import type { QuoteUpload } from "../upload/quote-upload.server";
import { type QuoteResult, quoteForm, quotePostOf } from "./quote-intake.server";

export type { QuoteResult } from "./quote-intake.server";
export { QUOTE_CLIENT_LIMIT } from "./quote-limits.server";

/**
 * Handles one quote post (docs/quotes.md) through the lead intake (quote-intake.server.ts): the
 * per-client limit (every post counts, refused or not, but for the server's own refusals), the
 * upload's own errors, the honeypot, the minimum fill time, validation; then the request, its items
 * and files (read from disk one at a time), the sales notification with the files and the buyer's
 * acknowledgement are stored in one transaction.
 */
export function submitQuote(
  deps: QuoteServices,
  upload: QuoteUpload,
  clientKey: string,
  origin?: LeadPostOrigin,
): Promise<QuoteResult> {
  return runIntake(quoteForm, deps, quotePostOf(upload), clientKey, origin);
}

/**
 * A quote post as both its routes take it (/quote without JavaScript, /api/quote with it): submitted
 * with the page it was sent from (its Referer, docs/attribution.md), and its outcome counted.
 */
export async function submitQuotePost(
  request: Request,
  context: Pick<RequestContext, "services" | "clientKey">,
  upload: QuoteUpload,
): Promise<QuoteResult> {
  const { services } = context;
  const result = await submitQuote(
    services,
    upload,
    context.clientKey,
    requestPostOrigin(request, services.siteUrl),
  );
  services.counting?.formOutcome("quote", result);
  return result;
}
