import { writeTransaction } from "~/server/db/database.server";
import { type Database, isoTime, type OutboxMessage } from "~/server/db/schema.server";
import type { Logger } from "~/server/logger.server";
import type { MailTransport } from "~/server/mail/transport.server";

export interface MailWorkerOptions {
  db: Database;
  transport: MailTransport;
  logger: Logger;
  /** Pause between polls when the queue is empty. */
  pollMs?: number;
  /** Messages handled per run before the worker looks again (a full batch loops at once). */
  batchSize?: number;
  /** After this many failed attempts a message is marked 'failed' (kept, never deleted). */
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** How long a claim lasts; a worker that dies mid-send leaves the message to others after this. */
  lockMs?: number;
  now?: () => Date;
}

export interface MailWorker {
  /** Handles up to batchSize due messages; resolves with how many were attempted. */
  runOnce(): Promise<number>;
  /** Looks at the queue now instead of at the next poll (call it after queuing a message). */
  wakeUp(): void;
  /** Stops polling and waits for the message in flight; the rest of a batch stays queued. */
  stop(): Promise<void>;
}

export interface StoppedMailWorker extends MailWorker {
  start(): void;
}

/** 30 s, 1 min, 2 min, ... capped at maxDelayMs. */
export function retryDelayMs(attempts: number, baseDelayMs = 30_000, maxDelayMs = 3_600_000): number {
  return Math.min(baseDelayMs * 2 ** Math.max(0, attempts - 1), maxDelayMs);
}

function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 1000);
}

function messageIdFor(message: OutboxMessage): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(message.from_address)?.[1] ?? "localhost";
  return `<outbox-${message.id}-${Date.parse(message.created_at)}@${domain}>`;
}

/** A worker that does nothing until start(); tests drive it with runOnce(). */
export function createMailWorker(options: MailWorkerOptions): StoppedMailWorker {
  const { db, transport, logger } = options;
  const pollMs = options.pollMs ?? 5000;
  const batchSize = options.batchSize ?? 10;
  const maxAttempts = options.maxAttempts ?? 20;
  const lockMs = options.lockMs ?? 5 * 60_000;
  const now = options.now ?? (() => new Date());

  // Claims one due message: queued and due, or 'sending' with an expired claim. On PostgreSQL, SKIP
  // LOCKED lets several instances claim side by side without waiting for or doubling each other; on
  // SQLite the write transaction serialises claims.
  async function claimNext(): Promise<OutboxMessage | undefined> {
    const at = now();
    const nowIso = isoTime(at);
    return writeTransaction(db, async (trx, dialect) => {
      const due = trx
        .selectFrom("email_outbox")
        .select("id")
        .where((eb) =>
          eb.or([
            eb.and([eb("status", "=", "queued"), eb("next_attempt_at", "<=", nowIso)]),
            eb.and([eb("status", "=", "sending"), eb("locked_until", "<=", nowIso)]),
          ]),
        )
        .orderBy("next_attempt_at")
        .orderBy("id")
        .limit(1)
        .$if(dialect === "postgres", (qb) => qb.forUpdate().skipLocked());
      return trx
        .updateTable("email_outbox")
        .set((eb) => ({
          status: "sending",
          locked_until: isoTime(new Date(at.getTime() + lockMs)),
          attempts: eb("attempts", "+", 1),
        }))
        .where("id", "in", due)
        .returningAll()
        .executeTakeFirst();
    });
  }

  async function deliver(message: OutboxMessage): Promise<void> {
    let failure: unknown = null;
    let response: string | undefined;
    try {
      const result = await transport.send({
        from: message.from_address,
        to: message.to_address,
        replyTo: message.reply_to,
        subject: message.subject,
        text: message.text_body,
        html: message.html_body,
        messageId: messageIdFor(message),
      });
      response = result.response ?? result.file;
    } catch (error) {
      failure = error ?? new Error("unknown transport failure");
    }

    const at = now();
    if (failure === null) {
      // Marked as soon as the peer accepted: a crash before this line is the only way to send twice.
      await writeTransaction(db, (trx) =>
        trx
          .updateTable("email_outbox")
          .set({ status: "sent", sent_at: isoTime(at), locked_until: null, last_error: null })
          .where("id", "=", message.id)
          .execute(),
      );
      logger.info({ outboxId: message.id, kind: message.kind, response }, "e-mail delivered");
      return;
    }

    const lastError = describeError(failure);
    const giveUp = message.attempts >= maxAttempts;
    const nextAttemptAt = new Date(
      at.getTime() + retryDelayMs(message.attempts, options.baseDelayMs, options.maxDelayMs),
    );
    await writeTransaction(db, (trx) =>
      trx
        .updateTable("email_outbox")
        .set({
          status: giveUp ? "failed" : "queued",
          last_error: lastError,
          locked_until: null,
          next_attempt_at: giveUp ? message.next_attempt_at : isoTime(nextAttemptAt),
        })
        .where("id", "=", message.id)
        .execute(),
    );
    const context = { outboxId: message.id, kind: message.kind, attempts: message.attempts, err: failure };
    if (giveUp) logger.error(context, "e-mail delivery failed for good; the message stays in email_outbox");
    else
      logger.warn(
        { ...context, nextAttemptAt: isoTime(nextAttemptAt) },
        "e-mail delivery failed; will retry",
      );
  }

  let stopped = false;
  let chain: Promise<unknown> = Promise.resolve();
  function runOnce(): Promise<number> {
    const run = chain.then(async () => {
      let handled = 0;
      // After stop() the message in hand is finished, but no new one is claimed: shutdown stays quick
      // and whatever is left waits in the queue for the next start.
      while (handled < batchSize && !stopped) {
        const message = await claimNext();
        if (!message) break;
        await deliver(message);
        handled += 1;
      }
      return handled;
    });
    chain = run.catch(() => undefined);
    return run;
  }

  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;
  let again = false;

  function schedule(delay: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delay);
    timer.unref();
  }

  function tick() {
    timer = undefined;
    if (inFlight) {
      again = true;
      return;
    }
    inFlight = (async () => {
      do {
        again = false;
        try {
          if ((await runOnce()) >= batchSize) again = true;
        } catch (error) {
          logger.error({ err: error }, "mail worker run failed; retrying at the next poll");
        }
      } while (again && !stopped);
    })().finally(() => {
      inFlight = undefined;
      schedule(pollMs);
    });
  }

  return {
    runOnce,
    start() {
      if (started || stopped) return;
      started = true;
      schedule(0);
    },
    wakeUp() {
      if (!started || stopped) return;
      if (inFlight) again = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await inFlight;
      await chain;
    },
  };
}

/** Starts delivering queued e-mail at once and then every pollMs (and on wakeUp()). */
export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const worker = createMailWorker(options);
  worker.start();
  return worker;
}
