import { describe, expect, it } from "vitest";
import { submitContact } from "~/features/contact/contact.server";
import { storeSiteMailSettings } from "~/server/mail/site-mail-settings.server";
import { captureCli, itRefusesWithUsage } from "../../tests/support/cli";
import { freshDatabaseEach, memoryLogger, testDialects } from "../../tests/support/databases";
import { USAGE as LEADS_USAGE, main as leads } from "./leads";

/** The settings of the site that runs on the database, as its start stores them. */
const SITE = {
  salesEmail: "sales@example.com",
  mailFrom: "Ridgeline Website <web@ridgeline.test>",
  timeZone: "America/Chicago",
  branchEmails: { atlanta: "south@ridgeline.test" },
  visitorMailPerHour: 200,
  siteUrl: "https://www.ridgeline.test",
  fileLinkSecret: "file-link-secret-for-tests",
};

describe("leads arguments", () => {
  itRefusesWithUsage(leads, LEADS_USAGE, [
    [],
    ["held", "extra"],
    ["release"],
    ["release", "X-123"],
    ["release", "C-ABCDEF", "Q-ABCDEF"],
  ]);
});

describe.each(testDialects)("npm run leads on $name", (dialect) => {
  const t = freshDatabaseEach(dialect);

  it("lists held leads, releases one once (then says it was), and exports messages without the held ones", async () => {
    const deps = {
      db: t.db,
      logger: memoryLogger().logger,
      salesEmail: "sales@example.com",
      mailFrom: "site@example.com",
    };
    const message = "Need 40 rolls of 4x6 labels.";
    const spam = await submitContact(
      deps,
      { name: "http://spam.example", email: "s@example.net", message },
      "a",
    );
    await submitContact(deps, { name: "Dana Price", email: "dana@example.com", message }, "b");
    const reference = spam.reference ?? "";
    // The command's own environment names other addresses than the site's, as on a machine where the
    // operator's shell has none of the site's settings.
    const env = { DATABASE_URL: t.url, SALES_EMAIL: "sales@ridgeline-supply.example" };

    const held = captureCli(env);
    expect(await leads(["held"], held.io)).toBe(0);
    expect(held.out.stdout).toMatch(
      new RegExp(
        `^${reference}\\s+contact\\s+\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d\\s+link_in_name\\s+http://spam.example$`,
        "m",
      ),
    );
    expect(held.out.stdout).toContain("1 held");

    const exported = captureCli(env);
    expect(await leads(["export"], exported.io)).toBe(0);
    expect(exported.out.stdout).toContain("Dana Price");
    expect(exported.out.stdout).not.toContain("spam.example");

    const unknown = captureCli(env);
    expect(await leads(["release", reference], unknown.io)).toBe(1);
    expect(unknown.out.stderr).toContain("the site has not started on this database yet");

    // What the running site stores when it starts (services.server.ts).
    await storeSiteMailSettings(t.db, { ...SITE, salesEmail: "sales@example.com" }, new Date());
    const first = captureCli(env);
    expect(await leads(["release", reference.toLowerCase()], first.io)).toBe(0);
    expect(first.out.stdout).toContain(`${reference} released`);
    const second = captureCli(env);
    expect(await leads(["release", reference], second.io)).toBe(0);
    expect(second.out.stdout).toContain("already released");
    const outbox = await t.db
      .selectFrom("email_outbox")
      .select(["kind", "to_address"])
      .orderBy("id")
      .execute();
    // Dana's two e-mails, then the released message's two, once.
    expect(outbox.map((row) => row.to_address)).toEqual([
      "sales@example.com",
      "dana@example.com",
      "sales@example.com",
      "s@example.net",
    ]);
    const released = await t.db
      .selectFrom("email_outbox")
      .select(["from_address"])
      .where("to_address", "=", "s@example.net")
      .executeTakeFirstOrThrow();
    expect(released.from_address).toBe(SITE.mailFrom);

    const none = captureCli(env);
    expect(await leads(["held"], none.io)).toBe(0);
    expect(none.out.stdout).toBe("leads: no held leads\n");
    const missing = captureCli(env);
    expect(await leads(["release", "Q-ABCDEF"], missing.io)).toBe(1);
    expect(missing.out.stderr).toContain("no lead Q-ABCDEF");
  });
});
