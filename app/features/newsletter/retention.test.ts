import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { subscribeNewsletter } from "~/features/newsletter/signup.server";
import { purgeOldAttempts, purgeUnconfirmed } from "~/features/newsletter/subscriptions.server";
import type { NewsletterServices } from "~/load-context";
import { memoryLogger, type TestDatabase, testDialects } from "../../../tests/support/databases";

/* What the hourly housekeeping deletes of the newsletter's records (docs/newsletter.md). */

const day = 24 * 60 * 60 * 1000;
const start = new Date("2026-06-02T08:00:00.000Z");

describe.each(testDialects)("newsletter retention on $name", ({ create }) => {
  let t: TestDatabase;
  let deps: NewsletterServices;
  let clock: Date;
  let clients = 0;
  const client = () => `client-${++clients}`;

  beforeEach(async () => {
    t = await create();
    clock = start;
    deps = {
      db: t.db,
      logger: memoryLogger().logger,
      now: () => clock,
      siteUrl: "https://ridgeline.test",
      mailFrom: "Ridgeline Website <web@ridgeline.test>",
      salesEmail: "sales@ridgeline.test",
    };
  });
  afterEach(async () => {
    await t.cleanup();
  });

  it("purges signups left unconfirmed for 30 days, and nothing else", async () => {
    await subscribeNewsletter(deps, { email: "old@example.com" }, client());
    await t.db
      .insertInto("newsletter_subscriptions")
      .values({ email: "kept@example.com", status: "confirmed", subscribed_at: start.toISOString() })
      .execute();
    clock = new Date(start.getTime() + 29 * day);
    await subscribeNewsletter(deps, { email: "recent@example.com" }, client());
    expect(await purgeUnconfirmed(t.db, new Date(start.getTime() + 30 * day - 1))).toBe(0);
    expect(await purgeUnconfirmed(t.db, new Date(start.getTime() + 30 * day + 1))).toBe(1);
    const left = await t.db.selectFrom("newsletter_subscriptions").select("email").orderBy("email").execute();
    expect(left.map((row) => row.email)).toEqual(["kept@example.com", "recent@example.com"]);
    const tokens = await t.db.selectFrom("newsletter_tokens").select("subscription_id").execute();
    expect(tokens).toHaveLength(1);
  });

  it("forgets signup attempts once they are older than a day, in batches, and keeps the recent ones", async () => {
    for (let i = 0; i < 5; i++) await subscribeNewsletter(deps, { email: `old${i}@example.com` }, client());
    clock = new Date(start.getTime() + 20 * 60 * 60 * 1000);
    await subscribeNewsletter(deps, { email: "recent@example.com" }, client());
    expect(await purgeOldAttempts(t.db, new Date(start.getTime() + day - 1), 2)).toBe(0);
    expect(await purgeOldAttempts(t.db, new Date(start.getTime() + day + 1), 2)).toBe(5);
    const left = await t.db.selectFrom("newsletter_attempts").select("email").execute();
    expect(left.map((row) => row.email)).toEqual(["recent@example.com"]);
  });
});
