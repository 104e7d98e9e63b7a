import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createNonce, inlineScriptHashes, pagePolicy } from "./csp.server";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes every inline script, not external ones or JSON-LD", () => {
    const html = [
      '<script type="module" src="/assets/a.js"></script>',
      "<script>window.a = 1;</script>",
      '<script type="module">import "/assets/b.js";</script>',
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      "<script>window.a = 1;</script>",
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([sha("window.a = 1;"), sha('import "/assets/b.js";')]);
  });
});

describe("pagePolicy", () => {
  it("allows scripts from this origin and the given sources only, and no framing", () => {
    const policy = pagePolicy(["'nonce-abc'"]);
    expect(policy).toContain("script-src 'self' 'nonce-abc'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("makes a fresh nonce each time", () => {
    expect(createNonce()).not.toBe(createNonce());
    expect(createNonce()).toMatch(/^[A-Za-z0-9+/]{24}$/);
    // Across several refills of the pool, every one differs.
    const nonces = Array.from({ length: 1000 }, createNonce);
    expect(new Set(nonces).size).toBe(1000);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{24}$/);
  });
});
