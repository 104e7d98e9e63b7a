import type { IncomingMessage } from "node:http";
import type { Answered } from "~/server/http/pipeline.server";

/** A browser's user agent: a request without one is not counted. */
const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/**
 * The home page answered to client number `index` (an address of its own), referred from a site of its
 * own: as the counting hook sees it, for tests and benchmarks that count many distinct visitors and keys.
 */
export function referredPageView(index: number): Answered {
  const req = {
    method: "GET",
    headers: { host: "localhost:3000", "user-agent": CHROME, referer: `https://site-${index}.example/` },
    socket: { remoteAddress: `10.${index >> 16}.${(index >> 8) & 255}.${index & 255}` },
  } as unknown as IncomingMessage;
  return {
    req,
    url: new URL("/", "http://localhost:3000"),
    status: 200,
    contentType: "text/html",
    source: "file",
  };
}
