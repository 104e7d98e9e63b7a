import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Arg, fixedStatement, onlyRow, prepared } from "~/server/db/prepared.server";
import { type TestDatabase, testDialects } from "../../../tests/support/databases";

const insertHit = prepared((db, arg: Arg<{ key: string; windowStart: string }>) =>
  db
    .insertInto("rate_limit_hits")
    .values({ key: arg("key"), window_start: arg("windowStart"), count: 1 })
    .onConflict((oc) =>
      oc
        .columns(["key", "window_start"])
        .doUpdateSet((eb) => ({ count: eb("rate_limit_hits.count", "+", 1) })),
    )
    .returning(["key", "count"]),
);

const hitsOf = prepared((db, arg: Arg<{ key: string }>) =>
  db
    .selectFrom("rate_limit_hits")
    .select(["window_start", "count"])
    .where("key", "=", arg("key"))
    .orderBy("window_start"),
);

describe.each(testDialects)("prepared statements on $name", ({ create }) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await create();
  });
  afterEach(async () => {
    await t.cleanup();
  });

  it("run again and again with each run's own values", async () => {
    for (const [key, windowStart] of [
      ["a", "2026-11-29T00:00:00.000Z"],
      ["a", "2026-11-29T00:00:00.000Z"],
      ["b", "2026-11-29T00:00:00.000Z"],
      ["a", "2026-11-29T00:10:00.000Z"],
    ] as const)
      await insertHit(t.db, { key, windowStart });
    const counts = (await hitsOf(t.db, { key: "a" })).rows.map((row) => Number(row.count));
    expect(counts).toEqual([2, 1]);
    expect((await hitsOf(t.db, { key: "b" })).rows).toHaveLength(1);
    expect((await hitsOf(t.db, { key: "c" })).rows).toHaveLength(0);
  });

  it("run in a transaction, and the transaction's rollback takes them back", async () => {
    await t.db
      .transaction()
      .execute(async (trx) => {
        await insertHit(trx, { key: "rolled-back", windowStart: "2026-11-29T00:00:00.000Z" });
        throw new Error("stop");
      })
      .catch(() => undefined);
    expect((await hitsOf(t.db, { key: "rolled-back" })).rows).toHaveLength(0);
  });

  it("refuse a builder that read a variable instead of an argument, outside production", async () => {
    let key = "first";
    const readsVariable = prepared((db, _arg: Arg<Record<string, never>>) =>
      db.selectFrom("rate_limit_hits").select("count").where("key", "=", key),
    );
    await readsVariable(t.db, {});
    key = "second";
    await expect(readsVariable(t.db, {})).rejects.toThrow(/builder read a variable/);
  });

  it("send an argument left undefined as null", async () => {
    const insertOutbox = prepared((db, arg: Arg<{ cc: string | undefined }>) =>
      db
        .insertInto("email_outbox")
        .values({
          kind: "test",
          from_address: "a@example.com",
          to_address: "b@example.com",
          cc_address: arg("cc"),
          subject: "s",
          text_body: "t",
          priority: 0,
          status: "queued",
          next_attempt_at: "2026-11-29T00:00:00.000Z",
          created_at: "2026-11-29T00:00:00.000Z",
        })
        .returning("cc_address"),
    );
    expect((await insertOutbox(t.db, { cc: undefined })).rows).toEqual([{ cc_address: null }]);
  });

  it("give the one row a statement returned, and fail when it returned none", async () => {
    const hit = onlyRow(
      await insertHit(t.db, { key: "one", windowStart: "2026-11-29T00:00:00.000Z" }),
      "the hit",
    );
    expect(hit).toEqual({ key: "one", count: 1 });
    const none = await hitsOf(t.db, { key: "none" });
    expect(() => onlyRow(none, "the missing hit")).toThrow("the missing hit returned no row");
  });

  it("run a fixed statement as its text", async () => {
    const begin = fixedStatement("begin");
    const rollback = fixedStatement("rollback");
    await t.db.connection().execute(async (conn) => {
      await begin(conn);
      await insertHit(conn, { key: "fixed", windowStart: "2026-11-29T00:00:00.000Z" });
      await rollback(conn);
    });
    expect((await hitsOf(t.db, { key: "fixed" })).rows).toHaveLength(0);
  });
});
