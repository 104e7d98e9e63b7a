import { mkdtempSync, rmSync } from "node:fs";
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createDatabase } from "~/server/db/database.server";
import type { Database } from "~/server/db/schema.server";
import { parseTrustProxy, type TrustProxy } from "~/server/http/client-key.server";
import type { Answered } from "~/server/http/pipeline.server";
import { freshDatabaseEach, silentLogger, testDialects } from "../../../tests/support/databases";
import { CLOSE_AFTER_MS, createAnalytics, startAnalyticsJob } from "./analytics.server";
import { countAnswer } from "./answers.server";
import { createCounter, MAX_KEY_LENGTH, OVERFLOW_KEY } from "./counter.server";
import { monthsBefore, purgeOldCounts } from "./retention.server";
import { closeDay, openDaysBefore, writeBatch } from "./store.server";

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
// 10:00 in New York on 2026-11-24.
const MORNING = Date.parse("2026-11-24T15:00:00.000Z");
const NEXT_MORNING = Date.parse("2026-11-25T15:00:00.000Z");
const trustProxy = parseTrustProxy("true") as TrustProxy;

interface Visit {
  path?: string;
  method?: string;
  status?: number;
  contentType?: string;
  source?: Answered["source"];
  headers?: IncomingHttpHeaders;
  address?: string;
}

function answer(visit: Visit = {}): Answered {
  const url = new URL(visit.path ?? "/", "http://localhost:3000");
  const req = {
    method: visit.method ?? "GET",
    headers: { host: "localhost:3000", "user-agent": CHROME, ...visit.headers },
    socket: { remoteAddress: visit.address ?? "203.0.113.7" },
  } as unknown as IncomingMessage;
  return {
    req,
    url,
    status: visit.status ?? 200,
    contentType: visit.contentType ?? "text/html; charset=utf-8",
    source: visit.source ?? "file",
  };
}

function analyticsAt(clock: { now: number }, enabled = true) {
  return createAnalytics({
    enabled,
    timeZone: "America/New_York",
    trustProxy,
    siteUrl: "https://www.ridgeline-supply.example",
    flushEveryMs: 60_000,
    now: () => clock.now,
  });
}

async function countsOf(db: Database) {
  const rows = await db
    .selectFrom("analytics_counts")
    .select(["day", "metric", "key", "detail", "count"])
    .orderBy("day")
    .orderBy("metric")
    .orderBy("key")
    .orderBy("detail")
    .execute();
  return rows.map((row) => `${row.day} ${row.metric} ${row.key} ${row.detail} ${Number(row.count)}`);
}

async function visitorRows(db: Database, day: string): Promise<number> {
  const rows = await db
    .selectFrom("analytics_visitors")
    .select("visitor_hash")
    .where("day", "=", day)
    .execute();
  return rows.length;
}

describe("what an answer counts as", () => {
  it("counts nothing when counting is off", () => {
    const analytics = analyticsAt({ now: MORNING }, false);
    expect(analytics.onAnswered).toBeUndefined();
    expect(analytics.counting).toBeUndefined();
  });

  it("a bot, a prefetch, a prerender, a HEAD, a post and a request without a user agent add nothing", () => {
    const counter = createCounter({ timeZone: "UTC", now: () => MORNING });
    const options = { address: () => "203.0.113.7", siteHost: "www.ridgeline-supply.example" };
    for (const visit of [
      { headers: { "user-agent": GOOGLEBOT } },
      { headers: { "sec-purpose": "prefetch" } },
      { headers: { "sec-purpose": "prefetch;prerender" } },
      { headers: { purpose: "prefetch" } },
      { method: "HEAD" },
      { method: "POST" },
      { headers: { "user-agent": "" } },
    ]) {
      countAnswer(counter, answer(visit), options);
    }
    expect(counter.take()).toEqual({ counts: [], visitors: [] });
  });

  it("a page, a download, a 404 with its referrer, a legacy path; visits with referrer and campaign", () => {
    const counter = createCounter({ timeZone: "America/New_York", now: () => MORNING });
    const options = { address: () => "203.0.113.7", siteHost: "www.ridgeline-supply.example" };
    const count = (visit: Visit) => countAnswer(counter, answer(visit), options);
    count({ path: "/products" });
    count({ path: "/about", status: 304 });
    count({ path: "/contact", headers: { referer: "http://localhost:3000/products" } });
    count({ path: "/contact", headers: { referer: "https://www.ridgeline-supply.example/about" } });
    count({ path: "/", headers: { referer: "https://www.google.co.uk/" } });
    count({ path: "/", headers: { referer: "https://forum.example.org/thread/1" } });
    count({ path: "/?utm_source=newsletter&utm_medium=email&utm_campaign=fall", headers: {} });
    count({ path: "/brochures/ridgeline-about-us.pdf", contentType: "application/pdf" });
    count({ path: "/assets/app.js", contentType: "text/javascript" });
    count({ path: "/brochures/ridgeline-about-us.pdf", contentType: "application/pdf", status: 304 });
    count({ path: "/nope", status: 404, headers: { referer: "https://old.example.net/link" } });
    count({ path: "/rfid-labels", status: 301, source: "legacy", contentType: "" });
    count({ path: "/oops", status: 500 });
    const batch = counter.take();
    const rows = batch.counts.map((row) => `${row.metric} ${row.key} ${row.detail} ${row.count}`).sort();
    expect(rows).toEqual(
      [
        "pageview /products  1",
        "pageview /about  1",
        "pageview /contact  2",
        "pageview /  3",
        "visit /products  1",
        "visit /about  1",
        "visit /  3",
        "referrer www.google.co.uk Google 1",
        "referrer forum.example.org  1",
        "campaign newsletter email|fall 1",
        "download /brochures/ridgeline-about-us.pdf  1",
        "not_found /nope old.example.net 1",
        "legacy /rfid-labels  1",
      ].sort(),
    );
    // One visitor: one address and one user agent, whatever it saw.
    expect(batch.visitors.length).toBeLessThanOrEqual(1);
  });

  it("bounds what attackers control: long keys are cut, new keys past the limit go under one", () => {
    const counter = createCounter({ timeZone: "UTC", now: () => MORNING, maxKeys: 3 });
    counter.count("not_found", `/${"a".repeat(5000)}`);
    counter.count("not_found", "/b\u0000\u0007");
    counter.count("not_found", "/c");
    counter.count("not_found", "/d");
    counter.count("not_found", "/e");
    counter.count("not_found", "/c");
    const rows = counter.take().counts.map((row) => [row.key, row.count]);
    expect(rows).toEqual([
      [`/${"a".repeat(MAX_KEY_LENGTH - 1)}`, 1],
      ["/b", 1],
      ["/c", 2],
      [OVERFLOW_KEY, 2],
    ]);
  });
});

describe("retention", () => {
  it("counts months back from a day, the month's end when it is shorter", () => {
    expect(monthsBefore("2026-11-24", 25)).toBe("2024-10-24");
    expect(monthsBefore("2026-03-31", 1)).toBe("2026-02-28");
    expect(monthsBefore("2026-01-15", 1)).toBe("2025-12-15");
  });
});

describe.each(testDialects)("counting on $name", (dialect) => {
  const t = freshDatabaseEach(dialect);

  it("100 page views from 10 clients are 100 views and 10 unique visitors", async () => {
    const clock = { now: MORNING };
    const analytics = analyticsAt(clock);
    const stop = analytics.job(t.db, silentLogger);
    for (let index = 0; index < 100; index += 1) {
      analytics.onAnswered?.(
        answer({ path: "/products", headers: { "x-forwarded-for": `198.51.100.${index % 10}` } }),
      );
    }
    await stop();
    expect(await countsOf(t.db)).toEqual([
      "2026-11-24 pageview /products  100",
      "2026-11-24 visit /products  100",
    ]);
    expect(await visitorRows(t.db, "2026-11-24")).toBe(10);
    expect(await t.db.selectFrom("analytics_salts").select("day").execute()).toEqual([{ day: "2026-11-24" }]);
  });

  it("two instances on one database add up, and share the day's salt", async () => {
    const clock = { now: MORNING };
    const one = analyticsAt(clock);
    const other = analyticsAt(clock);
    const otherDb = t.open();
    const stops = [one.job(t.db, silentLogger), other.job(otherDb, silentLogger)];
    for (let index = 0; index < 60; index += 1) {
      const instance = index % 2 === 0 ? one : other;
      instance.onAnswered?.(answer({ path: "/", address: `192.0.2.${index % 6}` }));
      instance.counting?.formOutcome("contact", { status: index < 4 ? 200 : 400 });
    }
    one.counting?.formOutcome("quote", { status: 200, held: true });
    other.counting?.formOutcome("newsletter", { status: 503 });
    one.counting?.search("zebra ribbon", false, new Headers({ "user-agent": CHROME }));
    other.counting?.search("zebra ribbon", false, new Headers({ "user-agent": CHROME }));
    other.counting?.search("zebra ribbon", false, new Headers({ "user-agent": GOOGLEBOT }));
    await Promise.all(stops.map((stop) => stop()));
    expect(await countsOf(t.db)).toEqual([
      "2026-11-24 form contact refused 56",
      "2026-11-24 form contact sent 4",
      "2026-11-24 form quote held 1",
      "2026-11-24 pageview /  60",
      "2026-11-24 search zebra ribbon miss 2",
      "2026-11-24 visit /  60",
    ]);
    // Six addresses, each seen by both instances: six visitors, not twelve.
    expect(await visitorRows(t.db, "2026-11-24")).toBe(6);
  });

  it("a write that fails keeps its counts for the next one", async () => {
    const counter = createCounter({ timeZone: "America/New_York", now: () => MORNING });
    // A database without the site's tables: every write fails.
    const dir = mkdtempSync(path.join(tmpdir(), "analytics-"));
    const gone = createDatabase(`sqlite:${path.join(dir, "empty.db")}`, { logger: silentLogger });
    for (let index = 0; index < 5; index += 1) counter.count("download", "/catalog/catalog.pdf");
    const stop = startAnalyticsJob(gone, silentLogger, counter, {
      enabled: true,
      flushEveryMs: 60_000,
      now: () => MORNING,
    });
    await stop();
    await gone.destroy();
    rmSync(dir, { recursive: true, force: true });
    expect(counter.size()).toBe(1);
    await writeBatch(t.db, counter.take());
    expect(await countsOf(t.db)).toEqual(["2026-11-24 download /catalog/catalog.pdf  5"]);
  });

  it("a write adds to the counts already there", async () => {
    const batch = {
      counts: [{ day: "2026-11-24", metric: "pageview" as const, key: "/", detail: "", count: 3 }],
      visitors: [{ day: "2026-11-24", visitorHash: "h1" }],
    };
    await writeBatch(t.db, batch);
    await writeBatch(t.db, batch);
    expect(await countsOf(t.db)).toEqual(["2026-11-24 pageview /  6"]);
    expect(await visitorRows(t.db, "2026-11-24")).toBe(1);
  });

  it("closing a day keeps its unique visitors and deletes its hashes and salt, once, whoever closes it", async () => {
    const clock = { now: MORNING };
    const analytics = analyticsAt(clock);
    const stop = analytics.job(t.db, silentLogger);
    for (let index = 0; index < 7; index += 1) {
      analytics.onAnswered?.(answer({ address: `192.0.2.${index}` }));
    }
    await stop();
    expect(await openDaysBefore(t.db, "2026-11-25")).toEqual(["2026-11-24"]);

    // Just after midnight the day stays open for the other instances' last writes.
    clock.now = Date.parse("2026-11-25T05:01:00.000Z");
    await analyticsAt(clock).job(t.db, silentLogger)();
    expect(await visitorRows(t.db, "2026-11-24")).toBe(7);

    // Two instances start at once the next morning, each closing what ended.
    clock.now = NEXT_MORNING + CLOSE_AFTER_MS;
    const otherDb = t.open();
    await Promise.all([
      analyticsAt(clock).job(t.db, silentLogger)(),
      analyticsAt(clock).job(otherDb, silentLogger)(),
    ]);
    expect(await closeDay(t.db, "2026-11-24")).toBeUndefined();
    expect((await countsOf(t.db)).filter((row) => row.includes("visitors"))).toEqual([
      "2026-11-24 visitors   7",
    ]);
    expect(await visitorRows(t.db, "2026-11-24")).toBe(0);
    const salts = await t.db.selectFrom("analytics_salts").select("day").orderBy("day").execute();
    expect(salts.map((row) => row.day)).toEqual(["2026-11-25"]);
  });

  it("deletes counts older than the retention", async () => {
    await writeBatch(t.db, {
      counts: ["2024-10-23", "2024-10-24", "2026-11-24"].map((day) => ({
        day,
        metric: "pageview" as const,
        key: "/",
        detail: "",
        count: 1,
      })),
      visitors: [],
    });
    const deleted = await purgeOldCounts(t.db, {
      months: 25,
      timeZone: "America/New_York",
      now: new Date(MORNING),
    });
    expect(deleted).toBe(1);
    expect(await countsOf(t.db)).toEqual(["2024-10-24 pageview /  1", "2026-11-24 pageview /  1"]);
  });
});
