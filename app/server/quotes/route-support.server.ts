import type { AppLoadContext } from "react-router";
import type { QuoteDeps } from "./quote.server";

/** The quote service's dependencies from a route's load context. */
export function quoteDeps(context: AppLoadContext): QuoteDeps {
  if (!context.formSecret) throw new Error("the load context carries no formSecret (see server.ts)");
  return {
    db: context.db,
    logger: context.logger,
    salesEmail: context.salesEmail,
    mailFrom: context.mailFrom,
    onMailQueued: context.wakeMailWorker,
    formSecret: context.formSecret,
  };
}
