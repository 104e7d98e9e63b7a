import { createHash } from "node:crypto";
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from "kysely";
import pg from "pg";
import type { Logger } from "~/server/logger.server";
import type { DatabaseOptions } from "./database-options.server";

const DEFAULT_POOL_SIZE = 10;
const DEFAULT_CONNECT_TIMEOUT_MS = 5000;
const DEFAULT_QUERY_TIMEOUT_MS = 10_000;
const DEFAULT_IDLE_TIMEOUT_MS = 30_000;
/**
 * The client stops waiting this long after the server's own statement_timeout: a server that is
 * alive cancels the statement itself and the connection stays usable; only one that does not answer
 * at all makes the client give up and drop the connection.
 */
const CLIENT_TIMEOUT_GRACE_MS = 500;

/**
 * The pg pool Kysely is given, with timeouts on every step: opening a connection or waiting for a
 * free one (connectionTimeoutMillis), each statement (statement_timeout on the server, query_timeout
 * on the client as a backstop when the server does not answer), an idle transaction, and idle
 * connections. Without them, a database that accepts connections but stops answering holds every
 * request, and every pooled connection, forever.
 */
/** What /metrics shows of the pool: connections open, idle ones, and callers waiting for one. */
export interface PostgresPoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export function createPostgresPool(
  url: string,
  options: DatabaseOptions,
  log: Logger,
): PostgresPool & { stats(): PostgresPoolStats } {
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
    stats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
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

/**
 * Begins a statement PostgreSQL should plan for each run's own values: it is never prepared by name.
 * A named statement is planned generically after five runs when that plan looks no dearer, and for a
 * search whose pattern decides which index pays (`like '%…%'` on a trigram index, the range of ids
 * around it) the generic plan read every item of the version: 21 ms against 0.3 ms (decision 0089).
 */
export const PLANNED_EACH_RUN = "/* planned each run */ ";

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
  if (text.startsWith(PLANNED_EACH_RUN)) return undefined;
  let name = preparedNames.get(text);
  if (name === undefined && preparedNames.size < PREPARED_NAMES_MAX) {
    // Named after the text itself, so any copy of this module gives a statement the same name.
    name = `ridgeline_${createHash("sha256").update(text).digest("hex").slice(0, 24)}`;
    preparedNames.set(text, name);
  }
  return name;
}
