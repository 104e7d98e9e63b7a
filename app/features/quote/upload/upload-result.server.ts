import type { SniffedType } from "./sniff.server";
import type { QuoteUploadError } from "./upload-errors.server";
import type { FileSpace } from "./upload-slots.server";

/*
 * What the quote upload parser (quote-upload.server.ts) is given and hands on, and how it reaches the
 * route.
 */

export interface QuoteUploadFile {
  /** The name to store and mail it under (safeFileName). */
  fileName: string;
  type: SniffedType;
  /** Where it waits on disk until the request is stored (upload-spool.server.ts). */
  path: string;
  size: number;
}

/** What the server read from a quote post, handed to the route through the load context. */
export interface QuoteUpload {
  /** Text fields read before any error, so the form comes back with what was typed. */
  fields: Record<string, string>;
  files: QuoteUploadFile[];
  error: QuoteUploadError | null;
  /** False when the answer must close the connection (the body was not read to its end). */
  complete: boolean;
  /** Files sent but not kept (the form was sent too soon after it was opened): the page says so. */
  droppedFiles?: number;
  /** The names of the files begun when the upload timed out: they did not arrive whole. */
  unfinishedFiles?: string[];
}

/** The client went away before sending its whole body: nothing to store, nobody to answer. */
export class UploadAbortedError extends Error {
  constructor() {
    super("the client closed the connection during a quote upload");
    this.name = "UploadAbortedError";
  }
}

export interface ParseUploadOptions {
  /** The whole upload's ceiling (QUOTE_UPLOAD_TIMEOUT_MS). */
  timeoutMs?: number;
  /** The longest wait for the body's next bytes (QUOTE_UPLOAD_STALL_MS); at most timeoutMs. */
  stallMs?: number;
  /**
   * Checks the form's token (QUOTE_TOKEN_FIELD) as it arrives: the error that keeps every file out,
   * or null. Given, a file part before the token is refused at once; a refused token is answered as
   * a slot refusal is, when the first file begins. A post without files still reaches the route,
   * whose own check answers it (the no-JavaScript 'Add item' needs no token).
   */
  checkToken?: (token: string) => QuoteUploadError | null;
  /**
   * Called once, as the first file's bytes begin: an upload slot and a folder on disk for the files
   * (upload-slots.server.ts), or the refusal to answer at once with the fields read so far (no file
   * byte is kept; the rest of the body is read and dropped within the time limits). From then on
   * the stall limit asks for MIN_SLOT_BYTES_PER_SECOND. A post without files never calls it. Without
   * it, any file is refused.
   */
  takeFileSpace?: () => FileSpace;
}

/**
 * The quote post the pipeline read before React Router (quote-gate.server.ts), as its route gets it.
 * The gate is the one reader registered for the quote paths, so what a quote route finds there is a
 * QuoteUpload.
 */
export function quoteUploadOf(context: { streamedBody?: unknown }): QuoteUpload | undefined {
  return context.streamedBody as QuoteUpload | undefined;
}
