import { describe, expect, it } from "vitest";
import { loadRouting, routeQuote } from "~/features/leads/routing/routing.server";
import type { QuoteInput } from "~/features/quote/quote";
import { item, quote } from "../testing/quote-input";
import { buildQuoteNotification, type QuoteNotificationInput, summarizeQuote } from "./quote-email.server";

const SALES = "sales@ridgeline-supply.example";
const routing = loadRouting({ BRANCH_EMAILS: {} });
// 10:47 in New York on Tuesday, November 24 (15:47 UTC).
const receivedAt = new Date("2026-11-24T15:47:00.000Z");

const input = (q: QuoteInput, extra: Partial<QuoteNotificationInput> = {}): QuoteNotificationInput => ({
  requestId: 12,
  reference: "Q-8CJWGX",
  receivedAt,
  quote: q,
  fileNames: [],
  route: routeQuote(routing, { postalCode: q.postalCode, areas: q.items.map((i) => i.area) }, SALES),
  mailFrom: "Ridgeline Website <website@ridgeline-supply.example>",
  timeZone: "America/New_York",
  ...extra,
});

describe("the sales subject and first line of a quote request", () => {
  it("names the product areas in short, the needed-by date with the days left, and the company", () => {
    const summary = summarizeQuote(input(quote()));
    expect(summary.subject).toBe(
      "[Q-8CJWGX] Labels, Barcoding · needed Dec 10 (16 days) · Lakeside Foods Plant 3",
    );
    expect(summary.firstLine).toBe(
      "No branch: no ship-to ZIP code given; sent to sales · Labels, Barcoding · needed Dec 10 (16 days) · Lakeside Foods Plant 3",
    );
    expect(summary.urgent).toBe(false);
  });

  it("names the branch and why when the ship-to ZIP code routes it", () => {
    const mail = buildQuoteNotification(input(quote({ postalCode: "30301" })));
    expect(mail.subject).toBe(
      "[Q-8CJWGX] Atlanta: ship-to 30301, Georgia · Labels, Barcoding · needed Dec 10 (16 days) · Lakeside Foods Plant 3",
    );
    expect(mail.text.split("\n")[0]).toBe(
      "Atlanta: ship-to 30301, Georgia · Labels, Barcoding · needed Dec 10 (16 days) · Lakeside Foods Plant 3",
    );
    expect(mail.to).toBe("atlanta@ridgeline-supply.example");
    expect(mail.cc).toBe(SALES);
  });

  it.each([
    ["2026-11-24", "needed Nov 24 (today)"],
    ["2026-11-27", "needed Nov 27 (3 days)"],
    ["2026-12-01", "needed Dec 1 (7 days)"],
    ["2026-11-20", "needed Nov 20 (4 days ago)"],
  ])("marks a request needed by %s urgent, in the subject and the first line", (neededBy, needed) => {
    const mail = buildQuoteNotification(input(quote({ neededBy, postalCode: "75201" })));
    expect(mail.subject).toBe(
      `[Q-8CJWGX] URGENT · Dallas: ship-to 75201, Texas · Labels, Barcoding · ${needed} · Lakeside Foods Plant 3`,
    );
    expect(mail.text.split("\n")[0]).toMatch(/^URGENT · Dallas: ship-to 75201, Texas · /);
  });

  it("does not mark a request needed in 8 days, or with no date, urgent", () => {
    expect(summarizeQuote(input(quote({ neededBy: "2026-12-02" }))).subject).toBe(
      "[Q-8CJWGX] Labels, Barcoding · needed Dec 2 (8 days) · Lakeside Foods Plant 3",
    );
    expect(summarizeQuote(input(quote({ neededBy: null }))).subject).toBe(
      "[Q-8CJWGX] Labels, Barcoding · Lakeside Foods Plant 3",
    );
    expect(summarizeQuote(input(quote({ neededBy: "2027-01-05" }))).subject).toContain(
      "needed Jan 5, 2027 (42 days)",
    );
  });

  it("counts days and shows the time in the company's time zone, not UTC", () => {
    // 03:30 UTC on November 25 is still November 24 in New York, and already the 25th in UTC.
    const late = new Date("2026-11-25T03:30:00.000Z");
    const newYork = buildQuoteNotification(input(quote({ neededBy: "2026-12-02" }), { receivedAt: late }));
    expect(newYork.subject).toContain("needed Dec 2 (8 days)");
    expect(newYork.text).toContain("Received: Tue, Nov 24, 2026, 10:30 PM EST");
    const utc = buildQuoteNotification(
      input(quote({ neededBy: "2026-12-02" }), { receivedAt: late, timeZone: "UTC" }),
    );
    expect(utc.subject).toContain("URGENT");
    expect(utc.subject).toContain("needed Dec 2 (7 days)");
    const reno = buildQuoteNotification(
      input(quote(), { receivedAt: late, timeZone: "America/Los_Angeles" }),
    );
    expect(reno.text).toContain("Received: Tue, Nov 24, 2026, 7:30 PM PST");
  });

  it("keeps the company header-safe: no line breaks, controls or encoded words reach the subject", () => {
    const subject = summarizeQuote(
      input(quote({ company: "Evil\r\nBcc: victim@example.com =?utf-8?q?Hi?= \u202eCorp" })),
    ).subject;
    expect(subject).not.toMatch(/[\r\n\u202e]/);
    expect(subject).not.toContain("=?utf-8?");
    expect(subject).toMatch(/· Evil Bcc: victim@example\.com Corp$/);
  });
});

describe("the body of a quote request", () => {
  it("shows the needed-by date as the subject words it, not as the form's ISO value", () => {
    const mail = buildQuoteNotification(input(quote({ neededBy: "2026-12-15" })));
    expect(mail.subject).toContain("needed Dec 15 (21 days)");
    expect(mail.text).toContain("Needed by: Dec 15 (21 days)");
    expect(mail.text).not.toContain("2026-12-15");
    expect(mail.html).toContain("Dec 15 (21 days)");
    expect(mail.html).not.toContain("2026-12-15");
    expect(buildQuoteNotification(input(quote({ neededBy: null }))).text).toContain(
      "Needed by: (not provided)",
    );
  });

  it("writes each line's quantity with its unit in the plural when there is more than one", () => {
    const one = { ...item("labels", "Sample roll"), quantity: 1 };
    const mail = buildQuoteNotification(input(quote({ items: [item("labels", "4x6 thermal labels"), one] })));
    expect(mail.text).toContain("1. 4x6 thermal labels | qty 24 rolls |");
    expect(mail.text).toContain("2. Sample roll | qty 1 roll |");
  });
});

describe("each label item's details in the sales e-mail", () => {
  const labelled = (description: string, labels: Partial<QuoteInput["items"][number]["labels"]>) => {
    const row = item("labels", description);
    return { ...row, labels: { ...row.labels, ...labels } };
  };
  const mail = buildQuoteNotification(
    input(
      quote({
        items: [
          labelled("4x6 thermal labels", { width: "4", height: "6", sizeUnit: "in", printer: "Zebra ZT411" }),
          item("barcoding", "ZT411 printhead"),
          labelled("2x1 freezer labels", {
            width: "50",
            height: "25",
            sizeUnit: "mm",
            adhesive: "freezer <grade>",
          }),
          // The size unit alone is the form's default, not a detail the buyer gave.
          labelled("Shelf labels", { sizeUnit: "in" }),
        ],
      }),
    ),
  );

  it("lists them under their item in the text part", () => {
    const lines = mail.text.split("\n");
    const at = (start: string) => lines.findIndex((line) => line.startsWith(start));
    expect(lines[at("1. 4x6 thermal labels") + 1]).toBe(
      "   Label details: Label width: 4; Label height: 6; Size unit: in; Printer make and model: Zebra ZT411",
    );
    expect(lines[at("2. ZT411 printhead") + 1]).toMatch(/^3\. 2x1 freezer labels/);
    expect(lines[at("3. 2x1 freezer labels") + 1]).toBe(
      "   Label details: Label width: 50; Label height: 25; Size unit: mm; Adhesive: freezer <grade>",
    );
    expect(lines[at("4. Shelf labels") + 1]).not.toContain("Label details");
    expect(mail.text).not.toMatch(/^Label details:/m);
  });

  it("shows them on a row under their item in the HTML part, escaped", () => {
    const rows = (mail.html ?? "").split("\n").filter((line) => line.startsWith("<tr>"));
    const rowAfter = (text: string) => rows[rows.findIndex((line) => line.includes(text)) + 1] ?? "";
    expect(rowAfter("4x6 thermal labels")).toContain("Label details for item 1");
    expect(rowAfter("4x6 thermal labels")).toContain("<strong>Printer make and model:</strong> Zebra ZT411");
    expect(rowAfter("ZT411 printhead")).toContain("2x1 freezer labels");
    expect(rowAfter("2x1 freezer labels")).toContain("Label details for item 3");
    expect(rowAfter("2x1 freezer labels")).toContain("<strong>Adhesive:</strong> freezer &lt;grade&gt;");
    expect(rowAfter("2x1 freezer labels")).not.toContain("Zebra");
    expect(rowAfter("Shelf labels")).toBe("");
  });
});
