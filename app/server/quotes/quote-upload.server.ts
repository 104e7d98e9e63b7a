import type { IncomingMessage } from "node:http";
import busboy from "busboy";
import {
  isQuoteTextField,
  QUOTE_FILES_FIELD,
  QUOTE_MAX_FILE_BYTES,
  QUOTE_MAX_FILES,
  QUOTE_MAX_ITEMS,
  QUOTE_MAX_TOTAL_FILE_BYTES,
  QUOTE_PASTE_MAX,
} from "~/forms/quote";
import { describeUnknown, SNIFF_BYTES, type SniffedType, safeFileName, sniffFileType } from "./sniff.server";

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

/** How long a whole quote upload may take (see docs/quotes.md): a slower one is answered 408. */
export const DEFAULT_QUOTE_UPLOAD_TIMEOUT_MS = 25_000;

const MAX_TEXT_FIELDS = QUOTE_MAX_ITEMS * 5 + 40;

export interface QuoteUploadFile {
  /** The name to store and mail it under (safeFileName). */
  fileName: string;
  type: SniffedType;
  content: Buffer;
}

export interface QuoteUploadError {
  status: 400 | 408 | 413;
  title: string;
  message: string;
  /** Set when the error is about the attachments: the message beside that field. */
  fieldErrors?: { [QUOTE_FILES_FIELD]: string };
}

/** An error about the attachments, shown beside that field too. */
const aboutFiles = (status: 400 | 413, title: string, message: string): QuoteUploadError => ({
  status,
  title,
  message,
  fieldErrors: { [QUOTE_FILES_FIELD]: message },
});

/** What the server read from a quote post, handed to the route through the load context. */
export interface QuoteUpload {
  /** Text fields read before any error, so the form comes back with what was typed. */
  fields: Record<string, string>;
  files: QuoteUploadFile[];
  error: QuoteUploadError | null;
  /** False when the answer must close the connection (the body was not read to its end). */
  complete: boolean;
}

/** The client went away before sending its whole body: nothing to store, nobody to answer. */
export class UploadAbortedError extends Error {
  constructor() {
    super("the client closed the connection during a quote upload");
    this.name = "UploadAbortedError";
  }
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
const shortName = (name: string) => {
  const clean = name.replace(/[\p{Cc}\p{Cf}]/gu, "").trim();
  return clean.length > 60 ? `${clean.slice(0, 57)}...` : clean || "(unnamed)";
};

export const UPLOAD_ERRORS = {
  tooManyFiles: aboutFiles(413, "Too Many Files", `Please attach at most ${QUOTE_MAX_FILES} files.`),
  totalTooLarge: aboutFiles(
    413,
    "Attachments Too Large",
    `The attachments add up to more than ${megabytes(QUOTE_MAX_TOTAL_FILE_BYTES)}. Please send fewer or smaller files.`,
  ),
  tooManyFields: {
    status: 413,
    title: "Too Many Fields",
    message: `The form has more fields than a request can hold (up to ${QUOTE_MAX_ITEMS} items).`,
  },
  fieldTooLong: {
    status: 413,
    title: "Entry Too Long",
    message: "One of the entries is longer than this form accepts.",
  },
  timeout: {
    status: 408,
    title: "Upload Timed Out",
    message: "The upload took too long. Please try again with fewer or smaller files.",
  },
  malformed: {
    status: 400,
    title: "Invalid Request",
    message: "The form data could not be read. Please reload the page and try again.",
  },
} as const satisfies Record<string, QuoteUploadError>;

export function fileTooLarge(name: string): QuoteUploadError {
  return aboutFiles(
    413,
    "File Too Large",
    `"${shortName(name)}" is larger than ${megabytes(QUOTE_MAX_FILE_BYTES)}. Please send a smaller file.`,
  );
}

export function fileRefused(name: string, why: string): QuoteUploadError {
  return aboutFiles(
    400,
    "File Type Not Accepted",
    `"${shortName(name)}" was not accepted: ${why}. Please attach PDF, PNG, JPEG, WebP, DXF, DWG, STEP or AI/EPS files.`,
  );
}

export function fileEmpty(name: string): QuoteUploadError {
  return aboutFiles(400, "Empty File", `"${shortName(name)}" is empty (0 bytes).`);
}

function unexpectedField(name: string): QuoteUploadError {
  return {
    status: 400,
    title: "Unexpected Field",
    message: `"${shortName(name).slice(0, 40)}" is not a field of this form.`,
  };
}

function repeatedField(name: string): QuoteUploadError {
  return {
    status: 400,
    title: "Repeated Field",
    message: `"${shortName(name).slice(0, 40)}" was sent more than once.`,
  };
}

export interface ParseUploadOptions {
  timeoutMs?: number;
}

/**
 * Reads a quote post (multipart or form-encoded) from `req`. Resolves with the fields and files, or
 * with the first error and the fields read before it; rejects with UploadAbortedError when the
 * client goes away mid-body.
 */
export function parseQuoteUpload(
  req: IncomingMessage,
  options: ParseUploadOptions = {},
): Promise<QuoteUpload> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_QUOTE_UPLOAD_TIMEOUT_MS;
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
    let timer: NodeJS.Timeout | undefined;

    const finish = (result: { complete: boolean } | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (result instanceof Error) {
        reject(result);
        return;
      }
      resolve({ fields, files: error ? [] : files, error, complete: result.complete });
    };
    const maybeDone = () => {
      if (bodyDone && (error || (parserDone && pendingFiles === 0))) finish({ complete: true });
    };

    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: req.headers,
        limits: {
          fieldNameSize: 100,
          fieldSize: QUOTE_PASTE_MAX * 4,
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
      timer = setTimeout(() => finish({ complete: false }), timeoutMs);
      return;
    }

    /** Stops parsing at the first violation; the rest of the body is read and dropped. */
    const fail = (problem: QuoteUploadError) => {
      if (error) return;
      error = problem;
      files.length = 0;
      // The parser gets no more bytes (its handlers ignore anything after an error); destroying it
      // would make it fail the part stream in flight, with nobody to hear.
      req.unpipe(bb);
      req.resume();
      maybeDone();
    };

    timer = setTimeout(() => {
      if (!error) error = UPLOAD_ERRORS.timeout;
      files.length = 0;
      req.unpipe(bb);
      finish({ complete: false });
    }, timeoutMs);

    bb.on("field", (name, value, info) => {
      if (error) return;
      if (info.nameTruncated || info.valueTruncated) return fail(UPLOAD_ERRORS.fieldTooLong);
      if (!isQuoteTextField(name)) return fail(unexpectedField(name));
      if (Object.hasOwn(fields, name)) return fail(repeatedField(name));
      fields[name] = value;
    });

    bb.on("file", (name, stream, info) => {
      if (error) {
        stream.resume();
        return;
      }
      if (name !== QUOTE_FILES_FIELD) {
        stream.resume();
        return fail(unexpectedField(name));
      }
      stream.on("error", () => undefined);
      const original = info.filename ?? "";
      const chunks: Buffer[] = [];
      let size = 0;
      let type: SniffedType | null | undefined;
      pendingFiles += 1;
      // The type is decided once, from the first SNIFF_BYTES (or the whole file when it is shorter).
      let typing: Promise<void> | undefined;
      const sniff = () => {
        const head = Buffer.concat(chunks, size).subarray(0, SNIFF_BYTES);
        typing = sniffFileType(head).then((found) => {
          type = found;
          if (!found) fail(fileRefused(original, describeUnknown(head)));
        });
      };
      stream.on("data", (chunk: Buffer) => {
        if (error) return;
        size += chunk.length;
        totalFileBytes += chunk.length;
        if (totalFileBytes > QUOTE_MAX_TOTAL_FILE_BYTES) return fail(UPLOAD_ERRORS.totalTooLarge);
        chunks.push(chunk);
        if (typing === undefined && size >= SNIFF_BYTES) sniff();
      });
      stream.once("limit", () => fail(fileTooLarge(original)));
      stream.once("end", () => {
        const settle = () => {
          pendingFiles -= 1;
          maybeDone();
        };
        if (error) return settle();
        // A file input left empty still sends a part: no name and no bytes. It is not a file.
        if (original === "" && size === 0) return settle();
        filesEnded += 1;
        if (filesEnded > QUOTE_MAX_FILES) {
          fail(UPLOAD_ERRORS.tooManyFiles);
          return settle();
        }
        if (size === 0) {
          fail(fileEmpty(original));
          return settle();
        }
        if (typing === undefined) sniff();
        void typing?.then(() => {
          pendingFiles -= 1;
          if (!error && type) {
            files.push({
              fileName: safeFileName(original, type),
              type,
              content: Buffer.concat(chunks, size),
            });
          }
          chunks.length = 0;
          maybeDone();
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

    req.once("end", () => {
      bodyDone = true;
      maybeDone();
    });
    req.once("error", () => finish(new UploadAbortedError()));
    req.once("close", () => {
      if (!req.complete) finish(new UploadAbortedError());
      else {
        bodyDone = true;
        maybeDone();
      }
    });
    req.pipe(bb);
  });
}

/**
 * Parsed uploads, keyed by request, from the pipeline (which reads the body) to the React Router
 * handler (which hands them to the route as `context.upload`).
 */
const parsed = new WeakMap<IncomingMessage, QuoteUpload>();

export function rememberQuoteUpload(req: IncomingMessage, upload: QuoteUpload): void {
  parsed.set(req, upload);
}

export function takeQuoteUpload(req: IncomingMessage): QuoteUpload | undefined {
  const upload = parsed.get(req);
  parsed.delete(req);
  return upload;
}
