import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { submitQuote } from "~/features/quote/server/quote.server";
import { signFormStart } from "~/features/quote/server/quote-token.server";
import { sniffFileType } from "~/features/quote/upload/sniff.server";
import { captureCli } from "../../tests/support/cli";
import { freshDatabaseEach, memoryLogger, testDialects } from "../../tests/support/databases";
import { main } from "./quotes";

const sha256 = (content: Buffer) => createHash("sha256").update(content).digest("hex");
const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(5000)]);

describe.each(testDialects)("quotes command on $name", (dialect) => {
  const t = freshDatabaseEach(dialect);
  let dir: string;
  let reference = "";

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "ridgeline-quotes-"));
    const type = await sniffFileType(pdf);
    if (!type) throw new Error("PDF not recognised");
    // Where the server keeps an upload's file until it is stored.
    const uploaded = path.join(dir, "uploaded.pdf");
    writeFileSync(uploaded, pdf);
    const result = await submitQuote(
      {
        db: t.db,
        logger: memoryLogger().logger,
        salesEmail: "sales@ridgeline-supply.example",
        mailFrom: "website@ridgeline-supply.example",
        formSecret: "secret-0123456789abcdef",
        now: () => new Date("2025-06-02T10:00:10.000Z"),
      },
      {
        fields: {
          company: "=cmd|' /C calc'!A0",
          name: "Dana",
          email: "dana@example.com",
          "items[0].area": "labels",
          "items[0].description": "4x6 labels",
          "items[0].quantity": "10",
          "items[0].unit": "roll",
          "items[1].description": "ITEM-9",
          "items[1].quantity": "5",
          "items[1].unit": "box",
          "items[1].sku": "ITEM-9",
          "items[0].labels.width": "4",
          "items[0].labels.material": "polyester",
          attribution: JSON.stringify({
            landing: "/products?utm_source=newsletter&utm_medium=email&utm_campaign=spring&gclid=abc123",
            referrer: "www.bing.com",
            click: 1,
            pages: 3,
            seconds: 250,
            from: "/quote",
          }),
          startedAt: signFormStart("secret-0123456789abcdef", new Date("2025-06-02T10:00:00.000Z")),
        },
        files: [{ fileName: "drawing.pdf", type, path: uploaded, size: pdf.length }],
        error: null,
        complete: true,
      },
      "client",
    );
    reference = result.ok ? result.reference : "";
  });
  afterEach(async () => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("exports one formula-safe CSV row per line item with the request's reference", async () => {
    const { out, io } = captureCli({ DATABASE_URL: t.url });
    expect(await main(["export", "--since", "2025-06-02"], io)).toBe(0);
    const lines = out.stdout.split("\r\n").filter(Boolean);
    expect(lines[0]).toMatch(/^reference,received_at,company,/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${reference},2025-06-02T10:00:10.000Z,'=cmd|' /C calc'!A0,Dana,`);
    expect(lines[1]).toContain("4x6 labels,10,roll");
    expect(lines[1]).toContain("width: 4; sizeUnit: in; material: polyester");
    expect(lines[2]).toContain(",2,ITEM-9,,ITEM-9,5,box");
    expect(lines[1]).toContain(",1,,labels,4x6 labels");
    expect(lines[2]).not.toContain("width:");
    expect(lines[2]).toContain("drawing.pdf");
    // Each line carries how the buyer came, the click id's value never.
    for (const line of lines.slice(1))
      expect(line).toMatch(
        /,\/products\?utm_source=newsletter&utm_medium=email&utm_campaign=spring,www\.bing\.com,Bing,newsletter,email,spring,,,yes,\/quote,3,250$/,
      );
    expect(out.stdout).not.toContain("abc123");
    // And the sales notification says so.
    const mail = await t.db
      .selectFrom("email_outbox")
      .select("text_body")
      .where("kind", "=", "quote_notification")
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain("Came from: www.bing.com (Bing)\nCampaign: newsletter / email / spring");
    expect(mail.text_body).toContain("Pages seen: 3 · 4 min from landing to sending\nSent from: /quote");
    const later = captureCli({ DATABASE_URL: t.url });
    expect(await main(["export", "--since", "2025-06-03"], later.io)).toBe(0);
    expect(later.out.stdout.split("\r\n").filter(Boolean)).toHaveLength(1);
  });

  it("exports a request whose label details were kept for the whole request as before, on each row", async () => {
    await t.db.updateTable("quote_items").set({ label_details: null }).execute();
    await t.db
      .updateTable("quote_requests")
      .set({ label_details: JSON.stringify({ width: "3", height: "5", sizeUnit: "in" }) })
      .execute();
    const { out, io } = captureCli({ DATABASE_URL: t.url });
    expect(await main(["export"], io)).toBe(0);
    const lines = out.stdout.split("\r\n").filter(Boolean);
    expect(lines[1]).toContain("width: 3; height: 5; sizeUnit: in");
    expect(lines[2]).toContain("width: 3; height: 5; sizeUnit: in");
  });

  it("writes a request's files to a folder, byte for byte", async () => {
    const { io } = captureCli({ DATABASE_URL: t.url });
    const target = path.join(dir, "files");
    expect(await main(["files", reference.toLowerCase(), "--out", target], io)).toBe(0);
    expect(readdirSync(target)).toEqual(["1-drawing.pdf"]);
    expect(sha256(readFileSync(path.join(target, "1-drawing.pdf")))).toBe(sha256(pdf));
  });

  it("says so for an unknown reference or bad arguments", async () => {
    const { out, io } = captureCli({ DATABASE_URL: t.url });
    expect(await main(["files", "Q-2222XX", "--out", dir], io)).toBe(1);
    expect(out.stderr).toContain("no quote request Q-2222XX");
    expect(await main(["files", "nonsense", "--out", dir], io)).toBe(2);
    expect(await main(["export", "--since", "June"], io)).toBe(2);
  });
});
