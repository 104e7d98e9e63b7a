import type { WriteStream } from "node:fs";
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
import { describeUnknown, SNIFF_BYTES, type SniffedType, safeFileName, sniffFileType } from "./sniff.server";
import {
  fileEmpty,
  fileRefused,
  fileTooLarge,
  type QuoteUploadError,
  repeatedField,
  TOKEN_TOO_FAST,
  UPLOAD_ERRORS,
  unexpectedField,
} from "./upload-errors.server";
import {
  type ParseUploadOptions,
  type QuoteUpload,
  type QuoteUploadFile,
  UploadAbortedError,
} from "./upload-result.server";
import { fileSpaceClaim, MIN_SLOT_BYTES_PER_SECOND } from "./upload-slots.server";
import type { UploadSpool } from "./upload-spool.server";
import { type UploadTime, watchUploadTime } from "./upload-time.server";

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
  const timeoutMs = options.timeoutMs ?? DEFAULT_QUOTE_UPLOAD_TIMEOUT_MS;
  const stallMs = Math.min(options.stallMs ?? DEFAULT_QUOTE_UPLOAD_STALL_MS, timeoutMs);
  const { checkToken, takeFileSpace } = options;
  return new Promise<QuoteUpload>((resolve, reject) => {
    const fields: Record<string, string> = {};
    const files: QuoteUploadFile[] = [];
    let totalFileBytes = 0;
    let error: QuoteUploadError | null = null;
    let settled = false;
    let parserDone = false;
    let bodyDone = false;
    let pendingFiles = 0;
    /** Non-empty files read to their end (their type may still be being decided). */
    let filesEnded = 0;
    let textBytes = 0;
    /** Files are kept no more once this is set (a refused token): the answer at the first file. */
    let fileRefusal: QuoteUploadError | null = null;
    /** A token too young to send with: files are passed over unread, the rest is read for the route. */
    let dropFiles = false;
    let droppedFiles = 0;
    let tokenSeen = false;
    /** Files being written, closed at the first error rather than when the body ends. */
    const writing = new Set<WriteStream>();
    let partCount = 0;
    /** Answered before the body ended (a refused upload): the timer now bounds the rest of the body. */
    let answeredEarly = false;
    let timers: UploadTime | undefined;
    const stopTimers = () => timers?.stop();
    /** Files begun, by their names as sent: those not whole when the upload times out are named. */
    const begunFiles: string[] = [];
    /** Each kept file's part number, by its path on disk. */
    const partOf = new Map<string, number>();
    let unfinishedFiles: string[] | undefined;

    const finish = (result: { complete: boolean } | Error) => {
      if (settled) return;
      settled = true;
      if (!answeredEarly) stopTimers();
      if (result instanceof Error) {
        reject(result);
        return;
      }
      const outcome = error;
      resolve({
        fields,
        files: outcome ? [] : files,
        error: outcome,
        complete: result.complete,
        droppedFiles,
        ...(unfinishedFiles ? { unfinishedFiles } : {}),
      });
    };
    const maybeDone = () => {
      if (bodyDone && (error || (parserDone && pendingFiles === 0))) finish({ complete: true });
    };

    let bb: busboy.Busboy;
    try {
      bb = busboy({
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
      error = UPLOAD_ERRORS.malformed;
      req.resume();
      req.once("end", () => finish({ complete: true }));
      req.once("close", () => finish(req.complete ? { complete: true } : new UploadAbortedError()));
      timers = watchUploadTime(req, { timeoutMs, stallMs }, () => {
        req.destroy();
        finish({ complete: false });
      });
      return;
    }

    const stopWriting = () => {
      files.length = 0;
      for (const out of writing) out.destroy();
      writing.clear();
    };

    /** Stops parsing at the first violation; the rest of the body is read and dropped. */
    const fail = (problem: QuoteUploadError) => {
      if (error) return;
      error = problem;
      stopWriting();
      // The parser gets no more bytes (its handlers ignore anything after an error); destroying it
      // would make it fail the part stream in flight, with nobody to hear.
      req.unpipe(bb);
      req.resume();
      maybeDone();
    };

    /** Answered now, with the fields read so far; the rest of the body is read and dropped. */
    const answerEarly = (problem: QuoteUploadError) => {
      if (error || settled) return;
      error = problem;
      answeredEarly = true;
      stopWriting();
      req.unpipe(bb);
      req.resume();
      finish({ complete: true });
    };

    /** The slot and folder for the files, taken as the first file begins. */
    const space = fileSpaceClaim(takeFileSpace, {
      refused: answerEarly,
      failed: () => fail(UPLOAD_ERRORS.storage),
      // A slot must be earned: a trickle of bytes now counts as a stall (upload-time.server.ts).
      taken: () => timers?.requireBytes(Math.ceil((MIN_SLOT_BYTES_PER_SECOND * stallMs) / 1000)),
    });

    /** The body stalled, or did not end within the ceiling. */
    const timedOut = () => {
      // An early answer's body did not end in time: its connection is closed.
      if (answeredEarly) return req.destroy();
      // The files are given up: their slot is free for another upload at once.
      space.release();
      if (!error) {
        error = UPLOAD_ERRORS.timeout;
        // None of the files is kept: each one begun is named, for the buyer to send another way.
        unfinishedFiles = [...begunFiles];
      }
      stopWriting();
      req.unpipe(bb);
      finish({ complete: false });
    };
    timers = watchUploadTime(req, { timeoutMs, stallMs }, timedOut);

    bb.on("field", (name, value, info) => {
      if (error) return;
      if (info.nameTruncated || info.valueTruncated) return fail(UPLOAD_ERRORS.fieldTooLong);
      if (!isQuoteTextField(name)) return fail(unexpectedField(name));
      if (Object.hasOwn(fields, name)) return fail(repeatedField(name));
      // Bounded before anything parses them: all the text together, and each field as its maxlength
      // counts it (a line break is one character there; browsers send two).
      textBytes += Buffer.byteLength(value);
      if (textBytes > MAX_TEXT_BYTES) return fail(UPLOAD_ERRORS.fieldTooLong);
      const max = quoteFieldMaxLength(name);
      if (value.length > max && value.replace(/\r\n/g, "\n").length > max)
        return fail(UPLOAD_ERRORS.fieldTooLong);
      fields[name] = value;
      if (name === QUOTE_TOKEN_FIELD && checkToken) {
        tokenSeen = true;
        // A token that cannot pass keeps every file out; its own answer outranks a busy server's.
        const problem = checkToken(value);
        // Too soon to send, yet a real visitor's 'Add item' (which needs no token) looks the same: its
        // files are not kept, and the route answers as it does for either intent.
        if (problem === TOKEN_TOO_FAST) dropFiles = true;
        else if (problem) fileRefusal = problem;
      }
    });

    bb.on("file", (name, stream, info) => {
      if (error) {
        stream.resume();
        return;
      }
      // The form sends its token first: a file before it is read by no one.
      if (checkToken && !tokenSeen) {
        stream.resume();
        return answerEarly(UPLOAD_ERRORS.tokenFirst);
      }
      if (dropFiles && !fileRefusal) {
        stream.resume();
        if (info.filename) droppedFiles += 1;
        return;
      }
      if (fileRefusal) {
        // No file byte is kept; the empty part of a file input left empty is passed over.
        stream.resume();
        if (info.filename) answerEarly(fileRefusal);
        return;
      }
      // A file input left empty sends a part with no name and no bytes: not a file, and no slot needed.
      if (!info.filename) {
        stream.resume();
        return;
      }
      if (name !== QUOTE_FILES_FIELD) {
        stream.resume();
        return fail(unexpectedField(name));
      }
      if (!space.claim()) {
        stream.resume();
        return;
      }
      // The folder is still being made (a moment, once per upload): the file's bytes wait with the parser.
      if (!space.spool) {
        stream.pause();
        space.whenMade(() => stream.resume());
      }
      stream.on("error", () => undefined);
      const original = info.filename ?? "";
      begunFiles.push(original);
      const index = partCount++;
      /** The first bytes, to tell the type by; the file itself goes to disk. */
      const head: Buffer[] = [];
      let headBytes = 0;
      let size = 0;
      let type: SniffedType | null | undefined;
      let target: ReturnType<UploadSpool["create"]> | undefined;
      pendingFiles += 1;
      // The type is decided once, from the first SNIFF_BYTES (or the whole file when it is shorter).
      let typing: Promise<void> | undefined;
      const sniff = () => {
        const bytes = Buffer.concat(head, headBytes).subarray(0, SNIFF_BYTES);
        head.length = 0;
        typing = sniffFileType(bytes).then((found) => {
          type = found;
          if (!found) fail(fileRefused(original, describeUnknown(bytes)));
        });
      };
      const output = () => {
        if (target) return target.stream;
        if (!space.spool) return null;
        target = space.spool.create(`${index}`);
        const out = target.stream;
        writing.add(out);
        out.on("error", () => fail(UPLOAD_ERRORS.storage));
        // The parser waits while the disk catches up, and with it the socket.
        out.on("drain", () => stream.resume());
        return out;
      };
      stream.on("data", (chunk: Buffer) => {
        if (error) return;
        size += chunk.length;
        totalFileBytes += chunk.length;
        if (totalFileBytes > QUOTE_MAX_TOTAL_FILE_BYTES) return fail(UPLOAD_ERRORS.totalTooLarge);
        if (typing === undefined) {
          head.push(chunk);
          headBytes += chunk.length;
          if (headBytes >= SNIFF_BYTES) sniff();
        }
        const out = output();
        if (!out) return fail(UPLOAD_ERRORS.storage);
        if (!out.write(chunk)) stream.pause();
      });
      stream.once("limit", () => fail(fileTooLarge(original)));
      stream.once("end", () => {
        const settle = () => {
          pendingFiles -= 1;
          maybeDone();
        };
        if (error) return settle();
        filesEnded += 1;
        if (filesEnded > QUOTE_MAX_FILES) {
          fail(UPLOAD_ERRORS.tooManyFiles);
          return settle();
        }
        if (size === 0 || !target) {
          fail(fileEmpty(original));
          return settle();
        }
        if (typing === undefined) sniff();
        const written = target;
        // On disk to its last byte, and its type known, before it counts as read.
        const closed = new Promise<void>((done) => {
          written.stream.once("close", done);
          written.stream.end();
        });
        void Promise.all([typing, closed]).then(() => {
          writing.delete(written.stream);
          if (!error && type) {
            files.push({ fileName: safeFileName(original, type), type, path: written.path, size });
            // In the order they were sent, whichever was on disk first.
            partOf.set(written.path, index);
            files.sort((a, b) => (partOf.get(a.path) ?? 0) - (partOf.get(b.path) ?? 0));
          }
          settle();
        });
      });
    });

    bb.on("filesLimit", () => fail(UPLOAD_ERRORS.tooManyFiles));
    bb.on("fieldsLimit", () => fail(UPLOAD_ERRORS.tooManyFields));
    bb.on("partsLimit", () => fail(UPLOAD_ERRORS.tooManyFields));
    bb.on("error", () => fail(UPLOAD_ERRORS.malformed));
    bb.on("close", () => {
      parserDone = true;
      maybeDone();
    });

    const bodyEnded = () => {
      bodyDone = true;
      timers?.bodyDone();
      if (answeredEarly) stopTimers();
      maybeDone();
    };
    req.once("end", bodyEnded);
    req.once("error", () => finish(new UploadAbortedError()));
    req.once("close", () => {
      if (answeredEarly) stopTimers();
      if (!req.complete) finish(new UploadAbortedError());
      else bodyEnded();
    });
    req.pipe(bb);
  });
}
