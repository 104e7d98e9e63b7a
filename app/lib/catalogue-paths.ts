/** Where the catalogue's pages live: `/products/<family>` and `/products/<family>/<sku>` (sku URL-encoded). */

export function familyPath(familySlug: string): string {
  return `/products/${encodeURIComponent(familySlug)}`;
}

export function itemPath(familySlug: string, sku: string): string {
  return `${familyPath(familySlug)}/${encodeURIComponent(sku)}`;
}

/**
 * /quote?sku=…&qty=…: quote lines carried from the catalogue, one `sku` (and its `qty`) per line. The
 * quote page reads them bounded and fills each line from the catalogue (docs/catalogue.md#quote).
 */
export const QUOTE_SKU_PARAM = "sku";
export const QUOTE_QUANTITY_PARAM = "qty";

export function quoteSkusHref(lines: ReadonlyArray<{ sku: string; quantity: number }>): string {
  const params = new URLSearchParams();
  for (const line of lines) {
    params.append(QUOTE_SKU_PARAM, line.sku);
    params.append(QUOTE_QUANTITY_PARAM, String(line.quantity));
  }
  return `/quote?${params}`;
}

/** Where the quote list is kept in the visitor's browser: localStorage, never a cookie. */
export const QUOTE_LIST_STORAGE_KEY = "ridgeline-quote-list";
/** The most lines the list keeps: a quote request's own limit. */
export const QUOTE_LIST_MAX = 50;
export const QUOTE_LIST_SKU_MAX = 64;

/** An attribute's value as a buyer reads it: a number with its unit, else the text as written. */
export function attributeText(attribute: { type: string; unit?: string }, value: string | undefined): string {
  if (value === undefined || value === "") return "";
  return attribute.type === "number" && attribute.unit ? `${value} ${attribute.unit}` : value;
}

/** Every attribute an item has, in its family's order, as label and text. */
export function attributeRows(
  attributes: ReadonlyArray<{ key: string; label: string; type: string; unit?: string }>,
  values: Readonly<Record<string, string>>,
): Array<[string, string]> {
  return attributes.flatMap((attribute) => {
    const text = attributeText(attribute, values[attribute.key]);
    return text ? [[attribute.label, text] as [string, string]] : [];
  });
}
