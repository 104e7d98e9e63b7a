/**
 * The keys a part number and a label size are matched by (browser-safe): the import writes them into
 * the derived columns, the search reads what a visitor types into the same form.
 */

/** "ZD-421" → "zd421": lower case, with whitespace, dashes, dots, slashes and underscores removed. */
export function partKey(text: string): string {
  return text.toLowerCase().replace(/[\s\-./_]+/g, "");
}

function inches(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

/** 4 by 6 inches → "4x6"; up to three decimals, trailing zeros dropped ("2.25x1.25", "1x0.5"). */
export function sizeKey(widthInches: number, heightInches: number): string {
  return `${inches(widthInches)}x${inches(heightInches)}`;
}
