import type { IncomingMessage } from "node:http";

/**
 * The client's address, from X-Forwarded-For only when a trusted proxy sets it (otherwise anyone
 * could pick their own key and escape the per-client limits).
 */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.headers["x-forwarded-for"];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
    if (first) return first;
  }
  return req.socket.remoteAddress ?? "unknown";
}
