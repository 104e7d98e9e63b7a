import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type TestDatabase, testDialects } from "~/server/db/test-databases.server";
import { loadClientKeySecret } from "./client-key-secret.server";

describe.each(testDialects)("loadClientKeySecret on $name", ({ create }) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await create();
  });
  afterEach(async () => {
    await t.cleanup();
  });

  it("generates one secret and gives every instance, and every restart, the same", async () => {
    const other = t.open();
    const [first, second] = await Promise.all([
      loadClientKeySecret(t.db, undefined),
      loadClientKeySecret(other, undefined),
    ]);
    expect(first).toMatch(/^[\w-]{43}$/);
    expect(second).toBe(first);
    expect(await loadClientKeySecret(t.db, undefined)).toBe(first);
  });

  it("uses CLIENT_KEY_SECRET when it is set, and stores nothing", async () => {
    expect(await loadClientKeySecret(t.db, "configured-secret-value")).toBe("configured-secret-value");
    expect(await t.db.selectFrom("app_settings").selectAll().execute()).toEqual([]);
  });
});
