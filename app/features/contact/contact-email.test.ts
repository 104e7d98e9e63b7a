import fc from "fast-check";
import { simpleParser } from "mailparser";
import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import type { ContactInput } from "~/features/contact/contact";
import { buildContactNotification } from "~/features/contact/contact-email.server";
import { validContact } from "~/features/contact/contact-fixture";
import { datesIn, placesIn } from "~/features/contact/lead-facts.server";
import { headerSafe } from "~/features/leads/email-text.server";

const receivedAt = new Date("2025-06-02T14:30:00.000Z");
const valid: ContactInput = { ...validContact, phone: "555-0100" };

function notify(contact: Partial<ContactInput>) {
  return buildContactNotification({
    submissionId: 7,
    receivedAt,
    contact: { ...valid, ...contact },
    salesEmail: "sales@ridgeline-supply.example",
    mailFrom: "Ridgeline Website <website@ridgeline-supply.example>",
    timeZone: "America/New_York",
  });
}

const LABELS = ["Name", "Email", "Phone", "Submission", "Received"] as const;

/** The lines of the plain-text body that start with `label:`, as sales would read them. */
function labelLines(text: string, label: string): string[] {
  return text.split("\n").filter((line) => line.startsWith(`${label}:`));
}

/** What a mail client shows as the Subject, after decoding the header nodemailer wrote. */
async function receivedSubject(subject: string): Promise<string | undefined> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const sent = await transport.sendMail({ from: "a@b.example", to: "c@d.example", subject, text: "x" });
  const parsed = await simpleParser(sent.message as Buffer);
  return parsed.subject;
}

describe("contact notification, plain-text body", () => {
  it("shows each field on its own labelled line", () => {
    const { text } = notify({});
    expect(text).toContain(
      [
        "Name: Dana Price",
        "Email: dana@example.com",
        "Phone: 555-0100",
        "Submission: #7",
        "Received: Mon, Jun 2, 2025, 10:30 AM EDT",
        "",
        "Message:",
        "> Need 40 rolls of 4x6 labels.",
      ].join("\n"),
    );
  });

  it("keeps a line break in the name, e-mail or phone from forging another labelled line", () => {
    const { text } = notify({
      name: "Dana\nEmail: boss@ridgeline-supply.example\r\nPhone: 000",
      email: "dana@example.com\u2028Submission: #1",
      phone: "555\u000bReceived: 1999-01-01",
    });
    expect(labelLines(text, "Name")).toEqual(["Name: Dana Email: boss@ridgeline-supply.example Phone: 000"]);
    expect(labelLines(text, "Email")).toEqual(["Email: dana@example.com Submission: #1"]);
    expect(labelLines(text, "Phone")).toEqual(["Phone: 555 Received: 1999-01-01"]);
    expect(labelLines(text, "Submission")).toEqual(["Submission: #7"]);
    expect(labelLines(text, "Received")).toEqual(["Received: Mon, Jun 2, 2025, 10:30 AM EDT"]);
  });

  it("quotes every line of the message, whatever line break it uses, so none reads as a label", () => {
    const message = [
      "Hello,",
      "",
      "Name: Someone Else",
      "Email: boss@ridgeline-supply.example\rPhone: 1\u2028Submission: #1\u2029Message:",
      "Reply to this e-mail to answer the visitor directly.",
    ].join("\n");
    const { text } = notify({ message });
    expect(text).toContain(
      [
        "Message:",
        "> Hello,",
        ">",
        "> Name: Someone Else",
        "> Email: boss@ridgeline-supply.example",
        "> Phone: 1",
        "> Submission: #1",
        "> Message:",
        "> Reply to this e-mail to answer the visitor directly.",
        "",
        "Reply to this e-mail to answer the visitor directly.",
      ].join("\n"),
    );
    for (const label of [...LABELS, "Message"]) expect(labelLines(text, label)).toHaveLength(1);
  });

  it("drops bidirectional controls from the labelled fields", () => {
    const { text } = notify({ name: "Dana \u202eecirP\u202c", phone: "\u2066555\u2069" });
    expect(labelLines(text, "Name")).toEqual(["Name: Dana ecirP"]);
    expect(labelLines(text, "Phone")).toEqual(["Phone: 555"]);
  });

  it("has exactly one line per label and nothing unquoted between them, for any input", () => {
    // Pieces that could build a fake line: every kind of line break, the labels, quote marks.
    const unit = fc.oneof(
      fc.constantFrom("\n", "\r", "\r\n", "\u2028", "\u2029", "\v", "\f", "\u0085", "\t", " ", ">", "> "),
      fc.constantFrom(
        ...LABELS.map((label) => `${label}: `),
        "Message:",
        "\u202e",
        "\u0000",
        "=?utf-8?B?QQ==?=",
      ),
      fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }),
    );
    const field = fc.string({ unit, maxLength: 20 });
    fc.assert(
      fc.property(field, field, field, fc.string({ unit, maxLength: 60 }), (name, email, phone, message) => {
        const { text } = notify({ name, email, phone, message });
        const lines = text.split("\n");
        for (const label of [...LABELS, "Message"]) expect(labelLines(text, label)).toHaveLength(1);
        const messageStart = lines.indexOf("Message:");
        const footer = lines.lastIndexOf("Reply to this e-mail to answer the visitor directly.");
        // The company, and the dates and places the message names when it names any, come first.
        const facts = 1 + Number(datesIn(message).length > 0) + Number(placesIn(message).length > 0);
        expect(messageStart).toBe(8 + facts);
        expect(footer).toBeGreaterThan(messageStart);
        // Between the "Message:" label and the footer's blank line, only quoted lines.
        for (const line of lines.slice(messageStart + 1, footer - 1)) expect(line).toMatch(/^>( |$)/);
      }),
      { numRuns: 300 },
    );
  });
});

describe("contact notification, what sales sort by", () => {
  it("puts the company from the sender's mail domain at the top, but none for a free-mail address", () => {
    const top = (email: string) => notify({ email }).text.split("\n").slice(0, 4);
    expect(top("jane@lakesidefoods.com")).toEqual([
      "New website inquiry",
      "",
      "Company: lakesidefoods.com (from the e-mail address)",
      "Name: Dana Price",
    ]);
    expect(top("Jane.Park@Gmail.com")[2]).toBe("Company: (not known: a personal e-mail address)");
    expect(top("jane@yahoo.com")[2]).toBe("Company: (not known: a personal e-mail address)");
    expect(notify({ email: "jane@lakesidefoods.com" }).html).toContain(
      "lakesidefoods.com (from the e-mail address)",
    );
  });

  it("lists the dates and places the message names before the message", () => {
    const { text, html } = notify({
      email: "jane@lakesidefoods.com",
      message:
        "We need 40 rolls of 4x6 labels delivered to our plant in Salt Lake City, UT 84101 by Dec 10.\nA second drop to Reno, NV on 12/18/2026.",
    });
    const lines = text.split("\n");
    expect(lines.slice(2, 5)).toEqual([
      "Company: lakesidefoods.com (from the e-mail address)",
      "Dates mentioned: Dec 10; 12/18/2026",
      "Places mentioned: Salt Lake City, UT 84101 (Utah); Reno, NV (Nevada)",
    ]);
    expect(lines.indexOf("Dates mentioned: Dec 10; 12/18/2026")).toBeLessThan(lines.indexOf("Message:"));
    expect(html).toContain("Salt Lake City, UT 84101 (Utah)");
  });

  it("lists none when the message names none, and no place for a code that is not a state", () => {
    const { text } = notify({ message: "Please call me about labels. Thanks, Dana, XX" });
    expect(text).not.toContain("Dates mentioned");
    expect(text).not.toContain("Places mentioned");
  });
});

describe("contact notification, subject", () => {
  it("keeps ordinary names, accents included", () => {
    expect(notify({ name: "José Müller-Łukasiewicz" }).subject).toBe(
      "New website inquiry from José Müller-Łukasiewicz",
    );
  });

  it("strips control characters and line breaks", () => {
    expect(notify({ name: "Dana\r\nBcc: victim@example.com\u0000\u0007\u001b[31m" }).subject).toBe(
      "New website inquiry from Dana Bcc: victim@example.com [31m",
    );
  });

  it("strips bidirectional controls that would make the subject read differently", () => {
    const name = "\u200eA\u200fB\u202aC\u202bD\u202cE\u202dF\u202eG\u2066H\u2067I\u2068J\u2069K\u061cL";
    const { subject } = notify({ name });
    expect(subject).toBe("New website inquiry from A B C D E F G H I J K L");
    expect(subject).not.toMatch(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
  });

  it("strips RFC 2047 encoded words, also ones that stripping would join together", () => {
    expect(notify({ name: "Dana =?utf-8?B?VVJHRU5UOiB3aXJlIG1vbmV5?= Price" }).subject).toBe(
      "New website inquiry from Dana Price",
    );
    expect(notify({ name: "=?ISO-8859-1?q?Pay_now?=Dana" }).subject).toBe("New website inquiry from Dana");
    expect(headerSafe("=?utf-8?=?utf-8?B?QQ==?=B?QUJD?=", 100)).not.toMatch(/=\?[^?]*\?[bq]\?[^?]*\?=/i);
    expect(notify({ name: "=?utf-8?B?QWRtaW4=?=" }).subject).toBe("New website inquiry");
  });

  it("reaches the mail client as the cleaned text, not as decoded or reordered text", async () => {
    const { subject } = notify({
      name: "Dana =?utf-8?B?VVJHRU5UOiB3aXJlIG1vbmV5?=\u202eecirP\r\nX-Spam: no",
    });
    expect(await receivedSubject(subject)).toBe("New website inquiry from Dana ecirP X-Spam: no");
  });

  it("cuts a long name at 100 characters without splitting a character", () => {
    const subject = notify({ name: `${"a".repeat(98)}😀😀😀` }).subject;
    expect(subject).toBe(`New website inquiry from ${"a".repeat(98)}😀…`);
  });
});

describe("contact notification, HTML body", () => {
  it("escapes every field", () => {
    const { html } = notify({
      name: 'Dana <img src=x onerror="alert(1)">',
      message: "Need <script>alert(1)</script> & 40 rolls",
    });
    expect(html).toContain("Dana &lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(html).toContain("Need &lt;script&gt;alert(1)&lt;/script&gt; &amp; 40 rolls");
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
  });
});
