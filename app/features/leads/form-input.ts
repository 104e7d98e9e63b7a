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

/** The notice of a field left blank: `Name Required`, "Please enter your name." */
export function requiredText(label: string, what: string): FormText {
  return { title: `${label} Required`, message: `Please enter ${what}.` };
}

/** The notice of a field over its limit: `Name Too Long`, "Please keep your name under 200 characters." */
export function tooLongText(label: string, what: string, max: number): FormText {
  return {
    title: `${label} Too Long`,
    message: `Please keep ${what} under ${max.toLocaleString("en-US")} characters.`,
  };
}

/** The longest address SMTP can carry (RFC 5321 path limit): the e-mail field's limit on the lead forms. */
export const EMAIL_MAX_LENGTH = 254;

/** The e-mail field's notices, the same on the contact and the quote form. */
export const EMAIL_ERRORS = {
  emailRequired: requiredText("Email", "your email address"),
  emailInvalid: { title: "Invalid Email", message: "Please enter a valid email address." },
  emailTooLong: tooLongText("Email", "your email address", EMAIL_MAX_LENGTH),
} satisfies Record<string, FormText>;

/**
 * Each invalid field's message, keyed by the field's name as posted (for the quote's rows and details,
 * the dotted path: `items.2.quantity`, `labels.width`). A field's message is that of its first failing
 * rule.
 */
export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/**
 * A form's values checked against its schema. On failure, `error` is the first failing rule of the
 * whole form (the notice shown as a toast or alert) and `fieldErrors` holds every invalid field.
 */
export type ParseResult<T, K extends string = string> =
  | { success: true; data: T }
  | { success: false; error: FormText; fieldErrors: FieldErrors<K> };

export type FormStatus = 200 | 400 | 409 | 429 | 500;

/** The answer of a form action: an expected outcome, never an exception. */
export interface FormResult extends FormText {
  ok: boolean;
  status: FormStatus;
  /** Set with 429 so the server can send a Retry-After header. */
  retryAfterSeconds?: number;
  /** The lead's reference (e.g. `C-7K3M9P`), on success. */
  reference?: string;
  /** On a refusal caused by what was typed: each invalid field's message (see FieldErrors). */
  fieldErrors?: FieldErrors;
  /** Stored but held aside as likely spam: answered as a success, counted as held (docs/spam.md). */
  held?: boolean;
}

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

/**
 * A schema's issues as a ParseResult failure. Each issue's message is a key of `texts`; an issue
 * without one (a bug) shows `fallback` rather than a raw zod message. Zod reports issues in the
 * schema's field order and, within a field, in check order, so the first issue is the form's first
 * failing rule and the first issue of each field is that field's first failing rule.
 */
export function failure<K extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  texts: Readonly<Record<string, FormText>>,
  fallback: FormText,
): { success: false; error: FormText; fieldErrors: FieldErrors<K> } {
  const fieldErrors: FieldErrors<K> = {};
  let error: FormText | undefined;
  for (const issue of issues) {
    const text = Object.hasOwn(texts, issue.message) ? (texts[issue.message] ?? fallback) : fallback;
    const field = issue.path.map(String).join(".") as K;
    // An issue of the form as a whole (no path) is a notice, not a field's message.
    if (field !== "") fieldErrors[field] ??= text.message;
    error ??= text;
  }
  return { success: false, error: error ?? fallback, fieldErrors };
}

/** A form's values from posted fields, one string per name (a missing or non-text field is empty). */
export function formValues<K extends string>(
  names: readonly K[],
  fields: Readonly<Record<string, unknown>> = {},
): Record<K, string> {
  return Object.fromEntries(
    names.map((name) => [name, typeof fields[name] === "string" ? fields[name] : ""]),
  ) as Record<K, string>;
}

/**
 * What a form's schema gives the browser and the server: the fields in the form's order (the schema's
 * keys), the form's values from posted fields, `parse` (a ParseResult whose notices come from `texts`,
 * see failure) and `firstError`, the notice to show or null when the form is valid.
 */
export function formChecks<S extends z.ZodMiniObject>(
  schema: S,
  texts: Readonly<Record<string, FormText>>,
  fallback: FormText,
) {
  type Field = keyof S["shape"] & string;
  const fields = Object.keys(schema.shape) as Field[];
  const parse = (input: Record<string, unknown>): ParseResult<z.output<S>, Field> => {
    const result = schema.safeParse(input);
    if (result.success) return { success: true, data: result.data };
    return failure(result.error.issues, texts, fallback);
  };
  return {
    fields,
    values: (posted?: Readonly<Record<string, unknown>>) => formValues(fields, posted),
    parse,
    firstError(input: Record<string, unknown>): FormText | null {
      const result = parse(input);
      return result.success ? null : result.error;
    },
  };
}

/** A form post as a plain record (e.g. Object.fromEntries(formData)); non-string values count as empty. */
export type FormInput = Record<string, unknown>;

/**
 * "x@y.z" without spaces: the site's deliberately loose shape check (docs/product.md#contact-form).
 * It is the pattern `^[^\s@]+@[^\s@]+\.[^\s@]+$` written as a single pass: that pattern backtracks
 * over every dot of the domain and took 0.8 s of the event loop for one 32 KB value.
 */
export function isLooseEmail(value: string): boolean {
  if (/\s/.test(value)) return false;
  const at = value.indexOf("@");
  if (at < 1 || value.indexOf("@", at + 1) !== -1) return false;
  const domain = value.slice(at + 1);
  return domain.slice(1, -1).includes(".");
}

/** The honeypot's field name, the same on every form (docs/product.md#honeypot; see Honeypot). */
export const HONEYPOT_FIELD = "website";
