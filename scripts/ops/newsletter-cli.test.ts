import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { captureCli, itRefusesWithUsage, NO_DATABASE } from "../../tests/support/cli";
import { freshDatabaseEach, testDialects } from "../../tests/support/databases";
import { USAGE as NEWSLETTER_USAGE, main as newsletter } from "./newsletter";
import { USAGE as PRIVACY_USAGE, main as privacy } from "./privacy";

describe("newsletter and privacy arguments", () => {
  itRefusesWithUsage(
    newsletter,
    NEWSLETTER_USAGE,
    [[], ["send"], ["publish", "x.md"], ["send", "a.md", "b.md"], ["send", "a.md", "--test"]],
    "newsletter",
  );
  itRefusesWithUsage(
    privacy,
    PRIVACY_USAGE,
    [[], ["export"], ["erase", "a@example.com"], ["export", "not-an-address"]],
    "privacy",
  );

  it("names a broken issue file instead of sending anything", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "ridgeline-issue-"));
    try {
      const file = path.join(dir, "broken.md");
      writeFileSync(file, "No front matter here.\n");
      const { out, io } = captureCli({ DATABASE_URL: NO_DATABASE });
      expect(await newsletter(["send", file], io)).toBe(1);
      expect(out.stderr).toContain("front matter");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(testDialects)("newsletter and privacy commands on $name", (dialect) => {
  const t = freshDatabaseEach(dialect);
  let dir: string;
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "ridgeline-issue-"));
  });
  afterEach(async () => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("sends an issue, reports the summary, queues nothing the second time; --test sends one copy", async () => {
    await t.db
      .insertInto("newsletter_subscriptions")
      .values([
        { email: "a@example.com", status: "confirmed", subscribed_at: "2026-01-01T00:00:00.000Z" },
        { email: "b@example.com", status: "pending", subscribed_at: "2026-01-01T00:00:00.000Z" },
      ])
      .execute();
    const file = path.join(dir, "2026-12.md");
    writeFileSync(file, "---\nsubject: December\n---\nHello **readers**.\n");
    const env = { DATABASE_URL: t.url, SITE_URL: "https://www.ridgeline.test" };
    const first = captureCli(env);
    expect(await newsletter(["send", file], first.io)).toBe(0);
    expect(first.out.stdout).toContain("1 queued, 0 skipped, 0 already sent (of 1 confirmed subscribers)");
    const second = captureCli(env);
    expect(await newsletter(["send", file], second.io)).toBe(0);
    expect(second.out.stdout).toContain("0 queued, 0 skipped, 1 already sent");
    const test = captureCli(env);
    expect(await newsletter(["send", file, "--test", "Editor@Example.com"], test.io)).toBe(0);
    const queued = await t.db
      .selectFrom("email_outbox")
      .select(["to_address", "subject", "priority"])
      .orderBy("id")
      .execute();
    expect(queued).toEqual([
      { to_address: "a@example.com", subject: "December", priority: 10 },
      { to_address: "editor@example.com", subject: "[TEST] December", priority: 5 },
    ]);
  });

  it("exports an address's data as JSON and forgets it, printing counts", async () => {
    await t.db
      .insertInto("contact_submissions")
      .values({
        name: "Dana",
        email: "DANA@example.com",
        phone: null,
        message: "Quote please",
        client_key: null,
        created_at: "2026-01-01T00:00:00.000Z",
      })
      .execute();
    await t.db
      .insertInto("newsletter_subscriptions")
      .values({ email: "dana@example.com", status: "confirmed", subscribed_at: "2026-01-01T00:00:00.000Z" })
      .execute();
    const exported = captureCli({ DATABASE_URL: t.url });
    expect(await privacy(["export", "dana@example.com"], exported.io)).toBe(0);
    const data = JSON.parse(exported.out.stdout);
    expect(data.contactSubmissions[0].message).toBe("Quote please");
    expect(data.newsletterSubscription.status).toBe("confirmed");

    const forgotten = captureCli({ DATABASE_URL: t.url });
    expect(await privacy(["forget", "Dana@Example.com"], forgotten.io)).toBe(0);
    expect(forgotten.out.stdout).toMatch(/deleted 2 records/);
    const again = captureCli({ DATABASE_URL: t.url });
    await privacy(["export", "dana@example.com"], again.io);
    expect(JSON.parse(again.out.stdout)).toMatchObject({
      contactSubmissions: [],
      newsletterSubscription: null,
    });
  });
});
