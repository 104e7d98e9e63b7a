import { QUOTE_UNITS, type QuoteUnit } from "./quote";

/** Each unit of the form's select as it reads after a quantity other than one. */
const PLURAL_UNITS: Record<QuoteUnit, string> = {
  each: "each",
  roll: "rolls",
  case: "cases",
  box: "boxes",
  sheet: "sheets",
  pallet: "pallets",
};

const isQuoteUnit = (unit: string): unit is QuoteUnit => (QUOTE_UNITS as readonly string[]).includes(unit);

/**
 * A line's quantity and unit as a buyer reads them: `1 roll`, `20 rolls`, `1,000 boxes`, `6 each`. The
 * quantity is shown as it was typed (a value of the form) or as stored (a number).
 */
export function quantityText(quantity: number | string, unit: string): string {
  const count = typeof quantity === "number" ? quantity : Number(quantity.replace(/,/g, ""));
  const shown = typeof quantity === "number" ? String(quantity) : quantity.trim();
  const word = count !== 1 && isQuoteUnit(unit) ? PLURAL_UNITS[unit] : unit;
  return `${shown} ${word}`;
}
