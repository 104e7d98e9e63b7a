import type { RefObject } from "react";
import { quoteFormText as text } from "~/content/quote-form";
import { controlClass as control, Field } from "~/features/leads/ui/field";
import {
  QUOTE_FILE_ACCEPT,
  QUOTE_FILES_FIELD,
  QUOTE_MAX_FILE_BYTES,
  QUOTE_MAX_FILES,
  QUOTE_MAX_TOTAL_FILE_BYTES,
} from "~/features/quote/quote";
import { cn } from "~/lib/cn";
import { controlProps, type FieldState, fieldId } from "./field-state";
import { megabytes } from "./file-checks";
import { Section } from "./section";

/** The attachments: one file input (checked in the browser by checkFiles, on the server by content). */
export function FilePicker({
  state,
  inputRef,
  onChange,
}: {
  state: FieldState;
  inputRef: RefObject<HTMLInputElement | null>;
  onChange: () => void;
}) {
  return (
    <Section title={text.filesHeading} id="quote-files-section">
      <Field
        id={fieldId(QUOTE_FILES_FIELD)}
        error={state.errors[QUOTE_FILES_FIELD]}
        label={text.filesLabel}
        hint={text.filesHint(
          QUOTE_MAX_FILES,
          megabytes(QUOTE_MAX_FILE_BYTES),
          megabytes(QUOTE_MAX_TOTAL_FILE_BYTES),
        )}
      >
        <input
          ref={inputRef}
          name={QUOTE_FILES_FIELD}
          type="file"
          multiple
          accept={QUOTE_FILE_ACCEPT}
          className={cn(
            control,
            "file:mr-3 file:rounded file:border-0 file:bg-mist file:px-3 file:py-1 file:font-semibold file:text-navy",
          )}
          {...controlProps(state, QUOTE_FILES_FIELD, true)}
          onChange={onChange}
        />
      </Field>
    </Section>
  );
}
