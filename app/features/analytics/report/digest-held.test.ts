import { describe, expect, it } from "vitest";
import { freshDatabaseEach, testDialects } from "../../../../tests/support/databases";
import { queueDueDigest } from "./digest-job.server";

/* The weekly digest lists the leads held as likely spam and not released (docs/report.md#weekly-digest). */

const settings = {
  to: "owner@example.com",
  mailFrom: "Website <website@example.com>",
  timeZone: "America/New_York",
};

describe.each(testDialects)("the weekly digest's held leads on $name", (dialect) => {
  const t = freshDatabaseEach(dialect);

  const held = (reference: string, at: string, released: string | null) =>
    t.db
      .insertInto("contact_submissions")
      .values({
        name: "http://spam.example",
        email: "x@spam.example",
        phone: null,
        message: "Cheap followers.",
        client_key: "client-a",
        created_at: at,
        reference,
        held_at: at,
        held_reasons: JSON.stringify([
          { code: "link_in_name", reason: "The name field holds a link.", score: 5 },
        ]),
        released_at: released,
        message_hash: null,
      })
      .execute();

  it("names each held lead of the week not released, with its reasons and how to release it", async () => {
    await held("C-HELD01", "2026-11-11T15:00:00.000Z", null);
    await held("C-HELD02", "2026-11-12T15:00:00.000Z", "2026-11-12T16:00:00.000Z");
    await held("C-HELD03", "2026-11-01T15:00:00.000Z", null);
    expect(await queueDueDigest(t.db, settings, new Date("2026-11-16T12:00:00.000Z"))).toBe("queued");
    const digest = await t.db
      .selectFrom("email_outbox")
      .select(["text_body", "html_body"])
      .where("kind", "=", "weekly_digest")
      .executeTakeFirstOrThrow();
    expect(digest.text_body).toContain(
      "Held as likely spam (not released)\n----------------------------------\n  C-HELD01 (contact): link_in_name\n  Release a real buyer with: npm run leads -- release <reference>",
    );
    expect(digest.text_body).not.toContain("C-HELD02");
    expect(digest.text_body).not.toContain("C-HELD03");
    expect(digest.html_body).toContain("C-HELD01 (contact): link_in_name</li>");
  });
});
