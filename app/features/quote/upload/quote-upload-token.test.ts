import { describe, expect, it } from "vitest";
import { field, file, multipart, type Part, pdf, quotePostHead, serveUploads } from "../testing/quote-upload";

/*
 * The parser answers before the files are read: when the form's token is refused or comes after a
 * file, and when the upload got no slot.
 */

const { post, rawRequest } = serveUploads();

describe("quote upload parser before the files", () => {
  const headOf = (parts: Part[]) => {
    const whole = multipart(parts);
    // Everything up to the file's first bytes; the 20 MB announced never follow.
    return whole.subarray(0, whole.indexOf("%PDF") + 4);
  };
  const held = (extra: string) => quotePostHead(20 * 1024 * 1024, extra);

  it("refuses a file sent before the form's token at once, reading none of it", async () => {
    const answer = await rawRequest(
      held("X-Check-Token: 1\r\n"),
      [headOf([field("company", "Acme"), file("drawing.pdf", pdf(10)), field("startedAt", "good")])],
      0,
      "wait",
    );
    expect(answer.startsWith("HTTP/1.1 400")).toBe(true);
    expect(answer).toContain("The form was sent in an order this site does not accept.");
  });

  it("answers a refused token as the first file begins, with the fields read so far", async () => {
    const answer = await rawRequest(
      held("X-Check-Token: 1\r\n"),
      [headOf([field("startedAt", "forged"), field("company", "Acme"), file("drawing.pdf", pdf(10))])],
      0,
      "wait",
    );
    expect(answer.startsWith("HTTP/1.1 400")).toBe(true);
    expect(answer).toContain('"title":"Please Try Again"');
    expect(answer).toContain('"company":"Acme"');
    // A good token lets the file through.
    const { status, body } = await post(multipart([field("startedAt", "good"), file("a.pdf", pdf())]), {
      "x-check-token": "1",
    });
    expect(status).toBe(200);
    expect(body.files).toHaveLength(1);
    // A genuine token too young to send with: the files are passed over unread and the rest reaches the
    // route, which answers 'Add item' (which needs no token) or refuses the send.
    const young = await post(
      multipart([field("startedAt", "young"), file("a.pdf", pdf()), field("intent", "add-rows")]),
      { "x-check-token": "1" },
    );
    expect(young.status).toBe(200);
    expect(young.body.files).toEqual([]);
    expect(young.body.droppedFiles).toBe(1);
    expect(young.body.fields.intent).toBe("add-rows");
    // A post without files reaches the route, which checks the token itself.
    const rows = await post(multipart([field("startedAt", "forged"), field("intent", "add-rows")]), {
      "x-check-token": "1",
    });
    expect(rows.status).toBe(200);
  });

  it("without a slot, reads the fields and answers as soon as a file begins, before the file is sent", async () => {
    const start = multipart([
      field("company", "Acme"),
      file("", Buffer.alloc(0)),
      field("email", "buyer@example.com"),
      file("drawing.pdf", pdf(10)),
    ]);
    // Everything up to the file's first bytes; its 20 MB never follow.
    const sent = start.subarray(0, start.indexOf("%PDF") + 4);
    const answer = await rawRequest(held("X-Refuse: 1\r\n"), [sent], 0, "wait");
    expect(answer.startsWith("HTTP/1.1 503")).toBe(true);
    // The test server's answer is chunked: the JSON is its first chunk.
    const chunked = answer.slice(answer.indexOf("\r\n\r\n") + 4);
    const size = Number.parseInt(chunked, 16);
    const json = chunked.slice(chunked.indexOf("\r\n") + 2).slice(0, size);
    const body = JSON.parse(json) as {
      error: { title: string; retryAfterSeconds: number };
      fields: Record<string, string>;
      files: unknown[];
    };
    expect(body.error).toMatchObject({ title: "Server Busy", retryAfterSeconds: 30 });
    expect(body.fields).toEqual({ company: "Acme", email: "buyer@example.com" });
    expect(body.files).toEqual([]);
  });

  it("never asks a post without files for a slot: every field reaches the route, even when none is free", async () => {
    const { status, body } = await post(
      multipart([field("company", "Acme"), file("", Buffer.alloc(0)), field("name", "Rae")]),
      { "x-refuse": "1" },
    );
    expect(status).toBe(200);
    expect(body.error).toBeNull();
    expect(body.fields).toEqual({ company: "Acme", name: "Rae" });
  });
});
