import type { IncomingMessage } from "node:http";
import { ClientAbortedError } from "./react-router-handler.server";

/*
 * RFC 8058 one-click unsubscribes (docs/newsletter.md): a mail provider posts
 * `List-Unsubscribe=One-Click` to the link of the List-Unsubscribe header from its own servers, and
 * some send the body chunked, without a Content-Length. Every other post needs a length (411), so a
 * body cannot outgrow its limit unseen; this one path takes a chunked body instead, read under a cap of
 * its own that fits the one field it may carry.
 */

/** The unsubscribe link's path: the only one that takes a body without a length. */
export const ONE_CLICK_PATH = "/newsletter/unsubscribe";

/** `List-Unsubscribe=One-Click` is 26 bytes; a kilobyte leaves room and bounds what is buffered. */
export const ONE_CLICK_MAX_BYTES = 1024;

/** A chunked POST to the unsubscribe link: a one-click unsubscribe from a mail provider. */
export function isChunkedOneClick(req: IncomingMessage, pathname: string): boolean {
  if (pathname !== ONE_CLICK_PATH || req.headers["content-length"] !== undefined) return false;
  return (req.headers["transfer-encoding"] ?? "").trim().toLowerCase() === "chunked";
}

/**
 * Reads the whole body, or resolves null as soon as it passes `maxBytes`. Past the cap the rest is
 * read and dropped rather than left unread, so the client can still read the 413 it gets; the
 * server's request timeout ends a body that never stops.
 */
export function readCappedBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      settled = true;
      req.off("data", onData);
      req.resume();
      resolve(null);
    };
    req.on("data", onData);
    req.once("end", () => {
      if (settled) return;
      settled = true;
      resolve(Buffer.concat(chunks, size));
    });
    req.once("error", () => {
      if (settled) return;
      settled = true;
      reject(new ClientAbortedError());
    });
    req.once("close", () => {
      if (settled) return;
      settled = true;
      if (req.complete) resolve(Buffer.concat(chunks, size));
      else reject(new ClientAbortedError());
    });
  });
}
