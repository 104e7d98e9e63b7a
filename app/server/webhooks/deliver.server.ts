import type { WebhookHeaders } from "./signing.server";

/** Default time a receiver has to answer (WEBHOOK_TIMEOUT_MS). */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** The most of an answer's body read (for the log); the rest is dropped unread. */
export const RESPONSE_BYTES_KEPT = 1024;

export type PostOutcome = { ok: true; status: number } | { ok: false; status: number | null; error: string };

/** The first bytes of an answer's body as text, then the stream is cancelled: a huge answer costs nothing. */
async function firstBytes(response: Response, limit: number): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, limit).toString("utf8");
}

function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
    return `no answer within ${timeoutMs} ms`;
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${error instanceof Error ? error.message : String(error)}${cause}`.slice(0, 500);
}

/**
 * Posts one signed webhook. A 2xx status line is a delivery, whatever follows: its body is not waited
 * for (a receiver that sends it slowly has the event already, and a timeout would send it twice).
 * Anything else is a failure with its status: a redirect is never followed (the receiver must be
 * configured with its final URL), and no status within `timeoutMs` abandons the attempt. The first
 * bytes of a refusal's body are kept for the log while the time lasts.
 */
export async function postWebhook(
  url: string,
  headers: WebhookHeaders,
  body: string,
  timeoutMs: number = WEBHOOK_TIMEOUT_MS,
): Promise<PostOutcome> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        ...headers,
        "content-type": "application/json",
        "user-agent": "Ridgeline-Webhooks/1",
      },
      body,
      redirect: "manual",
      signal,
    });
    if (response.status >= 200 && response.status < 300) {
      void response.body?.cancel().catch(() => undefined);
      return { ok: true, status: response.status };
    }
    // The status is the answer; a body that does not come in time only leaves the log without it.
    const text = await firstBytes(response, RESPONSE_BYTES_KEPT).catch(() => "");
    const location = response.headers.get("location");
    const error =
      response.status >= 300 && response.status < 400
        ? `redirect to ${location ?? "(no Location)"} not followed`
        : `answered ${response.status}${text ? `: ${text.replace(/\s+/g, " ").slice(0, 200)}` : ""}`;
    return { ok: false, status: response.status, error };
  } catch (error) {
    return { ok: false, status: null, error: describeFailure(error, timeoutMs) };
  }
}
