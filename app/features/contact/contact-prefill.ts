import { type ContactValues, contactValues } from "./contact";

/**
 * The home page's 'Get in Touch' form (docs/product.md#home-message-form) posts its fields to /contact
 * with this marker; the contact page then shows its form filled in and sends nothing. A post keeps the
 * typed text out of the URL, so out of logs and history, and needs no script on either page.
 */
export const PREFILL_MARKER = { name: "carry", value: "home-message" } as const;

/** The home form's field names. */
export const PREFILL_FIELDS = {
  firstName: "first_name",
  lastName: "last_name",
  email: "email",
  company: "company",
  message: "message",
} as const;

const MAX_LENGTH = 5000;

/** True for a post of the home form (its marker field set), which only fills in the contact form. */
export function isPrefillPost(form: FormData): boolean {
  return form.get(PREFILL_MARKER.name) === PREFILL_MARKER.value;
}

/**
 * The contact form's values from the home form: first and last name joined, the e-mail, and the
 * message with the company added as a last line.
 */
export function prefillValues(form: FormData): ContactValues {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim().slice(0, MAX_LENGTH) : "";
  };
  const name = [text(PREFILL_FIELDS.firstName), text(PREFILL_FIELDS.lastName)].filter(Boolean).join(" ");
  const company = text(PREFILL_FIELDS.company);
  const message = text(PREFILL_FIELDS.message);
  return {
    ...contactValues(),
    name,
    email: text(PREFILL_FIELDS.email),
    message: company ? `${message}\n\nCompany: ${company}`.trim() : message,
  };
}
