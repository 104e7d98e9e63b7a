import { describe, expect, it } from "vitest";
import { pngOfSize } from "../../../../tests/support/files";
import { file, multipart, serveUploads } from "../testing/quote-upload";

/*
 * A file shorter than the sniffing window is judged on all of its bytes, whatever comes after it in the
 * post: another file whose type is being decided at the same moment must not change the verdict.
 */

const server = serveUploads();
const { post } = server;

/** A real one-page PDF of about 600 bytes: header, catalog, pages, page, cross-reference table, trailer. */
function smallPdf(): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
    "<< /Length 44 >>\nstream\nBT /F1 12 Tf 72 720 Td (Drawing) Tj ET\nendstream",
  ];
  let body = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body.padEnd(600, "\n"), "latin1");
}

const SMALL_FILES: Array<[label: string, name: string, content: Buffer]> = [
  ["PDF", "drawing.pdf", smallPdf()],
  ["PNG image", "logo.png", pngOfSize(300)],
  [
    "JPEG image",
    "photo.jpg",
    Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), Buffer.alloc(400, 7)]),
  ],
  [
    "WebP image",
    "photo.webp",
    Buffer.concat([
      Buffer.from("RIFF"),
      Buffer.from([1, 2, 3, 4]),
      Buffer.from("WEBPVP8 "),
      Buffer.alloc(300, 1),
    ]),
  ],
  ["DWG drawing", "part.dwg", Buffer.concat([Buffer.from("AC1032"), Buffer.alloc(500)])],
  [
    "DXF drawing",
    "part.dxf",
    Buffer.from(
      "  0\r\nSECTION\r\n  2\r\nHEADER\r\n  9\r\n$ACADVER\r\n  1\r\nAC1015\r\n  0\r\nENDSEC\r\n  0\r\nEOF\r\n",
    ),
  ],
  [
    "STEP model",
    "part.step",
    Buffer.from("ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION(('part'),'2;1');\nENDSEC;\nEND-ISO-10303-21;\n"),
  ],
  [
    "PostScript/EPS artwork",
    "logo.eps",
    Buffer.from("%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 100 100\nshowpage\n"),
  ],
  [
    "PostScript/EPS artwork",
    "logo-dos.eps",
    Buffer.concat([Buffer.from([0xc5, 0xd0, 0xd3, 0xc6]), Buffer.alloc(200, 2)]),
  ],
];

/** Larger than the sniffing window, so its type is decided while the small file's may still be. */
const bigPng = (name: string) => file(name, pngOfSize(8000));

describe("a file shorter than the sniffing window, among others", () => {
  it.each(SMALL_FILES)(
    "accepts a %s under 1 KB first, in the middle and last (%s)",
    async (label, name, content) => {
      expect(content.length).toBeLessThan(1024);
      const placings = [
        [file(name, content), bigPng("second.png")],
        [bigPng("first.png"), file(name, content), bigPng("third.png")],
        [bigPng("first.png"), file(name, content)],
      ];
      for (const parts of placings) {
        const { status, body } = await post(multipart(parts));
        expect(body.error, `${name} among ${parts.length} files`).toBeNull();
        expect(status).toBe(200);
        expect(body.files.find((f) => f.name === name)).toEqual({ name, type: label, size: content.length });
        expect(body.files.map((f) => f.name)).toEqual(parts.map((p) => ("fileName" in p ? p.fileName : "")));
      }
    },
  );

  it("accepts the small files all in one post, each for what it is", async () => {
    const five = SMALL_FILES.slice(0, 5);
    const { status, body } = await post(multipart(five.map(([, name, content]) => file(name, content))));
    expect(body.error).toBeNull();
    expect(status).toBe(200);
    expect(body.files.map((f) => f.type)).toEqual(five.map(([label]) => label));
  });
});
