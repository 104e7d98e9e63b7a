import type { RefObject } from "react";
import { honeypotLabel } from "~/content/forms";
import { HONEYPOT_FIELD } from "../form-input";

/**
 * A field people leave empty and bots fill in (docs/product.md#honeypot): out of sight and hidden
 * from assistive technology, skipped by the keyboard, never filled in by the browser.
 */
export function Honeypot({
  form,
  inputRef,
}: {
  /** Makes the field's id unique on the page: `${form}-website`. */
  form: string;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  const id = `${form}-${HONEYPOT_FIELD}`;
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={id}>{honeypotLabel}</label>
      <input
        ref={inputRef}
        id={id}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}
