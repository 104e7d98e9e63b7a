import * as z from "zod/mini";
import {
  cleaned,
  cleanText,
  type FormText,
  failure,
  formValues,
  HONEYPOT_FIELD,
  isLooseEmail,
  type ParseResult,
} from "~/features/leads/form-input";

/** Hidden field that people never fill in; bots that fill every input do (docs/product.md#honeypot). */
export { HONEYPOT_FIELD };

export const CONTACT_NAME_MAX_LENGTH = 200;
/** The longest address SMTP can carry (RFC 5321 path limit). */
export const CONTACT_EMAIL_MAX_LENGTH = 254;
export const CONTACT_PHONE_MAX_LENGTH = 50;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

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

const key = (name: ContactErrorKey) => name;

// Zod reports issues in shape order and, within a field, in check order; the first issue is therefore
// the first failing rule of docs/product.md#contact-form (name, email blank, email shape, message).
// Length limits come after the blank and shape rules of the same field so they never change which of
// those a visitor sees.
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

/** A field the visitor fills in: a key of the schema. */
export type ContactField = keyof typeof contactSchema.shape;
/** The form's fields as typed, one string each. */
export type ContactValues = Record<ContactField, string>;

/** The visible fields, in the form's order: the schema's keys. */
export const CONTACT_VALUE_FIELDS = Object.keys(contactSchema.shape) as ContactField[];

/** Every field the contact form posts; anything else is unknown to the server. */
export const CONTACT_FIELDS: readonly string[] = [...CONTACT_VALUE_FIELDS, HONEYPOT_FIELD];

/** The form's values from posted fields, e.g. to fill the form again after a refusal. */
export const contactValues = (fields?: Readonly<Record<string, unknown>>): ContactValues =>
  formValues(CONTACT_VALUE_FIELDS, fields);

/**
 * Checks the form. On failure, `error` is the first failing rule (name, email blank, email shape,
 * message; length limits after the rules of their field) and `fieldErrors` every invalid field's message.
 */
export function parseContact(input: Record<string, unknown>): ParseResult<ContactInput, ContactField> {
  const result = contactSchema.safeParse(input);
  if (result.success) return { success: true, data: result.data };
  // Every check above carries one of our keys; anything else is a bug, shown as the first rule
  // rather than as a raw zod message.
  return failure(result.error.issues, CONTACT_ERRORS, CONTACT_ERRORS.nameRequired);
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
