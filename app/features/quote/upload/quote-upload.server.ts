import type { IncomingMessage } from "node:http";
import busboy from "busboy";
import {
  isQuoteTextField,
  QUOTE_FIELD_MAX_BYTES,
  QUOTE_FILES_FIELD,
  QUOTE_MAX_FILE_BYTES,
  QUOTE_MAX_FILES,
  QUOTE_MAX_ITEMS,
  QUOTE_MAX_TOTAL_FILE_BYTES,
  QUOTE_TOKEN_FIELD,
  QUOTE_UPLOAD_CEILING_MS,
  QUOTE_UPLOAD_STALL_MS,
  quoteFieldMaxLength,
} from "~/features/quote/quote";
import {
  type QuoteUploadError,
  repeatedField,
  TOKEN_TOO_FAST,
  UPLOAD_ERRORS,
  unexpectedField,
} from "./upload-errors.server";
import { receiveFile } from "./upload-file.server";
import type { ParseUploadOptions, QuoteUpload } from "./upload-result.server";
import { type UploadLimits, UploadRun } from "./upload-run.server";
import { fileSpaceClaim, MIN_SLOT_BYTES_PER_SECOND } from "./upload-slots.server";

export { type QuoteUploadError, UPLOAD_ERRORS } from "./upload-errors.server";
export {
  type ParseUploadOptions,
  type QuoteUpload,
  type QuoteUploadFile,
  quoteUploadOf,
  UploadAbortedError,
} from "./upload-result.server";

/*
 * The one body this site reads as a stream (docs/decisions/0011-quote-uploads.md): a quote request
 * with drawings and artwork. busboy parses the multipart body with its limits enforced as the bytes
 * arrive; our own checks (field names, total size, file type by content) run on the same pass. The
 * first violation stops the parsing and frees what was buffered; the rest of the body (bounded by
 * the Content-Length the pipeline checked) is read and thrown away, so the browser, which is still
 * sending, gets to read the answer instead of a reset connection.
 */

/** Paths whose POST body is parsed here (and may be large); every other route keeps the 32 KB limit. */
export const QUOTE_UPLOAD_PATHS: ReadonlySet<string> = new Set(["/quote", "/api/quote"]);

/** Files, plus room for the text fields and the multipart framing. */
export const MAX_QUOTE_BODY_BYTES = QUOTE_MAX_TOTAL_FILE_BYTES + 1024 * 1024;

/** The ceiling on a whole upload, and its longest wait for bytes (docs/quotes.md#slow-lines). */
export const DEFAULT_QUOTE_UPLOAD_TIMEOUT_MS = QUOTE_UPLOAD_CEILING_MS;
export const DEFAULT_QUOTE_UPLOAD_STALL_MS = QUOTE_UPLOAD_STALL_MS;

const MAX_TEXT_FIELDS = QUOTE_MAX_ITEMS * 5 + 40;
/**
 * All text fields together, in bytes. The form's own limits come to about 75,000 characters (50 rows
 * of a 200-character description and 1,000 characters of notes, the 10,000-character paste box and
 * the buyer's fields), at most 3 bytes each: what a post may hold in memory besides its files.
 */
export const MAX_TEXT_BYTES = 256 * 1024;

/**
 * Reads a quote post (multipart or form-encoded) from `req`. Resolves with the fields and files, or
 * with the first error and the fields read before it; rejects with UploadAbortedError when the
 * client goes away mid-body (before it was answered). Files go to the spool as they arrive; only the
 * first bytes of each, to tell its type, are kept in memory.
 */
export function parseQuoteUpload(
  req: IncomingMessage,
  options: ParseUploadOptions = {},
): Promise<QuoteUpload> {
  const limits = uploadLimits(options);
  return new Promise<QuoteUpload>((resolve, reject) => {
    const run = new UploadRun(req, { resolve, reject });
    const parser = openParser(req);
    if (!parser) return run.drainMalformed(limits);
    /** The slot and folder for the files, taken as the first file begins. */
    const space = fileSpaceClaim(options.takeFileSpace, {
      refused: (refusal) => run.answerEarly(refusal),
      failed: () => run.fail(UPLOAD_ERRORS.storage),
      // A slot must be earned: a trickle of bytes now counts as a stall (upload-time.server.ts).
      taken: () => run.requireBytes(Math.ceil((MIN_SLOT_BYTES_PER_SECOND * limits.stallMs) / 1000)),
    });
    run.watchTime(limits, () => run.timedOut(() => space.release()));
    const gate: TokenGate = {
      required: options.checkToken !== undefined,
      seen: false,
      drop: false,
      refusal: null,
    };
    let textBytes = 0;
    parser.on("field", (name, value, info) => {
      if (run.error) return;
      const read = readField({ name, value, info }, run.fields, textBytes);
      if ("problem" in read) return run.fail(read.problem);
      textBytes = read.textBytes;
      run.fields[name] = value;
      if (name === QUOTE_TOKEN_FIELD && options.checkToken)
        Object.assign(gate, tokenVerdict(options.checkToken(value)));
    });
    parser.on("file", (name, stream, info) => {
      const admission = run.error ? "skip" : admitFile(gate, name, info.filename);
      if (admission !== "read" || !space.claim()) {
        stream.resume();
        return passOver(run, admission);
      }
      // The folder is still being made (a moment, once per upload): the file's bytes wait with the parser.
      if (!space.spool) {
        stream.pause();
        space.whenMade(() => stream.resume());
      }
      stream.on("error", () => undefined);
      receiveFile(run, space, stream, info.filename ?? "");
    });
    parser.on("filesLimit", () => run.fail(UPLOAD_ERRORS.tooManyFiles));
    parser.on("fieldsLimit", () => run.fail(UPLOAD_ERRORS.tooManyFields));
    parser.on("partsLimit", () => run.fail(UPLOAD_ERRORS.tooManyFields));
    parser.on("error", () => run.fail(UPLOAD_ERRORS.malformed));
    parser.on("close", () => run.parserClosed());
    run.start(parser);
  });
}

/** The ceiling on the whole upload and its longest wait for bytes (never longer than the ceiling). */
export function uploadLimits(options: ParseUploadOptions): UploadLimits {
  const timeoutMs = options.timeoutMs ?? DEFAULT_QUOTE_UPLOAD_TIMEOUT_MS;
  return { timeoutMs, stallMs: Math.min(options.stallMs ?? DEFAULT_QUOTE_UPLOAD_STALL_MS, timeoutMs) };
}

/** The multipart parser with the form's limits, or null for a body it cannot read (no boundary). */
function openParser(req: IncomingMessage): busboy.Busboy | null {
  try {
    return busboy({
      headers: req.headers,
      // Browsers send a file's name as UTF-8; busboy's default (latin1) made Größe.pdf GrÃ¶Ãe.pdf.
      defParamCharset: "utf8",
      limits: {
        fieldNameSize: 100,
        // The longest field the form has, in bytes; each field is held to its own limit as it arrives.
        fieldSize: QUOTE_FIELD_MAX_BYTES,
        fields: MAX_TEXT_FIELDS,
        // One more than allowed, so the extra file is seen and named in the message.
        files: QUOTE_MAX_FILES + 1,
        // busboy reports the limit when a file reaches it; one byte more lets a file of exactly 10 MB through.
        fileSize: QUOTE_MAX_FILE_BYTES + 1,
        parts: MAX_TEXT_FIELDS + QUOTE_MAX_FILES + 1,
      },
    });
  } catch {
    // busboy throws on a missing or malformed Content-Type boundary.
    return null;
  }
}

/**
 * A text field checked before anything parses it: its problem, or the text bytes read with it. All
 * the text together is bounded, and each field as its maxlength counts it (a line break is one
 * character there; browsers send two).
 */
export function readField(
  field: { name: string; value: string; info: { nameTruncated: boolean; valueTruncated: boolean } },
  fields: Readonly<Record<string, string>>,
  textBytesBefore: number,
): { problem: QuoteUploadError } | { textBytes: number } {
  const { name, value, info } = field;
  if (info.nameTruncated || info.valueTruncated) return { problem: UPLOAD_ERRORS.fieldTooLong };
  if (!isQuoteTextField(name)) return { problem: unexpectedField(name) };
  if (Object.hasOwn(fields, name)) return { problem: repeatedField(name) };
  const textBytes = textBytesBefore + Buffer.byteLength(value);
  if (textBytes > MAX_TEXT_BYTES) return { problem: UPLOAD_ERRORS.fieldTooLong };
  const max = quoteFieldMaxLength(name);
  if (value.length > max && value.replace(/\r\n/g, "\n").length > max)
    return { problem: UPLOAD_ERRORS.fieldTooLong };
  return { textBytes };
}

/** What the form's token decides for the files that follow it. */
export interface TokenGate {
  /** A token is checked: a file before it is refused. */
  readonly required: boolean;
  seen: boolean;
  /** A token too young to send with: files are passed over unread, the rest is read for the route. */
  drop: boolean;
  /** Files are kept no more (a refused token): the answer at the first file. */
  refusal: QuoteUploadError | null;
}

/** The gate once the token has been checked, from the check's answer. */
export function tokenVerdict(problem: QuoteUploadError | null): Omit<TokenGate, "required"> {
  // Too soon to send, yet a real visitor's 'Add item' (which needs no token) looks the same: its
  // files are not kept, and the route answers as it does for either intent. Any other problem keeps
  // every file out; its own answer outranks a busy server's.
  if (problem === TOKEN_TOO_FAST) return { seen: true, drop: true, refusal: null };
  return { seen: true, drop: false, refusal: problem };
}

/** What becomes of a file part as it begins: read, passed over, or the upload refused. */
export type FileAdmission =
  | "read"
  | "skip"
  | "drop"
  | { answerEarly: QuoteUploadError }
  | { fail: QuoteUploadError };

export function admitFile(gate: TokenGate, name: string, filename: string | undefined): FileAdmission {
  // The form sends its token first: a file before it is read by no one.
  if (gate.required && !gate.seen) return { answerEarly: UPLOAD_ERRORS.tokenFirst };
  if (gate.drop && !gate.refusal) return filename ? "drop" : "skip";
  // No file byte is kept; the empty part of a file input left empty is passed over.
  if (gate.refusal) return filename ? { answerEarly: gate.refusal } : "skip";
  // A file input left empty sends a part with no name and no bytes: not a file, and no slot needed.
  if (!filename) return "skip";
  if (name !== QUOTE_FILES_FIELD) return { fail: unexpectedField(name) };
  return "read";
}

/** A file part not read (its bytes are already being thrown away): what the upload makes of it. */
function passOver(run: UploadRun, admission: FileAdmission): void {
  if (admission === "drop") run.droppedFiles += 1;
  else if (typeof admission === "object" && "answerEarly" in admission)
    run.answerEarly(admission.answerEarly);
  else if (typeof admission === "object") run.fail(admission.fail);
}
