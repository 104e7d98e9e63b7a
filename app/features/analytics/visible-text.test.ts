import { describe, expect, it } from "vitest";
import { freshDatabaseEach, testDialects } from "../../../tests/support/databases";
import { referrerHost } from "./answers.server";
import { boundedKey } from "./counter.server";
import { renderHtml } from "./report/html";
import { buildReport } from "./report/model.server";
import { renderText } from "./report/text";
import { writeBatch } from "./store.server";
import { readableHost } from "./visible-text";

/* What visitors typed, as the counts keep it and the report shows it (docs/analytics.md#bounds). */

const RLO = "\u202e";
const ISOLATES = "\u2066\u2067\u2068\u2069";

describe("counted text", () => {
  it("keeps no right-to-left override, isolate or other bidirectional control in a key", () => {
    expect(boundedKey(`/invoice${RLO}fdp.exe`)).toBe("/invoicefdp.exe");
    expect(boundedKey(`/a${ISOLATES}\u200e\u200f\u061c\u202a\u202b\u202c\u202db`)).toBe("/ab");
  });

  it("shows an international referrer host in Unicode, whether sent as punycode or as UTF-8 bytes", () => {
    expect(referrerHost("https://xn--4ca0bs.de/page")).toBe("äöü.de");
    // A header's bytes as Node hands them over: each byte one Latin-1 character.
    const rawUtf8 = Buffer.from("https://ÄÖÜ.de/page", "utf8").toString("latin1");
    expect(referrerHost(rawUtf8)).toBe("äöü.de");
    expect(referrerHost("https://www.google.com/")).toBe("www.google.com");
    expect(readableHost(`evil${RLO}moc.example`)).toBe("evilmoc.example");
  });
});

describe.each(testDialects)("the report of counted text on $name", (dialect) => {
  const t = freshDatabaseEach(dialect);

  it("shows keys written before without their bidirectional controls", async () => {
    await writeBatch(t.db, {
      counts: [
        { day: "2026-11-24", metric: "pageview", key: "/", detail: "", count: 3 },
        { day: "2026-11-24", metric: "not_found", key: `/x${RLO}gpj.exe`, detail: "", count: 2 },
        { day: "2026-11-24", metric: "search", key: `zebra${ISOLATES} ribbon`, detail: "miss", count: 1 },
      ],
      visitors: [],
    });
    const report = await buildReport(t.db, {
      period: { since: "2026-11-23", until: "2026-11-29" },
      timeZone: "America/New_York",
      now: new Date("2026-11-30T12:00:00.000Z"),
    });
    for (const shown of [renderText(report), renderHtml(report, { companyName: "Ridgeline" })]) {
      expect(shown).toContain("/xgpj.exe");
      expect(shown).toContain("zebra ribbon");
      expect(shown).not.toMatch(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
    }
  });
});
