import type { QuoteInput } from "../quote";

/** A checked quote request for tests of what is made from one (e-mails): three items, no details. */

export const noLabels = () => ({
  width: null,
  height: null,
  sizeUnit: null,
  material: null,
  adhesive: null,
  core: null,
  rollSize: null,
  printer: null,
});

export const item = (area: QuoteInput["items"][number]["area"], description: string) => ({
  area,
  description,
  quantity: 24,
  unit: "roll" as const,
  notes: null,
  sku: null,
  labels: noLabels(),
});

export const quote = (extra: Partial<QuoteInput> = {}): QuoteInput => ({
  company: "Lakeside Foods Plant 3",
  name: "Jane Park",
  email: "jane@lakesidefoods.com",
  phone: null,
  postalCode: null,
  neededBy: "2026-12-10",
  poReference: null,
  items: [item("labels", "4x6 thermal labels"), item("barcoding", "ZT411 printhead"), item("labels", "2x1")],
  foam: { dimensions: null, weight: null, fragility: null, annualQuantity: null },
  ...extra,
});
