import { quoteFormText as text } from "~/content/quote-form";
import { controlClass as control, Field } from "~/features/leads/field";
import {
  FOAM_AREA,
  FOAM_FIELD_NAMES,
  type FoamValues,
  LABEL_AREA,
  LABEL_FIELD_NAMES,
  LABEL_SIZE_UNITS,
  type LabelValues,
  QUOTE_TEXT_MAX,
} from "~/features/quote/quote";
import { controlProps, type FieldState } from "./field-state";

/*
 * The details for labels and for foam: each set is shown (by CSS alone, so without JavaScript too)
 * while an item's product area is that area.
 */

const cardClass = "hidden rounded-xl bg-white p-4 shadow-sm ring-1 ring-mist sm:p-6";
/** The short label details share a line on a phone; the rest take the whole width. */
const HALF_WIDTH = new Set<string>(["width", "height", "sizeUnit", "core"]);

/** The label details; `onChange` gets the field's name and its new value. */
export function LabelDetails({
  values,
  state,
  onChange,
}: {
  values: LabelValues;
  state: FieldState;
  onChange: (name: keyof LabelValues, value: string) => void;
}) {
  const { heading, fields, sizeUnits } = text.labelDetails;
  return (
    <fieldset
      data-area={LABEL_AREA}
      className={`${cardClass} group-has-[option[value=labels]:checked]:block`}
    >
      <legend className="sr-only">{heading}</legend>
      <h2 className="mb-4 text-xl font-extrabold text-navy">{heading}</h2>
      <div className="grid grid-cols-2 gap-3 sm:gap-4">
        {LABEL_FIELD_NAMES.map((name) => {
          const key = `labels.${name}`;
          const bind = {
            name: key,
            className: control,
            ...controlProps(state, key),
            value: values[name],
            onChange: (event: { currentTarget: { value: string } }) =>
              onChange(name, event.currentTarget.value),
          };
          return (
            <Field
              key={name}
              id={bind.id}
              label={fields[name]}
              error={state.errors[key]}
              className={HALF_WIDTH.has(name) ? undefined : "col-span-2 sm:col-span-1"}
            >
              {name === "sizeUnit" ? (
                <select {...bind}>
                  {LABEL_SIZE_UNITS.map((unit) => (
                    <option key={unit} value={unit}>
                      {sizeUnits[unit]}
                    </option>
                  ))}
                </select>
              ) : (
                <input {...bind} maxLength={QUOTE_TEXT_MAX} />
              )}
            </Field>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The foam and protective packaging details. */
export function FoamDetails({
  values,
  state,
  onChange,
}: {
  values: FoamValues;
  state: FieldState;
  onChange: (name: keyof FoamValues, value: string) => void;
}) {
  const { heading, fields } = text.foamDetails;
  return (
    <fieldset
      data-area={FOAM_AREA}
      className={`${cardClass} group-has-[option[value=die-cut-foams]:checked]:block`}
    >
      <legend className="sr-only">{heading}</legend>
      <h2 className="mb-4 text-xl font-extrabold text-navy">{heading}</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        {FOAM_FIELD_NAMES.map((name) => {
          const key = `foam.${name}`;
          const props = controlProps(state, key);
          return (
            <Field key={name} id={props.id} label={fields[name]} error={state.errors[key]}>
              <input
                name={key}
                className={control}
                maxLength={QUOTE_TEXT_MAX}
                {...props}
                value={values[name]}
                onChange={(event) => onChange(name, event.currentTarget.value)}
              />
            </Field>
          );
        })}
      </div>
    </fieldset>
  );
}
