import { describe, expect, it } from "vitest";
import { buildMailtoHref } from "./mailto";

function decode(href: string) {
  const url = new URL(href);
  return {
    to: url.pathname,
    subject: url.searchParams.get("subject"),
    body: url.searchParams.get("body"),
    raw: href,
  };
}

describe("buildMailtoHref", () => {
  it("gives a bare address when there is no draft", () => {
    expect(buildMailtoHref("sales@example.com")).toBe("mailto:sales@example.com");
  });

  it("round-trips subject and body, with CRLF line breaks", () => {
    const href = buildMailtoHref("sales@example.com", {
      subject: "Quote: 4x6 labels & ribbons (50% off?)",
      body: "Hello,\nQuantity: 10 rolls\nThanks",
    });
    const parsed = decode(href);
    expect(parsed.to).toBe("sales@example.com");
    expect(parsed.subject).toBe("Quote: 4x6 labels & ribbons (50% off?)");
    expect(parsed.body).toBe("Hello,\r\nQuantity: 10 rolls\r\nThanks");
  });

  it("encodes spaces as %20 and never as +, and escapes reserved characters", () => {
    const href = buildMailtoHref("sales@example.com", { subject: "A+B = C#1?&x" });
    expect(href).toContain("subject=A%2BB%20%3D%20C%231%3F%26x");
    expect(href).not.toMatch(/subject=[^&]*\+/);
  });

  it("keeps non-ASCII text intact", () => {
    const href = buildMailtoHref("sales@example.com", { body: "Größe: 7-1/2″ – ok" });
    expect(decode(href).body).toBe("Größe: 7-1/2″ – ok");
  });
});
