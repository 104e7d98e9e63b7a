import { open } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type BetterSqlite3 from "better-sqlite3";
import type { SqliteDatabase } from "kysely";
import type { Database } from "~/server/db/schema.server";
import type { Logger } from "~/server/logger.server";

/** The write-ahead log of each SQLite database createDatabase opened (see attachWriteAheadLog). */
const writeAheadLogs = new WeakMap<Database, WriteAheadLog>();

/** Records the write-ahead log of a SQLite database, for the write queue to sync before it acknowledges. */
export function attachWriteAheadLog(db: Database, log: WriteAheadLog): void {
  writeAheadLogs.set(db, log);
}

/**
 * For writers of many rows, between two batches: resolves once SQLite's checkpoint thread has copied
 * the write-ahead log into the database (WriteAheadLog.checkpointNow); at once on PostgreSQL.
 */
export function settleWriteAheadLog(db: Database): Promise<void> {
  return writeAheadLogs.get(db)?.checkpointNow() ?? Promise.resolve();
}

/** The write-ahead log of a SQLite database createDatabase opened; undefined for PostgreSQL. */
export function writeAheadLogOf(db: Database): WriteAheadLog | undefined {
  return writeAheadLogs.get(db);
}

export const DEFAULT_SQLITE_BUSY_TIMEOUT_MS = 5000;
/** After a checkpoint failed, the next try waits this long. */
const CHECKPOINT_RETRY_MS = 60_000;

/**
 * The SQLite write-ahead log, kept off the event loop: synced to disk on libuv's thread pool before a
 * write is acknowledged, and copied into the database (checkpointed) on a thread of its own.
 *
 * Syncs are coalesced: commits made while one sync runs wait for the next, which covers them all (a
 * later fdatasync of the same file covers every earlier write to it). SQLite takes no locks on the log
 * file itself (they are on the database file and the shared-memory index), so opening and closing it
 * here is safe.
 *
 * Checkpoints: left to the writing connection, SQLite checkpoints inside the commit that takes the log
 * past 1,000 pages, syncing the log and the database file on the event loop; under a burst of posts
 * that stalled every request for milliseconds several times a second. Here a passive checkpoint runs on
 * a second connection, on its own thread, checkpointDelayMs after a synced commit (once per delay,
 * however many commits). A passive checkpoint never waits for and never blocks the writer or readers.
 */
export class WriteAheadLog {
  enabled = false;
  /** Checkpoints the thread has completed; for tests and diagnostics. */
  checkpoints = 0;
  /** The last checkpoint's outcome, as SQLite reports it (frames in the log, frames copied). */
  lastCheckpoint: { log: number; checkpointed: number } | undefined;
  readonly #file: string;
  readonly #databaseFile: string;
  readonly #checkpointDelayMs: number;
  readonly #logger: Logger;
  #running: Promise<void> | undefined;
  #waiting: Array<{ resolve(): void; reject(error: unknown): void }> = [];
  #directorySynced = false;
  #checkpointTimer: NodeJS.Timeout | undefined;
  #checkpointer: Worker | undefined;
  #checkpointing = false;
  #checkpointFailed = false;
  #closed = false;
  /** Callers of checkpointNow waiting for a checkpoint that starts after their call. */
  #awaitingNext: Array<() => void> = [];
  /** Callers of checkpointNow the running checkpoint answers. */
  #awaitingThis: Array<() => void> = [];

  constructor(databaseFile: string, options: { checkpointDelayMs: number; logger: Logger }) {
    this.#databaseFile = databaseFile;
    this.#file = `${databaseFile}-wal`;
    this.#checkpointDelayMs = options.checkpointDelayMs;
    this.#logger = options.logger;
  }

  /** Resolves once every commit made before the call is on disk. */
  sync(): Promise<void> {
    if (!this.enabled) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.#waiting.push({ resolve, reject });
      if (!this.#running) this.#next();
    });
  }

  /**
   * Resolves once a checkpoint that started after the call has ended on the thread (at once without a
   * log, and whatever the outcome: the writing connection's own checkpoint stays the fallback). A bulk
   * writer (deleting a million rows) waits on it every few thousand pages: with the writer paused, the
   * thread copies the whole log, the next commit starts it again from the beginning, and the log never
   * reaches the writing connection's fallback threshold, whose checkpoint runs on the event loop.
   */
  checkpointNow(): Promise<void> {
    if (!this.enabled || this.#closed || this.#checkpointFailed) return Promise.resolve();
    return new Promise<void>((resolve) => {
      this.#awaitingNext.push(resolve);
      if (this.#checkpointing) return;
      clearTimeout(this.#checkpointTimer);
      this.#checkpointTimer = undefined;
      this.#checkpoint();
    });
  }

  /** Stops checkpointing; the connection closing after this checkpoints whatever is left itself. */
  close(): void {
    this.#closed = true;
    this.#answerWaiters(this.#awaitingThis.concat(this.#awaitingNext));
    clearTimeout(this.#checkpointTimer);
    this.#checkpointer?.postMessage("close");
    this.#checkpointer = undefined;
  }

  #next(): void {
    const waiting = this.#waiting;
    this.#waiting = [];
    this.#running = this.#syncNow().then(
      () => {
        for (const waiter of waiting) waiter.resolve();
        this.#scheduleCheckpoint();
      },
      (error: unknown) => {
        for (const waiter of waiting) waiter.reject(error);
      },
    );
    void this.#running.finally(() => {
      this.#running = undefined;
      if (this.#waiting.length > 0) this.#next();
    });
  }

  async #syncNow(): Promise<void> {
    const handle = await open(this.#file, "r");
    try {
      await handle.datasync();
    } finally {
      await handle.close();
    }
    // The log's directory entry, once: the file exists from the first write for as long as the
    // connection is open.
    if (!this.#directorySynced) {
      const directory = await open(path.dirname(this.#file), "r");
      try {
        await directory.sync();
      } finally {
        await directory.close();
      }
      this.#directorySynced = true;
    }
  }

  #scheduleCheckpoint(): void {
    if (this.#closed || this.#checkpointTimer || this.#checkpointing) return;
    // After a failure (a thread that cannot start, a database it cannot open) the next try waits a
    // minute, not a second: the writing connection's own checkpoint covers the meantime.
    const delay = this.#checkpointFailed ? CHECKPOINT_RETRY_MS : this.#checkpointDelayMs;
    this.#checkpointTimer = setTimeout(() => {
      this.#checkpointTimer = undefined;
      this.#checkpoint();
    }, delay);
    this.#checkpointTimer.unref();
  }

  #answerWaiters(waiters: Array<() => void>): void {
    this.#awaitingThis = [];
    for (const resolve of waiters) resolve();
  }

  #checkpoint(): void {
    if (this.#closed) return;
    this.#checkpointing = true;
    this.#awaitingThis = this.#awaitingNext;
    this.#awaitingNext = [];
    const thread = this.#checkpointThread();
    const settle = (outcome: CheckpointOutcome) => {
      thread.off("message", settle);
      thread.off("exit", exited);
      this.#checkpointing = false;
      this.#answerWaiters(this.#awaitingThis);
      // A checkpoint cut short by close() is no failure: the closing connection checkpoints itself.
      if (this.#closed) return;
      if ("error" in outcome) {
        // Reported once per run of failures; the writing connection's own checkpoint is the fallback.
        if (!this.#checkpointFailed)
          this.#logger.warn({ err: new Error(outcome.error) }, "SQLite checkpoint failed; will retry");
        this.#checkpointFailed = true;
        // Nobody waits on a thread that fails: the next try is a minute away.
        this.#answerWaiters(this.#awaitingNext);
        this.#awaitingNext = [];
        this.#scheduleCheckpoint();
        return;
      }
      this.#checkpointFailed = false;
      this.checkpoints += 1;
      this.lastCheckpoint = { log: outcome.log, checkpointed: outcome.checkpointed };
      if (this.#awaitingNext.length > 0) {
        clearTimeout(this.#checkpointTimer);
        this.#checkpointTimer = undefined;
        this.#checkpoint();
        return;
      }
      // Frames written meanwhile (or held back by a reader) are copied at the next one.
      if (outcome.checkpointed < outcome.log) this.#scheduleCheckpoint();
    };
    const exited = () => settle({ error: "the checkpoint thread exited" });
    thread.on("message", settle);
    thread.once("exit", exited);
    thread.postMessage("checkpoint");
  }

  /** The checkpoint thread, started on first use and again after it exited. */
  #checkpointThread(): Worker {
    if (this.#checkpointer) return this.#checkpointer;
    const thread = new Worker(CHECKPOINT_THREAD, {
      workerData: { driver: requireHere.resolve("better-sqlite3"), file: this.#databaseFile },
    });
    thread.unref();
    thread.once("exit", () => {
      if (this.#checkpointer === thread) this.#checkpointer = undefined;
    });
    // An error inside the thread ends it ('exit' follows); unheard, it would end the process.
    thread.on("error", () => undefined);
    this.#checkpointer = thread;
    return thread;
  }
}

type CheckpointOutcome = { log: number; checkpointed: number } | { error: string };

const requireHere = createRequire(import.meta.url);

/**
 * The checkpoint thread's script (checkpoint-thread.mjs): beside this module when it runs from source
 * (tests, development); in a build, beside the bundle that holds this module (copied there by
 * scripts/build/bundle-server.mjs).
 */
const CHECKPOINT_THREAD = new URL("./checkpoint-thread.mjs", import.meta.url);

/** Distinct statements kept prepared per connection; the site's queries are a few dozen shapes. */
const STATEMENT_CACHE_SIZE = 256;

/**
 * The connection as Kysely's SQLite dialect sees it, with each statement prepared once: Kysely
 * prepares every query it runs, and preparing cost more than running the site's small inserts.
 * Kysely never iterates a statement (no streaming queries here), so one prepared statement can serve
 * every run of its SQL text.
 */
export function withStatementCache(connection: BetterSqlite3.Database, onClose: () => void): SqliteDatabase {
  const prepared = new Map<string, BetterSqlite3.Statement>();
  return {
    close() {
      onClose();
      connection.close();
    },
    prepare(text: string) {
      let statement = prepared.get(text);
      if (!statement) {
        statement = connection.prepare(text);
        if (prepared.size < STATEMENT_CACHE_SIZE) prepared.set(text, statement);
      }
      return statement;
    },
  };
}
