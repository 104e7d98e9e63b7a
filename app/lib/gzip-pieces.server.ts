import { constants, crc32, deflateRawSync } from "node:zlib";
import { ownBytes } from "./own-bytes.server";

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

/**
 * A piece as raw deflate, flushed to a byte boundary and not final, so more blocks may follow: in a
 * buffer of its own, since it is kept. Level 9 for pieces compressed once and kept; a lower level for
 * a piece compressed for each answer.
 */
export function deflatePiece(piece: Buffer, level = 9): Buffer {
  return ownBytes(deflateRawSync(piece, { level, finishFlush: constants.Z_SYNC_FLUSH }));
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

/** What a piece's gzip answer needs of it once compressed: its checksum and length, not its bytes. */
export interface PieceSum {
  crc: number;
  length: number;
}

export function pieceSum(piece: Buffer): PieceSum {
  return { crc: crc32(piece), length: piece.length };
}

/** A piece of a gzip member: its raw deflate blocks (none final), and its bytes' checksum and length. */
export interface GzipPiece {
  deflated: Buffer | readonly Buffer[];
  sum: PieceSum;
}

/** Bytes as a piece of their own, stored as they are (a nonce, a few words: not worth compressing). */
export function storedPiece(bytes: Buffer): GzipPiece {
  return { deflated: storedBlocks(bytes), sum: pieceSum(bytes) };
}

/** The gzip member of the pieces in turn: its checksum combined from theirs, its length their sum. */
export function gzipMember(pieces: readonly GzipPiece[]): Buffer {
  const out: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  for (const { deflated, sum } of pieces) {
    if (Buffer.isBuffer(deflated)) out.push(deflated);
    else out.push(...(deflated as readonly Buffer[]));
    crc = crc32Combine(crc, sum.crc, sum.length);
    size += sum.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  out.push(FINAL_BLOCK, trailer);
  return Buffer.concat(out);
}

/**
 * The gzip member of the pieces joined with `glue` between each two: `deflated` is deflatePiece of each
 * piece, `sums` their checksums and lengths (the pieces themselves need not be kept).
 */
export function joinGzip(sums: readonly PieceSum[], deflated: readonly Buffer[], glue: Buffer): Buffer {
  const stuck = storedPiece(glue);
  const pieces: GzipPiece[] = [];
  deflated.forEach((piece, index) => {
    if (index > 0) pieces.push(stuck);
    pieces.push({ deflated: piece, sum: sums[index] ?? { crc: 0, length: 0 } });
  });
  return gzipMember(pieces);
}

/*
 * CRC-32 of two byte strings joined, from the CRC-32 of each and the second's length, as zlib's
 * crc32_combine computes it (Node's zlib offers crc32 but not its combination): the first CRC is
 * multiplied by x^(8 * length) modulo the CRC polynomial (reflected), and the second added.
 */
const POLYNOMIAL = 0xedb88320;
const TOP = 0x80000000;

/** a * b modulo the polynomial, both reflected (bit 31 is x^0). */
function multiplyModP(a: number, b: number): number {
  let product = 0;
  let factor = b >>> 0;
  for (let bit = TOP; bit !== 0; bit >>>= 1) {
    if (a & bit) product ^= factor;
    factor = factor & 1 ? (factor >>> 1) ^ POLYNOMIAL : factor >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, for k from 0 to 31. */
const X_TO_2_TO_K: number[] = [];
for (let k = 0, power = TOP >>> 1; k < 32; k += 1) {
  X_TO_2_TO_K.push(power);
  power = multiplyModP(power, power);
}

/** x^(n * 2^k) modulo the polynomial. */
function xPowerModP(n: number, k: number): number {
  let power = TOP;
  for (let rest = n, at = k; rest > 0; rest = Math.floor(rest / 2), at += 1)
    if (rest % 2 === 1) power = multiplyModP(X_TO_2_TO_K[at % 32] ?? 0, power);
  return power;
}

export function crc32Combine(first: number, second: number, secondLength: number): number {
  return (multiplyModP(xPowerModP(secondLength, 3), first) ^ second) >>> 0;
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
