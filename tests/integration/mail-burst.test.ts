import type { ParsedMail } from "mailparser";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { submitContact } from "~/features/contact/contact.server";
import { parseEnv } from "~/server/env.server";
import { visitorMailHour } from "~/server/mail/visitor-mail.server";
import { type Services, startServices } from "~/site/services.server";
import { memoryLogger, type TestDatabase, testDialects } from "../support/databases";
import { type SmtpPeer, startSmtpPeer } from "../support/smtp-peer";

/*
 * A burst of leads against the server's own services (database, mail worker, pooled SMTP transport,
 * as startServices builds them) and a real SMTP peer, with the default cap of 200 visitor mails an
 * hour: every lead is notified, 200 visitors are acknowledged, and a lead that arrives while the
 * burst's mail is still queued reaches the peer within a minute.
 */

const BURST = 5_000;
const WAVE = 100;
const sales = "sales@ridgeline-supply.example";

const addressOf = (message: ParsedMail) =>
  message.to && !Array.isArray(message.to) ? (message.to.value[0]?.address ?? "") : "";

describe.each(testDialects)("a burst of leads on $name", ({ create }) => {
  let t: TestDatabase;
  let peer: SmtpPeer;
  let services: Services | undefined;
  const log = memoryLogger();

  beforeEach(async () => {
    t = await create();
    peer = await startSmtpPeer();
  });
  afterEach(async () => {
    await services?.close();
    services = undefined;
    await peer.stop();
    await t.cleanup();
  });

  it(`stores and notifies ${BURST} leads, acknowledges 200, and a lead after the burst still reaches sales within 60 s`, async () => {
    services = await startServices(
      parseEnv({ DATABASE_URL: t.url, SMTP_URL: peer.url, LOG_LEVEL: "silent" }),
      log.logger,
    );
    // One clock for the whole burst, so it falls in one clock hour of the cap whenever the test runs.
    const at = new Date();
    const site = { ...services.site, now: () => at };
    // Each lead its own text: the same text from several addresses within the hour is held as spam.
    const post = (email: string, client: string) =>
      submitContact(site, { name: "Burst", email, phone: "", message: `Please quote ${email}.` }, client);

    for (let wave = 0; wave < BURST / WAVE; wave++) {
      const answers = await Promise.all(
        Array.from({ length: WAVE }, (_, i) => {
          const index = wave * WAVE + i;
          return post(`burst-${index}@example.test`, `burst-client-${index}`);
        }),
      );
      expect(answers.every((answer) => answer.ok)).toBe(true);
    }

    const waiting = await t.db
      .selectFrom("email_outbox")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("status", "in", ["queued", "sending"])
      .executeTakeFirstOrThrow();
    const postedAt = Date.now();
    const lead = await post("buyer@example.test", "real-buyer");
    expect(lead.ok).toBe(true);
    const reference = lead.ok ? lead.reference : "";
    const isTheLead = (message: ParsedMail) => message.subject?.startsWith(`[${reference}]`) === true;
    await expect.poll(() => peer.messages.some(isTheLead), { timeout: 60_000, interval: 100 }).toBe(true);
    const index = peer.messages.findIndex(isTheLead);
    const delay = (peer.receivedAt[index] ?? Number.POSITIVE_INFINITY) - postedAt;
    expect(delay).toBeLessThan(60_000);
    // It was posted behind a backlog, and did not wait for all of it.
    expect(Number(waiting.n)).toBeGreaterThan(1000);
    expect(index).toBeLessThan(BURST + 200 - 500);

    const total = BURST + 1 + 200;
    await expect.poll(() => peer.messages.length, { timeout: 60_000, interval: 200 }).toBe(total);
    const notifications = peer.messages.filter((message) => addressOf(message) === sales);
    expect(notifications).toHaveLength(BURST + 1);
    expect(new Set(notifications.map((message) => message.subject)).size).toBe(BURST + 1);
    const acknowledgements = peer.messages.filter((message) => addressOf(message).endsWith("@example.test"));
    expect(acknowledgements).toHaveLength(200);
    expect(acknowledgements.every((message) => message.subject?.startsWith("We received your message"))).toBe(
      true,
    );
    expect(await visitorMailHour(t.db, at)).toMatchObject({ queued: 200, skipped: BURST + 1 - 200 });
    expect(log.lines.filter((line) => line.msg.includes("hourly cap reached"))).toHaveLength(1);
    const stored = await t.db
      .selectFrom("contact_submissions")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(BURST + 1);
  }, 150_000);
});
