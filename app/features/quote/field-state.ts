import { fieldProps } from "~/features/leads/field";
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
