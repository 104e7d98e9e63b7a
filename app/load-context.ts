import type { Database } from "~/server/db/schema.server";
import type { Logger } from "~/server/logger.server";
import type { QuoteUpload } from "~/server/quotes/quote-upload.server";

/** What the Node server hands to every loader and action. */
export interface AppServices {
  logger: Logger;
  /** A stable, non-reversible key for the client (hashed address), for per-client limits. */
  clientKey: string;
  db: Database;
  salesEmail: string;
  mailFrom: string;
  /** This request's Content-Security-Policy nonce, carried by every inline script rendered for it. */
  cspNonce: string;
  /** The canonical origin (SITE_URL), e.g. https://www.example.com, read when the server starts. */
  siteUrl: string;
  /** Tells the mail worker a message was queued, so it is sent at once. */
  wakeMailWorker: () => void;
  /** A quote post's fields and files, read as a stream before React Router (POST /quote, /api/quote only). */
  upload?: QuoteUpload;
  /** Signs the quote form's start time (minimum fill time); derived from the client-key secret. */
  formSecret?: string;
}

declare module "react-router" {
  interface AppLoadContext extends AppServices {}
}
