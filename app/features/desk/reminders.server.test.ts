import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { defaultRouting } from "~/features/leads/routing/routing.server";
import type { Database } from "~/server/db/schema.server";
import { createTransport } from "~/server/mail/transport.server";
import { createMailWorker } from "~/server/mail/worker.server";
import { freshDatabaseEach, silentLogger, testDialects } from "../../../tests/support/databases";
import { type SmtpPeer, startSmtpPeer } from "../../../tests/support/smtp-peer";
import { changeLead } from "./lead-actions.server";
import { queueOverdueReminders, REMINDER_KIND } from "./reminders.server";
import { addStaff } from "./staff.server";
import { insertQuoteRequest } from "./testing/quote-leads";

// Friday 2026-11-27 16:50 in Dallas (America/Chicago, UTC-6): ten business minutes left that day.
const FRIDAY_LATE = "2026-11-27T22:50:00.000Z";

const quote = (db: Database, reference: string, zip: string, at: string) =>
  insertQuoteRequest(db, {
    reference,
    company: "Lone Star <b>Foods</b>",
    email: "sam@lonestar.example",
    postal_code: zip,
    created_at: at,
  });

describe.each(testDialects)("overdue reminders on $name", (dialect) => {
  const t = freshDatabaseEach(dialect);
  let peer: SmtpPeer;
  beforeEach(async () => {
    peer = await startSmtpPeer();
  });
  afterEach(async () => {
    await peer.stop();
  });
  const services = (db: Database = t.db) => ({
    db,
    routing: defaultRouting(),
    salesEmail: "sales@ridgeline.test",
    mailFrom: "Ridgeline Website <website@ridgeline.test>",
    siteUrl: "https://www.ridgeline.test",
    timeZone: "America/New_York",
  });
  const send = async () => {
    const transport = createTransport(
      { SMTP_URL: peer.url, MAIL_DIR: "unused" },
      { logger: silentLogger, smtpOptions: { ignoreTLS: true, connectionTimeout: 2000 } },
    );
    try {
      const now = () => new Date("2026-12-01T12:00:00.000Z");
      return await createMailWorker({ db: t.db, transport, logger: silentLogger, now }).runOnce();
    } finally {
      transport.close();
    }
  };

  it("reminds the branch once, after 30 business minutes across the weekend, whichever instance looks", async () => {
    const dallas = await quote(t.db, "Q-LATE01", "75201", FRIDAY_LATE);
    // Answered before it was overdue: never reminded.
    const answered = await quote(t.db, "Q-FAST01", "75201", FRIDAY_LATE);
    // Older than the week the reminders look back: never reminded.
    await quote(t.db, "Q-OLD001", "75201", "2026-11-10T15:00:00.000Z");

    // Saturday noon: on the clock long overdue, in business time ten minutes.
    expect(await queueOverdueReminders(services(), new Date("2026-11-28T18:00:00.000Z"))).toBe(0);
    const { staff } = await addStaff(t.db, { email: "owner@ridgeline.test", role: "owner", branch: null });
    await changeLead(
      { ...services(), now: () => new Date("2026-11-30T14:05:00.000Z") },
      staff,
      { kind: "quote", id: answered },
      { action: "status", status: "contacted", reason: "" },
    );
    // Monday 8:10 in Dallas: twenty business minutes. Not yet.
    expect(await queueOverdueReminders(services(), new Date("2026-11-30T14:10:00.000Z"))).toBe(0);
    // Monday 8:21: overdue. Two instances look at once; one reminder is queued between them.
    const monday = new Date("2026-11-30T14:21:00.000Z");
    const second = t.open();
    const counts = await Promise.all([
      queueOverdueReminders(services(), monday),
      queueOverdueReminders(services(second), monday),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    // Looked at again (after a restart, say), it is not queued again.
    expect(await queueOverdueReminders(services(), new Date("2026-11-30T16:00:00.000Z"))).toBe(0);

    expect(await send()).toBe(1);
    expect(peer.messages).toHaveLength(1);
    const mail = peer.messages[0];
    expect(peer.recipients[0]).toEqual(["dallas@ridgeline-supply.example"]);
    expect(mail?.subject).toBe("Overdue: Q-LATE01 is still New after 30 business minutes");
    expect(mail?.text).toContain(`https://www.ridgeline.test/desk/leads/quote/${dallas}`);
    expect(mail?.text).toContain("Lone Star <b>Foods</b>");
    expect(mail?.html).toBeFalsy();
    const kinds = await t.db.selectFrom("email_outbox").select(["kind", "status"]).execute();
    expect(kinds).toEqual([{ kind: REMINDER_KIND, status: "sent" }]);
  });

  it("sends an unrouted lead's reminder to the sales address, on the company's clock and configured hours", async () => {
    // Thursday 2026-11-26 at 06:00 in New York: before opening at 7:00 (configured), overdue at 7:45.
    await quote(t.db, "Q-NOZIP1", "", "2026-11-26T11:00:00.000Z");
    const configured = {
      ...services(),
      desk: { hours: { days: [1, 2, 3, 4, 5], opensAt: 7, closesAt: 15 }, overdueMinutes: 45 },
    };
    expect(await queueOverdueReminders(configured, new Date("2026-11-26T12:44:00.000Z"))).toBe(0);
    expect(await queueOverdueReminders(configured, new Date("2026-11-26T12:45:00.000Z"))).toBe(1);
    expect(await send()).toBe(1);
    expect(peer.recipients[0]).toEqual(["sales@ridgeline.test"]);
    expect(peer.messages[0]?.subject).toBe("Overdue: Q-NOZIP1 is still New after 45 business minutes");
  });
});
