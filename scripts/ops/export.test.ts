import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ATTRIBUTION_CSV_HEADER } from "~/features/leads/attribution/attribution.server";
import { captureCli, itRefusesWithUsage, NO_DATABASE, repoRoot, tsxBin } from "../../tests/support/cli";
import { freshDatabaseEach, testDialects } from "../../tests/support/databases";
import { main, parseCommand, USAGE } from "./export";

const run = promisify(execFile);

describe("export arguments", () => {
  itRefusesWithUsage(main, USAGE, [
    [],
    ["leads"],
    ["leads", "import"],
    ["customers", "export"],
    ["leads", "export", "--since", "2025-13-01"],
    ["leads", "export", "--since", "yesterday"],
    ["leads", "export", "--since"],
    ["leads", "export", "--bogus"],
    ["subscribers", "export", "--since", "2025-01-01"],
    ["leads", "export", "extra"],
  ]);

  it("reads both forms of the options", () => {
    expect(parseCommand(["leads", "export", "--since=2025-02-28", "--out", "x.csv"])).toEqual({
      kind: "leads",
      since: "2025-02-28",
      out: "x.csv",
    });
    expect(parseCommand(["subscribers", "export"])).toEqual({ kind: "subscribers", out: undefined });
  });

  it("says so when the SQLite file does not exist, instead of exporting an empty database", async () => {
    const { out, io } = captureCli({ DATABASE_URL: NO_DATABASE });
    expect(await main(["leads", "export"], io)).toBe(1);
    expect(out.stderr).toMatch(/no database at/);
  });
});

const ATTRIBUTION = ATTRIBUTION_CSV_HEADER.join(",");

describe.each(testDialects)("export from $name", (dialect) => {
  const t = freshDatabaseEach(dialect);
  let dir: string;
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "ridgeline-export-"));
    const lead = { email: "dana@example.com", client_key: null };
    await t.db
      .insertInto("contact_submissions")
      .values([
        { ...lead, name: "Old Lead", phone: null, message: "m", created_at: "2025-05-31T23:59:59.999Z" },
        {
          ...lead,
          name: '=HYPERLINK("http://evil.example","x")',
          phone: "+1 800 555 0199",
          message: 'Two lines,\r\nwith "quotes"',
          created_at: "2025-06-01T00:00:00.000Z",
          reference: "C-7K3M9P",
        },
      ])
      .execute();
    await t.db
      .insertInto("lead_attribution")
      .values({
        lead_kind: "contact",
        lead_id: 2,
        created_at: "2025-06-01T00:00:00.000Z",
        landing_page: "/products?utm_source=newsletter&utm_campaign=spring",
        referrer_host: "www.google.com",
        search_engine: "Google",
        utm_source: "newsletter",
        utm_campaign: "spring",
        click_id: 1,
        sent_from: "/contact",
        pages_seen: 3,
        seconds_to_lead: 240,
      })
      .execute();
    await t.db
      .insertInto("newsletter_subscriptions")
      .values([
        { email: "a@example.com", subscribed_at: "2025-06-01T08:00:00.000Z" },
        { email: "b@example.com", subscribed_at: "2025-06-02T08:00:00.000Z" },
      ])
      .execute();
  });
  afterEach(async () => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("writes all leads as CSV to stdout", async () => {
    const { out, io } = captureCli({ DATABASE_URL: t.url });
    expect(await main(["leads", "export"], io)).toBe(0);
    expect(out.stdout.split("\r\n")[0]).toBe(
      `id,received_at,name,email,phone,message,reference,${ATTRIBUTION}`,
    );
    expect(out.stdout.match(/\r\n(?=\d+,)/g)).toHaveLength(2);
  });

  it("keeps leads from --since on (UTC day), quoting and neutralising formulas", async () => {
    const { out, io } = captureCli({ DATABASE_URL: t.url });
    expect(await main(["leads", "export", "--since", "2025-06-01"], io)).toBe(0);
    expect(out.stdout).toBe(
      `id,received_at,name,email,phone,message,reference,${ATTRIBUTION}\r\n` +
        '2,2025-06-01T00:00:00.000Z,"\'=HYPERLINK(""http://evil.example"",""x"")",dana@example.com,' +
        '\'+1 800 555 0199,"Two lines,\r\nwith ""quotes""",C-7K3M9P,' +
        "/products?utm_source=newsletter&utm_campaign=spring,www.google.com,Google,newsletter,,spring,,,yes,/contact,3,240\r\n",
    );
  });

  it("leaves a lead's attribution cells empty when it has none", async () => {
    const { out, io } = captureCli({ DATABASE_URL: t.url });
    expect(await main(["leads", "export"], io)).toBe(0);
    expect(out.stdout.split("\r\n")[1]).toBe(
      "1,2025-05-31T23:59:59.999Z,Old Lead,dana@example.com,,m,,,,,,,,,,,,,",
    );
  });

  it("writes subscribers to --out and reports the count", async () => {
    const { out, io } = captureCli({ DATABASE_URL: t.url });
    const file = path.join(dir, "subscribers.csv");
    expect(await main(["subscribers", "export", "--out", file], io)).toBe(0);
    expect(readFileSync(file, "utf8")).toBe(
      "id,email,subscribed_at,confirmed_at,consent_version,client_key\r\n" +
        "1,a@example.com,2025-06-01T08:00:00.000Z,,,\r\n2,b@example.com,2025-06-02T08:00:00.000Z,,,\r\n",
    );
    expect(out.stdout).toBe("");
    expect(out.stderr).toContain("wrote 2 subscribers");
  });

  it("exports confirmed subscribers by default, and everyone with a status column with --all", async () => {
    await t.db
      .insertInto("newsletter_subscriptions")
      .values([
        {
          email: "p@example.com",
          status: "pending",
          subscribed_at: "2025-06-03T08:00:00.000Z",
          consent_version: "=1+1",
          client_key: "k1",
        },
        {
          email: "c@example.com",
          status: "confirmed",
          subscribed_at: "2025-06-04T08:00:00.000Z",
          confirmed_at: "2025-06-04T09:00:00.000Z",
          consent_version: "abc",
          client_key: "k2",
        },
        {
          email: "u@example.com",
          status: "unsubscribed",
          subscribed_at: "2025-06-05T08:00:00.000Z",
          unsubscribed_at: "2025-06-06T08:00:00.000Z",
        },
      ])
      .execute();
    const confirmed = captureCli({ DATABASE_URL: t.url });
    expect(await main(["subscribers", "export"], confirmed.io)).toBe(0);
    expect(confirmed.out.stdout.split("\r\n").filter(Boolean)).toEqual([
      "id,email,subscribed_at,confirmed_at,consent_version,client_key",
      "1,a@example.com,2025-06-01T08:00:00.000Z,,,",
      "2,b@example.com,2025-06-02T08:00:00.000Z,,,",
      "4,c@example.com,2025-06-04T08:00:00.000Z,2025-06-04T09:00:00.000Z,abc,k2",
    ]);
    const all = captureCli({ DATABASE_URL: t.url });
    expect(await main(["subscribers", "export", "--all"], all.io)).toBe(0);
    const lines = all.out.stdout.split("\r\n").filter(Boolean);
    expect(lines[0]).toBe(
      "id,email,status,subscribed_at,confirmed_at,consent_version,client_key,unsubscribed_at",
    );
    expect(lines).toContain("3,p@example.com,pending,2025-06-03T08:00:00.000Z,,'=1+1,k1,");
    expect(lines).toContain(
      "5,u@example.com,unsubscribed,2025-06-05T08:00:00.000Z,,,,2025-06-06T08:00:00.000Z",
    );
    expect(lines).toHaveLength(6);
  });
});

describe("export command line", () => {
  it("runs under tsx: exit 2 with the usage on bad arguments", async () => {
    const error = await run(tsxBin, ["scripts/ops/export.ts", "leads"], { cwd: repoRoot }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 2 });
    expect((error as { stderr: string }).stderr).toContain("Usage:");
  });

  it("runs under tsx: exports from DATABASE_URL to stdout", async () => {
    const t = await testDialects[0]?.create();
    if (!t) throw new Error("no sqlite test database");
    try {
      await t.db
        .insertInto("newsletter_subscriptions")
        .values({ email: "cli@example.com", subscribed_at: "2025-06-01T08:00:00.000Z" })
        .execute();
      const { stdout } = await run(tsxBin, ["scripts/ops/export.ts", "subscribers", "export"], {
        cwd: repoRoot,
        env: { ...process.env, DATABASE_URL: t.url },
      });
      expect(stdout).toBe(
        "id,email,subscribed_at,confirmed_at,consent_version,client_key\r\n1,cli@example.com,2025-06-01T08:00:00.000Z,,,\r\n",
      );
    } finally {
      await t.cleanup();
    }
  });
});
