import type { QuoteUploadError } from "./upload-errors.server";

/*
 * How many quote uploads one server process reads at once (docs/decisions/0020-quote-uploads-under-attack.md).
 * An upload keeps its files in memory, up to 25 MB, from its first byte until its answer is sent, and
 * anyone can start one: without a bound, a hundred held open took the process past its memory. An
 * upload takes a slot before its body is read and gives it back when its answer is done (or its
 * connection is gone); one client holds at most one, so one address cannot take them all. An upload
 * without a slot keeps no file byte: its text fields are read (so the form comes back filled) and it
 * is answered, with Retry-After, as soon as its first file begins.
 */

/** Uploads one process reads at once unless QUOTE_UPLOAD_CONCURRENCY says otherwise. */
export const DEFAULT_QUOTE_UPLOAD_CONCURRENCY = 4;
/** Uploads one client may have in progress at once. */
export const QUOTE_UPLOADS_PER_CLIENT = 1;
/**
 * Retry-After of a refused upload: about how long a buyer's upload holds its slot (a slow-loris client
 * holds one up to QUOTE_UPLOAD_TIMEOUT_MS, three minutes).
 */
const RETRY_AFTER_SECONDS = 30;

export const SLOT_ERRORS = {
  /** Every slot is taken: the server is busy, not the visitor at fault, hence 5xx (the notice adds the sales address). */
  busy: {
    status: 503,
    title: "Server Busy",
    message: "Many quote requests are being uploaded right now. Please try again in a minute or email",
    retryAfterSeconds: RETRY_AFTER_SECONDS,
  },
  clientBusy: {
    status: 429,
    title: "Upload in Progress",
    message:
      "Another quote request from your connection is still being uploaded. Please wait for it to finish, then send again.",
    retryAfterSeconds: RETRY_AFTER_SECONDS,
  },
} as const satisfies Record<string, QuoteUploadError>;

export type UploadSlot = { ok: true; release: () => void } | { ok: false; refusal: QuoteUploadError };

export interface UploadSlots {
  /** A slot for an upload from `client` (its rate-limit key), or the refusal to answer it with. */
  take(client: string): UploadSlot;
  /** Slots in use now. */
  readonly inUse: number;
}

export function createUploadSlots(concurrency = DEFAULT_QUOTE_UPLOAD_CONCURRENCY): UploadSlots {
  const perClient = Math.min(QUOTE_UPLOADS_PER_CLIENT, concurrency);
  // Clients with an upload in progress: never more entries than slots.
  const byClient = new Map<string, number>();
  let inUse = 0;
  return {
    get inUse() {
      return inUse;
    },
    take(client) {
      const held = byClient.get(client) ?? 0;
      if (held >= perClient) return { ok: false, refusal: SLOT_ERRORS.clientBusy };
      if (inUse >= concurrency) return { ok: false, refusal: SLOT_ERRORS.busy };
      inUse += 1;
      byClient.set(client, held + 1);
      let released = false;
      return {
        ok: true,
        release() {
          if (released) return;
          released = true;
          inUse -= 1;
          const left = (byClient.get(client) ?? 1) - 1;
          if (left > 0) byClient.set(client, left);
          else byClient.delete(client);
        },
      };
    },
  };
}
