import { describe, expect, it } from "vitest";
import { looksLikeItem, parseItemQuery, readSize } from "./item-query";

describe("sizes in any common spelling", () => {
  it.each([
    "4x6",
    "4 x 6",
    "4X6",
    '4"x6"',
    '4" x 6"',
    "4 in x 6 in",
    "4in x 6in",
    "4 inch x 6 inch",
    "4 by 6",
    "4×6",
    "4 × 6",
    "4\u2033 \u00d7 6\u2033",
    "102 x 152 mm",
    "102mm x 152mm",
    "10.2 x 15.2 cm",
  ])("%s is the 4x6 size", (typed) => {
    expect(parseItemQuery(typed).sizeKeys).toEqual(["4x6", "6x4"]);
  });

  it("keeps decimals and the order typed first", () => {
    expect(parseItemQuery("2.25 x 1.25 labels").sizeKeys).toEqual(["2.25x1.25", "1.25x2.25"]);
    expect(parseItemQuery("1 x .5").sizeKeys).toEqual(["1x0.5", "0.5x1"]);
    expect(parseItemQuery("6x6").sizeKeys).toEqual(["6x6"]);
  });

  it("reads millimetres to the nearest quarter inch", () => {
    expect(parseItemQuery("57 x 32 mm").sizeKeys[0]).toBe("2.25x1.25");
    expect(parseItemQuery("100x150mm").sizeKeys[0]).toBe("4x6");
  });

  it("takes the size out of the words and keeps the rest", () => {
    const query = parseItemQuery("4x6 direct thermal labels");
    expect(query.words).toEqual(["direct", "thermal", "labels"]);
    expect(looksLikeItem(query)).toBe(true);
  });

  it("is not fooled by part numbers, versions or nonsense", () => {
    expect(parseItemQuery("zt411").sizeKeys).toEqual([]);
    expect(readSize("box").sizeKeys).toEqual([]);
    expect(parseItemQuery("0 x 6").sizeKeys).toEqual([]);
    expect(parseItemQuery("ab4x6").sizeKeys).toEqual([]);
  });
});

describe("part numbers", () => {
  it.each(["ZD421", "zd421", "zd-421", "ZD 421", "zd.421", "zd/421", "zd_421", " ZD-421 "])(
    "%s is the part key zd421",
    (typed) => {
      const query = parseItemQuery(typed);
      expect(query.partKeys[0]).toBe("zd421");
      expect(query.looksLikePart).toBe(true);
      expect(looksLikeItem(query)).toBe(true);
    },
  );

  it.each([
    ["rbx 110 450 i", "rbx110450i"],
    ["RBW 60 450 I 2", "rbw60450i2"],
    ["rbw-60 450-i 2", "rbw60450i2"],
    ["PRI ZT411 203", "prizt411203"],
  ])("%s, a sku in four or more pieces, is the part key %s", (typed, key) => {
    const query = parseItemQuery(typed);
    expect(query.partKeys[0]).toBe(key);
    expect(query.looksLikePart).toBe(true);
  });

  it("does not take words joined by a stopword for one part number", () => {
    expect(parseItemQuery("zt 410 and 420").looksLikePart).toBe(false);
    expect(parseItemQuery("rbx 110 450 i 2 3 4 5 6").looksLikePart).toBe(false);
  });

  it("looks every word with a digit up as well", () => {
    expect(parseItemQuery("ribbon for zt411").partKeys).toEqual(["zt411"]);
    expect(parseItemQuery("ribbon for zt411").looksLikePart).toBe(false);
  });

  it("does not take plain words, short numbers or measures for part numbers", () => {
    expect(parseItemQuery("zebra").looksLikePart).toBe(false);
    expect(parseItemQuery("zebra").partKeys).toEqual([]);
    expect(parseItemQuery("12").partKeys).toEqual([]);
    expect(parseItemQuery("110mm").partKeys).toEqual([]);
    expect(looksLikeItem(parseItemQuery("wax resin ribbon"))).toBe(false);
  });
});

describe("words", () => {
  it("keeps words and numbers, drops filler, and searches a measure by its number", () => {
    expect(parseItemQuery("wax resin ribon 110mm").words).toEqual(["wax", "resin", "ribon", "110"]);
    expect(parseItemQuery("Labels for the Zebra").words).toEqual(["labels", "zebra"]);
    expect(parseItemQuery("Étiquette").words).toEqual(["etiquette"]);
  });

  it("joins a short run of letters to the number after it, as a part number is written apart", () => {
    expect(parseItemQuery("ribbon for zt 410").words).toEqual(["ribbon", "zt410"]);
    expect(parseItemQuery("ribbon for ZT-410").words).toEqual(["ribbon", "zt410"]);
    expect(parseItemQuery("case of 12").words).toEqual(["case", "12"]);
  });

  it("bounds the words searched", () => {
    expect(parseItemQuery("a b c d e f g h i j k l m n o p q r s t").words.length).toBeLessThanOrEqual(8);
  });
});

describe("safety data sheets", () => {
  it.each(["SDS DT4x6", "sds foam", "msds foam", "safety data sheet foam", "foam SDS"])(
    "%s asks for an SDS",
    (typed) => {
      const query = parseItemQuery(typed);
      expect(query.sds).toBe(true);
      expect(query.words).not.toContain("sds");
      expect(query.words).not.toContain("msds");
    },
  );

  it("reads the sku beside SDS as a part number", () => {
    const query = parseItemQuery("SDS RL-DT-4x6");
    expect(query.partKeys[0]).toBe("rldt4x6");
    expect(query.looksLikePart).toBe(true);
  });

  it("reads a sku with a size in it, typed with spaces, as a size and as one part number", () => {
    const query = parseItemQuery("rdt 4x6 3c");
    expect(query.sizeKeys).toEqual(["4x6", "6x4"]);
    expect(query.partKeys[0]).toBe("rdt4x63c");
    expect(query.wholePart).toBe(true);
    expect(query.looksLikePart).toBe(false);
    // Words around a size are not a part number.
    expect(parseItemQuery("direct thermal labels 4x6").wholePart).toBe(false);
  });

  it("does not see SDS inside another word", () => {
    expect(parseItemQuery("sdsx").sds).toBe(false);
  });
});
