import { describe, expect, it } from "vitest";
import { replyHref } from "./lead-detail.server";

describe("the lead page's reply button", () => {
  it("opens an e-mail to the buyer about their reference, greeting them by name", () => {
    const href = replyHref({
      kind: "quote",
      reference: "Q-ABC123",
      email: "ines@example.com",
      name: "Ines\nOkafor",
    });
    const url = new URL(href ?? "");
    expect(url.protocol).toBe("mailto:");
    expect(url.pathname).toBe("ines@example.com");
    expect(url.searchParams.get("subject")).toBe(
      "Re: your quote request Q-ABC123 to Ridgeline Industrial Supply",
    );
    expect(url.searchParams.get("body")).toBe("Hello Ines Okafor,\r\n\r\n");
  });

  it("offers no link for an address a mail client would read as several or none", () => {
    expect(
      replyHref({ kind: "contact", reference: "C-ABC123", email: "a@b.example,c@d.example", name: "X" }),
    ).toBeNull();
    expect(
      replyHref({ kind: "contact", reference: "C-ABC123", email: '"x"@y.example', name: "X" }),
    ).toBeNull();
  });
});
