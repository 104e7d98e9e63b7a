import { describe, expect, it } from "vitest";
import {
  CONTACT_FIELD_NAMES,
  emptyItem,
  emptyQuoteValues,
  ITEM_FIELD_NAMES,
  parseQuote,
  QUOTE_ERRORS,
  QUOTE_MAX_ITEMS,
  type QuoteValues,
  quoteFieldMaxLength,
  quoteSchema,
} from "~/features/quote/quote";

function valid(): QuoteValues {
  return {
    ...emptyQuoteValues("labels"),
    company: "Acme Widgets",
    name: "Dana Price",
    email: "dana@example.com",
    items: [{ ...emptyItem("labels"), description: "4x6 direct thermal labels", quantity: "40" }],
  };
}

function refused(values: QuoteValues) {
  const result = parseQuote(values);
  if (result.success) throw new Error("expected the form to be refused");
  return result;
}

describe("quote schema: messages per field", () => {
  it("accepts a filled form", () => {
    expect(parseQuote(valid()).success).toBe(true);
  });

  it("names every invalid field of an empty form, in the form's order; the notice is the first", () => {
    const result = refused(emptyQuoteValues());
    expect(result.error).toEqual(QUOTE_ERRORS.companyRequired);
    expect(result.fieldErrors).toEqual({
      company: QUOTE_ERRORS.companyRequired.message,
      name: QUOTE_ERRORS.nameRequired.message,
      email: QUOTE_ERRORS.emailRequired.message,
      "items.0.description": QUOTE_ERRORS.descriptionRequired.message,
      "items.0.quantity": QUOTE_ERRORS.quantityRequired.message,
    });
    expect(Object.keys(result.fieldErrors)).toEqual([
      "company",
      "name",
      "email",
      "items.0.description",
      "items.0.quantity",
    ]);
  });

  it.each([
    ["company", { company: " " }, QUOTE_ERRORS.companyRequired],
    ["company", { company: "x".repeat(201) }, QUOTE_ERRORS.tooLong],
    ["name", { name: "" }, QUOTE_ERRORS.nameRequired],
    ["email", { email: "" }, QUOTE_ERRORS.emailRequired],
    ["email", { email: "dana@" }, QUOTE_ERRORS.emailInvalid],
    ["email", { email: `${"x".repeat(250)}@example.com` }, QUOTE_ERRORS.emailTooLong],
    ["phone", { phone: "1".repeat(51) }, QUOTE_ERRORS.tooLong],
    ["postalCode", { postalCode: "9".repeat(21) }, QUOTE_ERRORS.tooLong],
    ["neededBy", { neededBy: "2026-02-30" }, QUOTE_ERRORS.dateInvalid],
    ["poReference", { poReference: "P".repeat(101) }, QUOTE_ERRORS.tooLong],
  ] as const)("%s: its first failing rule is its message and the notice", (field, change, text) => {
    const result = refused({ ...valid(), ...change });
    expect(result.fieldErrors).toEqual({ [field]: text.message });
    expect(result.error).toEqual(text);
  });

  it.each([
    ["area", { area: "rockets" }, QUOTE_ERRORS.areaInvalid],
    ["description", { description: " " }, QUOTE_ERRORS.descriptionRequired],
    ["quantity", { quantity: "" }, QUOTE_ERRORS.quantityRequired],
    ["quantity", { quantity: "0" }, QUOTE_ERRORS.quantityInvalid],
    ["unit", { unit: "barrel" }, QUOTE_ERRORS.unitInvalid],
    ["notes", { notes: "n".repeat(1001) }, QUOTE_ERRORS.tooLong],
  ] as const)("an item's %s is keyed by its row", (field, change, text) => {
    const base = valid();
    const second = { ...emptyItem(), description: "Stretch film", quantity: "6", ...change };
    const result = refused({ ...base, items: [...base.items, second] });
    expect(result.fieldErrors).toEqual({ [`items.1.${field}`]: text.message });
    expect(result.error).toEqual(text);
  });

  it("keys the label and foam details by their group", () => {
    const base = valid();
    const result = refused({
      ...base,
      labels: { ...base.labels, width: "w".repeat(201) },
      foam: { ...base.foam, weight: "k".repeat(201) },
    });
    expect(result.fieldErrors).toEqual({
      "labels.width": QUOTE_ERRORS.tooLong.message,
      "foam.weight": QUOTE_ERRORS.tooLong.message,
    });
  });

  it("takes a label size unit only from the form's choices", () => {
    const base = valid();
    const result = refused({ ...base, labels: { ...base.labels, sizeUnit: "roll" } });
    expect(result.error).toEqual(QUOTE_ERRORS.sizeUnitInvalid);
    expect(result.fieldErrors).toEqual({ "labels.sizeUnit": QUOTE_ERRORS.sizeUnitInvalid.message });
    for (const sizeUnit of ["in", "mm"]) {
      const parsed = parseQuote({ ...base, labels: { ...base.labels, sizeUnit } });
      expect(parsed.success && parsed.data.labels.sizeUnit).toBe(sizeUnit);
    }
  });

  it("bounds each posted field by its own limit, and knows no other field", () => {
    expect(quoteFieldMaxLength("email")).toBe(254);
    expect(quoteFieldMaxLength("items[12].notes")).toBe(1000);
    expect(quoteFieldMaxLength("items[0].description")).toBe(200);
    expect(quoteFieldMaxLength("pasteList")).toBe(10_000);
    expect(quoteFieldMaxLength("labels.sizeUnit")).toBe(200);
    expect(quoteFieldMaxLength("startedAt")).toBe(64);
    for (const unknown of ["labels.colour", "items[0].price", "files", "constructor", "__proto__"])
      expect(quoteFieldMaxLength(unknown)).toBe(0);
  });

  it("keeps the notice of the first rule in the form's order when several fields fail", () => {
    const base = valid();
    const result = refused({
      ...base,
      email: "dana@",
      items: [{ ...emptyItem(), description: "Labels", quantity: "0" }],
      neededBy: "soon",
    });
    expect(result.error).toEqual(QUOTE_ERRORS.emailInvalid);
    expect(Object.keys(result.fieldErrors)).toEqual(["email", "neededBy", "items.0.quantity"]);
  });

  it("puts a rule about the list of items under `items`", () => {
    const none = refused({ ...valid(), items: [] });
    expect(none.error).toEqual(QUOTE_ERRORS.itemsRequired);
    expect(none.fieldErrors).toEqual({ items: QUOTE_ERRORS.itemsRequired.message });
    const item = valid().items[0] ?? emptyItem();
    const many = refused({ ...valid(), items: Array.from({ length: QUOTE_MAX_ITEMS + 1 }, () => item) });
    expect(many.fieldErrors).toEqual({ items: QUOTE_ERRORS.tooManyItems.message });
  });

  it("reads its lists of fields from the schema", () => {
    expect(CONTACT_FIELD_NAMES).toEqual([
      "company",
      "name",
      "email",
      "phone",
      "postalCode",
      "neededBy",
      "poReference",
    ]);
    expect(Object.keys(quoteSchema.shape)).toEqual([...CONTACT_FIELD_NAMES, "items", "labels", "foam"]);
    expect(ITEM_FIELD_NAMES).toEqual(["area", "description", "quantity", "unit", "notes"]);
  });
});
