import type { Generated, Kysely, Selectable } from "kysely";

/*
 * Every timestamp column holds an ISO-8601 UTC string written by the application
 * (`Date.prototype.toISOString()`, always `YYYY-MM-DDTHH:mm:ss.sssZ`). Why: the fixed width makes text
 * order equal time order, so `<`, `>=` and ORDER BY behave identically on SQLite and PostgreSQL;
 * neither driver converts the value (pg would turn timestamptz into Date, SQLite has no date type,
 * and pg returns bigint epoch values as strings); the clock is the application's, so tests inject
 * it; and exports and ad-hoc queries stay readable.
 */
export type IsoTimestamp = string;

export interface NewsletterSubscriptionTable {
  id: Generated<number>;
  /** Trimmed and lower-cased (docs/product.md#newsletter-form). */
  email: string;
  /** The latest signup (docs/newsletter.md). */
  subscribed_at: IsoTimestamp;
  status: Generated<NewsletterStatus>;
  confirmed_at: IsoTimestamp | null;
  unsubscribed_at: IsoTimestamp | null;
  /** Which signup wording the visitor saw (see NEWSLETTER_CONSENT_VERSION). */
  consent_version: string | null;
  /** Keyed hash of the client's address at signup, like a lead's client_key. */
  client_key: string | null;
  /** When the last confirmation e-mail was queued (null if the visitor-mail limits left out every one). */
  confirmation_sent_at: IsoTimestamp | null;
}

export const NEWSLETTER_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

/** A subscription's consent record, as the subscriber export and a privacy export show it (docs/newsletter.md). */
export const SUBSCRIPTION_RECORD_COLUMNS = [
  "id",
  "email",
  "status",
  "subscribed_at",
  "confirmed_at",
  "unsubscribed_at",
  "consent_version",
  "client_key",
] as const;

/** Confirmation and unsubscribe links: only the SHA-256 of the token is kept. */
export interface NewsletterTokenTable {
  token_hash: string;
  subscription_id: number;
  purpose: "confirm" | "unsubscribe";
  created_at: IsoTimestamp;
  /** Null: never expires (unsubscribe links). */
  expires_at: IsoTimestamp | null;
  used_at: IsoTimestamp | null;
}

export interface NewsletterAttemptTable {
  id: Generated<number>;
  email: string;
  attempted_at: IsoTimestamp;
}

/** Fixed-window counters of the per-client limits (docs/product.md#per-client-limits). */
export interface RateLimitHitTable {
  key: string;
  window_start: IsoTimestamp;
  count: number;
}

export const OUTBOX_STATUSES = ["queued", "sending", "sent", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export interface EmailOutboxTable {
  id: Generated<number>;
  kind: string;
  from_address: string;
  /** One address, or (a sales notification routed to a branch) several, comma-separated. */
  to_address: string;
  /** Addresses in Cc, comma-separated (the sales address on a routed quote request), or null. */
  cc_address: string | null;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: OutboxStatus;
  /** Delivery attempts started so far (incremented when a worker claims the message). */
  attempts: Generated<number>;
  next_attempt_at: IsoTimestamp;
  last_error: string | null;
  /** While status is 'sending': the claim expires then, and another worker may take the message over. */
  locked_until: IsoTimestamp | null;
  created_at: IsoTimestamp;
  sent_at: IsoTimestamp | null;
  /** Extra headers as a JSON object of name to value (e.g. List-Unsubscribe), or null. */
  headers: string | null;
  /** Lower goes first: a lead's notification (0) never waits behind bulk mail (see MAIL_PRIORITY). */
  priority: Generated<number>;
  /** Unique when set: queuing a message with a key already queued does nothing. */
  dedupe_key: string | null;
}

/** A file kept in the database (so every instance sees it), e.g. a drawing attached to a quote request. */
export interface StoredFileTable {
  id: Generated<number>;
  file_name: string;
  content_type: string;
  byte_size: number;
  /** Hex SHA-256 of the content. */
  sha256: string;
  content: Buffer;
  created_at: IsoTimestamp;
}

/** The files a queued message carries, in order. */
export interface EmailAttachmentTable {
  outbox_id: number;
  position: number;
  file_id: number;
}

/** Values generated once and shared by every instance (e.g. `client_key_secret`). */
export interface AppSettingTable {
  name: string;
  value: string;
  created_at: IsoTimestamp;
}

/** Site searches that found nothing (docs/search.md): the normalised query only, never who asked. */
export interface SearchMissTable {
  query: string;
  count: number;
  last_seen_at: IsoTimestamp;
}

/**
 * When a normalised mailbox (the SHA-256 of it, see normalizeMailbox) was last sent a kind of visitor
 * mail: at most one per kind per hour (docs/product.md#visitor-mail).
 */
export interface VisitorMailMarkTable {
  kind: VisitorMailKind;
  mailbox_hash: string;
  last_sent_at: IsoTimestamp;
}

export const VISITOR_MAIL_KINDS = ["acknowledgement", "confirmation"] as const;
export type VisitorMailKind = (typeof VISITOR_MAIL_KINDS)[number];

/**
 * Visitor mail per clock hour (UTC) under VISITOR_MAIL_PER_HOUR (docs/product.md#visitor-mail). Slot 0
 * holds the hour's `queued` count, the one the cap compares with; `skipped` counts mail left unsent
 * over the cap, in the slot of the database connection that skipped it (its PostgreSQL backend's
 * process id; 0 on SQLite), so posts on different connections never wait for one another's row. The
 * hour's figures are the sums over its slots.
 */
export interface VisitorMailHourTable {
  hour_start: IsoTimestamp;
  slot: number;
  queued: number;
  skipped: number;
}

/**
 * Counts per day (YYYY-MM-DD in the site's time zone) of a metric ("pageview", "download", ...) for a
 * key (a path, a form, a query) and an optional detail (a referring host, an outcome; "" when none).
 */
export interface AnalyticsCountTable {
  day: string;
  metric: string;
  key: string;
  detail: string;
  count: number;
}

/** The day's visitor hashes, shared by the instances; deleted when the day is closed. */
export interface AnalyticsVisitorTable {
  day: string;
  visitor_hash: string;
}

/** The day's random salt, shared by the instances; deleted when the day is closed. */
export interface AnalyticsSaltTable {
  day: string;
  salt: string;
  created_at: IsoTimestamp;
}

export const WEBHOOK_STATUSES = ["queued", "sending", "delivered", "failed"] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

/** One event for one endpoint (docs/webhooks.md): queued with the lead, sent by the webhook worker. */
export interface WebhookDeliveryTable {
  id: Generated<number>;
  /** `msg_` and random characters: the `webhook-id` of every attempt, so a receiver can drop repeats. */
  message_id: string;
  /** Where it goes (one of WEBHOOK_ENDPOINTS); its secret is never stored. */
  endpoint_url: string;
  /** The event's type, as the feature that queued it names it (docs/webhooks.md#events). */
  event_type: string;
  /** The JSON body, exactly as it is signed and sent. */
  payload: string;
  status: WebhookStatus;
  /** Attempts started so far (incremented when a worker claims the row). */
  attempts: Generated<number>;
  next_attempt_at: IsoTimestamp;
  /** The HTTP status of the last answer, or null when there was none (timeout, refused connection). */
  last_status: number | null;
  last_error: string | null;
  /** While status is 'sending': the claim expires then, and another worker may take the row over. */
  locked_until: IsoTimestamp | null;
  created_at: IsoTimestamp;
  /** Retries stop 24 hours after this. */
  first_attempt_at: IsoTimestamp | null;
  delivered_at: IsoTimestamp | null;
}

/** One import of the catalogue (docs/catalogue.md#versions); the site serves the active one. */
export interface CatalogueVersionTable {
  id: Generated<number>;
  imported_at: IsoTimestamp;
  /** Where it came from: "starter range", or the imported file's name. */
  source: string;
  item_count: number;
  /** 1 for the version the site serves (exactly one once any exists), else 0. */
  active: number;
  /**
   * 1 once every item is written; 0 while an import writes it or its items are being deleted: such a
   * version is never listed, served or rolled back to (docs/decisions/0082).
   */
  complete: Generated<number>;
  /** While incomplete and being written: when its import is taken to have stopped (renewed as it writes). */
  lease_until: IsoTimestamp | null;
}

/** One item of one catalogue version: the CSV's row, and the keys it is matched by. */
export interface CatalogueItemTable {
  /** An integer key, for the full-text indexes. */
  id: Generated<number>;
  version_id: number;
  sku: string;
  family: string;
  name: string;
  /** JSON object: attribute key -> the cell as written. */
  attributes: string;
  make: string | null;
  make_part_number: string | null;
  unit: string;
  pack: string;
  minimum_order: number;
  list_price_cents: number | null;
  /** JSON array of { quantity, price } (US dollars). */
  price_breaks: string;
  sds: string | null;
  spec_sheet: string | null;
  image: string | null;
  status: "active" | "discontinued";
  replacement_sku: string | null;
  /** partKey(sku): unique within a version. */
  sku_key: string;
  /** partKey(make_part_number). */
  make_part_key: string | null;
  /** sizeKey(width, height) for families with a width and a height in inches. */
  size_key: string | null;
  /** Lower-case words: sku, name, family name, make, part number, attribute values with units. */
  search_text: string;
}

/**
 * The site's tables. The platform's are listed here; each feature adds its own by augmenting this
 * interface beside its code (`declare module`, e.g. the lead tables in app/features/leads/tables.server.ts).
 */
export interface DB {
  app_settings: AppSettingTable;
  newsletter_subscriptions: NewsletterSubscriptionTable;
  newsletter_attempts: NewsletterAttemptTable;
  newsletter_tokens: NewsletterTokenTable;
  rate_limit_hits: RateLimitHitTable;
  email_outbox: EmailOutboxTable;
  stored_files: StoredFileTable;
  email_attachments: EmailAttachmentTable;
  search_misses: SearchMissTable;
  visitor_mail_marks: VisitorMailMarkTable;
  visitor_mail_hours: VisitorMailHourTable;
  analytics_counts: AnalyticsCountTable;
  analytics_visitors: AnalyticsVisitorTable;
  analytics_salts: AnalyticsSaltTable;
  webhook_deliveries: WebhookDeliveryTable;
  catalogue_versions: CatalogueVersionTable;
  catalogue_items: CatalogueItemTable;
}

export type Database = Kysely<DB>;

export type OutboxMessage = Selectable<EmailOutboxTable>;

export type WebhookDelivery = Selectable<WebhookDeliveryTable>;

export function isoTime(date: Date): IsoTimestamp {
  return date.toISOString();
}
