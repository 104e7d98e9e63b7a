import type { Database } from "~/server/db/schema.server";
import type { Logger } from "~/server/logger.server";

/** What the form services need; one object can serve both forms. */
export interface FormDeps {
  db: Database;
  logger: Logger;
  now?: () => Date;
}

export interface ContactDeps extends FormDeps {
  /** Where notifications go (SALES_EMAIL). */
  salesEmail: string;
  /** The notification's From (MAIL_FROM). */
  mailFrom: string;
  /** Called after a notification was queued: pass the mail worker's wakeUp. */
  onMailQueued?: () => void;
}

/** Form posts as a plain record (e.g. Object.fromEntries(formData)); non-string values count as empty. */
export type FormInput = Record<string, unknown>;
