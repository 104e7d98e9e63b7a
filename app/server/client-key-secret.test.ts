import { describe, expect, it } from "vitest";
import { freshDatabaseEach, testDialects } from "../../tests/support/databases";
import { loadClientKeySecret } from "./client-key-secret.server";

describe.each(testDialects)("loadClientKeySecret on $name", (dialect) => {
  const t = freshDatabaseEach(dialect);

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
