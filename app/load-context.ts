import type { Logger } from "~/server/logger.server";

/** What the Node server hands to every loader and action. */
export interface AppServices {
  logger: Logger;
  /** A stable, non-reversible key for the client (hashed address), for per-client limits. */
  clientKey: string;
}

declare module "react-router" {
  interface AppLoadContext extends AppServices {}
}
