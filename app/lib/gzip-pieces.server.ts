import { constants, crc32, deflateRawSync } from "node:zlib";

/*
 * A kept page compressed once, though each answer carries its own nonce (docs/decisions/0078). The page's
 * pieces between its placeholder nonces are each compressed once into a raw deflate stream of their own,
 * flushed to a byte boundary and left open; an answer joins them with its nonce written in between as a
 * stored (uncompressed) deflate block, ends the stream, and wraps it in a gzip header and trailer. Each
 * piece is compressed on its own, so nothing in it refers back to bytes of another piece or of a nonce.
 * Compressing a 120 KB family page for every answer cost about 4 ms of the event loop; this costs a copy.
 */

/** gzip's header: deflate, no flags, no time, no extra flags, unknown system. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** An empty final block (fixed Huffman codes): ends the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);
/** A stored block holds at most this many bytes. */
const STORED_MAX = 0xffff;

/** A piece as raw deflate, flushed to a byte boundary and not final, so more blocks may follow. */
export function deflatePiece(piece: Buffer): Buffer {
  return deflateRawSync(piece, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
}

/** Bytes as stored deflate blocks (none final). */
function storedBlocks(bytes: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += STORED_MAX) {
    const chunk = bytes.subarray(at, at + STORED_MAX);
    const head = Buffer.alloc(5);
    head.writeUInt8(0x00, 0);
    head.writeUInt16LE(chunk.length, 1);
    head.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(head, chunk);
  }
  return blocks;
}

/**
 * The gzip member of `pieces` joined with `glue` between each two: `deflated` is deflatePiece of each
 * piece, `pieces` the pieces themselves (for the checksum and the length).
 */
export function joinGzip(pieces: readonly Buffer[], deflated: readonly Buffer[], glue: Buffer): Buffer {
  const out: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  pieces.forEach((piece, index) => {
    if (index > 0) {
      out.push(...storedBlocks(glue));
      crc = crc32(glue, crc);
      size += glue.length;
    }
    out.push(deflated[index] ?? deflatePiece(piece));
    crc = crc32(piece, crc);
    size += piece.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  out.push(FINAL_BLOCK, trailer);
  return Buffer.concat(out);
}

/** Whether an Accept-Encoding header accepts gzip (named with a weight above 0, or `*`). */
export function acceptsGzip(header: string | null | undefined): boolean {
  if (!header) return false;
  let star = false;
  for (const entry of header.split(",")) {
    const [name = "", ...params] = entry.trim().toLowerCase().split(";");
    const weight = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    const accepted = weight === undefined || Number(weight) > 0;
    if (name.trim() === "gzip") return accepted;
    if (name.trim() === "*") star = accepted;
  }
  return star;
}
