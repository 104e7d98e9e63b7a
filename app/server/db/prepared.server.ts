import { type Compilable, CompiledQuery, type Kysely, type QueryResult } from "kysely";
import type { DB } from "~/server/db/schema.server";
import { type Dialect, dialectOf } from "./dialect.server";

/*
 * Statements built by Kysely once and then run many times (docs/decisions/0085-prepared-statements.md).
 * Building and compiling a statement cost as much of the event loop as running it on SQLite; the
 * statements every lead and every e-mail runs (the outbox insert, the worker's claim, the per-client
 * limit ...) are built once per dialect with a stand-in for each value that varies, and afterwards only
 * their values change.
 */

/** Stands in for one argument while a prepared statement is compiled; replaced by its value on each run. */
class Slot {
  constructor(readonly name: string) {}
}

/** The stand-in for an argument: typed as the argument, so the builder reads as an ordinary query. */
export type Arg<Args> = <K extends keyof Args & string>(name: K) => Args[K];

interface Compiled {
  sql: string;
  /** Per parameter: the argument it takes, or the constant the builder wrote. */
  parameters: ReadonlyArray<{ arg: string } | { value: unknown }>;
}

function compile<Args, Row>(
  build: (db: Kysely<DB>, arg: Arg<Args>) => Compilable<Row>,
  db: Kysely<DB>,
): Compiled {
  const arg = ((name: string) => new Slot(name)) as unknown as Arg<Args>;
  const query = build(db, arg).compile();
  return {
    sql: query.sql,
    parameters: query.parameters.map((value) => (value instanceof Slot ? { arg: value.name } : { value })),
  };
}

/** Outside production, every run compiles again and compares: a builder that read a variable is caught. */
const verify = process.env.NODE_ENV !== "production";

function sameStatement(a: Compiled, b: Compiled): boolean {
  return (
    a.sql === b.sql &&
    a.parameters.length === b.parameters.length &&
    a.parameters.every((p, i) => JSON.stringify(p) === JSON.stringify(b.parameters[i]))
  );
}

/**
 * A statement compiled once per dialect. Every value that varies from run to run comes through `arg`;
 * anything else `build` reads is fixed at the first run, so it may read only constants and the values
 * the statement was made for (a claim's order, in a statement made per order). Returns a function that
 * runs the statement on a database or transaction with the given arguments; an argument left undefined
 * is sent as null.
 */
export function prepared<Args extends object, Row>(
  build: (db: Kysely<DB>, arg: Arg<Args>) => Compilable<Row>,
): (db: Kysely<DB>, args: Args) => Promise<QueryResult<Row>> {
  const compiled = new Map<Dialect, Compiled>();
  return async (db, args) => {
    const dialect = dialectOf(db);
    let statement = compiled.get(dialect);
    if (statement === undefined) {
      statement = compile(build, db);
      compiled.set(dialect, statement);
    } else if (verify && !sameStatement(statement, compile(build, db))) {
      throw new Error(
        `a prepared statement changed between runs (its builder read a variable): ${statement.sql}`,
      );
    }
    const given = args as Record<string, unknown>;
    const values = statement.parameters.map((p) => ("arg" in p ? (given[p.arg] ?? null) : p.value));
    return db.executeQuery<Row>(CompiledQuery.raw(statement.sql, values));
  };
}

/** A statement with no values (`commit`, `savepoint write`): its text, run as it is. */
export function fixedStatement(text: string): (db: Kysely<DB>) => Promise<QueryResult<unknown>> {
  return (db) => db.executeQuery(CompiledQuery.raw(text));
}

/**
 * The row of a prepared statement that always returns one (an insert or an upsert with `returning`),
 * as Kysely's `executeTakeFirstOrThrow` gives it: a statement that returned none is the server's fault.
 */
export function onlyRow<Row>(result: QueryResult<Row>, what: string): Row {
  const [row] = result.rows;
  if (row === undefined) throw new Error(`${what} returned no row`);
  return row;
}
