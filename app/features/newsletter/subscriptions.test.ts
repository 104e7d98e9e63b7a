import type { ParsedMail } from "mailparser";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseIssue, sendIssue } from "~/features/newsletter/issue.server";
import { checkConfirmToken, checkUnsubscribeToken } from "~/features/newsletter/links.server";
import { subscribeNewsletter } from "~/features/newsletter/signup.server";
import {
  confirmSubscription,
  requestUnsubscribeLink,
  unsubscribeWithToken,
} from "~/features/newsletter/subscriptions.server";
import { writeTransaction } from "~/server/db/database.server";
import { enqueueMail, MAIL_PRIORITY } from "~/server/mail/outbox.server";
import { createTransport } from "~/server/mail/transport.server";
import { createMailWorker } from "~/server/mail/worker.server";
import { memoryLogger, testDialects } from "../../../tests/support/databases";
import { leadServicesEach, TEST_SITE } from "../../../tests/support/lead-services";
import { type SmtpPeer, startSmtpPeer } from "../../../tests/support/smtp-peer";

const SITE = TEST_SITE.siteUrl;
const day = 24 * 60 * 60 * 1000;
const start = new Date("2026-06-02T08:00:00.000Z");

const header = (mail: ParsedMail | undefined, name: string) => {
  const value = mail?.headers.get(name.toLowerCase());
  // mailparser parses List-* headers into objects; the raw line is what a mail client reads.
  const raw = mail?.headerLines.find((line) => line.key === name.toLowerCase())?.line ?? "";
  return {
    value,
    raw: raw
      .slice(raw.indexOf(":") + 1)
      .replace(/\r?\n\s+/g, " ")
      .trim(),
  };
};
const tokenIn = (text: string | undefined, path: string) =>
  new RegExp(`${SITE.replace(/\./g, "\\.")}${path}\\?token=([A-Za-z0-9_-]{43})`).exec(text ?? "")?.[1] ?? "";
const textOf = (mail: ParsedMail | undefined) => mail?.text ?? "";

describe.each(testDialects)("newsletter life cycle on $name", (dialect) => {
  let clock = start;
  const { t, deps, client } = leadServicesEach(dialect, () => clock);
  let peer: SmtpPeer;

  beforeEach(async () => {
    peer = await startSmtpPeer();
    clock = start;
  });
  afterEach(async () => {
    await peer.stop();
  });

  function worker(options: { bulkRatePerMinute?: number; now?: () => Date } = {}) {
    const transport = createTransport(
      { SMTP_URL: peer.url, MAIL_DIR: "unused" },
      { logger: memoryLogger().logger, smtpOptions: { ignoreTLS: true, connectionTimeout: 2000 } },
    );
    const mailWorker = createMailWorker({
      db: t.db,
      transport,
      logger: memoryLogger().logger,
      batchSize: 100,
      now: options.now ?? (() => clock),
      bulkRatePerMinute: options.bulkRatePerMinute,
    });
    return {
      run: () => mailWorker.runOnce(),
      async close() {
        await mailWorker.stop();
        transport.close();
      },
    };
  }

  const status = async (email: string) =>
    (
      await t.db
        .selectFrom("newsletter_subscriptions")
        .select("status")
        .where("email", "=", email)
        .executeTakeFirst()
    )?.status;

  it("signup → pending → confirmation received → scanner GET changes nothing → confirm → 409 → one-click unsubscribe → signup again", async () => {
    const mail = worker();
    try {
      expect((await subscribeNewsletter(deps, { email: "Buyer@Example.com" }, client())).status).toBe(200);
      expect(await status("buyer@example.com")).toBe("pending");
      await mail.run();
      expect(peer.messages).toHaveLength(1);
      const confirmation = peer.messages[0];
      expect(confirmation?.to && "text" in confirmation.to ? confirmation.to.text : "").toBe(
        "buyer@example.com",
      );
      const token = tokenIn(textOf(confirmation), "/newsletter/confirm");
      expect(token).not.toBe("");
      expect(confirmation?.html || "").toContain(`${SITE}/newsletter/confirm?token=${token}`);

      // What a mail scanner's GET does: the page reads the token and changes nothing.
      expect(await checkConfirmToken(t.db, token, clock)).toBe("ready");
      expect(await checkConfirmToken(t.db, token, clock)).toBe("ready");
      expect(await status("buyer@example.com")).toBe("pending");
      expect((await subscribeNewsletter(deps, { email: "buyer@example.com" }, client())).status).toBe(200);

      expect(await confirmSubscription(deps, token)).toBe("confirmed");
      expect(await status("buyer@example.com")).toBe("confirmed");
      // The 24 h attempt window is not what refuses here: the address is confirmed.
      clock = new Date(start.getTime() + day + 1);
      expect(await subscribeNewsletter(deps, { email: "buyer@example.com" }, client())).toMatchObject({
        status: 409,
        title: "Already Subscribed",
      });
      expect(await confirmSubscription(deps, token)).toBe("used");

      await mail.run();
      const welcome = peer.messages.find((message) => message.subject?.startsWith("Welcome"));
      expect(welcome).toBeDefined();
      const listUnsubscribe = header(welcome, "List-Unsubscribe").raw;
      expect(listUnsubscribe).toMatch(
        /^<https:\/\/ridgeline\.test\/newsletter\/unsubscribe\?token=[A-Za-z0-9_-]{43}>, <mailto:sales@ridgeline\.test\?subject=unsubscribe>$/,
      );
      expect(header(welcome, "List-Unsubscribe-Post").raw).toBe("List-Unsubscribe=One-Click");
      expect(textOf(welcome)).toContain("Ridgeline Industrial Supply");
      expect(textOf(welcome)).toContain("2150 Ridgeline Parkway, Atlanta, GA 30336");
      expect(textOf(welcome)).toContain("because you subscribed");
      const unsubscribe = tokenIn(listUnsubscribe, "/newsletter/unsubscribe");
      expect(textOf(welcome)).toContain(`Unsubscribe: ${SITE}/newsletter/unsubscribe?token=${unsubscribe}`);

      // Single purpose: the unsubscribe token does not confirm, the confirm token does not unsubscribe.
      expect(await confirmSubscription(deps, unsubscribe)).toBe("invalid");
      expect(await unsubscribeWithToken(deps, token)).toBe("invalid");
      expect(await status("buyer@example.com")).toBe("confirmed");

      expect(await checkUnsubscribeToken(t.db, unsubscribe, clock)).toBe("ready");
      expect(await unsubscribeWithToken(deps, unsubscribe)).toBe("unsubscribed");
      expect(await status("buyer@example.com")).toBe("unsubscribed");
      // A second one-click post (providers retry) answers the same.
      expect(await unsubscribeWithToken(deps, unsubscribe)).toBe("unsubscribed");

      clock = new Date(clock.getTime() + day + 1);
      expect((await subscribeNewsletter(deps, { email: "buyer@example.com" }, client())).status).toBe(200);
      expect(await status("buyer@example.com")).toBe("pending");
      await mail.run();
      expect(peer.messages.filter((message) => message.subject?.startsWith("Confirm"))).toHaveLength(2);
    } finally {
      await mail.close();
    }
  });

  it("refuses tampered, truncated, foreign, expired and reused tokens without changing anything", async () => {
    await subscribeNewsletter(deps, { email: "dana@example.com" }, client());
    const row = await t.db.selectFrom("email_outbox").select("text_body").executeTakeFirstOrThrow();
    const token = tokenIn(row.text_body, "/newsletter/confirm");
    const flipped = `${token.slice(0, 10)}${token[10] === "A" ? "B" : "A"}${token.slice(11)}`;
    for (const bad of [
      flipped,
      token.slice(0, 42),
      `${token}x`,
      "",
      "../../etc/passwd",
      "A".repeat(43),
      null,
      42,
    ]) {
      expect(await confirmSubscription(deps, bad)).toBe("invalid");
      expect(await unsubscribeWithToken(deps, bad)).toBe("invalid");
    }
    expect(await checkConfirmToken(t.db, flipped, clock)).toBe("invalid");
    expect(await status("dana@example.com")).toBe("pending");

    clock = new Date(start.getTime() + 7 * day);
    expect(await checkConfirmToken(t.db, token, clock)).toBe("expired");
    expect(await confirmSubscription(deps, token)).toBe("expired");
    expect(await status("dana@example.com")).toBe("pending");
    expect(await t.db.selectFrom("email_outbox").select("id").execute()).toHaveLength(1);

    clock = new Date(start.getTime() + 7 * day - 1);
    expect(await confirmSubscription(deps, token)).toBe("confirmed");
    expect(await confirmSubscription(deps, token)).toBe("used");
    expect(await checkConfirmToken(t.db, token, clock)).toBe("used");
  });

  it("confirms once when the button is pressed twice at the same moment", async () => {
    await subscribeNewsletter(deps, { email: "twice@example.com" }, client());
    const row = await t.db.selectFrom("email_outbox").select("text_body").executeTakeFirstOrThrow();
    const token = tokenIn(row.text_body, "/newsletter/confirm");
    const other = { ...deps, db: t.open() };
    const outcomes = await Promise.all([confirmSubscription(deps, token), confirmSubscription(other, token)]);
    expect(outcomes.sort()).toEqual(["confirmed", "used"]);
    const welcomes = await t.db
      .selectFrom("email_outbox")
      .select("id")
      .where("kind", "=", "newsletter_welcome")
      .execute();
    expect(welcomes).toHaveLength(1);
  });

  it("mails an unsubscribe link only to a subscribed address, answering the same for any address", async () => {
    await t.db
      .insertInto("newsletter_subscriptions")
      .values({ email: "member@example.com", status: "confirmed", subscribed_at: start.toISOString() })
      .execute();
    expect(await requestUnsubscribeLink(deps, { email: "member@example.com" }, "c1")).toEqual({
      ok: true,
      status: 200,
    });
    expect(await requestUnsubscribeLink(deps, { email: "stranger@example.com" }, "c1")).toEqual({
      ok: true,
      status: 200,
    });
    // Asked again within the hour: still the same answer, no second e-mail.
    expect(await requestUnsubscribeLink(deps, { email: "member@example.com" }, "c2")).toEqual({
      ok: true,
      status: 200,
    });
    const mails = await t.db
      .selectFrom("email_outbox")
      .select(["to_address", "text_body", "headers"])
      .execute();
    expect(mails.map((mail) => mail.to_address)).toEqual(["member@example.com"]);
    const token = tokenIn(mails[0]?.text_body, "/newsletter/unsubscribe");
    expect(JSON.parse(mails[0]?.headers ?? "{}")).toMatchObject({
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(await unsubscribeWithToken(deps, token)).toBe("unsubscribed");
    expect(await status("member@example.com")).toBe("unsubscribed");

    const limited = [];
    for (let i = 0; i < 6; i++)
      limited.push((await requestUnsubscribeLink(deps, { email: `x${i}@example.com` }, "busy")).status);
    expect(limited).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await requestUnsubscribeLink(deps, { email: "not an address" }, "c3")).status).toBe(400);
  });

  it("sends an issue once to every confirmed subscriber, with both headers; a second run queues nothing", async () => {
    await t.db
      .insertInto("newsletter_subscriptions")
      .values([
        { email: "a@example.com", status: "confirmed", subscribed_at: start.toISOString() },
        { email: "b@example.com", status: "confirmed", subscribed_at: start.toISOString() },
        { email: "c@example.com", status: "confirmed", subscribed_at: start.toISOString() },
        { email: "pending@example.com", status: "pending", subscribed_at: start.toISOString() },
        { email: "gone@example.com", status: "unsubscribed", subscribed_at: start.toISOString() },
      ])
      .execute();
    const issue = parseIssue(
      "/tmp/2026-06 Storage Tips.md",
      "---\nsubject: Winter storage for labels\npreheader: Keep adhesives working below freezing\n---\n# Winter storage\n\nKeep rolls **above 10 °C**. See [our tips](https://ridgeline.test/resources).\n",
    );
    expect(issue.id).toBe("2026-06-storage-tips");
    expect(issue.text).toContain("Keep rolls above 10 °C. See our tips (https://ridgeline.test/resources).");
    const progress: number[] = [];
    expect(
      await sendIssue(t.db, deps, issue, { now: () => clock, onProgress: (p) => progress.push(p.queued) }),
    ).toEqual({
      total: 3,
      queued: 3,
      skipped: 0,
      alreadySent: 0,
    });
    expect(progress).toEqual([3]);
    expect(await sendIssue(t.db, deps, issue, { now: () => clock })).toEqual({
      total: 3,
      queued: 0,
      skipped: 0,
      alreadySent: 3,
    });

    const mail = worker();
    try {
      await mail.run();
      await mail.run();
    } finally {
      await mail.close();
    }
    const recipients = peer.messages.map((message) =>
      message.to && "text" in message.to ? message.to.text : "",
    );
    expect(recipients.sort()).toEqual(["a@example.com", "b@example.com", "c@example.com"]);
    const links = new Set<string>();
    for (const message of peer.messages) {
      expect(message.subject).toBe("Winter storage for labels");
      expect(header(message, "List-Unsubscribe-Post").raw).toBe("List-Unsubscribe=One-Click");
      const link = header(message, "List-Unsubscribe").raw;
      expect(link).toMatch(
        /^<https:\/\/ridgeline\.test\/newsletter\/unsubscribe\?token=[A-Za-z0-9_-]{43}>, <mailto:/,
      );
      links.add(link);
      expect(message.html || "").toContain("<strong>above 10 °C</strong>");
      expect(message.html || "").toContain("Keep adhesives working below freezing");
      expect(textOf(message)).toContain("2150 Ridgeline Parkway");
    }
    expect(links.size).toBe(3);
    // Each subscriber's link unsubscribes that subscriber only.
    const first = peer.messages[0];
    const token = tokenIn(header(first, "List-Unsubscribe").raw, "/newsletter/unsubscribe");
    expect(await unsubscribeWithToken(deps, token)).toBe("unsubscribed");
    const who = first?.to && "text" in first.to ? first.to.text : "";
    const statuses = await t.db.selectFrom("newsletter_subscriptions").select(["email", "status"]).execute();
    expect(
      statuses
        .filter((row) => row.status === "unsubscribed")
        .map((row) => row.email)
        .sort(),
    ).toEqual(["gone@example.com", who].sort());
  });

  it("throttles bulk mail to the rate, and a lead queued during a send goes out first", async () => {
    const subscribers = Array.from({ length: 8 }, (_, i) => ({
      email: `s${i}@example.com`,
      status: "confirmed" as const,
      subscribed_at: start.toISOString(),
    }));
    await t.db.insertInto("newsletter_subscriptions").values(subscribers).execute();
    const issue = parseIssue("issue-7.md", "---\nsubject: Issue 7\n---\nHello.\n");
    await sendIssue(t.db, deps, issue, { now: () => start });

    let now = start;
    const mail = worker({ bulkRatePerMinute: 3, now: () => now });
    const queueLead = (subject: string) =>
      writeTransaction(t.db, (trx) =>
        enqueueMail(
          trx,
          {
            kind: "contact_notification",
            from: "web@ridgeline.test",
            to: TEST_SITE.salesEmail,
            subject,
            text: "x",
            priority: MAIL_PRIORITY.lead,
          },
          now,
        ),
      );
    try {
      expect(await mail.run()).toBe(3);
      // Over the rate: nothing more goes out in this minute...
      now = new Date(start.getTime() + 30_000);
      expect(await mail.run()).toBe(0);
      // ...except a lead, which never waits for bulk mail.
      await queueLead("New lead");
      expect(await mail.run()).toBe(1);
      expect(peer.messages.at(-1)?.subject).toBe("New lead");
      now = new Date(start.getTime() + 61_000);
      await queueLead("Second lead");
      expect(await mail.run()).toBe(4);
      // The lead queued while bulk mail waited went out before the next bulk message.
      expect(peer.messages.map((m) => m.subject)).toEqual([
        "Issue 7",
        "Issue 7",
        "Issue 7",
        "New lead",
        "Second lead",
        "Issue 7",
        "Issue 7",
        "Issue 7",
      ]);
    } finally {
      await mail.close();
    }
  });
});
