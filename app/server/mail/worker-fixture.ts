import { afterEach, beforeEach } from "vitest";
import { writeTransaction } from "~/server/db/database.server";
import type { Database } from "~/server/db/schema.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import {
  createTransport,
  type MailTransport,
  type OutgoingMail,
  type SendResult,
} from "~/server/mail/transport.server";
import {
  createMailWorker,
  type MailWorkerOptions,
  type StoppedMailWorker,
} from "~/server/mail/worker.server";
import { memoryLogger, type TestDatabase } from "../../../tests/support/databases";
import { type SmtpPeer, startSmtpPeer } from "../../../tests/support/smtp-peer";

/*
 * What the mail worker's tests share (worker-*.test.ts): a fresh database and SMTP peer per test, a
 * clock the test moves, and workers that send to the peer and are closed afterwards.
 */

export const start = new Date("2025-06-02T14:30:00.000Z");
export const sales = "sales@ridgeline-supply.example";
export const from = "Ridgeline Website <website@ridgeline-supply.example>";

export function smtpTransport(peerOrPort: SmtpPeer | number): MailTransport {
  const port = typeof peerOrPort === "number" ? peerOrPort : peerOrPort.port;
  return createTransport(
    { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_DIR: "unused" },
    { logger: memoryLogger().logger, smtpOptions: { ignoreTLS: true, connectionTimeout: 2000 } },
  );
}

export async function queue(db: Database, count: number, at: Date): Promise<void> {
  await writeTransaction(db, async (trx) => {
    for (let i = 0; i < count; i++) {
      await enqueueMail(
        trx,
        { kind: "test", from, to: sales, subject: `Message ${i}`, text: `Body ${i}` },
        at,
      );
    }
  });
}

export interface WorkerFixture {
  /** This test's database. */
  readonly t: TestDatabase;
  /** This test's SMTP peer; a test that restarts it puts the new one here. */
  peer: SmtpPeer;
  /** The time the workers see, from the fixture's start on. */
  readonly clock: Date;
  readonly log: ReturnType<typeof memoryLogger>;
  /** Run after the test, last added first. */
  readonly cleanups: Array<() => unknown>;
  /** A stopped worker on this test's database, sending to its peer unless told otherwise. */
  worker(overrides?: Partial<MailWorkerOptions>): StoppedMailWorker;
  /**
   * A transport whose sends go through `send`, given each message and a transport to this test's peer
   * (closed after the test): for tests that hold, count, order or break sends.
   */
  smtpThrough(send: (mail: OutgoingMail, smtp: MailTransport) => Promise<SendResult>): MailTransport;
  advance(ms: number): void;
  outbox(): ReturnType<typeof outboxRows>;
}

const outboxRows = (db: Database) => db.selectFrom("email_outbox").selectAll().orderBy("id").execute();

/** Sets up each test of the enclosing describe block, its clock at `startAt`; call it once there. */
export function workerFixture(create: () => Promise<TestDatabase>, startAt = start): WorkerFixture {
  let t: TestDatabase | undefined;
  let peer: SmtpPeer | undefined;
  let clock = startAt;
  const cleanups: Array<() => unknown> = [];
  const log = memoryLogger();
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the worker fixture is used outside a test");
    return value;
  };

  const fixture: WorkerFixture = {
    get t() {
      return ready(t);
    },
    get peer() {
      return ready(peer);
    },
    set peer(value) {
      peer = value;
    },
    get clock() {
      return clock;
    },
    log,
    cleanups,
    worker(overrides = {}) {
      const transport = overrides.transport ?? smtpTransport(fixture.peer);
      cleanups.push(() => transport.close());
      return createMailWorker({
        db: fixture.t.db,
        transport,
        logger: log.logger,
        now: () => clock,
        ...overrides,
      });
    },
    smtpThrough(send) {
      const smtp = smtpTransport(fixture.peer);
      cleanups.push(() => smtp.close());
      return { kind: "smtp", send: (mail) => send(mail, smtp), close: () => undefined };
    },
    advance(ms) {
      clock = new Date(clock.getTime() + ms);
    },
    outbox: () => outboxRows(fixture.t.db),
  };

  beforeEach(async () => {
    t = await create();
    peer = await startSmtpPeer();
    clock = startAt;
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await peer?.stop();
    await t?.cleanup();
  });
  return fixture;
}
