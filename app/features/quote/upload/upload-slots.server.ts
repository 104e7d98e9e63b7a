import type { QuoteUploadError } from "./upload-errors.server";
import type { UploadSpool } from "./upload-spool.server";

/*
 * How many quote uploads one server process reads files for at once
 * (docs/decisions/0050-upload-slots-for-files-only.md). An upload keeps its files on disk, up to 25 MB,
 * until its answer is sent, and anyone can start one: without a bound, a hundred held open took the
 * process past its memory. A post takes a slot only when its first file's bytes begin, and gives it
 * back when its answer is done (or its connection is gone), or when its files stall: a slot must bring
 * MIN_SLOT_BYTES_PER_SECOND over each stall window. One client holds at most one, so one address
 * cannot take them all. A post without files never needs one. A post whose file finds no slot keeps no
 * file byte: its text fields are read (so the form comes back filled) and it is answered, with
 * Retry-After and what to do (send now without the files, reply with them later), as its file begins.
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

/**
 * The least an upload holding a slot must bring, per second, over each stall window (QUOTE_UPLOAD_STALL_MS):
 * 20 KB in the default 20 s. A line slower than that (8 kbit/s) could not bring a 200 KB drawing within
 * the ceiling; a client trickling a byte every few seconds loses its slot at the stall limit.
 */
export const MIN_SLOT_BYTES_PER_SECOND = 1024;

export const SLOT_ERRORS = {
  /** Every slot is taken: the server is busy, not the visitor at fault, hence 5xx (the notice adds the sales address). */
  busy: {
    status: 503,
    title: "Server Busy",
    message:
      "Many quote requests are being uploaded right now. Send yours now without the files and attach them later by replying to our acknowledgement e-mail, or try again in a minute or email",
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

/** What a post gets as its first file's bytes begin: a slot and a folder for its files, or the refusal. */
export type FileSpace =
  | { ok: true; spool: Promise<UploadSpool>; release: () => void }
  | { ok: false; refusal: QuoteUploadError };

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

/**
 * A post's claim on a slot and a folder for its files, made once, as its first file begins (the parser's
 * side of FileSpace). `claim` says whether the files may be read; when not, `refused` or `failed` has
 * been told. `taken` is told once the slot is the post's.
 */
export function fileSpaceClaim(
  take: (() => FileSpace) | undefined,
  on: { refused(refusal: QuoteUploadError): void; failed(): void; taken(): void },
) {
  let space: Extract<FileSpace, { ok: true }> | undefined;
  let spool: UploadSpool | undefined;
  return {
    claim(): boolean {
      if (space) return true;
      const got = take?.();
      if (!got) on.failed();
      else if (!got.ok) on.refused(got.refusal);
      else {
        space = got;
        got.spool.then(
          (opened) => {
            spool = opened;
          },
          () => on.failed(),
        );
        on.taken();
      }
      return space !== undefined;
    },
    /** The folder, once it exists. */
    get spool(): UploadSpool | undefined {
      return spool;
    },
    /** Runs `then` once the folder is made, or could not be. */
    whenMade(then: () => void): void {
      space?.spool.then(then, then);
    },
    /** Gives the slot back now (the files were given up); safe to call more than once. */
    release(): void {
      space?.release();
    },
  };
}
