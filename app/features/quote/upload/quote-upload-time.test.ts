import { describe, expect, it } from "vitest";
import { field, file, multipart, pdf, quotePostHead, serveUploads, slicesOf } from "../testing/quote-upload";

/*
 * The parser's time limits against real sockets: a body sent too slowly, stalled or cut off never
 * yields a stored request, while a slow one whose bytes keep coming is read whole.
 */

const { results, rawRequest } = serveUploads();

describe("quote upload parser in time", () => {
  it("gives up on a body cut off mid-upload: nothing is returned to store", async () => {
    const body = multipart([field("company", "Acme"), file("drawing.pdf", pdf(200_000))]);
    const before = results.length;
    await rawRequest(quotePostHead(body.length), [body.subarray(0, 100_000)], 50, "close");
    await expect.poll(() => results.length).toBe(before + 1);
    expect(results.at(-1)).toBe("aborted");
  });

  it("answers 408 to an upload slower than its time limit", async () => {
    const body = multipart([field("company", "Acme"), file("drawing.pdf", pdf(50_000))]);
    const slices = slicesOf(body, 10, 1000);
    const answer = await rawRequest(quotePostHead(body.length, "X-Timeout: 300\r\n"), slices, 100, "wait");
    expect(answer.startsWith("HTTP/1.1 408")).toBe(true);
    expect(answer).toContain("Upload Timed Out");
  });

  it("reads a slow upload whole while its bytes keep coming, however long it takes under the ceiling", async () => {
    const body = multipart([field("company", "Acme"), file("drawing.pdf", pdf(20_000))]);
    const slices = slicesOf(body, 12, 2000);
    const answer = await rawRequest(
      quotePostHead(body.length, "X-Timeout: 5000\r\nX-Stall: 500\r\n"),
      slices,
      150,
      "wait",
    );
    // About 1.8 s in all, more than three times the stall limit: never a stall, so it is read whole.
    expect(answer.startsWith("HTTP/1.1 200")).toBe(true);
    expect(answer).toContain('"name":"drawing.pdf"');
  });

  it("gives up on a stalled upload after the stall limit, keeping its fields and naming the files begun", async () => {
    const body = multipart([
      field("company", "Acme"),
      file("drawing.pdf", pdf(50_000)),
      file("artwork.pdf", pdf(2_000)),
    ]);
    const started = Date.now();
    const answer = await rawRequest(
      quotePostHead(body.length, "X-Timeout: 5000\r\nX-Stall: 300\r\n"),
      [body.subarray(0, 20_000)],
      0,
      "wait",
    );
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(answer.startsWith("HTTP/1.1 408")).toBe(true);
    expect(answer).toContain('"fields":{"company":"Acme"}');
    expect(answer).toContain('"unfinishedFiles":["drawing.pdf"]');
    expect(answer).toContain('"files":[]');
  });
});
