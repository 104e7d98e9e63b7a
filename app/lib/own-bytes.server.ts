/**
 * Bytes kept for long (a kept page, a compressed answer) copied into a buffer of their own size when
 * they are a slice of a larger one. Node hands out small buffers as slices of a shared 64 KB pool, and
 * zlib's synchronous functions answer with a slice of their 64 KB output buffer: a kept slice holds the
 * whole 64 KB alive, so a cache of 20-byte pieces or 25 KB pages held 64 KB for each
 * (docs/decisions/0087).
 */
export function ownBytes(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  return exactCopy(bytes);
}

/**
 * A copy of the bytes in a buffer of their own size, whatever they are a slice of (allocUnsafeSlow:
 * never from the pool; every byte is written at once).
 */
export function exactCopy(bytes: Uint8Array): Buffer {
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  copy.set(bytes);
  return copy;
}
