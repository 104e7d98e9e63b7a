import type { Generated } from "kysely";
import type { IsoTimestamp } from "~/server/db/schema.server";

/* The contact form's table, added to the site's DB type (the platform names no feature's table). */

/** A contact message (docs/product.md#contact-form). */
export interface ContactSubmissionTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  /** Keyed hash of the client's address (never the address itself), or null. */
  client_key: string | null;
  created_at: IsoTimestamp;
  /** Short reference shown to the visitor (`C-…`, docs/quotes.md); null for messages stored before it existed. */
  reference: string | null;
  /** When the lead was held aside as likely spam (docs/spam.md); null for a lead sent on as usual. */
  held_at: IsoTimestamp | null;
  /** JSON array of the spam rules it met, `{ code, reason, score }`, when held. */
  held_reasons: string | null;
  /** When the owner released a held lead (its e-mails were then queued); null otherwise. */
  released_at: IsoTimestamp | null;
  /** SHA-256 of the normalised message (spamMessageHash), for the repeated-message rule. */
  message_hash: string | null;
}

declare module "~/server/db/schema.server" {
  interface DB {
    contact_submissions: ContactSubmissionTable;
  }
}
