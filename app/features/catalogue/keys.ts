/*
 * The keys items are matched by (docs/catalogue.md#search-keys). Browser-safe: the search box and the
 * pages normalise what a buyer types the same way the import normalised the range.
 */

/** A part number as it is matched: lower case, without whitespace, `-`, `.`, `/` or `_` (`ZD-421` -> `zd421`). */
export function partKey(text: string): string {
  return text.toLowerCase().replace(/[\s\-./_]+/g, "");
}

/** A number with at most three decimals, trailing zeros dropped: 2.250 -> "2.25", 4 -> "4". */
function inches(value: number): string {
  return String(Number(value.toFixed(3)));
}

/** A label size as it is matched, width first, in inches: `4x6`, `1x0.5`, `2.25x1.25`. */
export function sizeKey(widthInches: number, heightInches: number): string {
  return `${inches(widthInches)}x${inches(heightInches)}`;
}
