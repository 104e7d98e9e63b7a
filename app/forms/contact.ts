import * as z from "zod/mini";
import { cleaned, cleanText, type FormText, type ParseResult } from "~/forms/common";

/** Hidden field that people never fill in; bots that fill every input do (D7). */
export const HONEYPOT_FIELD = "website";

export const CONTACT_NAME_MAX_LENGTH = 200;
/** The longest address SMTP can carry (RFC 5321 path limit). */
export const CONTACT_EMAIL_MAX_LENGTH = 254;
export const CONTACT_PHONE_MAX_LENGTH = 50;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

/** The fields the contact form posts; anything else is unknown to the server. */
export const CONTACT_FIELDS = ["name", "email", "phone", "message", HONEYPOT_FIELD] as const;

export const CONTACT_ERRORS = {
  nameRequired: { title: "Name Required", message: "Please enter your name." },
  nameTooLong: { title: "Name Too Long", message: "Please keep your name under 200 characters." },
  emailRequired: { title: "Email Required", message: "Please enter your email address." },
  emailInvalid: { title: "Invalid Email", message: "Please enter a valid email address." },
  emailTooLong: { title: "Email Too Long", message: "Please keep your email address under 254 characters." },
  phoneTooLong: { title: "Phone Too Long", message: "Please keep your phone number under 50 characters." },
  messageRequired: { title: "Message Required", message: "Please enter your message." },
  messageTooLong: { title: "Message Too Long", message: "Please keep your message under 5,000 characters." },
} as const satisfies Record<string, FormText>;

export type ContactErrorKey = keyof typeof CONTACT_ERRORS;

export const CONTACT_SUCCESS: FormText = {
  title: "Message Sent!",
  message: "Thank you for your submission! We'll get back to you soon.",
};

/** The UI appends the sales address as a mailto link after this message. */
export const CONTACT_FAILURE: FormText = {
  title: "Submission Failed",
  message: "There was an issue submitting your form. Please try again or email",
};

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

const key = (name: ContactErrorKey) => name;

// Zod reports issues in shape order and, within a field, in check order; the first issue is therefore
// the spec's first failing rule (name, email blank, email shape, message). Length limits come after the
// spec's rules of the same field so they never change which spec message a visitor sees.
export const contactSchema = z.object({
  name: cleaned(
    z.trim(),
    z.minLength(1, key("nameRequired")),
    z.maxLength(CONTACT_NAME_MAX_LENGTH, key("nameTooLong")),
  ),
  email: cleaned(
    z.trim(),
    z.minLength(1, key("emailRequired")),
    z.refine(isLooseEmail, key("emailInvalid")),
    z.maxLength(CONTACT_EMAIL_MAX_LENGTH, key("emailTooLong")),
  ),
  phone: z.pipe(
    cleaned(z.trim(), z.maxLength(CONTACT_PHONE_MAX_LENGTH, key("phoneTooLong"))),
    z.transform((value: string) => (value === "" ? null : value)),
  ),
  message: cleaned(
    z.trim(),
    z.minLength(1, key("messageRequired")),
    z.maxLength(CONTACT_MESSAGE_MAX_LENGTH, key("messageTooLong")),
  ),
});

export type ContactInput = z.output<typeof contactSchema>;

export function parseContact(input: Record<string, unknown>): ParseResult<ContactInput> {
  const result = contactSchema.safeParse(input);
  if (result.success) return { success: true, data: result.data };
  const first = result.error.issues[0]?.message;
  const error =
    first !== undefined && first in CONTACT_ERRORS ? CONTACT_ERRORS[first as ContactErrorKey] : null;
  // Every check above carries one of our keys; anything else is a bug, shown as the first spec rule
  // rather than as a raw zod message.
  return { success: false, error: error ?? CONTACT_ERRORS.nameRequired };
}

/** The first failing rule as the notice to show, or null when the form is valid. */
export function firstContactError(input: Record<string, unknown>): FormText | null {
  const result = parseContact(input);
  return result.success ? null : result.error;
}

/** True when the honeypot holds anything but whitespace. */
export function isHoneypotFilled(input: Record<string, unknown>): boolean {
  return cleanText(input[HONEYPOT_FIELD]).trim() !== "";
}
