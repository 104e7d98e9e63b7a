import type { ReactNode } from "react";
import { Icon, type IconName } from "~/components/icons/icon";
import { Button } from "~/components/ui/button";
import { quoteFormText as text } from "~/content/quote-form";
import { controlClass as control, Field, FieldError } from "~/features/leads/ui/field";
import {
  type ItemFieldName,
  type ItemValues,
  itemErrorKey,
  itemFieldName,
  type LabelFieldName,
  QUOTE_AREAS,
  QUOTE_INTENT_FIELD,
  QUOTE_MAX_ITEMS,
  QUOTE_NOTES_MAX,
  QUOTE_PASTE_MAX,
  QUOTE_QUANTITY_INPUT_MAX,
  QUOTE_TEXT_MAX,
  QUOTE_UNITS,
} from "~/features/quote/quote";
import { cn } from "~/lib/cn";
import { controlProps, type FieldState, fieldId, oneLine, WRAPPING_LINE } from "./field-state";
import { ItemLabelDetails } from "./label-details";
import { Section } from "./section";

/** A button that posts the form for one of its row intents (QUOTE_ROW_INTENTS) rather than sending the request. */
function IntentButton({ intent, icon, label }: { intent: string; icon: IconName; label: string }) {
  return (
    <Button type="submit" name={QUOTE_INTENT_FIELD} value={intent} variant="outline" className="self-start">
      <Icon name={icon} />
      {label}
    </Button>
  );
}

type SetItem = (index: number, name: ItemFieldName, value: string) => void;
type SetLabel = (index: number, name: LabelFieldName, value: string) => void;

/** One item: its area, description, quantity, unit and notes. */
function ItemRow({
  index,
  row,
  state,
  onChange,
  onLabelChange,
  onRemove,
}: {
  index: number;
  row: ItemValues;
  state: FieldState;
  onChange: SetItem;
  onLabelChange: SetLabel;
  /** Given once the page is interactive and the list has more than one item. */
  onRemove: (() => void) | undefined;
}) {
  const key = (name: ItemFieldName) => itemErrorKey(index, name);
  const bind = (name: ItemFieldName) => ({
    name: itemFieldName(index, name),
    className: control,
    ...controlProps(state, key(name)),
    value: row[name],
    onChange: (event: { currentTarget: { value: string } }) =>
      onChange(index, name, event.currentTarget.value),
  });
  const field = (name: ItemFieldName) => ({ id: fieldId(key(name)), error: state.errors[key(name)] });
  const notesOpen = row.notes !== "" || Boolean(state.errors[key("notes")]);
  return (
    <fieldset className="group/item relative rounded-lg border-2 border-mist px-3 pt-2 pb-3 sm:p-4">
      <legend className="px-1 font-bold text-navy">{text.itemLegend(index + 1)}</legend>
      <div className="grid gap-y-2 sm:grid-cols-2 sm:gap-x-3 md:grid-cols-6 md:gap-4">
        <Field {...field("area")} label={text.item.area} className="md:col-span-2">
          <select {...bind("area")}>
            <AreaOptions />
          </select>
        </Field>
        <Field
          {...field("description")}
          label={text.item.description}
          required
          className="sm:col-span-2 md:col-span-4"
        >
          {/* Descriptions run long: the box grows rather than hide the end of one. */}
          <textarea
            {...bind("description")}
            {...WRAPPING_LINE}
            className={cn(control, WRAPPING_LINE.className)}
            onChange={(event) => onChange(index, "description", oneLine(event.currentTarget.value))}
            maxLength={QUOTE_TEXT_MAX}
          />
        </Field>
        {row.sku ? <SkuLine index={index} sku={row.sku} /> : null}
        <Field {...field("quantity")} label={text.item.quantity} required className="md:col-span-1">
          <input {...bind("quantity")} inputMode="numeric" maxLength={QUOTE_QUANTITY_INPUT_MAX} />
        </Field>
        <Field {...field("unit")} label={text.item.unit} className="md:col-span-1">
          <select {...bind("unit")}>
            <UnitOptions />
          </select>
        </Field>
        <ItemNotes open={notesOpen} field={field("notes")}>
          <input {...bind("notes")} maxLength={QUOTE_NOTES_MAX} />
        </ItemNotes>
        <ItemLabelDetails
          index={index}
          values={row.labels}
          state={state}
          onChange={(name, value) => onLabelChange(index, name, value)}
        />
      </div>
      {onRemove ? <RemoveItem index={index} onRemove={onRemove} /> : null}
    </fieldset>
  );
}

/** The product areas an item may be for, none chosen first. */
function AreaOptions() {
  return (
    <>
      <option value="">{text.item.areaNone}</option>
      {QUOTE_AREAS.map((option) => (
        <option key={option.id} value={option.id}>
          {option.title}
        </option>
      ))}
    </>
  );
}

function UnitOptions() {
  return QUOTE_UNITS.map((unit) => (
    <option key={unit} value={unit}>
      {unit}
    </option>
  ));
}

/** An item's notes, folded away until they are wanted (open when they hold text or a message). */
function ItemNotes({
  open,
  field,
  children,
}: {
  open: boolean;
  field: { id: string; error: string | undefined };
  children: ReactNode;
}) {
  return (
    <details className="sm:col-span-2 md:col-span-4 md:self-end" open={open || undefined}>
      <summary className="cursor-pointer py-1 text-sm font-semibold text-steel underline underline-offset-2">
        {text.notesSummary}
      </summary>
      <Field {...field} label={text.item.notes} className="mt-2">
        {children}
      </Field>
    </details>
  );
}

/** The button that removes an item (given once the page is interactive and the list has more than one). */
function RemoveItem({ index, onRemove }: { index: number; onRemove: () => void }) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      className="absolute -top-7 right-2 bg-white"
      onClick={onRemove}
      aria-label={text.removeItem(index + 1)}
    >
      <Icon name="Trash2" />
      <span aria-hidden="true">{text.remove}</span>
    </Button>
  );
}

/** A line from the catalogue keeps its part number (docs/quotes.md#part-numbers). */
function SkuLine({ index, sku }: { index: number; sku: string }) {
  return (
    <p className="col-span-2 text-sm text-slate-700 md:col-span-6" data-testid="item-sku">
      {text.item.sku}: <span className="font-semibold text-navy">{sku}</span>
      <input type="hidden" name={itemFieldName(index, "sku")} value={sku} />
    </p>
  );
}

/** The items, 'Add item', the paste-a-list box and 'Turn the list into items' (submit buttons, so they work without JavaScript). */
export function ItemRows({
  items,
  rowKeys,
  pasteList,
  state,
  canRemove,
  onChange,
  onLabelChange,
  onRemove,
  onPaste,
}: {
  items: ItemValues[];
  rowKeys: number[];
  pasteList: string;
  state: FieldState;
  canRemove: boolean;
  onChange: SetItem;
  onLabelChange: SetLabel;
  onRemove: (index: number) => void;
  onPaste: (value: string) => void;
}) {
  return (
    <Section title={text.itemsHeading} id="quote-items" hint={text.itemsHint(QUOTE_MAX_ITEMS)}>
      <FieldError id={fieldId("items")} error={state.errors.items} />
      <ol className="flex flex-col gap-3 sm:gap-4">
        {items.map((row, index) => (
          <li key={rowKeys[index] ?? `row-${index}`}>
            <ItemRow
              index={index}
              row={row}
              state={state}
              onChange={onChange}
              onLabelChange={onLabelChange}
              onRemove={canRemove && items.length > 1 ? () => onRemove(index) : undefined}
            />
          </li>
        ))}
      </ol>
      <IntentButton intent="add-rows" icon="Plus" label={text.addItem} />
      <Field
        id="quote-pasteList"
        label={text.pasteLabel}
        hint={
          <>
            {text.pasteHintBefore} <code>{text.pasteExamples[0]}</code> {text.pasteExamplesJoin}{" "}
            <code>{text.pasteExamples[1]}</code>. {text.pasteHintAfter}
          </>
        }
      >
        <textarea
          id="quote-pasteList"
          name="pasteList"
          rows={2}
          maxLength={QUOTE_PASTE_MAX}
          aria-describedby="quote-pasteList-hint"
          className={cn(control, "resize-y")}
          value={pasteList}
          onChange={(event) => onPaste(event.currentTarget.value)}
        />
      </Field>
      <IntentButton intent="paste-rows" icon="ClipboardCheck" label={text.pasteRows} />
    </Section>
  );
}
