import { data } from "react-router";
import { quoteContent, quotePage } from "~/content/quote";
import { catalogueLines } from "~/features/catalogue/pages/quote-line";
import {
  emptyItem,
  isQuoteArea,
  QUOTE_INTENT_FIELD,
  QUOTE_MAX_ITEMS,
  QUOTE_ROW_INTENTS,
  QUOTE_ROWS_STEP,
  quoteValuesFromFields,
} from "~/features/quote/quote";
import { withPastedRows } from "~/features/quote/quote-paste";
import { prefilledQuoteLines, prefilledQuoteValues, QUOTE_ITEM_PARAM } from "~/features/quote/quote-prefill";
import { submitQuotePost } from "~/features/quote/server/quote.server";
import { countRowsPost } from "~/features/quote/server/quote-limits.server";
import { signFormStart } from "~/features/quote/server/quote-token.server";
import { type QuoteActionData, QuoteForm } from "~/features/quote/ui/quote-form";
import { sentSummary } from "~/features/quote/ui/sent-summary";
import { quoteUploadOf } from "~/features/quote/upload/quote-upload.server";
import { cleanQuery } from "~/features/search/normalize.server";
import { buildMeta } from "~/lib/seo";
import { siteOrigin } from "~/lib/site";
import { requestContextOf } from "~/load-context";
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
  const params = url.searchParams;
  const requested = params.get("area") ?? "";
  const area = isQuoteArea(requested) ? requested : "";
  return {
    area,
    // ?sku=&qty=: lines from the catalogue; else ?item=: the first item's description, cleaned like a
    // search query and cut to the field's length.
    prefill:
      prefilledQuoteLines(area, catalogueLines(context.services.catalogue.current(), url)) ??
      prefilledQuoteValues(area, cleanQuery(params.get(QUOTE_ITEM_PARAM))),
    token: signFormStart(context.services.formSecret, new Date()),
  };
}

/** The form posted without JavaScript (multipart to this page): 'Add item', 'Turn the list into items' or 'Send'. */
export async function action({ request, context: provider }: Route.ActionArgs) {
  const context = requestContextOf(provider);
  const upload = quoteUploadOf(context);
  if (!upload) {
    const body: QuoteActionData = {
      ok: false,
      title: "Invalid Request",
      message: "The form data could not be read. Please reload the page and try again.",
    };
    return data(body, { status: 400, headers: { "Cache-Control": "no-store" } });
  }
  const intent = upload.fields[QUOTE_INTENT_FIELD] ?? "";
  if (QUOTE_ROW_INTENTS.includes(intent) && !upload.error) {
    const typed = quoteValuesFromFields(upload.fields);
    const values = withPastedRows(typed);
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
    const added = intent === "add-rows" ? Math.min(QUOTE_ROWS_STEP, room) : 0;
    const pastedRows = values.items.length - typed.items.length;
    const area = values.items[0]?.area ?? "";
    values.items = [...values.items, ...Array.from({ length: added }, () => emptyItem(area))];
    const body: QuoteActionData = {
      ok: false,
      rowsAdded: added,
      pastedRows,
      filesDropped: upload.files.length > 0 || (upload.droppedFiles ?? 0) > 0,
      values,
    };
    return data(body, { status: 200, headers: { "Cache-Control": "no-store" } });
  }
  const result = await submitQuotePost(request, context, upload);
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (!upload.complete) headers.Connection = "close";
  // 429 (the per-client limit, or an upload of this client's still running) and 503 (no upload slot free).
  if (!result.ok && result.retryAfterSeconds) headers["Retry-After"] = String(result.retryAfterSeconds);
  const body: QuoteActionData = result.ok
    ? {
        ok: true,
        title: result.title,
        message: result.message,
        reference: result.reference,
        sent: sentSummary(
          withPastedRows(quoteValuesFromFields(upload.fields)).items,
          result.filesNotArrived ? [] : upload.files.map((file) => file.fileName),
          result.filesNotArrived ?? [],
        ),
      }
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
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
          <h1 id="page-title" className="text-3xl font-extrabold leading-tight sm:text-4xl">
            {quoteContent.heading}
          </h1>
          <p className="max-w-prose text-base leading-relaxed text-mist sm:text-lg">{quoteContent.lead}</p>
        </div>
      </section>
      <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6 sm:py-12 lg:px-8">
        <QuoteForm
          area={loaderData.area}
          token={loaderData.token}
          // A first item carried here (?item=) reaches the form the way values sent back by the
          // server do: as starting values, with no notice and no field errors.
          actionData={
            actionData ?? (loaderData.prefill ? { ok: false, values: loaderData.prefill } : undefined)
          }
        />
      </div>
    </>
  );
}
