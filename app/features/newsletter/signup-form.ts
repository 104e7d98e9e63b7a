import * as z from "zod/mini";
import { cleaned, type FormText, formChecks, type ParseResult } from "~/features/leads/form-input";

export const NEWSLETTER_EMAIL_MAX_LENGTH = 255;
/** Rolling 24 h window of the attempt rule (docs/product.md#newsletter-attempts). */
export const NEWSLETTER_ATTEMPT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The 4th attempt for one address within the window is refused. */
export const NEWSLETTER_MAX_ATTEMPTS = 3;

const LOCAL_PART = /^[a-z0-9._%+-]+$/i;
const DOMAIN = /^[a-z0-9.-]+$/i;
const TOP_LEVEL = /^[a-z]{2,}$/i;

/**
 * A standard address: letters, digits and ._%+- before the @, a dotted domain after it ending in two or
 * more letters. The same rule as `^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$`, checked piece by piece in
 * linear time: that pattern backtracks over every dot of a long domain.
 */
export function isStandardEmail(value: string): boolean {
  const at = value.indexOf("@");
  if (at < 1 || value.indexOf("@", at + 1) !== -1) return false;
  const domain = value.slice(at + 1);
  const lastDot = domain.lastIndexOf(".");
  return (
    lastDot >= 1 &&
    LOCAL_PART.test(value.slice(0, at)) &&
    DOMAIN.test(domain.slice(0, lastDot)) &&
    TOP_LEVEL.test(domain.slice(lastDot + 1))
  );
}

// The newsletter's messages have no trailing period, unlike the contact form's
// (docs/product.md#newsletter-form).
export const NEWSLETTER_ERRORS = {
  emailRequired: { title: "Email Required", message: "Please enter your email address" },
  emailInvalid: { title: "Invalid Email", message: "Please enter a valid email address" },
} as const satisfies Record<string, FormText>;

export const NEWSLETTER_SUCCESS: FormText = {
  title: "Successfully Subscribed!",
  message:
    "Thank you for subscribing to our newsletter. You'll receive updates about manufacturing tips and industry insights.",
};

export const NEWSLETTER_ALREADY_SUBSCRIBED: FormText = {
  title: "Already Subscribed",
  message: "This email address is already subscribed to our newsletter.",
};

export const NEWSLETTER_TOO_MANY_ATTEMPTS: FormText = {
  title: "Too Many Attempts",
  message: "Too many subscription attempts. Please try again tomorrow.",
};

export const NEWSLETTER_FAILURE: FormText = {
  title: "Subscription Failed",
  message: "There was an error subscribing to our newsletter. Please try again.",
};

type NewsletterErrorKey = keyof typeof NEWSLETTER_ERRORS;
const key = (name: NewsletterErrorKey) => name;

export const newsletterSchema = z.object({
  email: cleaned(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, key("emailRequired")),
    z.maxLength(NEWSLETTER_EMAIL_MAX_LENGTH, key("emailInvalid")),
    z.refine(isStandardEmail, key("emailInvalid")),
  ),
});

export type NewsletterInput = z.output<typeof newsletterSchema>;

/** A field the visitor fills in: a key of the schema. */
export type NewsletterField = keyof typeof newsletterSchema.shape;
/** The form's fields as typed, one string each. */
export type NewsletterValues = Record<NewsletterField, string>;

const newsletterChecks = formChecks(newsletterSchema, NEWSLETTER_ERRORS, NEWSLETTER_ERRORS.emailInvalid);

/** The fields the signup (and the unsubscribe-link request) posts: the schema's keys. */
export const NEWSLETTER_FIELDS: NewsletterField[] = newsletterChecks.fields;

/** The form's values from posted fields, e.g. to fill the form again after a refusal. */
export const newsletterValues: (fields?: Readonly<Record<string, unknown>>) => NewsletterValues =
  newsletterChecks.values;

/** Checks the address: `error` is the notice, `fieldErrors.email` the message beside the field. */
export const parseNewsletter: (
  input: Record<string, unknown>,
) => ParseResult<NewsletterInput, NewsletterField> = newsletterChecks.parse;

/** The first failing rule as the notice to show, or null when the address is acceptable. */
export const firstNewsletterError = newsletterChecks.firstError;
