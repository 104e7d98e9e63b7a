import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { exactCopy, ownBytes } from "./own-bytes.server";

describe("bytes kept in a buffer of their own", () => {
  it("copies a slice of a larger buffer (zlib's output, Node's pool) into one of its size", () => {
    const compressed = gzipSync("a short answer");
    expect(compressed.buffer.byteLength).toBeGreaterThan(compressed.length * 100);
    const own = ownBytes(compressed);
    expect(own.buffer.byteLength).toBe(own.length);
    expect(own.equals(compressed)).toBe(true);
    const pooled = Buffer.from("a kept page, small enough to come from the pool");
    expect(ownBytes(pooled).buffer.byteLength).toBe(pooled.length);
  });

  it("keeps a buffer that is already its own, and always copies when asked to", () => {
    const own = Buffer.allocUnsafeSlow(10).fill(7);
    expect(ownBytes(own)).toBe(own);
    const copy = exactCopy(own);
    expect(copy).not.toBe(own);
    expect(copy.equals(own)).toBe(true);
    expect(copy.buffer.byteLength).toBe(10);
  });
});
