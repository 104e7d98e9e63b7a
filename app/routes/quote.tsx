import { data } from "react-router";
import { type QuoteActionData, QuoteForm } from "~/components/quote/quote-form";
import { quoteContent, quotePage } from "~/content/quote";
import {
  emptyItem,
  isQuoteArea,
  QUOTE_INTENT_FIELD,
  QUOTE_MAX_ITEMS,
  QUOTE_ROWS_STEP,
  quoteValuesFromFields,
} from "~/forms/quote";
import { withPastedRows } from "~/forms/quote-paste";
import { buildMeta } from "~/lib/seo";
import { siteOrigin } from "~/lib/site";
import { requestContextOf } from "~/load-context";
import { submitQuote } from "~/server/quotes/quote.server";
import { countRowsPost } from "~/server/quotes/quote-limits.server";
import { signFormStart } from "~/server/quotes/quote-token.server";
import { tooManyRequests } from "~/server/rate-limit.server";
import type { Route } from "./+types/quote";

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(quotePage, siteOrigin(matches));

/** Each render carries a fresh signed start time, so the page is never cached. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const merged = new Headers(actionHeaders);
  merged.set("Cache-Control", "no-store");
  return merged;
};

export function loader({ url, context: provider }: Route.LoaderArgs) {
  const context = requestContextOf(provider);
  const area = url.searchParams.get("area") ?? "";
  return {
    area: isQuoteArea(area) ? area : "",
    token: signFormStart(context.services.formSecret, new Date()),
  };
}

/** The form posted without JavaScript (multipart to this page): 'Add rows' or 'Send'. */
export async function action({ context: provider }: Route.ActionArgs) {
  const context = requestContextOf(provider);
  const upload = context.upload;
  if (!upload) {
    const body: QuoteActionData = {
      ok: false,
      title: "Invalid Request",
      message: "The form data could not be read. Please reload the page and try again.",
    };
    return data(body, { status: 400, headers: { "Cache-Control": "no-store" } });
  }
  if (upload.fields[QUOTE_INTENT_FIELD] === "add-rows" && !upload.error) {
    const values = withPastedRows(quoteValuesFromFields(upload.fields));
    // 'Add rows' has a budget of its own, more generous than sending (quote-limits.server.ts).
    const limit = await countRowsPost(context.services.db, context.clientKey, new Date());
    if (!limit.allowed) {
      const refused = tooManyRequests(limit);
      const body: QuoteActionData = {
        ok: false,
        status: 429,
        title: refused.title,
        message: refused.message,
        values,
      };
      return data(body, {
        status: 429,
        headers: { "Cache-Control": "no-store", "Retry-After": String(refused.retryAfterSeconds) },
      });
    }
    const room = Math.max(0, QUOTE_MAX_ITEMS - values.items.length);
    const added = Math.min(QUOTE_ROWS_STEP, room);
    const area = values.items[0]?.area ?? "";
    values.items = [...values.items, ...Array.from({ length: added }, () => emptyItem(area))];
    const body: QuoteActionData = {
      ok: false,
      rowsAdded: added,
      filesDropped: upload.files.length > 0 || (upload.droppedFiles ?? 0) > 0,
      values,
    };
    return data(body, { status: 200, headers: { "Cache-Control": "no-store" } });
  }
  const result = await submitQuote(context.services, upload, context.clientKey);
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (!upload.complete) headers.Connection = "close";
  // 429 (the per-client limit, or an upload of this client's still running) and 503 (no upload slot free).
  if (!result.ok && result.retryAfterSeconds) headers["Retry-After"] = String(result.retryAfterSeconds);
  const body: QuoteActionData = result.ok
    ? { ok: true, title: result.title, message: result.message, reference: result.reference }
    : {
        ok: false,
        status: result.status,
        title: result.title,
        message: result.message,
        fieldErrors: result.fieldErrors,
        values: result.values,
        filesDropped: upload.files.length > 0 || (upload.droppedFiles ?? 0) > 0,
      };
  return data(body, { status: result.status, headers });
}

export default function Quote({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <section className="bg-navy text-white" aria-labelledby="page-title">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-12 sm:px-6 lg:px-8">
          <h1 id="page-title" className="text-3xl font-extrabold leading-tight sm:text-4xl">
            {quoteContent.heading}
          </h1>
          <p className="max-w-prose text-lg leading-relaxed text-mist">{quoteContent.lead}</p>
        </div>
      </section>
      <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 lg:px-8">
        <QuoteForm area={loaderData.area} token={loaderData.token} actionData={actionData} />
      </div>
    </>
  );
}
