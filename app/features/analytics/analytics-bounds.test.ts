import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import type { Database } from "~/server/db/schema.server";
import { parseTrustProxy, type TrustProxy } from "~/server/http/client-key.server";
import type { Answered } from "~/server/http/pipeline.server";
import { freshDatabaseEach, silentLogger, testDialects } from "../../../tests/support/databases";
import { createAnalytics } from "./analytics.server";
import { AGENTS_PER_CLIENT, CLIENT_NEW_KEYS_PER_DAY, KEYS_PER_KIND_PER_DAY } from "./budget.server";

/* One client's flood of distinct keys and user agents adds a bounded number of rows (docs/analytics.md#bounds). */

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
// 10:00 in New York on 2026-11-24.
const MORNING = Date.parse("2026-11-24T15:00:00.000Z");
const trustProxy = parseTrustProxy("false") as TrustProxy;

function get(
  path: string,
  options: { address?: string; status?: number; headers?: Record<string, string> } = {},
) {
  const req = {
    method: "GET",
    headers: { host: "localhost:3000", "user-agent": CHROME, ...options.headers },
    socket: { remoteAddress: options.address ?? "203.0.113.7" },
  } as unknown as IncomingMessage;
  const answer: Answered = {
    req,
    url: new URL(path, "http://localhost:3000"),
    status: options.status ?? 200,
    contentType: "text/html; charset=utf-8",
    source: "file",
  };
  return answer;
}

const rowsOf = async (db: Database, metric?: string) =>
  (
    await db
      .selectFrom("analytics_counts")
      .select("key")
      .$if(metric !== undefined, (query) => query.where("metric", "=", metric ?? ""))
      .execute()
  ).length;

describe.each(testDialects)("bounded counting on $name", (dialect) => {
  const t = freshDatabaseEach(dialect);

  const flood = async (requests: (index: number) => Answered, searches?: (index: number) => string) => {
    const analytics = createAnalytics({
      enabled: true,
      timeZone: "America/New_York",
      trustProxy,
      siteUrl: "https://www.ridgeline-supply.example",
      flushEveryMs: 60_000,
      now: () => MORNING,
    });
    const stop = analytics.job(t.db, silentLogger);
    for (let index = 0; index < 10_000; index += 1) {
      analytics.onAnswered?.(requests(index));
      if (searches) {
        const headers = new Headers({ "user-agent": CHROME });
        analytics.counting?.search(searches(index), false, headers, "client-a");
      }
    }
    await stop();
  };

  it("10,000 distinct utm_source values from one client add at most 1,000 rows", async () => {
    const before = await rowsOf(t.db);
    await flood((index) => get(`/?utm_source=src-${index}&utm_medium=cpc`));
    const added = (await rowsOf(t.db)) - before;
    expect(added).toBeLessThanOrEqual(1_000);
    // Its allowance of new sources and the rest under "(other)"; the page's own view and visit.
    expect(await rowsOf(t.db, "campaign")).toBe(CLIENT_NEW_KEYS_PER_DAY + 1);
    const other = await t.db
      .selectFrom("analytics_counts")
      .select("count")
      .where("metric", "=", "campaign")
      .where("key", "=", "(other)")
      .executeTakeFirstOrThrow();
    expect(Number(other.count)).toBe(10_000 - CLIENT_NEW_KEYS_PER_DAY);
  });

  it("one client's distinct referrers, 404 paths and searches are bounded alike", async () => {
    await flood(
      (index) =>
        index % 2 === 0
          ? get("/", { headers: { referer: `https://spam-${index}.example/` } })
          : get(`/missing-${index}`, { status: 404 }),
      (index) => `query ${index}`,
    );
    for (const metric of ["referrer", "not_found", "search"]) {
      expect(await rowsOf(t.db, metric)).toBe(CLIENT_NEW_KEYS_PER_DAY + 1);
    }
  });

  it("many clients together add at most the day's ceiling of keys to a kind", async () => {
    await flood((index) =>
      get(`/?utm_source=src-${index}`, { address: `10.0.${index >> 8}.${index & 255}` }),
    );
    expect(await rowsOf(t.db, "campaign")).toBe(KEYS_PER_KIND_PER_DAY + 1);
  });

  it("a key already counted today counts for every client, past that client's allowance", async () => {
    // The attacker spends its allowance; a real visitor then comes from the newsletter; the attacker's
    // later visits with that source are counted under it, not "(other)".
    await flood((index) => {
      if (index === 100) return get("/?utm_source=newsletter", { address: "198.51.100.20" });
      return get(`/?utm_source=${index < 100 ? `src-${index}` : "newsletter"}`);
    });
    const counted = await t.db
      .selectFrom("analytics_counts")
      .select("count")
      .where("metric", "=", "campaign")
      .where("key", "=", "newsletter")
      .executeTakeFirstOrThrow();
    expect(Number(counted.count)).toBe(10_000 - 100);
  });

  it("one client rotating its user agent makes at most a few unique visitors", async () => {
    await flood((index) => get("/", { headers: { "user-agent": `${CHROME} build/${index}` } }));
    const visitors = await t.db
      .selectFrom("analytics_visitors")
      .select("visitor_hash")
      .where("day", "=", "2026-11-24")
      .execute();
    expect(visitors.length).toBeLessThanOrEqual(AGENTS_PER_CLIENT + 1);
  });
});
