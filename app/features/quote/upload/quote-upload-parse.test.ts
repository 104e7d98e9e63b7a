import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { QUOTE_MAX_FILE_BYTES, QUOTE_PASTE_MAX } from "~/features/quote/quote";
import { pngOfSize } from "../../../../tests/support/files";
import { field, file, multipart, pdf, serveUploads } from "../testing/quote-upload";
import { MAX_TEXT_BYTES } from "./quote-upload.server";
import { safeFileName, sniffFileType } from "./sniff.server";

/*
 * The parser against real sockets: fields and files are read as the body streams in, each limit is
 * enforced on the way, and the answer is the precise error.
 */

const server = serveUploads();
const { post } = server;

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

  it("keeps each file on disk, not in memory, byte for byte, under its UTF-8 name", async () => {
    const drawing = pdf(300_000);
    const { status, body } = await post(multipart([field("company", "Acme"), file("Größe Ø.pdf", drawing)]));
    expect(status).toBe(200);
    expect(body.files).toEqual([{ name: "Größe Ø.pdf", type: "PDF", size: drawing.length }]);
    expect(server.lastOnDisk).toEqual([drawing]);
    // The answer is done: the upload's folder is gone.
    await expect.poll(() => readdirSync(server.spoolParent)).toEqual([]);
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
