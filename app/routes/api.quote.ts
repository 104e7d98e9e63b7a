import { postOnlyResponse } from "~/features/leads/intake/form-request.server";
import { submitQuotePost } from "~/features/quote/server/quote.server";
import { quoteUploadOf } from "~/features/quote/upload/quote-upload.server";
import { requestContextOf } from "~/load-context";
import type { Route } from "./+types/api.quote";

/**
 * POST /api/quote: the quote form sent by the page's script (XMLHttpRequest, for the upload
 * progress), answered as JSON `{ ok, title, message, reference?, filesNotArrived?, fieldErrors? }`
 * (`filesNotArrived`: the files that timed out, the request stored without them).
 */
export async function action({ request, context: provider }: Route.ActionArgs) {
  const context = requestContextOf(provider);
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  const upload = quoteUploadOf(context);
  if (!upload) {
    return Response.json(
      { ok: false, title: "Invalid Request", message: "Send the quote form as multipart/form-data." },
      { status: 400, headers },
    );
  }
  const result = await submitQuotePost(request, context, upload);
  if (!result.ok) {
    // 429 (the per-client limit, or an upload of this client's still running) and 503 (no upload slot free).
    if (result.retryAfterSeconds) headers["Retry-After"] = String(result.retryAfterSeconds);
    const { title, message, fieldErrors } = result;
    return Response.json(
      { ok: false, title, message, ...(fieldErrors ? { fieldErrors } : {}) },
      { status: result.status, headers },
    );
  }
  const { title, message, reference, filesNotArrived } = result;
  return Response.json(
    { ok: true, title, message, reference, ...(filesNotArrived ? { filesNotArrived } : {}) },
    { status: 200, headers },
  );
}

export const loader = () => postOnlyResponse("quote request");
