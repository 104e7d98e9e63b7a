import { describe, expect, it } from "vitest";
import { registerHeldLeadsMetric } from "~/features/leads/spam/held-metrics.server";
import { createMetrics } from "~/server/metrics.server";
import { freshDatabaseEach, memoryLogger, testDialects } from "../../../../tests/support/databases";

describe.each(testDialects)("leads_held on $name", (dialect) => {
  const t = freshDatabaseEach(dialect);

  it("reports the leads held as likely spam by kind", async () => {
    const metrics = createMetrics(t.db, memoryLogger().logger);
    registerHeldLeadsMetric(metrics.registry, t.db, memoryLogger().logger);
    const at = "2026-11-01T10:00:00.000Z";
    const contact = { email: "x@example.com", phone: null, message: "m", client_key: null, created_at: at };
    await t.db
      .insertInto("contact_submissions")
      .values([
        { ...contact, name: "held", held_at: at, held_reasons: "[]" },
        { ...contact, name: "held too", held_at: at, held_reasons: "[]" },
        { ...contact, name: "released", held_at: at, held_reasons: "[]", released_at: at },
        { ...contact, name: "never held" },
      ])
      .execute();
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/^leads_held\{kind="contact"\} 2$/m);
    expect(text).toMatch(/^leads_held\{kind="quote"\} 0$/m);
  });
});
