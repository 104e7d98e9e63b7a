import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { open } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import BetterSqlite3 from "better-sqlite3";
import {
  Kysely,
  PostgresAdapter,
  type PostgresCursor,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
  SqliteAdapter,
  type SqliteDatabase,
  SqliteDialect,
  sql,
} from "kysely";
import pg from "pg";
import type { Database, DB } from "~/server/db/schema.server";
import { logger as defaultLogger, type Logger } from "~/server/logger.server";

export type Dialect = "sqlite" | "postgres";

export interface DatabaseOptions {
  logger?: Logger;
  /** PostgreSQL pool size per server instance. */
  poolSize?: number;
  /** PostgreSQL: how long to wait for a connection (new, or a free one from the pool). */
  connectTimeoutMs?: number;
  /** PostgreSQL: how long a query may take before it fails and its connection is dropped. */
  queryTimeoutMs?: number;
  /** PostgreSQL: how long an unused connection stays open. */
  idleTimeoutMs?: number;
  /** SQLite: how long a statement waits for another process's write lock. */
  sqliteBusyTimeoutMs?: number;
  /** SQLite: how long after a commit the checkpoint thread copies the log into the database. */
  sqliteCheckpointDelayMs?: number;
}

const DEFAULT_POOL_SIZE = 10;
const DEFAULT_CONNECT_TIMEOUT_MS = 5000;
const DEFAULT_QUERY_TIMEOUT_MS = 10_000;
const DEFAULT_IDLE_TIMEOUT_MS = 30_000;
const DEFAULT_SQLITE_BUSY_TIMEOUT_MS = 5000;
const DEFAULT_SQLITE_CHECKPOINT_DELAY_MS = 1000;
/** After a checkpoint failed, the next try waits this long. */
const CHECKPOINT_RETRY_MS = 60_000;
/**
 * Log pages after which the writing connection copies the log into the database itself, as SQLite
 * does by default at 1,000 pages: only reached when the checkpoint thread has fallen that far behind
 * (or cannot run), so the log still cannot grow without bound.
 */
const FALLBACK_AUTOCHECKPOINT_PAGES = 10_000;
/**
 * The client stops waiting this long after the server's own statement_timeout: a server that is
 * alive cancels the statement itself and the connection stays usable; only one that does not answer
 * at all makes the client give up and drop the connection.
 */
const CLIENT_TIMEOUT_GRACE_MS = 500;

export function sqlitePathFromUrl(url: string): string {
  const rest = url.slice("sqlite:".length);
  return rest.startsWith("//") ? rest.slice(2) : rest;
}

/**
 * Opens the database that DATABASE_URL names: `sqlite:PATH` (the parent folder is created) or a
 * `postgres://` URL. Close it with `db.destroy()`.
 */
export function createDatabase(url: string, options: DatabaseOptions = {}): Database {
  const log = options.logger ?? defaultLogger;
  let db: Database;
  if (url.startsWith("sqlite:")) {
    const file = sqlitePathFromUrl(url);
    if (file === "") throw new Error("DATABASE_URL sqlite: needs a file path, e.g. sqlite:./data/site.db");
    const busyTimeoutMs = Math.max(
      0,
      Math.round(options.sqliteBusyTimeoutMs ?? DEFAULT_SQLITE_BUSY_TIMEOUT_MS),
    );
    const writeAheadLog = new WriteAheadLog(path.resolve(file), {
      checkpointDelayMs: options.sqliteCheckpointDelayMs ?? DEFAULT_SQLITE_CHECKPOINT_DELAY_MS,
      logger: log,
    });
    db = new Kysely<DB>({
      dialect: new SqliteDialect({
        database: async () => {
          const inMemory = file === ":memory:";
          if (!inMemory) mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
          const connection = new BetterSqlite3(file);
          // WAL lets readers run beside the writer. A commit then only appends to the log; the log is
          // synced to disk off the event loop before any write of writeTransaction is acknowledged
          // (WriteAheadLog below), so `synchronous = NORMAL` loses nothing that was acknowledged, and
          // the fsync no longer stops every other request. Without WAL (an in-memory database, a file
          // system without shared memory), SQLite syncs every commit itself.
          const wal = !inMemory && connection.pragma("journal_mode = WAL", { simple: true }) === "wal";
          connection.pragma(`synchronous = ${wal ? "NORMAL" : "FULL"}`);
          // Checkpoints (copying the log into the database, two fsyncs each) run on a thread of their
          // own (WriteAheadLog); this connection makes one only if that thread falls far behind.
          if (wal) connection.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
          writeAheadLog.enabled = wal;
          connection.pragma(`busy_timeout = ${busyTimeoutMs}`);
          connection.pragma("foreign_keys = ON");
          return withStatementCache(connection, () => writeAheadLog.close());
        },
      }),
    });
    Object.defineProperty(db, WRITE_AHEAD_LOG, { value: writeAheadLog });
  } else if (/^postgres(ql)?:\/\//.test(url)) {
    db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: createPostgresPool(url, options, log) }) });
  } else {
    throw new Error("DATABASE_URL must be sqlite:PATH or a postgres:// URL");
  }
  return db;
}

/**
 * Where a SQLite database's write-ahead log is found: a symbol from the global registry, because the
 * server entry and the React Router build each bundle this module (see dialectOf).
 */
const WRITE_AHEAD_LOG = Symbol.for("ridgeline.sqlite.write-ahead-log");

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
class WriteAheadLog {
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

  /** Stops checkpointing; the connection closing after this checkpoints whatever is left itself. */
  close(): void {
    this.#closed = true;
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

  #checkpoint(): void {
    if (this.#closed) return;
    this.#checkpointing = true;
    const thread = this.#checkpointThread();
    const settle = (outcome: CheckpointOutcome) => {
      thread.off("message", settle);
      thread.off("exit", exited);
      this.#checkpointing = false;
      // A checkpoint cut short by close() is no failure: the closing connection checkpoints itself.
      if (this.#closed) return;
      if ("error" in outcome) {
        // Reported once per run of failures; the writing connection's own checkpoint is the fallback.
        if (!this.#checkpointFailed)
          this.#logger.warn({ err: new Error(outcome.error) }, "SQLite checkpoint failed; will retry");
        this.#checkpointFailed = true;
        this.#scheduleCheckpoint();
        return;
      }
      this.#checkpointFailed = false;
      this.checkpoints += 1;
      this.lastCheckpoint = { log: outcome.log, checkpointed: outcome.checkpointed };
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
      eval: true,
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
 * The checkpoint thread's code, small enough to keep beside its caller (a file of its own would need a
 * place in both server bundles). It opens the database once and, on each message, runs a passive
 * checkpoint and answers with SQLite's figures or the error.
 */
const CHECKPOINT_THREAD = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
parentPort.on("message", (message) => {
  if (message === "close") {
    db.close();
    parentPort.close();
    return;
  }
  try {
    const [result] = db.pragma("wal_checkpoint(PASSIVE)");
    parentPort.postMessage({ log: result.log, checkpointed: result.checkpointed });
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
`;

function writeAheadLogOf(db: Database): WriteAheadLog | undefined {
  return (db as unknown as Record<symbol, WriteAheadLog | undefined>)[WRITE_AHEAD_LOG];
}

/** Distinct statements kept prepared per connection; the site's queries are a few dozen shapes. */
const STATEMENT_CACHE_SIZE = 256;

/**
 * The connection as Kysely's SQLite dialect sees it, with each statement prepared once: Kysely
 * prepares every query it runs, and preparing cost more than running the site's small inserts.
 * Kysely never iterates a statement (no streaming queries here), so one prepared statement can serve
 * every run of its SQL text.
 */
function withStatementCache(connection: BetterSqlite3.Database, onClose: () => void): SqliteDatabase {
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

/**
 * The pg pool Kysely is given, with timeouts on every step: opening a connection or waiting for a
 * free one (connectionTimeoutMillis), each statement (statement_timeout on the server, query_timeout
 * on the client as a backstop when the server does not answer), an idle transaction, and idle
 * connections. Without them, a database that accepts connections but stops answering holds every
 * request, and every pooled connection, forever.
 */
function createPostgresPool(url: string, options: DatabaseOptions, log: Logger): PostgresPool {
  const queryTimeoutMs = positive(options.queryTimeoutMs, DEFAULT_QUERY_TIMEOUT_MS);
  const pool = new pg.Pool({
    connectionString: url,
    max: positive(options.poolSize, DEFAULT_POOL_SIZE),
    connectionTimeoutMillis: positive(options.connectTimeoutMs, DEFAULT_CONNECT_TIMEOUT_MS),
    idleTimeoutMillis: positive(options.idleTimeoutMs, DEFAULT_IDLE_TIMEOUT_MS),
    statement_timeout: queryTimeoutMs,
    query_timeout: queryTimeoutMs + CLIENT_TIMEOUT_GRACE_MS,
    // A client that vanished mid-transaction (a network that stopped passing packets) would otherwise
    // keep its row locks on the server until the server's TCP stack noticed, which takes hours.
    idle_in_transaction_session_timeout: queryTimeoutMs * 2,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // An idle client that loses its server emits 'error' on the pool; unhandled, that would end the
  // process. The next query simply gets a fresh connection.
  pool.on("error", (error) => log.error({ err: error }, "idle PostgreSQL connection failed"));
  const wrappers = new WeakMap<pg.PoolClient, DiscardingClient>();
  pool.on("connect", (client) => {
    const wrapper = new DiscardingClient(client);
    wrappers.set(client, wrapper);
    // A checked-out client has no pool listener; an 'error' nobody listens to would end the process.
    client.on("error", (error) => wrapper.markBroken(error));
  });
  return {
    async connect() {
      const client = await pool.connect();
      const wrapper = wrappers.get(client) ?? new DiscardingClient(client);
      wrappers.set(client, wrapper);
      return wrapper;
    },
    end: () => pool.end(),
  };
}

function positive(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? Math.round(value) : fallback;
}

/**
 * A pooled client that is dropped, not reused, once a query on it failed for any reason other than
 * an error the server reported. After a client-side timeout the query may still be running or its
 * answer may still arrive, so the connection's state is unknown; kept in the pool it would hand that
 * late answer to the next query, or hang it. Kysely releases with no argument, so the decision is
 * taken here.
 */
class DiscardingClient implements PostgresPoolClient {
  #client: pg.PoolClient;
  #broken: Error | undefined;

  constructor(client: pg.PoolClient) {
    this.#client = client;
  }

  markBroken(error: unknown): void {
    this.#broken ??= error instanceof Error ? error : new Error(String(error));
  }

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sqlOrCursor !== "string") throw new Error("cursors are not configured for this database");
    return this.#run<R>(sqlOrCursor, parameters);
  }

  async #run<R>(text: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
    // Fails at once instead of waiting for another timeout: the rollback Kysely sends after a failed
    // statement would otherwise hang on the same dead connection.
    if (this.#broken)
      throw new Error(`PostgreSQL connection dropped after: ${this.#broken.message}`, {
        cause: this.#broken,
      });
    try {
      const values = [...parameters];
      const name = values.length > 0 ? preparedName(text) : undefined;
      // pg's result type is wider than Kysely's (command is any string); Kysely reads only the
      // commands it knows.
      return (await this.#client.query(
        name ? { name, text, values } : { text, values },
      )) as unknown as PostgresQueryResult<R>;
    } catch (error) {
      // 0A000 includes "cached plan must not change result type": a table changed under a prepared
      // statement (a migration run by another instance). A new connection prepares it afresh.
      if (!(error instanceof pg.DatabaseError) || error.code === "0A000") this.markBroken(error);
      throw error;
    }
  }

  release(): void {
    const broken = this.#broken;
    this.#broken = undefined;
    // pg-pool destroys a client released with an error instead of keeping it.
    this.#client.release(broken ?? undefined);
  }
}

/** Distinct statements prepared by name on each PostgreSQL connection; the rest run unnamed. */
const PREPARED_NAMES_MAX = 256;
const preparedNames = new Map<string, string>();

/**
 * The name a parameterised statement is prepared under: the server then parses and plans each of the
 * site's few dozen statement shapes once per connection instead of at every run, which was most of its
 * work per post. Statements without parameters (BEGIN, COMMIT, migrations) keep pg's simple protocol,
 * which also allows several statements in one text. The same text gets the same name on every
 * connection; pg prepares it on a connection the first time it runs there.
 */
function preparedName(text: string): string | undefined {
  let name = preparedNames.get(text);
  if (name === undefined && preparedNames.size < PREPARED_NAMES_MAX) {
    // Named after the text itself, so any copy of this module gives a statement the same name.
    name = `ridgeline_${createHash("sha256").update(text).digest("hex").slice(0, 24)}`;
    preparedNames.set(text, name);
  }
  return name;
}

/**
 * Which database a Kysely instance (or transaction) talks to. Read from its adapter rather than
 * recorded in module state: the server entry and the React Router build each bundle this module, so
 * module state would differ between them, while `kysely` itself is one shared package.
 */
export function dialectOf(db: Kysely<DB>): Dialect {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof PostgresAdapter) return "postgres";
  if (adapter instanceof SqliteAdapter) return "sqlite";
  throw new Error("dialectOf: only SQLite and PostgreSQL databases are supported");
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function errorCode(error: unknown): string {
  if (typeof error === "object" && error !== null && "code" in error) return String(error.code);
  return "";
}

function isSqliteBusy(error: unknown): boolean {
  return errorCode(error).startsWith("SQLITE_BUSY");
}

/** A unique-constraint violation on either database (pg 23505, SQLite SQLITE_CONSTRAINT_UNIQUE). */
export function isUniqueViolation(error: unknown): boolean {
  const code = errorCode(error);
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

/**
 * Takes SQLite's write lock up front (BEGIN IMMEDIATE), so a transaction that reads and then writes
 * can never be overtaken between its read and its write. better-sqlite3 is synchronous: a busy
 * timeout would block the whole event loop, so the lock is tried without waiting and retried
 * asynchronously until SQLITE_BUSY_TIMEOUT_MS has passed. Within one process the lock is never
 * contended: every write goes through the one connection and its queue (see writeTransaction).
 */
async function beginImmediate(conn: Kysely<DB>, busyTimeoutMs: number): Promise<void> {
  try {
    await sql`begin immediate`.execute(conn);
    return;
  } catch (error) {
    if (!isSqliteBusy(error)) throw error;
  }
  const deadline = Date.now() + busyTimeoutMs;
  let delay = 1;
  await sql`pragma busy_timeout = 0`.execute(conn);
  try {
    for (;;) {
      await sleep(delay + Math.random() * delay);
      delay = Math.min(delay * 2, 25);
      try {
        await sql`begin immediate`.execute(conn);
        return;
      } catch (error) {
        if (!isSqliteBusy(error) || Date.now() > deadline) throw error;
      }
    }
  } finally {
    await sql.raw(`pragma busy_timeout = ${Math.max(0, Math.round(busyTimeoutMs))}`).execute(conn);
  }
}

type Work<T> = (trx: Kysely<DB>, dialect: Dialect) => Promise<T>;

interface QueuedWrite {
  work: Work<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** Writes that arrived while a batch was being written; committed together in the next one. */
const writeQueues = new WeakMap<Database, QueuedWrite[]>();
/** Longest batch: bounds how long one commit keeps the others waiting. */
const MAX_BATCH = 128;

/**
 * Runs `work` in a transaction: on PostgreSQL a plain READ COMMITTED transaction (callers add row or
 * advisory locks where they need them); on SQLite one that holds the write lock. `work` must use the
 * `trx` it is given, never `db` (on SQLite `db` waits for the one connection `trx` holds), and must
 * not wait for anything but its own queries.
 *
 * SQLite commits are group commits (docs/decisions/0014-sqlite-group-commit.md): writes that arrive
 * while one is being written queue up and are then written in one transaction, each in a savepoint of
 * its own. A write that fails rolls back to its savepoint and fails alone; a failed commit fails every
 * write of the batch; each caller's promise settles only once the commit that holds its write is on
 * disk. One fsync then covers a whole burst of posts instead of one each, and it runs off the event
 * loop (WriteAheadLog), while the next batch is being written.
 */
export async function writeTransaction<T>(db: Database, work: Work<T>): Promise<T> {
  const dialect = dialectOf(db);
  if (dialect === "postgres") return db.transaction().execute((trx) => work(trx, dialect));
  let queue = writeQueues.get(db);
  const idle = queue === undefined;
  if (!queue) {
    queue = [];
    writeQueues.set(db, queue);
  }
  const settled = new Promise<T>((resolve, reject) => {
    queue.push({ work: work as Work<unknown>, resolve: resolve as (value: unknown) => void, reject });
  });
  // The batch starts once the event loop has read what arrived with this write: the posts it parsed
  // in the same turn join it instead of each paying for a commit of its own.
  if (idle) setImmediate(() => void drainWrites(db, queue));
  return settled;
}

/**
 * Runs `work`, which must be a single statement that writes: on PostgreSQL on its own, with no
 * transaction around it (one round trip instead of three; a statement is atomic by itself); on SQLite
 * through the write queue, like every write (writeTransaction).
 */
export function writeStatement<T>(db: Database, work: Work<T>): Promise<T> {
  const dialect = dialectOf(db);
  return dialect === "postgres" ? work(db, dialect) : writeTransaction(db, work);
}

async function drainWrites(db: Database, queue: QueuedWrite[]): Promise<void> {
  const log = writeAheadLogOf(db);
  try {
    // Reads the configured busy timeout once per drain: the server entry and the React Router build
    // each bundle this module (see dialectOf), so only the connection knows what createDatabase set.
    let busyTimeoutMs: number | undefined;
    while (queue.length > 0) {
      const batch = queue.splice(0, MAX_BATCH);
      const { committed, retry } = await db
        .connection()
        .execute(async (conn) => {
          if (busyTimeoutMs === undefined) {
            const busy = await sql<{ timeout: number }>`pragma busy_timeout`.execute(conn);
            busyTimeoutMs = Number(busy.rows[0]?.timeout ?? DEFAULT_SQLITE_BUSY_TIMEOUT_MS);
          }
          return writeBatch(conn, batch, busyTimeoutMs);
        })
        .catch((error: unknown): BatchOutcome => {
          for (const item of batch) item.reject(error);
          return { committed: [], retry: [] };
        });
      // Acknowledged once the log is on disk; the next batch is written meanwhile.
      if (committed.length > 0) {
        const durable = log ? log.sync() : Promise.resolve();
        durable.then(
          () => {
            for (const { item, value } of committed) item.resolve(value);
          },
          (error: unknown) => {
            for (const { item } of committed) item.reject(error);
          },
        );
      }
      queue.unshift(...retry);
      // Lets the event loop read the requests that arrived meanwhile, so they join the next batch.
      if (queue.length > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    }
  } finally {
    writeQueues.delete(db);
    // A write queued after the loop saw an empty queue but before the delete started no drain.
    if (queue.length > 0) {
      writeQueues.set(db, queue);
      void drainWrites(db, queue);
    }
  }
}

interface BatchOutcome {
  /** Writes in the committed transaction, with their results; settled once the log is synced. */
  committed: Array<{ item: QueuedWrite; value: unknown }>;
  /** Writes that never ran (the transaction ended under them): they go into the next batch. */
  retry: QueuedWrite[];
}

/** Writes one batch: BEGIN IMMEDIATE, each write in its own savepoint, one COMMIT. */
async function writeBatch(
  conn: Kysely<DB>,
  batch: QueuedWrite[],
  busyTimeoutMs: number,
): Promise<BatchOutcome> {
  await beginImmediate(conn, busyTimeoutMs);
  const done: Array<{ item: QueuedWrite; value: unknown }> = [];
  for (const [index, item] of batch.entries()) {
    await sql`savepoint write`.execute(conn);
    try {
      done.push({ item, value: await item.work(conn, "sqlite") });
      await sql`release write`.execute(conn);
    } catch (error) {
      try {
        await sql`rollback to write`.execute(conn);
        await sql`release write`.execute(conn);
      } catch {
        // SQLite rolled the whole transaction back by itself (e.g. SQLITE_FULL): the writes before this
        // one are gone too, and the ones after it have not run.
        await sql`rollback`.execute(conn).catch(() => undefined);
        item.reject(error);
        for (const earlier of done) earlier.item.reject(error);
        return { committed: [], retry: batch.slice(index + 1) };
      }
      item.reject(error);
    }
  }
  try {
    await sql`commit`.execute(conn);
  } catch (error) {
    await sql`rollback`.execute(conn).catch(() => undefined);
    for (const { item } of done) item.reject(error);
    return { committed: [], retry: [] };
  }
  return { committed: done, retry: [] };
}

/** `count(*)` comes back as a string from pg and as a number from SQLite. */
export function toCount(value: string | number | bigint | null | undefined): number {
  return value === null || value === undefined ? 0 : Number(value);
}
