import { describe, expect, it } from "vitest";
import { quantityText } from "./quantity-text";

describe("a quantity with its unit", () => {
  it.each([
    [20, "roll", "20 rolls"],
    [1, "roll", "1 roll"],
    ["1,000", "box", "1,000 boxes"],
    [" 1 ", "case", "1 case"],
    ["12", "sheet", "12 sheets"],
    [3, "pallet", "3 pallets"],
    [6, "each", "6 each"],
    [1, "each", "1 each"],
  ])("%s %s reads %s", (quantity, unit, text) => {
    expect(quantityText(quantity, unit)).toBe(text);
  });
});
