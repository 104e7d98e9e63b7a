import { quoteFormText as text } from "~/content/quote-form";
import { controlClass as control, Field } from "~/features/leads/ui/field";
import { CONTACT_FIELD_MAX, CONTACT_FIELD_NAMES, type ContactValues } from "~/features/quote/quote";
import { cn } from "~/lib/cn";
import { controlProps, type FieldState, fieldId, oneLine, WRAPPING_LINE } from "./field-state";
import { Section } from "./section";

type ContactName = (typeof CONTACT_FIELD_NAMES)[number];

/** Each buyer's field's input type and autocomplete token; its maxlength is the schema's. */
const CONTACT_INPUTS: Record<ContactName, { type?: string; autoComplete?: string }> = {
  company: { autoComplete: "organization" },
  name: { autoComplete: "name" },
  email: { type: "email", autoComplete: "email" },
  phone: { type: "tel", autoComplete: "tel" },
  postalCode: { autoComplete: "shipping postal-code" },
  neededBy: { type: "date" },
  poReference: {},
};

/** The buyer's details: company, name and e-mail required, the rest optional. */
export function ContactFields({
  values,
  state,
  onChange,
}: {
  values: ContactValues;
  state: FieldState;
  onChange: (name: ContactName, value: string) => void;
}) {
  return (
    <Section title={text.contactHeading} id="quote-contact">
      {/* One column on a phone, so every value shows whole (docs/decisions/0044). */}
      <div className="grid gap-3 sm:grid-cols-2 sm:gap-5">
        {CONTACT_FIELD_NAMES.map((name) => {
          const { label, required } = text.contactLabels[name] as { label: string; required?: boolean };
          const input = CONTACT_INPUTS[name];
          return (
            <Field key={name} id={fieldId(name)} error={state.errors[name]} label={label} required={required}>
              {name === "company" ? (
                // Company names run long: the box grows rather than hide the end of one.
                <textarea
                  name={name}
                  {...WRAPPING_LINE}
                  className={cn(control, WRAPPING_LINE.className)}
                  required={required}
                  autoComplete={input.autoComplete}
                  maxLength={CONTACT_FIELD_MAX[name]}
                  {...controlProps(state, name)}
                  value={values[name]}
                  onChange={(event) => onChange(name, oneLine(event.currentTarget.value))}
                />
              ) : (
                <input
                  name={name}
                  className={control}
                  required={required}
                  type={input.type}
                  autoComplete={input.autoComplete}
                  maxLength={input.type === "date" ? undefined : CONTACT_FIELD_MAX[name]}
                  {...controlProps(state, name)}
                  value={values[name]}
                  onChange={(event) => onChange(name, event.currentTarget.value)}
                />
              )}
            </Field>
          );
        })}
      </div>
    </Section>
  );
}
