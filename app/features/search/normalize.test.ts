import { describe, expect, it } from "vitest";
import {
  cleanQuery,
  fold,
  MAX_QUERY_LENGTH,
  normalizeQuery,
  processTerm,
  scan,
  tokenize,
} from "./normalize.server";

/** The searchable terms of a text, as the index stores them. */
const terms = (text: string) => tokenize(text).flatMap((term) => processTerm(term) ?? []);

describe("cleanQuery", () => {
  it.each([
    ["  thermal   labels ", "thermal labels"],
    ["ghs\u0000labels", "ghs labels"],
    ["line\r\nbreak\ttab", "line break tab"],
    ["bell\u0007\u009bcsi", "bell csi"],
    ["zero\u200bwidth soft\u00adhyphen", "zerowidth softhyphen"],
    ["\u202eevil\u202c", "evil"],
    ["lone \ud800 surrogate", "lone \ufffd surrogate"],
  ])("%j → %j", (raw, expected) => {
    expect(cleanQuery(raw)).toBe(expected);
  });

  it("cuts at 200 characters, never inside a character", () => {
    expect(cleanQuery("a".repeat(5000))).toHaveLength(MAX_QUERY_LENGTH);
    const emoji = "📦".repeat(300);
    const cut = cleanQuery(emoji);
    expect(Array.from(cut)).toHaveLength(MAX_QUERY_LENGTH);
    expect(cut).toBe("📦".repeat(MAX_QUERY_LENGTH));
  });

  it.each([[undefined], [null], [42], [["a", "b"]]])("anything but a string is empty: %j", (raw) => {
    expect(cleanQuery(raw)).toBe("");
  });
});

describe("folding case and accents", () => {
  it.each([
    ["Étiquette", "etiquette"],
    ["CAFÉ crème", "cafe creme"],
    ["Straße", "strasse"],
    ["Ørsted Æble", "orsted aeble"],
    ["ﬁne", "fine"],
    ["4×6", "4x6"],
    ["4″x6″", '4"x6"'],
    ["die–cut", "die-cut"],
  ])("%j → %j", (text, expected) => {
    expect(fold(text)).toBe(expected);
  });

  it("finds a word whatever its accents and case", () => {
    expect(terms("Café")).toEqual(terms("cafe"));
    expect(terms("RÉSINE")).toEqual(terms("résine"));
  });
});

describe("sizes", () => {
  const forms = ["4x6", "4 x 6", "4×6", '4"x6"', '4" x 6"', "4 X 6", "4 in x 6 in", "4″ × 6″"];

  it.each(forms)("%j is the token 4x6", (form) => {
    expect(scan(form).map((token) => token.whole)).toEqual(["4x6"]);
  });

  it("every form gives a sentence the same terms", () => {
    const expected = terms("4x6 thermal labels");
    for (const form of forms) expect(terms(`${form} thermal labels`)).toEqual(expected);
  });

  it("keeps decimals and a third dimension", () => {
    expect(scan("2.25 x 1.25").map((token) => token.whole)).toEqual(["2.25x1.25"]);
    expect(scan("12x12x6 carton").map((token) => token.whole)).toEqual(["12x12x6", "carton"]);
    expect(scan("100 mm x 150 mm").map((token) => token.whole)).toEqual(["100x150"]);
  });

  it("leaves words with an x alone", () => {
    expect(scan("2 xylene drums").map((token) => token.whole)).toEqual(["2", "xylene", "drums"]);
    expect(scan("x-dimension").map((token) => token.whole)).toEqual(["xdimension"]);
  });

  it("marks the whole size in the original text", () => {
    const [token] = scan('labels 4" x 6" roll').filter((candidate) => candidate.whole === "4x6");
    expect(token && 'labels 4" x 6" roll'.slice(token.start, token.end)).toBe('4" x 6"');
  });
});

describe("part numbers", () => {
  it.each(["ZT410", "ZT-410", "zt 410", "Zt–410"])("%j is zt410, found also by zt and 410", (form) => {
    const [token] = scan(form);
    expect(token).toMatchObject({ whole: "zt410", parts: ["zt", "410"] });
  });

  it("gives each form the same terms", () => {
    expect(terms("ribbon for ZT-410")).toEqual(terms("ribbon for zt410"));
    expect(terms("ribbon for zt 410")).toEqual(terms("ribbon for ZT410"));
  });

  it("reads standards the same way", () => {
    expect(scan("BS 5609").map((token) => token.whole)).toEqual(["bs5609"]);
    expect(scan("BS-5609").map((token) => token.whole)).toEqual(["bs5609"]);
  });

  it("keeps a suffix and does not join long words to numbers", () => {
    expect(scan("GX420d")[0]).toMatchObject({ whole: "gx420d", parts: ["gx", "420d"] });
    expect(scan("since 2011").map((token) => token.whole)).toEqual(["since", "2011"]);
  });
});

describe("terms", () => {
  it("stems words so inflections meet", () => {
    expect(processTerm("labels")).toEqual(["label", "labels"]);
    expect(processTerm("labeling")).toContain("label");
    expect(processTerm("printing")?.[0]).toBe(processTerm("printed")?.[0]);
  });

  it("keeps the word itself beside its stem, so a prefix of the word finds it", () => {
    expect(processTerm("printing")).toEqual(["print", "printing"]);
  });

  it("drops stopwords and single characters, keeps short words and numbers", () => {
    expect(processTerm("the")).toBeNull();
    expect(processTerm("for")).toBeNull();
    expect(processTerm("x")).toBeNull();
    expect(processTerm("ghs")).toEqual(["ghs"]);
    expect(processTerm("410")).toEqual(["410"]);
    expect(processTerm("zt410")).toEqual(["zt410"]);
  });

  it("joins hyphenated words and finds them by their parts", () => {
    expect(scan("die-cut")[0]).toMatchObject({ whole: "diecut", parts: ["die", "cut"] });
    expect(terms("e-mail")).toContain("email");
  });

  it("reads numbers with separators as one number", () => {
    expect(scan("1,000 rolls").map((token) => token.whole)).toEqual(["1000", "rolls"]);
    expect(scan("0.005 inch").map((token) => token.whole)).toEqual(["0.005", "inch"]);
  });
});

describe("normalizeQuery (the form kept for the misses report)", () => {
  it.each([
    ["Ribbon for ZT-410", "ribbon for zt410"],
    ["  4 X 6  THERMAL labels!!", "4x6 thermal labels"],
    ["Étiquettes, s'il vous plaît?", "etiquettes s il vous plait"],
    ["!!! ??? ...", ""],
    ["<script>alert(1)</script>", "script alert 1 script"],
  ])("%j → %j", (query, expected) => {
    expect(normalizeQuery(query)).toBe(expected);
  });

  it("is at most as long as the cut query", () => {
    expect(normalizeQuery("word ".repeat(1000)).length).toBeLessThanOrEqual(MAX_QUERY_LENGTH);
  });
});
