import { createHash, randomBytes } from "node:crypto";

/**
 * The Content-Security-Policy of a page. Scripts run only from this origin or when they carry the
 * request's nonce (pages rendered on request) or match a listed hash (pages prerendered at build
 * time, whose bytes are fixed and served precompressed, so they cannot carry a fresh nonce).
 * Styles allow inline `style` attributes, which Radix and the toasts set for positioning.
 */
export function pagePolicy(scriptSources: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptSources.join(" ")}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** For everything that is not a page (files, JSON, plain error pages): nothing may run. */
export const RESOURCE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

export function createNonce(): string {
  return randomBytes(18).toString("base64");
}

// Inline scripts: no src attribute. JSON-LD and other data blocks are never executed, so CSP does
// not apply to them and they need no hash.
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/gi;
const DATA_BLOCK = /\stype=["']?application\/(ld\+)?json/i;

/** `'sha256-…'` sources for every inline script of a page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (DATA_BLOCK.test(attributes) || body.length === 0) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}
