import { beforeEach, describe, expect, it } from "vitest";
import { subscribeNewsletter } from "~/features/newsletter/signup.server";
import { purgeOldAttempts, purgeUnconfirmed } from "~/features/newsletter/subscriptions.server";
import { testDialects } from "../../../tests/support/databases";
import { leadServicesEach } from "../../../tests/support/lead-services";

const hour = 60 * 60 * 1000;
const day = 24 * hour;
const start = new Date("2025-06-02T08:00:00.000Z");

describe.each(testDialects)("subscribeNewsletter on $name", (dialect) => {
  let clock = start;
  // A new client per request, unless a test says otherwise: the per-client limit is tested apart.
  const { t, deps, client: freshClient } = leadServicesEach(dialect, () => clock);
  beforeEach(() => {
    clock = start;
  });

  it.each([
    [" ", "Email Required", "Please enter your email address"],
    ["nope@", "Invalid Email", "Please enter a valid email address"],
  ])("answers 400 to %j with the documented notice", async (email, title, message) => {
    expect(await subscribeNewsletter(deps, { email }, freshClient())).toEqual({
      ok: false,
      status: 400,
      title,
      message,
      fieldErrors: { email: message },
    });
  });

  const confirmations = () =>
    t.db
      .selectFrom("email_outbox")
      .select(["to_address", "text_body", "headers", "priority"])
      .where("kind", "=", "newsletter_confirmation")
      .execute();

  it("stores a pending, lower-cased subscription with its consent record and queues one confirmation", async () => {
    expect(await subscribeNewsletter(deps, { email: " Dana@Example.com " }, "client-a")).toEqual({
      ok: true,
      status: 200,
      title: "Successfully Subscribed!",
      message:
        "Thank you for subscribing to our newsletter. You'll receive updates about manufacturing tips and industry insights. Please confirm your subscription with the link we just sent to your inbox.",
    });
    const rows = await t.db
      .selectFrom("newsletter_subscriptions")
      .select(["email", "status", "subscribed_at", "confirmed_at", "client_key", "consent_version"])
      .execute();
    expect(rows).toEqual([
      {
        email: "dana@example.com",
        status: "pending",
        subscribed_at: start.toISOString(),
        confirmed_at: null,
        client_key: "client-a",
        consent_version: expect.stringMatching(/^[0-9a-f]{12}$/),
      },
    ]);
    const mails = await confirmations();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to_address).toBe("dana@example.com");
    expect(mails[0]?.priority).toBe(5);
    expect(mails[0]?.text_body).toMatch(
      /https:\/\/ridgeline\.test\/newsletter\/confirm\?token=[A-Za-z0-9_-]{43}\n/,
    );
    // Only the hash of the token is kept.
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mails[0]?.text_body ?? "")?.[1] ?? "";
    const stored = await t.db.selectFrom("newsletter_tokens").select("token_hash").execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toContain(token);
    expect(stored[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("answers a signup while pending with success, re-sending the confirmation at most once an hour", async () => {
    const minute = 60 * 1000;
    await subscribeNewsletter(deps, { email: "dana@example.com" }, freshClient());
    clock = new Date(start.getTime() + 59 * minute);
    // The same answer, though no confirmation goes out: the visitor cannot tell.
    expect(await subscribeNewsletter(deps, { email: "DANA@example.com" }, freshClient())).toEqual(
      await subscribeNewsletter(deps, { email: "bo@example.com" }, freshClient()),
    );
    expect((await confirmations()).map((mail) => mail.to_address)).toEqual([
      "dana@example.com",
      "bo@example.com",
    ]);
    clock = new Date(start.getTime() + 60 * minute);
    expect((await subscribeNewsletter(deps, { email: "dana@example.com" }, freshClient())).status).toBe(200);
    expect((await confirmations()).map((mail) => mail.to_address)).toEqual([
      "dana@example.com",
      "bo@example.com",
      "dana@example.com",
    ]);
  });

  it("answers 409 'Already Subscribed' for a confirmed address only", async () => {
    await t.db
      .insertInto("newsletter_subscriptions")
      .values({ email: "kept@example.com", subscribed_at: start.toISOString(), status: "confirmed" })
      .execute();
    expect(await subscribeNewsletter(deps, { email: "Kept@example.com" }, freshClient())).toEqual({
      ok: false,
      status: 409,
      title: "Already Subscribed",
      message: "This email address is already subscribed to our newsletter.",
    });
    expect(await confirmations()).toHaveLength(0);
  });

  it("refuses the 4th attempt within 24 hours, and accepts again once the first has aged out", async () => {
    const statuses: number[] = [];
    for (const offset of [0, 1, 2, 3]) {
      clock = new Date(start.getTime() + offset * hour);
      statuses.push((await subscribeNewsletter(deps, { email: "dana@example.com" }, freshClient())).status);
    }
    // Pending signups count as attempts.
    expect(statuses).toEqual([200, 200, 200, 429]);

    clock = new Date(start.getTime() + 23 * hour);
    expect(await subscribeNewsletter(deps, { email: "dana@example.com" }, freshClient())).toEqual({
      ok: false,
      status: 429,
      title: "Too Many Attempts",
      message: "Too many subscription attempts. Please try again tomorrow.",
    });
    clock = new Date(start.getTime() + 24 * hour + 1);
    expect((await subscribeNewsletter(deps, { email: "dana@example.com" }, freshClient())).status).toBe(200);
  });

  it("counts attempts per address", async () => {
    for (let i = 0; i < 3; i++) await subscribeNewsletter(deps, { email: "a@example.com" }, freshClient());
    expect((await subscribeNewsletter(deps, { email: "b@example.com" }, freshClient())).status).toBe(200);
  });

  it("gives 3 successes and 17 refusals, and one confirmation e-mail, for 20 concurrent attempts", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        subscribeNewsletter(deps, { email: "rush@example.com" }, freshClient()),
      ),
    );
    const tally = (status: number) => results.filter((r) => r.status === status).length;
    expect([tally(200), tally(409), tally(429)]).toEqual([3, 0, 17]);
    const attempts = await t.db.selectFrom("newsletter_attempts").selectAll().execute();
    expect(attempts).toHaveLength(3);
    expect(await confirmations()).toHaveLength(1);
  });

  it("gives the same 3/17 when two server instances share the database", async () => {
    const other = { ...deps, db: t.open() };
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        subscribeNewsletter(i % 2 ? other : deps, { email: "twice@example.com" }, freshClient()),
      ),
    );
    const tally = (status: number) => results.filter((r) => r.status === status).length;
    expect([tally(200), tally(409), tally(429)]).toEqual([3, 0, 17]);
    expect(await confirmations()).toHaveLength(1);
  });

  it("refuses a client that sends too many requests with 'Too Many Requests'", async () => {
    const results = [];
    for (let i = 0; i < 11; i++) {
      results.push(await subscribeNewsletter(deps, { email: `p${i}@example.com` }, "one-client"));
    }
    expect(results.slice(0, 10).every((r) => r.status === 200)).toBe(true);
    expect(results[10]).toMatchObject({
      ok: false,
      status: 429,
      title: "Too Many Requests",
      message: "You have sent too many requests. Please wait a few minutes and try again.",
    });
  });

  it("answers 500 'Subscription Failed' on an unexpected failure", async () => {
    await t.db.destroy();
    expect(await subscribeNewsletter(deps, { email: "dana@example.com" }, freshClient())).toEqual({
      ok: false,
      status: 500,
      title: "Subscription Failed",
      message: "There was an error subscribing to our newsletter. Please try again.",
    });
  });

  // What the hourly housekeeping deletes of the signups (docs/newsletter.md).
  it("purges signups left unconfirmed for 30 days, and nothing else", async () => {
    await subscribeNewsletter(deps, { email: "old@example.com" }, freshClient());
    await t.db
      .insertInto("newsletter_subscriptions")
      .values({ email: "kept@example.com", status: "confirmed", subscribed_at: start.toISOString() })
      .execute();
    clock = new Date(start.getTime() + 29 * day);
    await subscribeNewsletter(deps, { email: "recent@example.com" }, freshClient());
    expect(await purgeUnconfirmed(t.db, new Date(start.getTime() + 30 * day - 1))).toBe(0);
    expect(await purgeUnconfirmed(t.db, new Date(start.getTime() + 30 * day + 1))).toBe(1);
    const left = await t.db.selectFrom("newsletter_subscriptions").select("email").orderBy("email").execute();
    expect(left.map((row) => row.email)).toEqual(["kept@example.com", "recent@example.com"]);
    const tokens = await t.db.selectFrom("newsletter_tokens").select("subscription_id").execute();
    expect(tokens).toHaveLength(1);
  });

  it("forgets signup attempts once they are older than a day, in batches, and keeps the recent ones", async () => {
    for (let i = 0; i < 5; i++)
      await subscribeNewsletter(deps, { email: `old${i}@example.com` }, freshClient());
    clock = new Date(start.getTime() + 20 * 60 * 60 * 1000);
    await subscribeNewsletter(deps, { email: "recent@example.com" }, freshClient());
    expect(await purgeOldAttempts(t.db, new Date(start.getTime() + day - 1), 2)).toBe(0);
    expect(await purgeOldAttempts(t.db, new Date(start.getTime() + day + 1), 2)).toBe(5);
    const left = await t.db.selectFrom("newsletter_attempts").select("email").execute();
    expect(left.map((row) => row.email)).toEqual(["recent@example.com"]);
  });
});
