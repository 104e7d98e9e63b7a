import type { IncomingMessage, ServerResponse } from "node:http";
import { sameOriginLocation } from "./request-target.server";

/** Answers whose request line is logged at debug level only (a busy server refusing uploads, say). */
const quietAnswers = new WeakSet<ServerResponse>();

/**
 * Keeps this answer's request line out of the log at info and warn level: its feature logs the
 * incident it belongs to once (a flood of refusals is one warning a minute, not a line per post).
 */
export function markQuiet(res: ServerResponse): void {
  quietAnswers.add(res);
}

export function isQuietAnswer(res: ServerResponse): boolean {
  return quietAnswers.has(res);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function wantsJson(req: IncomingMessage): boolean {
  const accept = req.headers.accept ?? "";
  return (
    (req.url ?? "").startsWith("/api/") ||
    (accept.includes("application/json") && !accept.includes("text/html"))
  );
}

/** A plain error answer: JSON for API clients, a small HTML page otherwise; never a stack trace. */
export function sendError(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  title: string,
  message: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = wantsJson(req)
    ? JSON.stringify({ ok: false, title, message })
    : `<!doctype html><html lang="en-US"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#0f2a43"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/">Return to Home</a></p></body></html>`;
  res.writeHead(status, {
    "Content-Type": wantsJson(req) ? "application/json; charset=utf-8" : "text/html; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    ...headers,
  });
  res.end(req.method === "HEAD" ? undefined : body);
}

/** A redirect to a path on this site; whatever `location` holds, it cannot point at another host. */
export function redirect(res: ServerResponse, location: string, status = 301): void {
  res.writeHead(status, {
    Location: sameOriginLocation(location),
    "Content-Length": 0,
    "Cache-Control": "public, max-age=3600",
  });
  res.end();
}
