import * as z from "zod/mini";
import {
  cleaned,
  cleanText,
  EMAIL_ERRORS,
  EMAIL_MAX_LENGTH,
  type FormText,
  formChecks,
  HONEYPOT_FIELD,
  isLooseEmail,
  type ParseResult,
  requiredText,
  tooLongText,
} from "~/features/leads/form-input";

/** Hidden field that people never fill in; bots that fill every input do (docs/product.md#honeypot). */
export { HONEYPOT_FIELD };

export const CONTACT_NAME_MAX_LENGTH = 200;
export const CONTACT_EMAIL_MAX_LENGTH = EMAIL_MAX_LENGTH;
export const CONTACT_PHONE_MAX_LENGTH = 50;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

export const CONTACT_ERRORS = {
  nameRequired: requiredText("Name", "your name"),
  nameTooLong: tooLongText("Name", "your name", CONTACT_NAME_MAX_LENGTH),
  ...EMAIL_ERRORS,
  phoneTooLong: tooLongText("Phone", "your phone number", CONTACT_PHONE_MAX_LENGTH),
  messageRequired: requiredText("Message", "your message"),
  messageTooLong: tooLongText("Message", "your message", CONTACT_MESSAGE_MAX_LENGTH),
} satisfies Record<string, FormText>;

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

// Every check above carries one of our keys; anything else is a bug, shown as the first rule rather
// than as a raw zod message.
const contactChecks = formChecks(contactSchema, CONTACT_ERRORS, CONTACT_ERRORS.nameRequired);

/** The visible fields, in the form's order: the schema's keys. */
export const CONTACT_VALUE_FIELDS: ContactField[] = contactChecks.fields;

/** Every field the contact form posts; anything else is unknown to the server. */
export const CONTACT_FIELDS: readonly string[] = [...CONTACT_VALUE_FIELDS, HONEYPOT_FIELD];

/** The form's values from posted fields, e.g. to fill the form again after a refusal. */
export const contactValues: (fields?: Readonly<Record<string, unknown>>) => ContactValues =
  contactChecks.values;

/**
 * Checks the form. On failure, `error` is the first failing rule (name, email blank, email shape,
 * message; length limits after the rules of their field) and `fieldErrors` every invalid field's message.
 */
export const parseContact: (input: Record<string, unknown>) => ParseResult<ContactInput, ContactField> =
  contactChecks.parse;

/** The first failing rule as the notice to show, or null when the form is valid. */
export const firstContactError = contactChecks.firstError;

/** True when the honeypot holds anything but whitespace. */
export function isHoneypotFilled(input: Record<string, unknown>): boolean {
  return cleanText(input[HONEYPOT_FIELD]).trim() !== "";
}
