import { Gauge, type Registry } from "prom-client";
import { HELD_LEAD_TABLES, type HeldLeadKind, selectHeld } from "~/features/leads/held-tables.server";
import type { Database } from "~/server/db/schema.server";
import type { Logger } from "~/server/logger.server";

/**
 * Registers `leads_held` (docs/deploy.md#metrics): leads held aside as likely spam and not released,
 * by kind (docs/spam.md), counted on each scrape.
 */
export function registerHeldLeadsMetric(registry: Registry, db: Database, logger: Logger): void {
  new Gauge({
    name: "leads_held",
    help: "Leads held aside as likely spam and not released, by kind (docs/spam.md).",
    labelNames: ["kind"] as const,
    registers: [registry],
    async collect() {
      try {
        for (const kind of Object.keys(HELD_LEAD_TABLES) as HeldLeadKind[]) {
          const row = await selectHeld(db, HELD_LEAD_TABLES[kind])
            .select((eb) => eb.fn.countAll<string | number>().as("count"))
            .executeTakeFirstOrThrow();
          this.set({ kind }, Number(row.count));
        }
      } catch (error) {
        logger.debug({ err: error }, "metrics: held leads query failed");
      }
    },
  });
}
