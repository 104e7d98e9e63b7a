import { fieldProps } from "~/features/leads/ui/field";
import type { QuoteFieldErrors } from "~/features/quote/quote";

/** A field's element id from its key (`email`, `items.2.quantity` → `quote-items-2-quantity`). */
export const fieldId = (key: string) => `quote-${key.replace(/\./g, "-")}`;

/** What each part of the form needs to mark its fields: the messages, and the field to focus on load. */
export interface FieldState {
  errors: QuoteFieldErrors;
  /** The first invalid field of a server's answer to a post without JavaScript. */
  focusOnLoad: string | undefined;
}

/** A control's id and its ARIA attributes, from its key (`email`, `items.2.quantity`). */
export function controlProps(state: FieldState, key: string, hint = false) {
  return {
    id: fieldId(key),
    ...fieldProps(fieldId(key), { error: state.errors[key], hint, focus: key === state.focusOnLoad }),
  };
}

/**
 * A one-line value that may be longer than a phone's column (a company name, an item's description):
 * a text box that grows a line at a time, so the whole value shows (docs/decisions/0044). Enter sends
 * the form, as in an input (see enterSends), and a pasted line break becomes a space.
 */
export const WRAPPING_LINE = {
  rows: 1,
  "data-one-line": "",
  className: "field-sizing-content resize-none",
} as const;

/** What a one-line text box holds: line breaks, as a paste may bring, become spaces. */
export const oneLine = (value: string) => value.replace(/\s*[\r\n]+\s*/g, " ");
