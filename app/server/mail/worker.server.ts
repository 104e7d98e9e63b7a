import { writeStatement } from "~/server/db/database.server";
import { type Arg, prepared } from "~/server/db/prepared.server";
import { type Database, isoTime, type OutboxMessage } from "~/server/db/schema.server";
import type { Logger } from "~/server/logger.server";
import {
  ATTACHMENT_BYTES_IN_FLIGHT,
  attachmentBytes,
  attachmentsOf,
  byteAllowance,
} from "~/server/mail/attachment-allowance.server";
import { type ClaimedMessage, type ClaimOrder, claimMessage } from "~/server/mail/claim.server";
import { emailFromRow } from "~/server/mail/outbox.server";
import type { MailTransport } from "~/server/mail/transport.server";
import { createPolling } from "~/server/polling.server";

export interface MailWorkerOptions {
  db: Database;
  transport: MailTransport;
  logger: Logger;
  /** Pause between polls when the queue is empty. */
  pollMs?: number;
  /** Messages handled per run before the worker looks again (a full batch loops at once). */
  batchSize?: number;
  /**
   * Messages sent at the same time (default 1), each by a lane of its own; a run starts one lane and
   * opens another each time a lane finds a message, so a run on an empty queue costs one claim. Claims
   * are always taken in priority order, so a lead's notification never waits behind other mail; within
   * a priority, the first lane takes the oldest due message and the next the newest, in turn (see
   * ClaimOrder).
   */
  concurrency?: number;
  /** After this many failed attempts a message is marked 'failed' (kept, never deleted). */
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /**
   * How long a claim lasts without renewal: a worker that dies mid-send leaves the message to the
   * others after this. Short, because a live worker renews it every renewMs while the send runs.
   */
  lockMs?: number;
  /** How often a claim is extended while its message is being sent (default lockMs / 3). */
  renewMs?: number;
  /**
   * Bulk mail (priority MAIL_PRIORITY.bulk and above) sent per rolling minute, counted across every
   * instance from the outbox itself; over it, the worker claims only more urgent mail. Unset: no limit.
   */
  bulkRatePerMinute?: number;
  /** Longest pause between polls while the database fails (the pause doubles from pollMs). */
  maxBackoffMs?: number;
  /**
   * Attachment bytes read for sending at the same time, across lanes (default
   * ATTACHMENT_BYTES_IN_FLIGHT). A message with attachments waits (its claim renewed) until its files
   * fit; one larger than the whole allowance goes alone. Messages without attachments never wait.
   */
  attachmentBytesInFlight?: number;
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

/** What sending one message needs, the options resolved to their defaults. */
interface SendSettings {
  db: Database;
  transport: MailTransport;
  logger: Logger;
  now: () => Date;
  lockMs: number;
  renewMs: number;
  maxAttempts: number;
  baseDelayMs: number | undefined;
  maxDelayMs: number | undefined;
  attachmentAllowance: ReturnType<typeof byteAllowance>;
}

function sendSettings(options: MailWorkerOptions): SendSettings {
  const lockMs = options.lockMs ?? 30_000;
  return {
    db: options.db,
    transport: options.transport,
    logger: options.logger,
    now: options.now ?? (() => new Date()),
    lockMs,
    renewMs: options.renewMs ?? Math.max(1, Math.floor(lockMs / 3)),
    maxAttempts: options.maxAttempts ?? 20,
    baseDelayMs: options.baseDelayMs,
    maxDelayMs: options.maxDelayMs,
    attachmentAllowance: byteAllowance(
      Math.max(1, options.attachmentBytesInFlight ?? ATTACHMENT_BYTES_IN_FLIGHT),
    ),
  };
}

/** A worker that does nothing until start(); tests drive it with runOnce(). */
export function createMailWorker(options: MailWorkerOptions): StoppedMailWorker {
  const settings = sendSettings(options);
  const { db, logger, now } = settings;
  const pollMs = options.pollMs ?? 5000;
  const batchSize = options.batchSize ?? 10;
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
  const claimSettings = { lockMs: settings.lockMs, bulkRatePerMinute: options.bulkRatePerMinute };
  const claim = (status: "queued" | "sending", order: ClaimOrder) =>
    claimMessage(db, claimSettings, { status, order }, now());

  // Messages whose claim expired (their worker died mid-send) are rare: each run looks for them first,
  // and once none is left it takes only queued ones until the next run.
  let lookForExpired = true;
  async function claimNext(order: ClaimOrder): Promise<ClaimedMessage | undefined> {
    if (lookForExpired) {
      const expired = await claim("sending", "oldest");
      if (expired) return expired;
      lookForExpired = false;
    }
    return claim("queued", order);
  }

  // Messages the peer accepted whose 'sent' could not be recorded (the database failed right then).
  // Recorded first on the next run, so a short outage does not make them go out twice.
  const unrecorded = new Map<number, Date>();
  async function deliver(message: ClaimedMessage): Promise<void> {
    const { response, failure } = await sendRenewing(settings, message);
    const at = now();
    if (failure !== null) return recordFailure(settings, message, failure, at);
    // Marked as soon as the peer accepted: a crash before this line (or a send that outlived its
    // claim, which the renewals make unlikely) is the only way to send twice.
    try {
      await recordSent(db, message.id, at);
    } catch (error) {
      unrecorded.set(message.id, at);
      throw error;
    }
    logger.info({ outboxId: message.id, kind: message.kind, response }, "e-mail delivered");
  }

  return createPolling({
    what: "mail worker",
    logger,
    batchSize,
    pollMs,
    maxBackoffMs: Math.max(pollMs, options.maxBackoffMs ?? 60_000),
    run: async (isStopped) => {
      for (const [id, at] of unrecorded) {
        await recordSent(db, id, at);
        unrecorded.delete(id);
      }
      lookForExpired = true;
      return runLanes({ batchSize, concurrency, isStopped, claimNext, deliver });
    },
  });
}

/**
 * One run: a lane claims and delivers messages until the batch is full, the queue is drained or the
 * worker stops; each message found opens another lane, up to `concurrency`. Resolves with how many
 * messages were handled, once every lane has finished; rejects with the first lane's failure.
 */
async function runLanes(run: {
  batchSize: number;
  concurrency: number;
  isStopped: () => boolean;
  claimNext: (order: ClaimOrder) => Promise<ClaimedMessage | undefined>;
  deliver: (message: ClaimedMessage) => Promise<void>;
}): Promise<number> {
  let handled = 0;
  // After stop() the messages in hand are finished, but no new one is claimed: shutdown stays
  // quick and whatever is left waits in the queue for the next start.
  const lanes: Array<Promise<void>> = [];
  let failure: { reason: unknown } | undefined;
  // Once one lane finds nothing due, the others stop too instead of each asking again: every lane
  // sees the same queue, whichever end it takes from.
  let drained = false;
  const lane = async (order: ClaimOrder) => {
    while (handled < run.batchSize && !run.isStopped() && !drained) {
      const message = await run.claimNext(order);
      if (!message) {
        drained = true;
        return;
      }
      handled += 1;
      // A message found: there may be more, so another lane starts (up to concurrency).
      if (lanes.length < run.concurrency) openLane();
      await run.deliver(message);
    }
  };
  const openLane = () => {
    const order = lanes.length % 2 === 0 ? "oldest" : "newest";
    lanes.push(
      lane(order).catch((reason: unknown) => {
        failure ??= { reason };
      }),
    );
  };
  openLane();
  // Every lane finishes before the run does, even when one fails: the next run never overlaps one
  // still in progress. Lanes are only opened by running lanes, so once the last one in the list
  // has settled, none is left.
  for (let index = 0; index < lanes.length; index++) await lanes[index];
  if (failure) throw failure.reason;
  return handled;
}

// A claim is identified by its message id and attempt count: every claim increments attempts, so a
// worker whose claim lapsed and was taken over no longer matches, and cannot overwrite the outcome
// the new owner records.
async function renewClaim(settings: SendSettings, message: OutboxMessage): Promise<void> {
  const renewed = await writeStatement(settings.db, (trx) =>
    trx
      .updateTable("email_outbox")
      .set({ locked_until: isoTime(new Date(settings.now().getTime() + settings.lockMs)) })
      .where("id", "=", message.id)
      .where("attempts", "=", message.attempts)
      .where("status", "=", "sending")
      .executeTakeFirst(),
  );
  if (Number(renewed.numUpdatedRows) === 0)
    settings.logger.warn(
      { outboxId: message.id },
      "e-mail claim lapsed during the send; another worker may send it too",
    );
}

/** Sends while renewing the claim, so a slow SMTP peer never lets another worker take the message. */
async function sendRenewing(
  settings: SendSettings,
  message: ClaimedMessage,
): Promise<{ response?: string; failure: unknown }> {
  const { db, logger } = settings;
  let renewing: Promise<void> | undefined;
  let renewFailed = false;
  const timer = setInterval(() => {
    if (renewing) return;
    renewing = renewClaim(settings, message)
      .catch((error: unknown) => {
        // Logged once per message: the database being down is reported by the run itself.
        if (!renewFailed)
          logger.warn({ outboxId: message.id, err: error }, "could not renew an e-mail claim");
        renewFailed = true;
      })
      .finally(() => {
        renewing = undefined;
      });
  }, settings.renewMs);
  timer.unref();
  let giveBack: (() => void) | undefined;
  try {
    if (message.has_attachments)
      giveBack = await settings.attachmentAllowance.take(await attachmentBytes(db, message.id));
    const result = await settings.transport.send({
      ...emailFromRow(message),
      messageId: messageIdFor(message),
      attachments: message.has_attachments ? await attachmentsOf(db, message.id) : [],
    });
    return { response: result.response ?? result.file, failure: null };
  } catch (error) {
    return { failure: error ?? new Error("unknown transport failure") };
  } finally {
    giveBack?.();
    clearInterval(timer);
    await renewing;
  }
}

const markSent = prepared((db, arg: Arg<{ id: number; sentAt: string }>) =>
  db
    .updateTable("email_outbox")
    .set({ status: "sent", sent_at: arg("sentAt"), locked_until: null, last_error: null })
    .where("id", "=", arg("id")),
);

async function recordSent(db: Database, id: number, at: Date): Promise<void> {
  await writeStatement(db, (trx) => markSent(trx, { id, sentAt: isoTime(at) }));
}

/** A failed send: queued again after its retry delay, or failed for good after maxAttempts. */
async function recordFailure(
  settings: SendSettings,
  message: ClaimedMessage,
  failure: unknown,
  at: Date,
): Promise<void> {
  const lastError = describeError(failure);
  const giveUp = message.attempts >= settings.maxAttempts;
  const nextAttemptAt = new Date(
    at.getTime() + retryDelayMs(message.attempts, settings.baseDelayMs, settings.maxDelayMs),
  );
  await writeStatement(settings.db, (trx) =>
    trx
      .updateTable("email_outbox")
      .set({
        status: giveUp ? "failed" : "queued",
        last_error: lastError,
        locked_until: null,
        next_attempt_at: giveUp ? message.next_attempt_at : isoTime(nextAttemptAt),
      })
      .where("id", "=", message.id)
      .where("attempts", "=", message.attempts)
      .where("status", "=", "sending")
      .execute(),
  );
  const context = { outboxId: message.id, kind: message.kind, attempts: message.attempts, err: failure };
  if (giveUp)
    settings.logger.error(context, "e-mail delivery failed for good; the message stays in email_outbox");
  else
    settings.logger.warn(
      { ...context, nextAttemptAt: isoTime(nextAttemptAt) },
      "e-mail delivery failed; will retry",
    );
}

/** Starts delivering queued e-mail at once and then every pollMs (and on wakeUp()). */
export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const worker = createMailWorker(options);
  worker.start();
  return worker;
}
