import type { SniffedType } from "./sniff.server";
import type { QuoteUploadError } from "./upload-errors.server";

/* What the quote upload parser (quote-upload.server.ts) hands on, and how it reaches the route. */

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
