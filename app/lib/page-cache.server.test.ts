import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptsGzip } from "./gzip-pieces.server";
import {
  COMPRESS_WHEN_KEPT_BYTES,
  createPageCache,
  PLACEHOLDER_NONCE,
  pageCacheKeyOf,
} from "./page-cache.server";

const page = (body: string) =>
  Buffer.from(
    `<html><script nonce="${PLACEHOLDER_NONCE}">a()</script><p>${body} ›</p>` +
      `<script nonce="${PLACEHOLDER_NONCE}">b()</script></html>`,
  );

/** A full garbage collection, then the bytes of every ArrayBuffer alive (Buffers included). */
async function arrayBuffersAfterCollection(): Promise<number> {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  for (let round = 0; round < 3; round++) {
    gc();
    // The backing stores of collected buffers are freed after the collection, off the main thread.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return process.memoryUsage().arrayBuffers;
}

describe("the page cache", () => {
  it("serves a kept page with each request's own nonce and nothing else changed", () => {
    const cache = createPageCache();
    expect(cache.get("v1:/products/x", "n1")).toBeUndefined();
    const first = cache.put("v1:/products/x", page("Labels"), "n1").toString();
    expect(first).toBe(
      '<html><script nonce="n1">a()</script><p>Labels ›</p><script nonce="n1">b()</script></html>',
    );
    const again = cache.get("v1:/products/x", "n2/+=")?.toString();
    expect(again).toBe(
      '<html><script nonce="n2/+=">a()</script><p>Labels ›</p><script nonce="n2/+=">b()</script></html>',
    );
    expect(again).not.toContain(PLACEHOLDER_NONCE);
    // Another version of the catalogue is another key: the old page is not served for it.
    expect(cache.get("v2:/products/x", "n3")).toBeUndefined();
  });

  it("keeps at most its bytes, dropping the page served least recently", () => {
    const one = page("x".repeat(1000));
    const cache = createPageCache(one.length * 2 + 10);
    cache.put("a", one, "n");
    cache.put("b", one, "n");
    cache.get("a", "n");
    cache.put("c", one, "n");
    expect(cache.size().pages).toBe(2);
    expect(cache.size().bytes).toBeLessThanOrEqual(one.length * 2 + 10);
    expect(cache.get("b", "n")).toBeUndefined();
    expect(cache.get("a", "n")).toBeDefined();
    expect(cache.get("c", "n")).toBeDefined();
  });

  it("does not keep a page over 512 KB (it would push out many others), but still answers it", () => {
    const cache = createPageCache();
    const huge = Buffer.from("y".repeat(600 * 1024));
    expect(cache.put("huge", huge, "n").length).toBe(huge.length);
    expect(cache.get("huge", "n")).toBeUndefined();
  });

  it("reads a route's key only from a string of sensible length", () => {
    expect(pageCacheKeyOf({ pageCacheKey: "3:/products/x" })).toBe("3:/products/x");
    for (const data of [null, undefined, "text", {}, { pageCacheKey: 3 }, { pageCacheKey: "" }])
      expect(pageCacheKeyOf(data)).toBeUndefined();
    expect(pageCacheKeyOf({ pageCacheKey: "k".repeat(5000) })).toBeUndefined();
  });

  it("answers gzip with the request's own nonce, as a browser's gunzip reads it, each time anew", () => {
    const cache = createPageCache();
    // A page larger than one stored block's 64 KB, with text that compresses.
    const body = Array.from({ length: 4000 }, (_, row) => `<tr><td>RDT-4X6-${row}</td></tr>`).join("");
    cache.put("v1:/products/x", page(body), "first");
    const nonces = ["n1", "n2/+=", "x".repeat(70_000)];
    for (const nonce of nonces) {
      const compressed = cache.get("v1:/products/x", nonce, "gzip");
      expect(compressed).toBeDefined();
      const text = gunzipSync(compressed ?? Buffer.alloc(0)).toString();
      expect(text).toBe(cache.get("v1:/products/x", nonce)?.toString());
      expect(text).toContain(`<script nonce="${nonce}">b()</script>`);
      expect(text).not.toContain(PLACEHOLDER_NONCE);
      if (nonce.length < 10) expect(compressed?.length).toBeLessThan(page(body).length / 5);
    }
    expect(cache.get("v2:/products/x", "n", "gzip")).toBeUndefined();
  });

  it("compresses a page's pieces only when it is asked for gzip a second time, then keeps only them", () => {
    const cache = createPageCache();
    const body = Array.from({ length: 2000 }, (_, row) => `<tr><td>RDT-4X6-${row}</td></tr>`).join("");
    cache.put("v1:/search?q=4x6", page(body), "n");
    const rendered = cache.size().bytes;
    const first = cache.get("v1:/search?q=4x6", "n1", "gzip");
    // The first answer is the whole page compressed at once: nothing more is kept.
    expect(cache.size().bytes).toBe(rendered);
    expect(gunzipSync(first ?? Buffer.alloc(0)).toString()).toContain('<script nonce="n1">b()</script>');
    const second = cache.get("v1:/search?q=4x6", "n2", "gzip");
    // From then on only the compressed pieces are kept, a fraction of the page.
    expect(cache.size().bytes).toBeLessThan(rendered / 5);
    const plain = cache.get("v1:/search?q=4x6", "n2")?.toString();
    expect(plain).toBe(page(body).toString().replaceAll(PLACEHOLDER_NONCE, "n2"));
    expect(gunzipSync(second ?? Buffer.alloc(0)).toString()).toBe(plain);
  });

  it("keeps a large page compressed from the start, so more addresses than fit as rendered stay kept", () => {
    const cache = createPageCache(1024 * 1024);
    const bodyOf = (address: number) =>
      Array.from({ length: 2500 }, (_, row) => `<tr><td>RDT-${address}-${row}</td><td>4 x 6</td></tr>`).join(
        "",
      );
    const addresses = Array.from({ length: 20 }, (_, address) => address);
    for (const address of addresses) {
      const html = page(bodyOf(address));
      expect(html.length).toBeGreaterThan(COMPRESS_WHEN_KEPT_BYTES);
      cache.put(`v1:/products/labels?page=${address}`, html, "n");
    }
    // Twenty pages of about 110 KB, 2.2 MB as rendered, in a cache of 1 MB: all of them kept.
    expect(cache.size().pages).toBe(20);
    expect(cache.size().bytes).toBeLessThan(1024 * 1024);
    for (const address of addresses) {
      const expected = page(bodyOf(address)).toString().replaceAll(PLACEHOLDER_NONCE, "n7");
      const gzip = cache.get(`v1:/products/labels?page=${address}`, "n7", "gzip");
      expect(gunzipSync(gzip ?? Buffer.alloc(0)).toString()).toBe(expected);
      expect(cache.get(`v1:/products/labels?page=${address}`, "n7")?.toString()).toBe(expected);
    }
  });

  it("reads Accept-Encoding as browsers and clients write it", () => {
    for (const header of ["gzip", "br, gzip", "gzip, deflate, br, zstd", "GZIP;q=0.5", "*", "br, *;q=0.1"])
      expect(acceptsGzip(header)).toBe(true);
    for (const header of [undefined, "", "br", "identity", "gzip;q=0", "*;q=0", "br, gzip;q=0, *"])
      expect(acceptsGzip(header)).toBe(false);
  });

  it("answers a page a loader held for its request even when the cache dropped it meanwhile", () => {
    const one = page("x".repeat(1000));
    const cache = createPageCache(one.length + 10);
    const request = {};
    expect(cache.hold(request, "a")).toBe(false);
    cache.put("a", one, "n");
    expect(cache.hold(request, "a")).toBe(true);
    cache.put("b", one, "n");
    expect(cache.get("a", "n1")).toBeUndefined();
    expect(cache.get("a", "n1", "identity", request)?.toString()).toContain('nonce="n1"');
    expect(gunzipSync(cache.get("a", "n2", "gzip", request) ?? Buffer.alloc(0)).toString()).toContain(
      'nonce="n2"',
    );
    // Held for that request only, and for that key only.
    expect(cache.get("a", "n", "identity", {})).toBeUndefined();
    expect(cache.get("c", "n", "identity", request)).toBeUndefined();
  });

  it("holds about the bytes it counts, as rendered and compressed (no slice holds a larger buffer)", async () => {
    const cache = createPageCache(8 * 1024 * 1024);
    const before = await arrayBuffersAfterCollection();
    // Pages of 20 KB asked for once (kept as rendered), then as many asked for gzip twice (kept
    // compressed: a few hundred bytes each, in three pieces).
    for (let index = 0; index < 400; index++) cache.put(`once:${index}`, page(`${index} `.repeat(5000)), "n");
    const rendered = await arrayBuffersAfterCollection();
    expect(rendered - before).toBeLessThan(cache.size().bytes * 1.2);
    for (let index = 0; index < 2000; index++) {
      const key = `twice:${index}`;
      cache.put(key, page(`${index} `.repeat(5000)), "n");
      cache.get(key, "n", "gzip");
      cache.get(key, "n", "gzip");
    }
    const { pages, bytes } = cache.size();
    expect(pages).toBe(2400);
    // Each piece in a buffer of its own: before, each held zlib's 64 KB output buffer (300 MB here).
    expect((await arrayBuffersAfterCollection()) - before).toBeLessThan(bytes * 1.2 + 2 * 1024 * 1024);
  });
});
