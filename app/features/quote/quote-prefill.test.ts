import { describe, expect, it } from "vitest";
import { QUOTE_TEXT_MAX } from "./quote";
import { prefilledQuoteValues, QUOTE_ITEM_PARAM, quoteItemHref } from "./quote-prefill";

describe("a first item carried to /quote", () => {
  it("links with the text as the item parameter, encoded", () => {
    expect(quoteItemHref("4x6")).toBe(`/quote?${QUOTE_ITEM_PARAM}=4x6`);
    expect(quoteItemHref('4" x 6" & more')).toBe("/quote?item=4%22+x+6%22+%26+more");
  });

  it("fills the first item's description, keeps the area, and nothing else", () => {
    const values = prefilledQuoteValues("labels", "4x6 thermal labels");
    expect(values?.items).toHaveLength(1);
    expect(values?.items[0]).toMatchObject({
      description: "4x6 thermal labels",
      area: "labels",
      quantity: "",
    });
    expect(values?.email).toBe("");
  });

  it("is cut to the field's length, never inside a character, and empty text fills nothing", () => {
    expect(prefilledQuoteValues("", "a".repeat(500))?.items[0]?.description).toHaveLength(QUOTE_TEXT_MAX);
    const emoji = prefilledQuoteValues("", "😀".repeat(300))?.items[0]?.description ?? "";
    expect(Array.from(emoji)).toHaveLength(QUOTE_TEXT_MAX);
    expect(emoji.endsWith("\ud83d")).toBe(false);
    expect(prefilledQuoteValues("", "   ")).toBeUndefined();
  });
});
