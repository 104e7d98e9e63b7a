import { request as httpRequest } from "node:http";

/** Debian's Chromium: the tests and the audit never download a browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Flags for a Chromium on a machine without a network: no sandbox (tests run as root), no GPU, and none
 * of the background connections (updates, sync, QUIC) that would be refused there, many at a time.
 */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** Bytes of a 200 response's body as it travels (not decoded) when the client accepts `encoding`. */
export function servedSize(url: string, encoding: "gzip" | "br"): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { headers: { "accept-encoding": encoding } }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on("end", () => {
        if (response.statusCode === 200) resolve(bytes);
        else reject(new Error(`${url} answered ${response.statusCode}`));
      });
      response.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}
