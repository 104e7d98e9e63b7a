import { request as httpRequest } from "node:http";

/**
 * A new connection sends about ten segments (~14.6 KB) before it waits for the first acknowledgement:
 * a landing page whose HTML, headers included, fits in 14 KB arrives in the first round trip
 * (docs/decisions/0015 and 0023).
 */
export const FIRST_ROUND_TRIP_BYTES = 14 * 1024;

/**
 * Bytes of a page as it travels to a current browser (brotli, which browsers accept over HTTPS and our
 * server prefers): status line and headers, then the body.
 */
export function documentBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { headers: { "accept-encoding": "br, gzip" } }, (response) => {
      const { rawHeaders } = response;
      let bytes = `HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n`.length + 2;
      for (let index = 0; index < rawHeaders.length; index += 2) {
        bytes += Buffer.byteLength(`${rawHeaders[index]}: ${rawHeaders[index + 1]}\r\n`);
      }
      response.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on("end", () => resolve(bytes));
      response.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}
