import { randomBytes } from "node:crypto";

/**
 * A PNG of exactly `totalBytes` bytes that content sniffing accepts: the signature, a real IHDR chunk and
 * one IDAT chunk of random bytes (it need not decode; nothing here draws it).
 */
export function pngOfSize(totalBytes: number): Buffer {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, "latin1"), data, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(64, 0); // width
  header.writeUInt32BE(64, 4); // height
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, default compression, filter and interlace
  const ihdr = chunk("IHDR", header);
  const idatData = totalBytes - signature.length - ihdr.length - 12;
  if (idatData < 0) throw new Error(`a PNG needs at least ${totalBytes - idatData} bytes`);
  return Buffer.concat([signature, ihdr, chunk("IDAT", randomBytes(idatData))]);
}
