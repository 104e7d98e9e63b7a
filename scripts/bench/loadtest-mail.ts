/**
 * The mail-delivery scenario of `npm run loadtest` (docs/benchmarks.md#mail-delivery): a backlog of
 * LOADTEST_MAIL_BACKLOG (default 10,000) lead notifications waits in the outbox when the server
 * starts with a real SMTP peer on 127.0.0.1; a lead is posted at once. Measured: the server's
 * delivery rate to the peer, and how soon the new lead's notification arrives behind the backlog.
 * Each queued notification must reach the peer exactly once.
 */

import { buildContactNotification } from "~/features/contact/contact-email.server";
import { createDatabase, writeTransaction } from "~/server/db/database.server";
import { logger } from "~/server/logger.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { startSmtpPeer } from "../../tests/support/smtp-peer";
import { clientAddress, processCpu, sleep, startServer } from "./load-lib";

const BACKLOG = Number(process.env.LOADTEST_MAIL_BACKLOG ?? 10_000);
/** The targets (docs/benchmarks.md#targets). */
export const MAIL_TARGETS = { messagesPerSecond: 100, leadWithinMs: 60_000 } as const;
const DRAIN_LIMIT_MS = 300_000;

/** A database the scenario may fill: a fresh SQLite file or PostgreSQL database. */
export interface MailStore {
  name: string;
  url: string;
}

export interface MailFigures {
  perSecond: number;
  leadDelayMs: number;
  /** The new lead's notification was the Nth message the peer received. */
  leadPosition: number;
  cpuMicros: number;
  deliveredOnce: boolean;
}

/** Queues the backlog with the site's own code, as a burst of leads a minute ago would have. */
async function queueBacklog(url: string): Promise<void> {
  const db = createDatabase(url, { logger: logger.child({}, { level: "warn" }) });
  const at = new Date(Date.now() - 60_000);
  try {
    for (let start = 0; start < BACKLOG; start += 500) {
      await writeTransaction(db, async (trx) => {
        for (let index = start; index < Math.min(BACKLOG, start + 500); index++) {
          const mail = buildContactNotification({
            submissionId: index + 1,
            // A 0 never appears in a real reference (no look-alikes), so these stand apart from the lead's.
            reference: `C-0${String(index).padStart(5, "0")}`,
            receivedAt: at,
            timeZone: "America/New_York",
            contact: {
              name: `Burst Lead ${index}`,
              email: `burst-${index}@example.test`,
              phone: "555-0100",
              message: `Please quote ${index} rolls of 4x6 direct thermal labels.\nShip to dock 4.`,
            },
            salesEmail: "sales@ridgeline-supply.example",
            mailFrom: "Ridgeline Website <website@ridgeline-supply.example>",
          });
          await enqueueMail(trx, mail, new Date(at.getTime() + index));
        }
      });
    }
  } finally {
    await db.destroy();
  }
}

/**
 * Runs the scenario on one store: a server started once to migrate it, the backlog queued while no
 * server runs, then the server again with SMTP_URL pointing at the peer, and a lead posted at once.
 */
export async function mailScenario(store: MailStore, port: number): Promise<MailFigures> {
  const peer = await startSmtpPeer();
  try {
    const env = { DATABASE_URL: store.url, TRUST_PROXY: "true", SMTP_URL: peer.url };
    const migrating = await startServer(port, env);
    await migrating.stop();
    await queueBacklog(store.url);

    const server = await startServer(port, env);
    try {
      const cpu = processCpu([server.pid]);
      const postedAt = Date.now();
      const answer = await fetch(`${server.origin}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": clientAddress(9_000_000) },
        body: JSON.stringify({
          name: "Real Buyer",
          email: "buyer@example.test",
          message: "Please quote 5,000 pallet labels.",
        }),
      });
      const { reference } = (await answer.json()) as { reference?: string };
      const expected = BACKLOG + 2; // the backlog, the lead's notification and its acknowledgement
      const deadline = Date.now() + DRAIN_LIMIT_MS;
      while (peer.messages.length < expected && Date.now() < deadline) await sleep(100);
      const cpuMicros = cpu(peer.messages.length);

      const leadIndex = peer.messages.findIndex((message) => message.subject?.startsWith(`[${reference}]`));
      const leadDelayMs =
        leadIndex < 0 ? Number.POSITIVE_INFINITY : (peer.receivedAt[leadIndex] ?? 0) - postedAt;
      const first = peer.receivedAt[0] ?? 0;
      const last = peer.receivedAt.at(-1) ?? first;
      const perSecond = peer.messages.length / Math.max(0.001, (last - first) / 1000);
      const backlogSubjects = peer.messages
        .map((message) => message.subject ?? "")
        .filter((subject) => subject.startsWith("[C-0"));
      const deliveredOnce =
        answer.ok && backlogSubjects.length === BACKLOG && new Set(backlogSubjects).size === BACKLOG;
      const label = `mail ${store.name}`.padEnd(34);
      console.info(
        `${label}  ${String(peer.messages.length).padStart(7)} msg  ${perSecond.toFixed(0).padStart(7)} msg/s  ` +
          `CPU ${cpuMicros.toFixed(0)} µs/msg; a lead posted behind ${BACKLOG} arrived after ` +
          `${(leadDelayMs / 1000).toFixed(2)} s as message ${leadIndex + 1}`,
      );
      console.info(
        `${"".padEnd(34)}  check: ${backlogSubjects.length} of ${BACKLOG} queued notifications delivered, ` +
          `${new Set(backlogSubjects).size} distinct: ${deliveredOnce ? "ok" : "FAILED"}`,
      );
      return { perSecond, leadDelayMs, leadPosition: leadIndex + 1, cpuMicros, deliveredOnce };
    } finally {
      await server.stop();
    }
  } finally {
    await peer.stop();
  }
}

/** The scenario's targets, as the load test records them. */
export function checkMail(
  store: string,
  figures: MailFigures,
  check: (what: string, figure: string, met: boolean) => void,
): void {
  check(
    `mail ${store}: every queued notification delivered once`,
    figures.deliveredOnce ? "yes" : "no",
    figures.deliveredOnce,
  );
  check(
    `mail ${store}: >= ${MAIL_TARGETS.messagesPerSecond} messages/s to the SMTP peer`,
    `${figures.perSecond.toFixed(0)}/s`,
    figures.perSecond >= MAIL_TARGETS.messagesPerSecond,
  );
  check(
    `mail ${store}: a lead behind ${BACKLOG} at the peer within ${MAIL_TARGETS.leadWithinMs / 1000} s`,
    `${(figures.leadDelayMs / 1000).toFixed(2)} s`,
    figures.leadDelayMs <= MAIL_TARGETS.leadWithinMs,
  );
}
