import { requestContextOf } from "~/load-context";
import { postOnlyResponse } from "~/server/forms/form-request.server";
import { submitQuote } from "~/server/quotes/quote.server";
import type { Route } from "./+types/api.quote";

/**
 * POST /api/quote: the quote form sent by the page's script (XMLHttpRequest, for the upload
 * progress), answered as JSON `{ ok, title, message, reference?, fieldErrors? }`.
 */
export async function action({ context: provider }: Route.ActionArgs) {
  const context = requestContextOf(provider);
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (!context.upload) {
    return Response.json(
      { ok: false, title: "Invalid Request", message: "Send the quote form as multipart/form-data." },
      { status: 400, headers },
    );
  }
  const result = await submitQuote(context.services, context.upload, context.clientKey);
  if (!result.ok) {
    // 429 (the per-client limit, or an upload of this client's still running) and 503 (no upload slot free).
    if (result.retryAfterSeconds) headers["Retry-After"] = String(result.retryAfterSeconds);
    const { title, message, fieldErrors } = result;
    return Response.json(
      { ok: false, title, message, ...(fieldErrors ? { fieldErrors } : {}) },
      { status: result.status, headers },
    );
  }
  const { title, message, reference } = result;
  return Response.json({ ok: true, title, message, reference }, { status: 200, headers });
}

export const loader = () => postOnlyResponse("quote request");
