import type { ColumnType, Generated } from "kysely";
import type { IsoTimestamp } from "~/server/db/schema.server";

/* The quote form's tables, added to the site's DB type (the platform names no feature's table). */

/** An online quote request (docs/quotes.md). */
export interface QuoteRequestTable {
  id: Generated<number>;
  /** `Q-` and six characters, unique; shown to the buyer and in every e-mail about the request. */
  reference: string;
  company: string;
  name: string;
  email: string;
  phone: string | null;
  postal_code: string | null;
  needed_by: string | null;
  po_reference: string | null;
  /** JSON object of the label details the buyer gave, or null. */
  label_details: string | null;
  /** JSON object of the foam/protective packaging details, or null. */
  foam_details: string | null;
  client_key: string | null;
  created_at: IsoTimestamp;
  /** When the lead was held aside as likely spam (docs/spam.md); null for a lead sent on as usual. */
  held_at: IsoTimestamp | null;
  /** JSON array of the spam rules it met, `{ code, reason, score }`, when held. */
  held_reasons: string | null;
  /** When the owner released a held lead (its e-mails were then queued); null otherwise. */
  released_at: IsoTimestamp | null;
  /** SHA-256 of the normalised message (spamMessageHash), for the repeated-message rule. */
  message_hash: string | null;
}

export interface QuoteItemTable {
  request_id: number;
  position: number;
  area: string | null;
  description: string;
  quantity: number;
  unit: string;
  notes: string | null;
  /** The item's label details as JSON (LABEL_FIELD_NAMES), or null; older requests keep theirs in quote_requests.label_details. */
  label_details: ColumnType<string | null, string | null | undefined, string | null>;
  /** The catalogue part number the line came with, as posted (0016), or null. */
  sku: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The files attached to a quote request, in order (content in stored_files). */
export interface QuoteFileTable {
  request_id: number;
  position: number;
  file_id: number;
}

declare module "~/server/db/schema.server" {
  interface DB {
    quote_requests: QuoteRequestTable;
    quote_items: QuoteItemTable;
    quote_files: QuoteFileTable;
  }
}
