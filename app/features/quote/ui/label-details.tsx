import { quoteFormText as text } from "~/content/quote-form";
import { controlClass as control, Field } from "~/features/leads/ui/field";
import {
  FOAM_AREA,
  FOAM_FIELD_NAMES,
  type FoamValues,
  itemLabelErrorKey,
  itemLabelFieldName,
  LABEL_AREA,
  LABEL_FIELD_NAMES,
  LABEL_SIZE_UNITS,
  type LabelFieldName,
  type LabelValues,
  QUOTE_TEXT_MAX,
} from "~/features/quote/quote";
import { controlProps, type FieldState } from "./field-state";

/*
 * The details for labels, one set in each label item, and for foam, one set for the request: each is
 * shown (by CSS alone, so without JavaScript too) while an item's product area is that area. A label
 * item's details wait folded until opened, or until one of them has a message.
 */

const cardClass = "hidden rounded-xl bg-white p-4 shadow-sm ring-1 ring-mist sm:p-6";
/** From the small breakpoint the short label details share a line; the rest take the whole width. */
const HALF_WIDTH = new Set<string>(["width", "height", "sizeUnit", "core"]);

/** One label item's details, folded; `onChange` gets the field's name and its new value. */
export function ItemLabelDetails({
  index,
  values,
  state,
  onChange,
}: {
  index: number;
  values: LabelValues;
  state: FieldState;
  onChange: (name: LabelFieldName, value: string) => void;
}) {
  const { summary, fields, sizeUnits } = text.labelDetails;
  const open = LABEL_FIELD_NAMES.some((name) => state.errors[itemLabelErrorKey(index, name)]);
  return (
    <details
      data-area={LABEL_AREA}
      className="hidden group-has-[option[value=labels]:checked]/item:block sm:col-span-2 md:col-span-6"
      open={open || undefined}
    >
      <summary className="cursor-pointer py-1 text-sm font-semibold text-steel underline underline-offset-2">
        {summary}
      </summary>
      <div className="mt-2 grid gap-3 sm:grid-cols-2 md:grid-cols-4">
        {LABEL_FIELD_NAMES.map((name) => {
          const key = itemLabelErrorKey(index, name);
          const bind = {
            name: itemLabelFieldName(index, name),
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
              className={HALF_WIDTH.has(name) ? undefined : "sm:col-span-2"}
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
    </details>
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
