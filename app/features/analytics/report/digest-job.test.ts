import { describe, expect, it } from "vitest";
import { freshDatabaseEach, testDialects } from "../../../../tests/support/databases";
import { seedReportData } from "../../../../tests/support/report-data";
import { queueDueDigest } from "./digest-job.server";

const settings = {
  to: "owner@example.com",
  mailFrom: "Website <website@example.com>",
  timeZone: "America/New_York",
};

describe.each(testDialects)("the weekly digest's queue on $name", (dialect) => {
  const t = freshDatabaseEach(dialect);

  const digests = () =>
    t.db
      .selectFrom("email_outbox")
      .where("kind", "=", "weekly_digest")
      .select(["dedupe_key", "to_address", "subject", "text_body", "html_body", "headers"])
      .orderBy("id")
      .execute();

  it("two instances checking across Monday 07:00 in New York queue this week's digest once", async () => {
    await seedReportData(t.db);
    const other = t.open();
    // Last week's digest went out a week ago.
    expect(await queueDueDigest(t.db, settings, new Date("2026-11-09T12:00:00.000Z"))).toBe("queued");

    // 06:59 on Monday 2026-11-16 in New York (11:59 UTC): nothing new is due.
    const early = new Date("2026-11-16T11:59:00.000Z");
    expect(
      await Promise.all([queueDueDigest(t.db, settings, early), queueDueDigest(other, settings, early)]),
    ).toEqual(["already", "already"]);

    // 07:00: both instances check at once; one queues it.
    const due = new Date("2026-11-16T12:00:00.000Z");
    const outcomes = await Promise.all([
      queueDueDigest(t.db, settings, due),
      queueDueDigest(other, settings, due),
    ]);
    expect(outcomes.sort()).toEqual(["already", "queued"]);

    // Every later check of the week finds it queued.
    for (const at of ["2026-11-16T12:01:00.000Z", "2026-11-18T09:00:00.000Z", "2026-11-23T11:59:00.000Z"]) {
      expect(await queueDueDigest(other, settings, new Date(at))).toBe("already");
    }

    const rows = await digests();
    expect(rows.map((row) => row.dedupe_key)).toEqual([
      "weekly-digest:2026-11-09",
      "weekly-digest:2026-11-16",
    ]);
    const digest = rows[1];
    expect(digest?.to_address).toBe("owner@example.com");
    expect(digest?.subject).toBe("Website week Mon, Nov 9 to Sun, Nov 15: 25 visits, 5 leads");
    expect(digest?.text_body).toContain("  Visits                              25           10      +150%\n");
    expect(digest?.text_body).toContain("  Visit-to-lead rate               20.0%        10.0%  +10.0 pts\n");
    expect(digest?.html_body).toContain("<td");
    expect(JSON.parse(digest?.headers ?? "{}")).toEqual({ "Auto-Submitted": "auto-generated" });
  });
});
