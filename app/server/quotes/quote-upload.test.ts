import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUOTE_MAX_FILE_BYTES } from "~/forms/quote";
import { pngOfSize } from "../../../tests/support/files";
import { parseQuoteUpload, type QuoteUpload } from "./quote-upload.server";
import { safeFileName, sniffFileType } from "./sniff.server";

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

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const timeoutMs = Number(req.headers["x-timeout"] ?? 5000);
    parseQuoteUpload(req, { timeoutMs }).then(
      (upload) => {
        results.push(upload);
        res.writeHead(upload.error?.status ?? 200, {
          "content-type": "application/json",
          connection: "close",
        });
        res.end(
          JSON.stringify({
            error: upload.error,
            fields: upload.fields,
            files: upload.files.map((f) => ({
              name: f.fileName,
              type: f.type.label,
              size: f.content.length,
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
