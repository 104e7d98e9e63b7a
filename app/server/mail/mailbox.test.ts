import { describe, expect, it } from "vitest";
import { mailboxHash, normalizeMailbox } from "~/server/mail/mailbox.server";

describe("normalizeMailbox", () => {
  it("lower-cases and trims", () => {
    expect(normalizeMailbox("  Dana.Price@Example.TEST ")).toBe("dana.price@example.test");
  });

  it("drops a +tag for every domain, and keeps the dots outside Gmail", () => {
    expect(normalizeMailbox("victim+1@example.test")).toBe("victim@example.test");
    expect(normalizeMailbox("Victim+Newsletter+2@Example.test")).toBe("victim@example.test");
    expect(normalizeMailbox("v.ictim+x@example.test")).toBe("v.ictim@example.test");
    expect(normalizeMailbox("victim@sub.example.test")).toBe("victim@sub.example.test");
  });

  it("folds the dots of a Gmail local part, and googlemail.com into gmail.com", () => {
    for (const variant of [
      "victim@gmail.com",
      "v.i.c.t.i.m@gmail.com",
      "Vic.Tim+promo@GMAIL.com",
      "victim@googlemail.com",
      "vic.tim+7@googlemail.com",
      "victim@gmail.com.",
    ])
      expect(normalizeMailbox(variant), variant).toBe("victim@gmail.com");
  });

  it("keeps addresses apart that reach different mailboxes", () => {
    expect(normalizeMailbox("victim@example.test")).not.toBe(normalizeMailbox("victim@example.org"));
    expect(normalizeMailbox("victim1@gmail.com")).not.toBe(normalizeMailbox("victim@gmail.com"));
    // Dots count outside Gmail's domains.
    expect(normalizeMailbox("v.ictim@outlook.test")).not.toBe(normalizeMailbox("victim@outlook.test"));
  });

  it("leaves what it cannot read as it is, lower-cased", () => {
    expect(normalizeMailbox("+only-a-tag@example.test")).toBe("+only-a-tag@example.test");
    expect(normalizeMailbox("no-at-sign")).toBe("no-at-sign");
    // The last @ separates the domain.
    expect(normalizeMailbox('"a@b"+x@Example.test')).toBe('"a@b"@example.test');
  });

  it("hashes the normalised mailbox, never the address as typed", () => {
    expect(mailboxHash("V.ictim+9@googlemail.com")).toBe(mailboxHash("victim@gmail.com"));
    expect(mailboxHash("victim@gmail.com")).toMatch(/^[0-9a-f]{64}$/);
    expect(mailboxHash("victim@gmail.com")).not.toContain("victim");
  });
});
