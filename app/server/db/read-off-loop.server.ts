import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";
import type { Database, DB } from "~/server/db/schema.server";

/*
 * Long reads off the event loop (docs/decisions/0047-long-reads-off-the-event-loop.md). better-sqlite3
 * runs every statement on the thread that calls it, so a report over a large table would hold up every
 * request meanwhile. readerOf(db) answers a Kysely instance for such reads: on a SQLite file, its
 * queries run on a thread of their own with a read-only connection (WAL lets it read beside the
 * writer); on PostgreSQL the server does the work already, so it is the database itself.
 */

const requireHere = createRequire(import.meta.url);
/** The thread's script: beside this module from source; in a build, copied beside the bundle. */
const READ_THREAD = new URL("./read-thread.mjs", import.meta.url);

const sqliteFiles = new WeakMap<Database, { file: string; busyTimeoutMs: number }>();
const readers = new WeakMap<Database, Kysely<DB>>();

/** Records the file of a SQLite database createDatabase opened, for readerOf. */
export function attachSqliteFile(db: Database, file: string, busyTimeoutMs: number): void {
  sqliteFiles.set(db, { file, busyTimeoutMs });
}

type Reply = { id: number; rows: unknown[] } | { id: number; error: string };

/** One read thread, started on first use and again after it ended; queries wait their turn. */
class ReadThread {
  #worker: Worker | undefined;
  #next = 1;
  readonly #pending = new Map<number, { resolve(rows: unknown[]): void; reject(error: Error): void }>();

  constructor(readonly options: { file: string; busyTimeoutMs: number }) {}

  run(sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    const worker = this.#thread();
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      worker.postMessage({ id, sql, parameters });
    });
  }

  close(): void {
    this.#worker?.postMessage("close");
    this.#worker = undefined;
  }

  #thread(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(READ_THREAD, {
      workerData: { driver: requireHere.resolve("better-sqlite3"), ...this.options },
    });
    worker.unref();
    worker.on("message", (reply: Reply) => {
      const waiting = this.#pending.get(reply.id);
      this.#pending.delete(reply.id);
      if ("error" in reply) waiting?.reject(new Error(reply.error));
      else waiting?.resolve(reply.rows);
    });
    const fail = (error: Error) => {
      if (this.#worker === worker) this.#worker = undefined;
      for (const waiting of this.#pending.values()) waiting.reject(error);
      this.#pending.clear();
    };
    worker.on("error", fail);
    worker.once("exit", () => fail(new Error("the read thread exited")));
    this.#worker = worker;
    return worker;
  }
}

function threadDriver(thread: ReadThread): Driver {
  const connection: DatabaseConnection = {
    async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
      return { rows: (await thread.run(compiled.sql, compiled.parameters)) as R[] };
    },
    // biome-ignore lint/correctness/useYield: reads are answered whole, never streamed
    async *streamQuery() {
      throw new Error("the read thread does not stream");
    },
  };
  const noTransactions = async () => {
    throw new Error("the read thread runs no transactions");
  };
  return {
    init: async () => undefined,
    acquireConnection: async () => connection,
    beginTransaction: noTransactions,
    commitTransaction: noTransactions,
    rollbackTransaction: noTransactions,
    releaseConnection: async () => undefined,
    destroy: async () => thread.close(),
  };
}

/**
 * The Kysely instance for long reads of `db` (the report, the digest, housekeeping's scans): selects
 * only. A SQLite database opened on a file gets its read thread, made once per database.
 */
export function readerOf(db: Database): Kysely<DB> {
  const sqlite = sqliteFiles.get(db);
  if (!sqlite || sqlite.file === ":memory:") return db;
  let reader = readers.get(db);
  if (!reader) {
    const thread = new ReadThread(sqlite);
    reader = new Kysely<DB>({
      dialect: {
        createAdapter: () => new SqliteAdapter(),
        createDriver: () => threadDriver(thread),
        createIntrospector: (kysely) => new SqliteIntrospector(kysely),
        createQueryCompiler: () => new SqliteQueryCompiler(),
      },
    });
    readers.set(db, reader);
  }
  return reader;
}

/** Ends the read thread of `db`, if it has one (a test's cleanup; the thread does not keep a process up). */
export async function closeReader(db: Database): Promise<void> {
  const reader = readers.get(db);
  readers.delete(db);
  await reader?.destroy();
}
