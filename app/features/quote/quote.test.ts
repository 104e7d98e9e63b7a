import { describe, expect, it } from "vitest";
import {
  CONTACT_FIELD_NAMES,
  emptyItem,
  emptyQuoteValues,
  hasLabelDetails,
  ITEM_FIELD_NAMES,
  parseQuote,
  QUOTE_ERRORS,
  QUOTE_MAX_ITEMS,
  type QuoteValues,
  quoteFieldMaxLength,
  quoteSchema,
  quoteValuesFromFields,
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

  it("keys each label item's details by its row, and the foam details by their group", () => {
    const base = valid();
    const [first = emptyItem()] = base.items;
    const result = refused({
      ...base,
      items: [first, { ...first, labels: { ...first.labels, width: "w".repeat(201) } }],
      foam: { ...base.foam, weight: "k".repeat(201) },
    });
    expect(result.fieldErrors).toEqual({
      "items.1.labels.width": QUOTE_ERRORS.tooLong.message,
      "foam.weight": QUOTE_ERRORS.tooLong.message,
    });
  });

  it("takes a label size unit only from the form's choices", () => {
    const base = valid();
    const [first = emptyItem()] = base.items;
    const withUnit = (sizeUnit: string) => ({
      ...base,
      items: [{ ...first, labels: { ...first.labels, sizeUnit } }],
    });
    const result = refused(withUnit("roll"));
    expect(result.error).toEqual(QUOTE_ERRORS.sizeUnitInvalid);
    expect(result.fieldErrors).toEqual({ "items.0.labels.sizeUnit": QUOTE_ERRORS.sizeUnitInvalid.message });
    for (const sizeUnit of ["in", "mm"]) {
      const parsed = parseQuote(withUnit(sizeUnit));
      expect(parsed.success && parsed.data.items[0]?.labels.sizeUnit).toBe(sizeUnit);
    }
  });

  it("keeps each label item's own details, and neither checks nor keeps another item's", () => {
    const base = valid();
    const [first = emptyItem()] = base.items;
    const parsed = parseQuote({
      ...base,
      items: [
        { ...first, labels: { ...first.labels, width: "4", height: "6", printer: "Zebra ZT411" } },
        { ...first, description: "2x1", labels: { ...first.labels, width: "2", sizeUnit: "mm" } },
        // Once a label item, its details left behind: not checked, not kept.
        {
          ...emptyItem("barcoding"),
          description: "Scanner",
          quantity: "1",
          labels: { ...first.labels, sizeUnit: "roll", width: "9" },
        },
      ],
    });
    if (!parsed.success) throw new Error("expected the form to be accepted");
    const [a, b, c] = parsed.data.items;
    expect(a?.labels).toMatchObject({
      width: "4",
      height: "6",
      sizeUnit: "in",
      printer: "Zebra ZT411",
      core: null,
    });
    expect(b?.labels).toMatchObject({ width: "2", height: null, sizeUnit: "mm" });
    expect(c?.labels).toMatchObject({ width: null, sizeUnit: null });
    expect([a, b, c].map((item) => hasLabelDetails(item?.labels ?? first.labels))).toEqual([
      true,
      true,
      false,
    ]);
  });

  it("bounds each posted field by its own limit, and knows no other field", () => {
    expect(quoteFieldMaxLength("email")).toBe(254);
    expect(quoteFieldMaxLength("items[12].notes")).toBe(1000);
    expect(quoteFieldMaxLength("items[0].description")).toBe(200);
    expect(quoteFieldMaxLength("pasteList")).toBe(10_000);
    expect(quoteFieldMaxLength("labels.sizeUnit")).toBe(200);
    expect(quoteFieldMaxLength("items[3].labels.width")).toBe(200);
    expect(quoteFieldMaxLength("items[49].labels.sizeUnit")).toBe(200);
    expect(quoteFieldMaxLength("startedAt")).toBe(64);
    for (const unknown of [
      "labels.colour",
      "items[0].price",
      "items[0].labels.colour",
      "items[0].labels.",
      "items[1234].labels.width",
      "files",
      "constructor",
      "__proto__",
    ])
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
    expect(Object.keys(quoteSchema.shape)).toEqual([...CONTACT_FIELD_NAMES, "items", "foam"]);
    expect(ITEM_FIELD_NAMES).toEqual(["area", "description", "quantity", "unit", "notes", "sku"]);
  });
});

describe("posted fields: each label item's details", () => {
  const contact = { company: "Acme Widgets", name: "Dana Price", email: "dana@example.com" };
  /** The posted fields of item row `n`. */
  const rowFields = (n: number, area: string, description: string, quantity: string) => ({
    [`items[${n}].area`]: area,
    [`items[${n}].description`]: description,
    [`items[${n}].quantity`]: quantity,
  });

  it("reads `items[n].labels.*` into each row, in the rows' order", () => {
    const values = quoteValuesFromFields({
      ...contact,
      ...rowFields(1, "labels", "2x1 labels", "5"),
      "items[1].labels.width": "2",
      "items[1].labels.sizeUnit": "mm",
      ...rowFields(0, "labels", "4x6 labels", "40"),
      "items[0].labels.width": "4",
      "items[0].labels.height": "6",
      "items[0].labels.printer": "Zebra ZT411",
      "items[0].labels.colour": "red",
    });
    expect(values.items.map((row) => row.description)).toEqual(["4x6 labels", "2x1 labels"]);
    expect(values.items[0]?.labels).toEqual({
      width: "4",
      height: "6",
      sizeUnit: "in",
      material: "",
      adhesive: "",
      core: "",
      rollSize: "",
      printer: "Zebra ZT411",
    });
    expect(values.items[1]?.labels).toMatchObject({ width: "2", height: "", sizeUnit: "mm" });
    const parsed = parseQuote(values);
    expect(parsed.success && parsed.data.items.map((item) => item.labels.width)).toEqual(["4", "2"]);
  });

  it("keeps a row whose only entries are label details, so they come back with their message", () => {
    const values = quoteValuesFromFields({
      ...contact,
      ...rowFields(0, "labels", "4x6 labels", "40"),
      ...rowFields(1, "labels", "", ""),
      "items[1].labels.material": "polyester",
    });
    expect(values.items).toHaveLength(2);
    const result = refused(values);
    expect(result.fieldErrors).toEqual({
      "items.1.description": QUOTE_ERRORS.descriptionRequired.message,
      "items.1.quantity": QUOTE_ERRORS.quantityRequired.message,
    });
    expect(values.items[1]?.labels.material).toBe("polyester");
  });

  it("gives a form's one set of details (sent by a form rendered before) to each label item without its own", () => {
    const values = quoteValuesFromFields({
      ...contact,
      ...rowFields(0, "labels", "4x6 labels", "40"),
      ...rowFields(1, "barcoding", "Scanner", "1"),
      ...rowFields(2, "labels", "2x1 labels", "5"),
      "items[2].labels.width": "2",
      "labels.width": "4",
      "labels.printer": "Zebra ZT411",
    });
    expect(values.items.map((row) => row.labels.width)).toEqual(["4", "", "2"]);
    expect(values.items[0]?.labels.printer).toBe("Zebra ZT411");
  });
});
