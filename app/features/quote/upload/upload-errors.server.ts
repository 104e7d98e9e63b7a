import {
  QUOTE_EXPIRED,
  QUOTE_FAILURE,
  QUOTE_FILES_FIELD,
  QUOTE_MAX_FILE_BYTES,
  QUOTE_MAX_FILES,
  QUOTE_MAX_ITEMS,
  QUOTE_MAX_TOTAL_FILE_BYTES,
  QUOTE_TOO_FAST,
} from "~/features/quote/quote";
import type { FormStartCheck } from "../server/quote-token.server";

/*
 * The answers a quote upload can get while its body is read (quote-upload.server.ts), before the
 * route sees it: each a status, a title and a message, and for the attachments the message beside
 * that field too.
 */

export interface QuoteUploadError {
  status: 400 | 408 | 413 | 429 | 500 | 503;
  title: string;
  message: string;
  /** Set when the error is about the attachments: the message beside that field. */
  fieldErrors?: { [QUOTE_FILES_FIELD]: string };
  /** Set when the upload was refused for now (429, 503): the answer's Retry-After. */
  retryAfterSeconds?: number;
}

/** An error about the attachments, shown beside that field too. */
const aboutFiles = (status: 400 | 413, title: string, message: string): QuoteUploadError => ({
  status,
  title,
  message,
  fieldErrors: { [QUOTE_FILES_FIELD]: message },
});

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
  /** A file came before the form's token: the form sends the token first, so this is no page of ours (or a stale one). */
  tokenFirst: {
    status: 400,
    title: "Invalid Request",
    message: "The form was sent in an order this site does not accept. Please reload the page and try again.",
  },
  /** The attachments could not be kept while they arrived (the disk): our fault, not the buyer's. */
  storage: { status: 500, ...QUOTE_FAILURE },
} as const satisfies Record<string, QuoteUploadError>;

/** A genuine token, but too young to send with: the one token problem the upload parser does not answer. */
export const TOKEN_TOO_FAST: QuoteUploadError = { status: 400, ...QUOTE_TOO_FAST };

/** The answer to a form token that failed its check (checkFormStart): the same texts the route gives. */
export function tokenRefused(check: Exclude<FormStartCheck, "ok">): QuoteUploadError {
  if (check === "too_fast") return TOKEN_TOO_FAST;
  // A forged token gets the too-fast text too: it learns nothing about why.
  return { status: 400, ...(check === "expired" ? QUOTE_EXPIRED : QUOTE_TOO_FAST) };
}

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

export function unexpectedField(name: string): QuoteUploadError {
  return {
    status: 400,
    title: "Unexpected Field",
    message: `"${shortName(name).slice(0, 40)}" is not a field of this form.`,
  };
}

export function repeatedField(name: string): QuoteUploadError {
  return {
    status: 400,
    title: "Repeated Field",
    message: `"${shortName(name).slice(0, 40)}" was sent more than once.`,
  };
}
