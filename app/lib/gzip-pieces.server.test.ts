import { randomBytes } from "node:crypto";
import { crc32, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { crc32Combine, deflatePiece, joinGzip, pieceSum } from "./gzip-pieces.server";

describe("gzip from pieces compressed once", () => {
  it("combines two checksums as the checksum of the bytes joined", () => {
    for (const [a, b] of [
      [0, 0],
      [0, 7],
      [5, 0],
      [1, 1],
      [1000, 31],
      [70_000, 65_537],
    ] as const) {
      const first = randomBytes(a);
      const second = randomBytes(b);
      expect(crc32Combine(crc32(first), crc32(second), b), `${a} + ${b}`).toBe(
        crc32(Buffer.concat([first, second])),
      );
    }
  });

  it("joins pieces and glue into one gzip member a client reads, whose checksum holds", () => {
    const pieces = ['<html><script nonce="', '">a()</script><p>', "x".repeat(80_000), ""].map((text) =>
      Buffer.from(text),
    );
    for (const glue of ["n1", "", "z".repeat(70_000)]) {
      const answer = joinGzip(pieces.map(pieceSum), pieces.map(deflatePiece), Buffer.from(glue));
      // gunzip checks the trailer's CRC-32 and length against what it inflated.
      expect(gunzipSync(answer).toString()).toBe(pieces.map(String).join(glue));
    }
  });
});
