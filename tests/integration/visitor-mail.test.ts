import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { submitContact } from "~/features/contact/contact.server";
import { NEWSLETTER_PENDING_SUCCESS, subscribeNewsletter } from "~/features/newsletter/signup.server";
import { confirmSubscription, unsubscribeWithToken } from "~/features/newsletter/subscriptions.server";
import type { SiteServices } from "~/load-context";
import { createTransport, type MailTransport } from "~/server/mail/transport.server";
import { hourStartOf, purgeVisitorMailRecords, visitorMailHour } from "~/server/mail/visitor-mail.server";
import { createMailWorker } from "~/server/mail/worker.server";
import { memoryLogger, type TestDatabase, testDialects } from "../support/databases";
import { type SmtpPeer, startSmtpPeer } from "../support/smtp-peer";

const start = new Date("2026-11-24T09:10:00.000Z");
const hour = 60 * 60 * 1000;
const sales = "sales@ridgeline-supply.example";
const from = "Ridgeline Website <website@ridgeline-supply.example>";

describe.each(testDialects)("visitor mail limits on $name", ({ create }) => {
  let t: TestDatabase;
  let peer: SmtpPeer;
  let transport: MailTransport;
  let clock: Date;
  let log: ReturnType<typeof memoryLogger>;
  let clients = 0;
  const client = () => `client-${++clients}`;

  const deps = (overrides: Partial<SiteServices> = {}) => ({
    db: t.db,
    logger: log.logger,
    salesEmail: sales,
    mailFrom: from,
    siteUrl: "https://ridgeline.test",
    now: () => clock,
    ...overrides,
  });
  let sent = 0;
  // Each message its own text: the same text from several addresses within the hour is held as spam.
  const contact = (email: string, overrides: Partial<SiteServices> = {}) =>
    submitContact(
      deps(overrides),
      { name: "Visitor", email, phone: "", message: `Please call me about order ${++sent}.` },
      client(),
    );

  /** Runs the mail worker until the queue is empty; the SMTP peer then holds every message. */
  const deliverAll = async () => {
    const worker = createMailWorker({
      db: t.db,
      transport,
      logger: log.logger,
      now: () => clock,
      concurrency: 4,
      batchSize: 200,
    });
    while ((await worker.runOnce()) > 0);
  };
  const received = (to: RegExp) =>
    peer.messages.filter((message) => {
      const addresses = message.to && !Array.isArray(message.to) ? message.to.value : [];
      return addresses.some((address) => to.test(address.address ?? ""));
    });

  beforeEach(async () => {
    t = await create();
    peer = await startSmtpPeer();
    transport = createTransport(
      { SMTP_URL: peer.url, MAIL_DIR: "unused" },
      { logger: memoryLogger().logger, smtpOptions: { ignoreTLS: true } },
    );
    clock = start;
    log = memoryLogger();
  });
  afterEach(async () => {
    transport.close();
    await peer.stop();
    await t.cleanup();
  });

  const victimVariants = Array.from({ length: 50 }, (_, i) => `victim+${i + 1}@example.test`);
  const gmailVariants = [
    "victim@gmail.com",
    "v.ictim@gmail.com",
    "vi.c.tim@gmail.com",
    "victim+news@googlemail.com",
    "vic.tim@googlemail.com",
  ];

  it("sends one newsletter confirmation per mailbox per hour, however many variants and clients sign it up", async () => {
    const answers = await Promise.all(
      [...victimVariants, ...gmailVariants].map((email) => subscribeNewsletter(deps(), { email }, client())),
    );
    // Every signup gets the same success, whether or not its confirmation went out.
    expect(new Set(answers.map((answer) => JSON.stringify(answer)))).toEqual(
      new Set([JSON.stringify({ ok: true, status: 200, ...NEWSLETTER_PENDING_SUCCESS })]),
    );
    // Each signup is kept, pending.
    const pending = await t.db.selectFrom("newsletter_subscriptions").select("status").execute();
    expect(pending).toHaveLength(55);

    await deliverAll();
    expect(received(/@example\.test$/)).toHaveLength(1);
    expect(received(/@(gmail|googlemail)\.com$/)).toHaveLength(1);
    expect(peer.messages.every((message) => message.subject?.startsWith("Confirm your subscription"))).toBe(
      true,
    );

    // Still within the hour: a signup again while pending sends nothing more.
    clock = new Date(start.getTime() + hour - 1);
    await subscribeNewsletter(deps(), { email: "victim+1@example.test" }, client());
    await deliverAll();
    expect(peer.messages).toHaveLength(2);

    // An hour after the first: one more for the mailbox, whichever variant asks.
    clock = new Date(start.getTime() + hour);
    await subscribeNewsletter(deps(), { email: "victim+2@example.test" }, client());
    await subscribeNewsletter(deps(), { email: "victim+3@example.test" }, client());
    await deliverAll();
    expect(
      received(/@example\.test$/).map((message) => message.to && "text" in message.to && message.to.text),
    ).toEqual([expect.stringMatching(/^victim\+\d+@example\.test$/), "victim+2@example.test"]);
  });

  it("acknowledges a mailbox once per hour across 50 contact messages from 50 clients, and tells sales of every one", async () => {
    const answers = await Promise.all([...victimVariants, ...gmailVariants].map((email) => contact(email)));
    expect(
      answers.every((answer) => answer.ok && answer.status === 200 && answer.title === "Message Sent!"),
    ).toBe(true);
    await deliverAll();
    expect(received(/^sales@/)).toHaveLength(55);
    const acknowledged = [...received(/@example\.test$/), ...received(/@(gmail|googlemail)\.com$/)];
    expect(acknowledged.map((message) => message.subject?.replace(/C-\w+/, "C-…"))).toEqual([
      "We received your message (C-…)",
      "We received your message (C-…)",
    ]);

    clock = new Date(start.getTime() + hour);
    await contact("VICTIM+99@Example.test");
    await deliverAll();
    expect(received(/@example\.test$/i)).toHaveLength(2);
    expect(received(/^sales@/)).toHaveLength(56);
  });

  it("skips visitor mail over the hourly cap: leads are still stored and notified, the skips counted, one warning", async () => {
    const capped = { visitorMailPerHour: 3 };
    const leads = await Promise.all(
      ["a", "b", "c", "d", "e"].map((name) => contact(`${name}@example.test`, capped)),
    );
    const signups = await Promise.all(
      ["f", "g"].map((name) =>
        subscribeNewsletter(deps(capped), { email: `${name}@example.test` }, client()),
      ),
    );
    expect(leads.every((lead) => lead.ok)).toBe(true);
    expect(signups.map((signup) => signup.status)).toEqual([200, 200]);

    await deliverAll();
    expect(received(/^sales@/)).toHaveLength(5);
    // Three visitor mails in the hour, acknowledgements and confirmations together.
    expect(received(/@example\.test$/)).toHaveLength(3);
    expect(await t.db.selectFrom("contact_submissions").select("id").execute()).toHaveLength(5);
    expect(await t.db.selectFrom("newsletter_subscriptions").select("id").execute()).toHaveLength(2);
    expect(await visitorMailHour(t.db, clock)).toEqual({
      hourStart: hourStartOf(start),
      queued: 3,
      skipped: 4,
    });

    const warnings = log.lines.filter((line) => line.msg.includes("hourly cap reached"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40, cap: 3, hourStart: "2026-11-24T09:00:00.000Z" });
    expect(JSON.stringify(log.lines)).not.toContain("@example.test");

    // The next clock hour starts afresh.
    clock = new Date("2026-11-24T10:00:00.000Z");
    await contact("h@example.test", capped);
    await deliverAll();
    expect(received(/^h@example\.test$/)).toHaveLength(1);
  });

  it("holds the cap exactly when two instances take posts at the same moment", async () => {
    const other = t.open();
    const capped = { visitorMailPerHour: 5 };
    const leads = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        contact(`lead-${i}@example.test`, i % 2 ? { ...capped, db: other } : capped),
      ),
    );
    expect(leads.every((lead) => lead.ok)).toBe(true);
    const outbox = await t.db.selectFrom("email_outbox").select("kind").execute();
    expect(outbox.filter((row) => row.kind === "contact_notification")).toHaveLength(30);
    expect(outbox.filter((row) => row.kind === "lead_acknowledgement")).toHaveLength(5);
    expect(await visitorMailHour(t.db, clock)).toMatchObject({ queued: 5, skipped: 25 });
    expect(log.lines.filter((line) => line.msg.includes("hourly cap reached"))).toHaveLength(1);
  });

  it("forgets mailbox marks once they hold nothing back, in batches, and hourly counts after 30 days", async () => {
    for (let i = 0; i < 12; i++) await contact(`old-${i}@example.test`);
    await t.db
      .insertInto("visitor_mail_hours")
      .values({ hour_start: "2026-10-01T09:00:00.000Z", slot: 0, queued: 7, skipped: 3 })
      .execute();
    clock = new Date(start.getTime() + 30 * 60_000);
    await contact("recent@example.test");
    const marks = () => t.db.selectFrom("visitor_mail_marks").select("last_sent_at").execute();
    expect(await marks()).toHaveLength(13);

    // Half an hour on, every mark still holds back another mail: none goes.
    expect(await purgeVisitorMailRecords(t.db, clock, 5)).toBe(0);
    // An hour after the first twelve, they go, in batches of five; the recent one stays.
    expect(await purgeVisitorMailRecords(t.db, new Date(start.getTime() + hour + 1), 5)).toBe(12);
    expect(await marks()).toEqual([{ last_sent_at: clock.toISOString() }]);
    const hours = await t.db.selectFrom("visitor_mail_hours").select("hour_start").execute();
    expect(hours.map((row) => row.hour_start)).toEqual([hourStartOf(start)]);
  });

  it("lets whoever unsubscribed through the link sign up again at once, confirmation included", async () => {
    const tokenIn = async (kind: string, path: string) => {
      const rows = await t.db
        .selectFrom("email_outbox")
        .select("text_body")
        .where("kind", "=", kind)
        .execute();
      return new RegExp(`${path}\\?token=([A-Za-z0-9_-]{43})`).exec(rows.at(-1)?.text_body ?? "")?.[1] ?? "";
    };
    await subscribeNewsletter(deps(), { email: "reader+news@example.test" }, client());
    expect(
      await confirmSubscription(deps(), await tokenIn("newsletter_confirmation", "/newsletter/confirm")),
    ).toBe("confirmed");
    clock = new Date(start.getTime() + 5 * 60_000);
    const unsubscribe = await tokenIn("newsletter_welcome", "/newsletter/unsubscribe");
    expect(await unsubscribeWithToken(deps(), unsubscribe)).toBe("unsubscribed");
    // The link proved its user reads the mailbox: the hour's limit no longer holds it back.
    await subscribeNewsletter(deps(), { email: "reader+news@example.test" }, client());
    // A stranger signing up another variant of it minutes later still does not reach it.
    await subscribeNewsletter(deps(), { email: "reader+other@example.test" }, client());
    await deliverAll();
    expect(
      received(/^reader\+/)
        .map((message) => message.subject?.split(" ")[0])
        .sort(),
    ).toEqual(["Confirm", "Confirm", "Welcome"]);
  });
});
