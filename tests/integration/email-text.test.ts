import { describe, expect, it } from "vitest";
import { buildContactNotification } from "~/features/contact/contact-email.server";
import { bodyLine, headerSafe } from "~/features/leads/email-text.server";
import { loadRouting, routeQuote } from "~/features/leads/routing/routing.server";
import { buildQuoteNotification } from "~/features/quote/email/quote-email.server";
import { item, quote } from "~/features/quote/testing/quote-input";

/*
 * One behaviour for every form's e-mail (app/features/leads/email-text.server.ts): what a visitor types
 * with line breaks, control characters, bidirectional controls or encoded words reaches the sales
 * subject and the body lines of the contact and the quote notification made safe the same way.
 */

const HOSTILE = "Ann\r\nBcc: victim@example.com =?utf-8?q?Hi?= \u202eCorp\u0007\u2028End";
const SALES = "sales@ridgeline-supply.example";
const FROM = "Ridgeline Website <website@ridgeline-supply.example>";
const receivedAt = new Date("2026-11-24T15:47:00.000Z");

/** What must never reach a header: line breaks, a control character, a line separator, a bidi override. */
const UNSAFE = ["\r", "\n", "\u0007", "\u2028", "\u202e"];
const unsafeIn = (text: string) => UNSAFE.filter((char) => text.includes(char));

const lineOf = (text: string, label: string) =>
  text.split("\n").find((line) => line.startsWith(`${label}: `));

describe("e-mail text", () => {
  it("makes a header one plain line: no breaks, controls, bidirectional controls or encoded words", () => {
    const header = headerSafe(HOSTILE, 100);
    expect(unsafeIn(header)).toEqual([]);
    expect(header).not.toContain("=?");
    expect(header).toBe("Ann Bcc: victim@example.com Corp End");
    expect(headerSafe("x".repeat(150), 100)).toHaveLength(100);
  });

  it("keeps a body field on its one line, without bidirectional controls", () => {
    expect(bodyLine(HOSTILE)).toBe("Ann Bcc: victim@example.com =?utf-8?q?Hi?= Corp End");
  });

  it("treats the contact and the quote notification alike", () => {
    const contact = buildContactNotification({
      submissionId: 1,
      receivedAt,
      contact: { name: HOSTILE, email: "ann@example.com", phone: "", message: "Hello" },
      salesEmail: SALES,
      mailFrom: FROM,
      timeZone: "America/New_York",
    });
    const routing = loadRouting({ BRANCH_EMAILS: {} });
    const quoteMail = buildQuoteNotification({
      requestId: 1,
      reference: "Q-8CJWGX",
      receivedAt,
      quote: quote({
        company: HOSTILE,
        name: HOSTILE,
        email: "ann@example.com",
        neededBy: null,
        items: [item("labels", "4x6 labels")],
      }),
      fileNames: [],
      route: routeQuote(routing, { postalCode: null, areas: ["labels"] }, SALES),
      mailFrom: FROM,
      timeZone: "America/New_York",
    });
    for (const subject of [contact.subject, quoteMail.subject]) {
      expect(subject).toContain(headerSafe(HOSTILE, 100));
      expect(unsafeIn(subject)).toEqual([]);
      expect(subject).not.toContain("=?");
    }
    expect(lineOf(contact.text, "Name")).toBe(`Name: ${bodyLine(HOSTILE)}`);
    expect(lineOf(quoteMail.text, "Name")).toBe(`Name: ${bodyLine(HOSTILE)}`);
    expect(lineOf(quoteMail.text, "Company")).toBe(`Company: ${bodyLine(HOSTILE)}`);
    for (const text of [contact.text, quoteMail.text]) expect(text).not.toMatch(/^Bcc:/m);
  });
});
