import * as z from "zod/mini";

// zod compiles object schemas with `new Function` unless told not to; the site's Content-Security-Policy
// forbids eval, and the browser would report every attempt as a violation. The forms are tiny, so the
// interpreter is plenty fast.
z.config({ jitless: true });

/**
 * Pieces shared by both forms. Browser-safe: the browser and the server validate with the same code,
 * so the visitor sees the same titles and messages either way.
 */

export interface FormText {
  title: string;
  message: string;
}

export type ParseResult<T> = { success: true; data: T } | { success: false; error: FormText };

export type FormStatus = 200 | 400 | 409 | 429 | 500;

/** The answer of a form action: an expected outcome, never an exception. */
export interface FormResult extends FormText {
  ok: boolean;
  status: FormStatus;
  /** Set with 429 so the server can send a Retry-After header. */
  retryAfterSeconds?: number;
  /** The lead's reference (e.g. `C-7K3M9P`), on success. */
  reference?: string;
}

/** Per-client limit (D9), shared by the contact form and the newsletter. */
export const TOO_MANY_REQUESTS: FormText = {
  title: "Too Many Requests",
  message: "You have sent too many requests. Please wait a few minutes and try again.",
};

// Control characters (C0, DEL, C1) except tab and line feed: invisible in the browser, but they can
// break e-mail headers, terminals and spreadsheet exports downstream.
const CONTROL_CHARACTERS = /[^\P{Cc}\t\n]/gu;
// A lone UTF-16 surrogate (only JSON can carry one) is not text: SQLite would store it as invalid
// UTF-8 and PostgreSQL's driver would turn it into U+FFFD. Replacing it here, as browsers do when they
// encode a form, stores the same valid text on either database.
const LONE_SURROGATES = /\p{Cs}/gu;

/**
 * Normalises one submitted value: anything that is not a string counts as empty (a missing field, a
 * file upload), line breaks become \n (browsers send CRLF), other control characters are removed and
 * lone surrogates become U+FFFD.
 */
export function cleanText(value: unknown): string {
  if (typeof value !== "string") return "";
  return value.replace(/\r\n?/g, "\n").replace(CONTROL_CHARACTERS, "").replace(LONE_SURROGATES, "\uFFFD");
}

/**
 * A text field as the forms read it: normalised with cleanText, then the given checks in order (the
 * first failing check is the message shown). Written with zod's small "mini" build, which is what the
 * browser loads for the forms.
 */
export function cleaned(...checks: z.core.$ZodCheck<string>[]) {
  return z.pipe(z.transform(cleanText), z.string().check(...checks));
}
