/**
 * Renders the favicon SVG to the raster icons browsers and link previews ask for: favicon.ico
 * (PNG inside an ICO container), the Apple touch icon and the logo that structured data names (512 px).
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const publicDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "public");

/** An ICO file holding one PNG image (supported by every current browser). */
function pngToIco(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size >= 256 ? 0 : size, 6);
  header.writeUInt8(size >= 256 ? 0 : size, 7);
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(header.length, 18);
  return Buffer.concat([header, png]);
}

async function main(): Promise<void> {
  const svg = await readFile(path.join(publicDir, "favicon.svg"));
  const render = (size: number, padding = 0) =>
    sharp(svg, { density: 600 })
      .resize(size - padding * 2, size - padding * 2)
      .extend({ top: padding, bottom: padding, left: padding, right: padding, background: "#ffffff" })
      .png({ compressionLevel: 9 })
      .toBuffer();

  await writeFile(path.join(publicDir, "favicon.ico"), pngToIco(await render(32), 32));
  await writeFile(path.join(publicDir, "apple-touch-icon.png"), await render(180, 18));
  await writeFile(path.join(publicDir, "icon-512.png"), await render(512, 40));
  process.stdout.write("icons: favicon.ico, apple-touch-icon.png, icon-512.png\n");
}

main().catch((error: unknown) => {
  process.stderr.write(`build-icons failed: ${String(error)}\n`);
  process.exit(1);
});
