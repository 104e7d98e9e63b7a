import * as z from "zod/mini";
import { productSectionTitles } from "~/content/product-sections";
import { ATTRIBUTION_FIELD, ATTRIBUTION_FIELD_MAX } from "~/features/leads/attribution/attribution";
import {
  cleaned,
  cleanText,
  type FieldErrors,
  failure,
  HONEYPOT_FIELD,
  isLooseEmail,
  type ParseResult,
} from "~/features/leads/form-input";
import { QUOTE_FILES_NOT_SENT_FIELD, QUOTE_FILES_NOT_SENT_MAX } from "~/lib/quote-upload-limits";
import {
  QUOTE_EMAIL_MAX,
  QUOTE_ERRORS,
  QUOTE_MAX_ITEMS,
  QUOTE_MAX_QUANTITY,
  QUOTE_NOTES_MAX,
  QUOTE_PASTE_MAX,
  QUOTE_PHONE_MAX,
  QUOTE_PO_REFERENCE_MAX,
  QUOTE_POSTAL_CODE_MAX,
  QUOTE_SKU_MAX,
  QUOTE_TEXT_MAX,
} from "./quote-messages";

/*
 * The online quote request (docs/quotes.md): one schema for the browser and the server, so both show
 * the same messages for the same fields.
 */

export const QUOTE_HONEYPOT_FIELD = HONEYPOT_FIELD;
/** The signed time the form was rendered; see quote-token.server.ts. */
export const QUOTE_TOKEN_FIELD = "startedAt";
/**
 * The name of the submit buttons: "send" sends the request; the others only re-render it without
 * JavaScript, "add-rows" ('Add item') with more rows, "paste-rows" ('Turn the list into items') with
 * the pasted lines as rows (both turn pasted lines into rows, so nothing typed waits unseen).
 */
export const QUOTE_INTENT_FIELD = "intent";
export const QUOTE_ROW_INTENTS: readonly string[] = ["add-rows", "paste-rows"];
export const QUOTE_FILES_FIELD = "files";

export * from "~/lib/quote-upload-limits";
export * from "./quote-messages";
export const QUOTE_FILE_ACCEPT = ".pdf,.png,.jpg,.jpeg,.webp,.dxf,.dwg,.step,.stp,.ai,.eps";

export const QUOTE_AREAS = Object.entries(productSectionTitles).map(([id, title]) => ({ id, title }));
export type QuoteAreaId = keyof typeof productSectionTitles;
export const LABEL_AREA = "labels";
export const FOAM_AREA = "die-cut-foams";

export const QUOTE_UNITS = ["each", "roll", "case", "box", "sheet", "pallet"] as const;
export type QuoteUnit = (typeof QUOTE_UNITS)[number];
/** The label size's units, the choices of the form's select (inches, millimetres). */
export const LABEL_SIZE_UNITS = ["in", "mm"] as const;

/*
 * The schema's pieces come first: the lists of field names below are read from them. Each field's
 * checks run in order; a field's first failing check is its message, and the form's first failing
 * check (in the form's order) is the notice (see failure in common.ts).
 */
const optionalText = (max: number) =>
  z.pipe(
    cleaned(z.trim(), z.maxLength(max, "tooLong")),
    z.transform((value: string) => (value === "" ? null : value)),
  );

const isDay = (value: string) => {
  const date = new Date(`${value}T00:00:00.000Z`);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(date.getTime());
  return value === "" || (valid && date.toISOString().startsWith(value));
};

const detailsShape = <K extends string>(names: readonly K[]) =>
  Object.fromEntries(names.map((name) => [name, optionalText(QUOTE_TEXT_MAX)])) as Record<
    K,
    ReturnType<typeof optionalText>
  >;
const detailsSchema = <K extends string>(names: readonly K[]) => z.object(detailsShape(names));

export const LABEL_FIELD_NAMES = [
  "width",
  "height",
  "sizeUnit",
  "material",
  "adhesive",
  "core",
  "rollSize",
  "printer",
] as const;
export const FOAM_FIELD_NAMES = ["dimensions", "weight", "fragility", "annualQuantity"] as const;

/** One label item's details (docs/quotes.md): free text but for the size unit. */
const labelSchema = z.object({
  ...detailsShape(LABEL_FIELD_NAMES),
  // A choice of the form's select, not free text ('roll' was once stored as a size unit).
  sizeUnit: z.pipe(
    cleaned(
      z.trim(),
      z.refine(
        (value: string) => value === "" || (LABEL_SIZE_UNITS as readonly string[]).includes(value),
        "sizeUnitInvalid",
      ),
    ),
    z.transform((value: string) => (value === "" ? null : value)),
  ),
});

const itemShape = {
  area: z.pipe(
    cleaned(
      z.trim(),
      z.refine((value: string) => value === "" || isQuoteArea(value), "areaInvalid"),
    ),
    z.transform((value: string) => (value === "" ? null : (value as QuoteAreaId))),
  ),
  description: cleaned(
    z.trim(),
    z.minLength(1, "descriptionRequired"),
    z.maxLength(QUOTE_TEXT_MAX, "tooLong"),
  ),
  quantity: z.pipe(
    cleaned(
      z.trim(),
      z.minLength(1, "quantityRequired"),
      z.refine(
        (value: string) =>
          /^\d{1,9}$/.test(value.replace(/,/g, "")) &&
          Number(value.replace(/,/g, "")) >= 1 &&
          Number(value.replace(/,/g, "")) <= QUOTE_MAX_QUANTITY,
        "quantityInvalid",
      ),
    ),
    z.transform((value: string) => Number(value.replace(/,/g, ""))),
  ),
  unit: z.pipe(
    cleaned(z.refine((value: string) => (QUOTE_UNITS as readonly string[]).includes(value), "unitInvalid")),
    z.transform((value: string) => value as QuoteUnit),
  ),
  notes: optionalText(QUOTE_NOTES_MAX),
  // The catalogue's part number the line came with (docs/quotes.md#part-numbers): kept as typed.
  sku: optionalText(QUOTE_SKU_MAX),
};
const itemSchema = z.object({ ...itemShape, labels: labelSchema });

/** The buyer's fields, in the form's order. */
const contactShape = {
  company: cleaned(z.trim(), z.minLength(1, "companyRequired"), z.maxLength(QUOTE_TEXT_MAX, "tooLong")),
  name: cleaned(z.trim(), z.minLength(1, "nameRequired"), z.maxLength(QUOTE_TEXT_MAX, "tooLong")),
  email: cleaned(
    z.trim(),
    z.minLength(1, "emailRequired"),
    z.refine(isLooseEmail, "emailInvalid"),
    z.maxLength(QUOTE_EMAIL_MAX, "emailTooLong"),
  ),
  phone: optionalText(QUOTE_PHONE_MAX),
  postalCode: optionalText(QUOTE_POSTAL_CODE_MAX),
  neededBy: z.pipe(
    cleaned(z.trim(), z.refine(isDay, "dateInvalid")),
    z.transform((value: string) => (value === "" ? null : value)),
  ),
  poReference: optionalText(QUOTE_PO_REFERENCE_MAX),
};

/** The buyer's fields (schema keys), in the form's order. */
export const CONTACT_FIELD_NAMES = Object.keys(contactShape) as (keyof typeof contactShape)[];
/** The text fields of one item row (schema keys); a label item has its label details besides. */
export const ITEM_FIELD_NAMES = Object.keys(itemShape) as (keyof typeof itemShape)[];

export type ContactValues = Record<(typeof CONTACT_FIELD_NAMES)[number], string>;
export type ItemFieldName = (typeof ITEM_FIELD_NAMES)[number];
export type LabelFieldName = (typeof LABEL_FIELD_NAMES)[number];
export type LabelValues = Record<LabelFieldName, string>;
/** One row: its text fields, and its label details (sent and kept only while its area is labels). */
export type ItemValues = Record<ItemFieldName, string> & { labels: LabelValues };
export type FoamValues = Record<(typeof FOAM_FIELD_NAMES)[number], string>;

/** Everything the form holds as text: what is re-rendered after an error, so nothing typed is lost. */
export interface QuoteValues extends ContactValues {
  items: ItemValues[];
  foam: FoamValues;
  pasteList: string;
}

const blank = <K extends string>(names: readonly K[]) =>
  Object.fromEntries(names.map((name) => [name, ""])) as Record<K, string>;

export const emptyLabels = (): LabelValues => ({ ...blank(LABEL_FIELD_NAMES), sizeUnit: "in" });
export const emptyItem = (area = ""): ItemValues => ({
  ...blank(ITEM_FIELD_NAMES),
  area,
  unit: "each",
  labels: emptyLabels(),
});

export function emptyQuoteValues(area = ""): QuoteValues {
  return {
    ...blank(CONTACT_FIELD_NAMES),
    items: [emptyItem(isQuoteArea(area) ? area : "")],
    foam: blank(FOAM_FIELD_NAMES),
    pasteList: "",
  };
}

export function isQuoteArea(value: string): value is QuoteAreaId {
  return Object.hasOwn(productSectionTitles, value);
}

/** Field names as posted: `items[3].quantity`, `items[3].labels.width`, `email`. */
export const itemFieldName = (index: number, field: ItemFieldName) => `items[${index}].${field}`;
export const itemLabelFieldName = (index: number, field: LabelFieldName) => `items[${index}].labels.${field}`;
/** The key of a field in error maps and element ids: `items.3.quantity`, `items.3.labels.width`. */
export const itemErrorKey = (index: number, field: string) => `items.${index}.${field}`;
export const itemLabelErrorKey = (index: number, field: LabelFieldName) => `items.${index}.labels.${field}`;

const ITEM_FIELD = /^items\[(\d{1,3})\]\.([a-z]+)$/;
const ITEM_LABEL_FIELD = /^items\[(\d{1,3})\]\.labels\.([a-zA-Z]+)$/;
const isLabelField = (name: string): name is LabelFieldName =>
  (LABEL_FIELD_NAMES as readonly string[]).includes(name);
const TEXT_FIELDS = new Set<string>([
  ...CONTACT_FIELD_NAMES,
  // A form rendered before the label details moved into each item posts them once, as `labels.width`.
  ...LABEL_FIELD_NAMES.map((name) => `labels.${name}`),
  ...FOAM_FIELD_NAMES.map((name) => `foam.${name}`),
  "pasteList",
  QUOTE_FILES_NOT_SENT_FIELD,
  QUOTE_HONEYPOT_FIELD,
  QUOTE_TOKEN_FIELD,
  QUOTE_INTENT_FIELD,
  ATTRIBUTION_FIELD,
]);

/** True for a text field this form posts (files arrive under QUOTE_FILES_FIELD). */
export function isQuoteTextField(name: string): boolean {
  if (TEXT_FIELDS.has(name)) return true;
  if (isLabelField(ITEM_LABEL_FIELD.exec(name)?.[2] ?? "")) return true;
  const match = ITEM_FIELD.exec(name);
  return Boolean(match && (ITEM_FIELD_NAMES as readonly string[]).includes(match[2] ?? ""));
}

/** Each buyer's field's limit as it arrives; the form's inputs take theirs from here too. */
export const CONTACT_FIELD_MAX: Record<(typeof CONTACT_FIELD_NAMES)[number], number> = {
  company: QUOTE_TEXT_MAX,
  name: QUOTE_TEXT_MAX,
  email: QUOTE_EMAIL_MAX,
  phone: QUOTE_PHONE_MAX,
  postalCode: QUOTE_POSTAL_CODE_MAX,
  neededBy: QUOTE_TEXT_MAX,
  poReference: QUOTE_PO_REFERENCE_MAX,
};
const ITEM_FIELD_MAX: Record<ItemFieldName, number> = {
  area: QUOTE_TEXT_MAX,
  description: QUOTE_TEXT_MAX,
  quantity: QUOTE_TEXT_MAX,
  unit: QUOTE_TEXT_MAX,
  notes: QUOTE_NOTES_MAX,
  sku: QUOTE_SKU_MAX,
};

/**
 * The most characters a text field may carry as it arrives, counted as `maxlength` counts them (a line
 * break once): the schema's limit, else 200 for a field whose format the schema checks (a date, a quantity,
 * a choice); the token and button short, the attribution field long; 0 for a name the form does not post.
 */
export function quoteFieldMaxLength(name: string): number {
  if (Object.hasOwn(CONTACT_FIELD_MAX, name))
    return CONTACT_FIELD_MAX[name as keyof typeof CONTACT_FIELD_MAX];
  if (name === "pasteList") return QUOTE_PASTE_MAX;
  if (name === QUOTE_FILES_NOT_SENT_FIELD) return QUOTE_FILES_NOT_SENT_MAX;
  if (name === QUOTE_TOKEN_FIELD || name === QUOTE_INTENT_FIELD) return 64;
  if (name === ATTRIBUTION_FIELD) return ATTRIBUTION_FIELD_MAX;
  if (
    name === QUOTE_HONEYPOT_FIELD ||
    name.startsWith("labels.") ||
    name.startsWith("foam.") ||
    ITEM_LABEL_FIELD.test(name)
  )
    return isQuoteTextField(name) ? QUOTE_TEXT_MAX : 0;
  const match = ITEM_FIELD.exec(name);
  const field = match?.[2] ?? "";
  return Object.hasOwn(ITEM_FIELD_MAX, field) ? ITEM_FIELD_MAX[field as keyof typeof ITEM_FIELD_MAX] : 0;
}

/**
 * The longest text field in bytes: the paste box at 3 bytes a character (UTF-8 of any character the
 * box counts as one; a line break counted once is two bytes, CR LF, as browsers send it).
 */
export const QUOTE_FIELD_MAX_BYTES = QUOTE_PASTE_MAX * 3;

/**
 * The posted text fields as the form's values. Rows keep their order by index; a row left wholly
 * empty is dropped (the form always shows at least one).
 */
export function quoteValuesFromFields(fields: Record<string, string>): QuoteValues {
  const values = emptyQuoteValues();
  const text = (name: string) => cleanText(fields[name]);
  for (const name of CONTACT_FIELD_NAMES) values[name] = text(name);
  for (const name of FOAM_FIELD_NAMES) values.foam[name] = text(`foam.${name}`);
  values.pasteList = text("pasteList");
  const rows = new Map<number, ItemValues>();
  const rowAt = (index: number) => {
    const row = rows.get(index) ?? { ...blank(ITEM_FIELD_NAMES), labels: blank(LABEL_FIELD_NAMES) };
    rows.set(index, row);
    return row;
  };
  for (const [name, value] of Object.entries(fields)) {
    const label = ITEM_LABEL_FIELD.exec(name);
    const labelName = label?.[2] ?? "";
    if (label && isLabelField(labelName)) rowAt(Number(label[1])).labels[labelName] = cleanText(value);
    const match = ITEM_FIELD.exec(name);
    if (match) rowAt(Number(match[1]))[match[2] as ItemFieldName] = cleanText(value);
  }
  // A form rendered before the details moved into each item sent one set: each label item takes it.
  const legacy = blank(LABEL_FIELD_NAMES);
  for (const name of LABEL_FIELD_NAMES) legacy[name] = text(`labels.${name}`);
  const items = [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, row]) => row)
    .filter(
      (row) =>
        row.description.trim() !== "" ||
        row.quantity.trim() !== "" ||
        row.notes.trim() !== "" ||
        hasLabelDetails(row.labels),
    );
  // The form never posts more rows than a request holds; one more keeps the 'Too Many Items' message,
  // and a crafted post of hundreds of rows is not rendered back whole.
  items.length = Math.min(items.length, QUOTE_MAX_ITEMS + 1);
  const withDefaults = (row: ItemValues): ItemValues => {
    const labels =
      row.area === LABEL_AREA && !hasLabelDetails(row.labels) && hasLabelDetails(legacy)
        ? legacy
        : row.labels;
    return { ...row, unit: row.unit || "each", labels: { ...labels, sizeUnit: labels.sizeUnit || "in" } };
  };
  values.items = items.length > 0 ? items.map(withDefaults) : values.items;
  if (items.length === 0 && rows.size > 0)
    values.items = [{ ...emptyItem(), area: rows.values().next().value?.area ?? "" }];
  return values;
}

// The paste-a-list box's lines become rows in quote-paste.ts.

export const quoteSchema = z.object({
  ...contactShape,
  items: z
    .array(itemSchema)
    .check(z.minLength(1, "itemsRequired"), z.maxLength(QUOTE_MAX_ITEMS, "tooManyItems")),
  foam: detailsSchema(FOAM_FIELD_NAMES),
});

export type QuoteInput = z.output<typeof quoteSchema>;

/** Field key (as in itemErrorKey: `email`, `items.2.quantity`, `files`) to the message shown beside that field. */
export type QuoteFieldErrors = FieldErrors;

/**
 * Validates the form's values. Every failing field gets its message (`fieldErrors`, for the messages
 * beside the fields); `error` is the first one in the form's order, shown as the summary. Details for
 * an area no row asks for are dropped from the data.
 */
export function parseQuote(values: QuoteValues): ParseResult<QuoteInput> {
  // The details of an item that is not (or no longer) a label item are neither checked nor kept.
  const items = values.items.map((item) =>
    item.area === LABEL_AREA ? item : { ...item, labels: blank(LABEL_FIELD_NAMES) },
  );
  const result = quoteSchema.safeParse({ ...values, items });
  // Lines still in the paste box are the ones the form had no room for (withPastedRows in quote-paste.ts).
  const linesLeft = values.pasteList.trim() !== "";
  if (result.success && linesLeft) {
    const { tooManyItems } = QUOTE_ERRORS;
    return { success: false, error: tooManyItems, fieldErrors: { items: tooManyItems.message } };
  }
  if (result.success) {
    const data = result.data;
    const areas = new Set(data.items.map((item) => item.area));
    const foam = areas.has(FOAM_AREA) ? data.foam : emptyDetails(FOAM_FIELD_NAMES);
    return { success: true, data: { ...data, foam } };
  }
  const failed = failure(result.error.issues, QUOTE_ERRORS, QUOTE_ERRORS.tooLong);
  if (linesLeft) failed.fieldErrors.items ??= QUOTE_ERRORS.tooManyItems.message;
  return failed;
}

const emptyDetails = <K extends string>(names: readonly K[]) =>
  Object.fromEntries(names.map((name) => [name, null])) as Record<K, null>;

export function hasDetails(details: Record<string, string | null>): boolean {
  return Object.values(details).some((value) => value !== null && value !== "");
}

/** True when a label item's details say something: the size unit alone (a default) does not. */
export function hasLabelDetails(details: Record<LabelFieldName, string | null>): boolean {
  return LABEL_FIELD_NAMES.some(
    (name) => name !== "sizeUnit" && details[name] !== null && details[name] !== "",
  );
}
