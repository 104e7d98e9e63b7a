import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUOTE_MAX_FILE_BYTES, QUOTE_PASTE_MAX } from "~/features/quote/quote";
import { pngOfSize } from "../../../tests/support/files";
import { MAX_TEXT_BYTES, parseQuoteUpload, type QuoteUpload } from "./quote-upload.server";
import { safeFileName, sniffFileType } from "./sniff.server";
import { tokenRefused } from "./upload-errors.server";
import { SLOT_ERRORS } from "./upload-slots.server";
import { openSpool } from "./upload-spool.server";

/*
 * The parser against real sockets: each limit is enforced while the body streams in, the answer is
 * the precise error, and a body cut off or sent too slowly never yields a stored request.
 */

const BOUNDARY = "----quoteTestBoundary7MA4YWxkTrZu0gW";
type Part = { name: string; value: string } | { name: string; fileName: string; content: Buffer };

function multipart(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ("value" in part) {
      chunks.push(
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        part.content,
        Buffer.from("\r\n"),
      );
    }
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

const pdf = (size = 2000) => Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(size - 9, 0x41)]);
const field = (name: string, value: string): Part => ({ name, value });
const file = (fileName: string, content: Buffer): Part => ({ name: "files", fileName, content });

let server: http.Server;
let port = 0;
const results: Array<QuoteUpload | "aborted"> = [];

let spoolParent = "";
/** The files of the last upload as they were on disk when it was answered. */
let lastOnDisk: Buffer[] = [];

beforeAll(async () => {
  spoolParent = mkdtempSync(path.join(tmpdir(), "quote-upload-test-"));
  server = http.createServer(async (req, res) => {
    const timeoutMs = Number(req.headers["x-timeout"] ?? 5000);
    // X-Stall: the longest wait for the body's next bytes.
    const stallMs = req.headers["x-stall"] ? Number(req.headers["x-stall"]) : undefined;
    // X-Refuse: the upload got no slot (upload-slots.server.ts).
    const refusal = req.headers["x-refuse"] ? SLOT_ERRORS.busy : undefined;
    // X-Check-Token: the form's token is checked as it arrives ("good" passes, "young" is too young).
    const checkToken = req.headers["x-check-token"]
      ? (token: string) =>
          token === "good" ? null : tokenRefused(token === "young" ? "too_fast" : "invalid")
      : undefined;
    const spool = await openSpool(spoolParent);
    res.once("close", () => void spool.remove());
    parseQuoteUpload(req, { timeoutMs, ...(stallMs ? { stallMs } : {}), refusal, checkToken, spool }).then(
      (upload) => {
        results.push(upload);
        lastOnDisk = upload.files.map((f) => readFileSync(f.path));
        res.writeHead(upload.error?.status ?? 200, {
          "content-type": "application/json",
          connection: "close",
        });
        res.end(
          JSON.stringify({
            error: upload.error,
            fields: upload.fields,
            droppedFiles: upload.droppedFiles ?? 0,
            unfinishedFiles: upload.unfinishedFiles ?? [],
            files: upload.files.map((f) => ({
              name: f.fileName,
              type: f.type.label,
              size: f.size,
            })),
          }),
        );
      },
      () => {
        results.push("aborted");
        res.destroy();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(spoolParent, { recursive: true, force: true });
});

async function post(body: Buffer, headers: Record<string, string> = {}) {
  const response = await fetch(`http://127.0.0.1:${port}/quote`, {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
    body: new Uint8Array(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      error: { title: string; message: string } | null;
      fields: Record<string, string>;
      files: Array<{ name: string; type: string; size: number }>;
      droppedFiles: number;
    },
  };
}

describe("quote upload parser", () => {
  it("reads fields and files, recognising a real PDF by its content", async () => {
    const { status, body } = await post(
      multipart([
        field("company", "Acme"),
        field("items[0].description", "Labels"),
        file("drawing.pdf", pdf()),
      ]),
    );
    expect(status).toBe(200);
    expect(body.fields).toEqual({ company: "Acme", "items[0].description": "Labels" });
    expect(body.files).toEqual([{ name: "drawing.pdf", type: "PDF", size: 2000 }]);
  });

  it("ignores the empty part a file input sends when no file was chosen", async () => {
    const { status, body } = await post(multipart([field("company", "Acme"), file("", Buffer.alloc(0))]));
    expect(status).toBe(200);
    expect(body.files).toEqual([]);
  });

  it("refuses an HTML file named .pdf, naming the file, and keeps the fields read before it", async () => {
    const html = Buffer.from("<!DOCTYPE html><html><body><script>alert(1)</script></body></html>");
    const { status, body } = await post(multipart([field("company", "Acme"), file("invoice.pdf", html)]));
    expect(status).toBe(400);
    expect(body.error?.title).toBe("File Type Not Accepted");
    expect(body.error?.message).toContain('"invoice.pdf"');
    expect(body.error?.message).toContain("HTML");
    expect(body.fields.company).toBe("Acme");
    expect(body.files).toEqual([]);
  });

  it.each([
    [
      "an SVG image",
      "logo.png",
      Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      "SVG",
    ],
    ["a script", "run.dxf", Buffer.from("#!/bin/sh\nrm -rf /\n"), "script"],
    ["an executable", "setup.step", Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200)]), "executable"],
    ["an unknown format", "notes.pdf", Buffer.from("just some text"), "not one of the accepted types"],
  ])("refuses %s whatever its name", async (_what, name, content, said) => {
    const { status, body } = await post(multipart([file(name, content)]));
    expect(status).toBe(400);
    expect(body.error?.message).toContain(said);
  });

  it("refuses a zero-byte file", async () => {
    const { status, body } = await post(multipart([file("empty.pdf", Buffer.alloc(0))]));
    expect(status).toBe(400);
    expect(body.error?.title).toBe("Empty File");
  });

  it("refuses a sixth file", async () => {
    const parts = Array.from({ length: 6 }, (_, i) => file(`part-${i}.pdf`, pdf()));
    const { status, body } = await post(multipart(parts));
    expect(status).toBe(413);
    expect(body.error?.title).toBe("Too Many Files");
  });

  it("accepts a file of exactly 10 MB", async () => {
    const { status, body } = await post(multipart([file("max.pdf", pdf(QUOTE_MAX_FILE_BYTES))]));
    expect(status).toBe(200);
    expect(body.files).toEqual([{ name: "max.pdf", type: "PDF", size: QUOTE_MAX_FILE_BYTES }]);
  });

  it("refuses a file over 10 MB while it streams, naming it", async () => {
    const { status, body } = await post(multipart([file("huge.pdf", pdf(QUOTE_MAX_FILE_BYTES + 1))]));
    expect(status).toBe(413);
    expect(body.error?.title).toBe("File Too Large");
    expect(body.error?.message).toContain('"huge.pdf"');
  });

  it("refuses files adding up to more than 25 MB", async () => {
    const parts = Array.from({ length: 3 }, (_, i) => file(`sheet-${i}.pdf`, pdf(9 * 1024 * 1024)));
    const { status, body } = await post(multipart(parts));
    expect(status).toBe(413);
    expect(body.error?.title).toBe("Attachments Too Large");
  });

  it("refuses unknown and repeated fields", async () => {
    const unknown = await post(multipart([field("admin", "1")]));
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.title).toBe("Unexpected Field");
    const repeated = await post(multipart([field("email", "a@b.example"), field("email", "c@d.example")]));
    expect(repeated.status).toBe(400);
    expect(repeated.body.error?.title).toBe("Repeated Field");
    const fileAsField = await post(multipart([{ name: "company", fileName: "x.pdf", content: pdf() }]));
    expect(fileAsField.body.error?.title).toBe("Unexpected Field");
  });

  it("refuses a malformed body with 400", async () => {
    const { status, body } = await post(Buffer.from("this is not multipart"), {
      "content-type": "multipart/form-data",
    });
    expect(status).toBe(400);
    expect(body.error?.title).toBe("Invalid Request");
  });

  async function rawRequest(head: string, bodyParts: Buffer[], pauseMs: number, end: "close" | "wait") {
    const socket = net.connect(port, "127.0.0.1");
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString();
    });
    const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    socket.on("error", () => undefined);
    socket.write(head);
    for (const part of bodyParts) {
      socket.write(part);
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
    if (end === "close") socket.destroy();
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 5000))]);
    socket.destroy();
    return answer;
  }

  it("gives up on a body cut off mid-upload: nothing is returned to store", async () => {
    const body = multipart([field("company", "Acme"), file("drawing.pdf", pdf(200_000))]);
    const before = results.length;
    await rawRequest(
      `POST /quote HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${body.length}\r\n\r\n`,
      [body.subarray(0, 100_000)],
      50,
      "close",
    );
    await expect.poll(() => results.length).toBe(before + 1);
    expect(results.at(-1)).toBe("aborted");
  });

  it("keeps each file on disk, not in memory, byte for byte, under its UTF-8 name", async () => {
    const drawing = pdf(300_000);
    const { status, body } = await post(multipart([field("company", "Acme"), file("Größe Ø.pdf", drawing)]));
    expect(status).toBe(200);
    expect(body.files).toEqual([{ name: "Größe Ø.pdf", type: "PDF", size: drawing.length }]);
    expect(lastOnDisk).toEqual([drawing]);
    // The answer is done: the upload's folder is gone.
    await expect.poll(() => readdirSync(spoolParent)).toEqual([]);
  });

  it("holds each field to its own limit as it arrives", async () => {
    const email = `${"a".repeat(243)}@example.com`;
    expect(email.length).toBe(255);
    const { status, body } = await post(multipart([field("company", "Acme"), field("email", email)]));
    expect(status).toBe(413);
    expect(body.error?.title).toBe("Entry Too Long");
    expect(body.fields).toEqual({ company: "Acme" });
    const notes = await post(multipart([field("items[0].notes", "n".repeat(1001))]));
    expect(notes.status).toBe(413);
    const fits = await post(
      multipart([field("email", email.slice(1)), field("items[0].notes", "n\r\n".repeat(500))]),
    );
    expect(fits.status).toBe(200);
  });

  const headOf = (parts: Part[]) => {
    const whole = multipart(parts);
    // Everything up to the file's first bytes; the 20 MB announced never follow.
    return whole.subarray(0, whole.indexOf("%PDF") + 4);
  };
  const held = (extra: string) =>
    `POST /quote HTTP/1.1\r\nHost: 127.0.0.1\r\n${extra}Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${20 * 1024 * 1024}\r\n\r\n`;

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

  it("refuses a paste list longer than its box before anything parses it, counting a line break once", async () => {
    const full = `${"ITEM-1, 5\r\n".repeat(QUOTE_PASTE_MAX / 10 - 1)}ITEM-1, 50`;
    const accepted = await post(multipart([field("pasteList", full)]));
    expect(accepted.status).toBe(200);
    const over = await post(multipart([field("company", "Acme"), field("pasteList", `${full}0`)]));
    expect(over.status).toBe(413);
    expect(over.body.error?.title).toBe("Entry Too Long");
    expect(over.body.fields).toEqual({ company: "Acme" });
  });

  it("refuses more text than the whole form can hold", async () => {
    // 100 rows of notes at the most each may carry (1,000 three-byte characters): more than the
    // form's own limits allow in all.
    const notes = Array.from({ length: 100 }, (_, i) => field(`items[${i}].notes`, "€".repeat(1000)));
    expect(notes.length * 3000).toBeGreaterThan(MAX_TEXT_BYTES);
    const { status, body } = await post(multipart(notes));
    expect(status).toBe(413);
    expect(body.error?.title).toBe("Entry Too Long");
    expect(Object.keys(body.fields).length).toBeLessThan(notes.length);
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
    const answer = await rawRequest(
      `POST /quote HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Refuse: 1\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${20 * 1024 * 1024}\r\n\r\n`,
      [sent],
      0,
      "wait",
    );
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

  it("without a slot and without files, answers the refusal with every field once the body ends", async () => {
    const { status, body } = await post(multipart([field("company", "Acme"), field("name", "Rae")]), {
      "x-refuse": "1",
    });
    expect(status).toBe(503);
    expect(body.fields).toEqual({ company: "Acme", name: "Rae" });
  });

  it("answers 408 to an upload slower than its time limit", async () => {
    const body = multipart([field("company", "Acme"), file("drawing.pdf", pdf(50_000))]);
    const slices = Array.from({ length: 10 }, (_, i) => body.subarray(i * 1000, (i + 1) * 1000));
    const answer = await rawRequest(
      `POST /quote HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Timeout: 300\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${body.length}\r\n\r\n`,
      slices,
      100,
      "wait",
    );
    expect(answer.startsWith("HTTP/1.1 408")).toBe(true);
    expect(answer).toContain("Upload Timed Out");
  });

  it("reads a slow upload whole while its bytes keep coming, however long it takes under the ceiling", async () => {
    const body = multipart([field("company", "Acme"), file("drawing.pdf", pdf(20_000))]);
    const slices = Array.from({ length: 12 }, (_, i) => body.subarray(i * 2000, (i + 1) * 2000));
    const answer = await rawRequest(
      `POST /quote HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Timeout: 5000\r\nX-Stall: 500\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${body.length}\r\n\r\n`,
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
      `POST /quote HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Timeout: 5000\r\nX-Stall: 300\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${body.length}\r\n\r\n`,
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

describe("content sniffing", () => {
  it.each([
    ["PNG", pngOfSize(200)],
    ["JPEG", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])],
    ["WebP", Buffer.concat([Buffer.from("RIFF"), Buffer.from([1, 2, 3, 4]), Buffer.from("WEBPVP8 ")])],
    ["DWG", Buffer.from("AC1032\0\0\0\0")],
    ["DXF", Buffer.from("  0\r\nSECTION\r\n  2\r\nHEADER\r\n  9\r\n$ACADVER\r\n")],
    ["STEP", Buffer.from("ISO-10303-21;\nHEADER;\n")],
    ["PostScript/EPS", Buffer.from("%!PS-Adobe-3.0 EPSF-3.0\n")],
    ["PostScript/EPS", Buffer.from([0xc5, 0xd0, 0xd3, 0xc6, 0, 0, 0, 0])],
  ])("recognises %s", async (label, head) => {
    expect((await sniffFileType(head))?.label).toContain(label);
  });

  it("refuses what is not one of the accepted types, whatever its name says", async () => {
    for (const head of [
      Buffer.from("<!doctype html><script>alert(1)</script>"),
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]),
      Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]),
      Buffer.from("GIF89a\x01\x00\x01\x00"),
      Buffer.from("plain text that mentions ISO-10303-21; later on"),
      Buffer.from("%!/bin/sh\nrm -rf /\n"),
    ]) {
      expect(await sniffFileType(head)).toBeNull();
    }
  });

  it("gives a stored file an extension that matches its content and no path", async () => {
    const type = await sniffFileType(Buffer.from("%PDF-1.4"));
    if (!type) throw new Error("PDF not recognised");
    expect(safeFileName("../../etc/passwd", type)).toBe("passwd.pdf");
    expect(safeFileName("drawing.html", type)).toBe("drawing.pdf");
    expect(safeFileName("Artwork.AI", type)).toBe("Artwork.ai");
    expect(safeFileName('a"b\r\n.pdf', type)).toBe("ab.pdf");
  });
});
