import { partKey, sizeKey } from "~/features/catalogue/keys";

/**
 * What a buyer's words ask of the catalogue (docs/search.md#items): a label size in any common
 * spelling, part numbers however they are separated, a request for a safety data sheet, and the
 * remaining words. Pure and browser-safe: the server's item search reads queries with it, and the tests
 * pin every spelling down.
 */

export interface ItemQuery {
  /** Size keys as the catalogue writes them ("4x6"), the size as typed first, then turned round. */
  sizeKeys: string[];
  /** The size's numbers as typed ("48", "108"): searched as words when no item has the size. */
  sizeNumbers: string[];
  /** Part keys to look up in sku_key and make_part_key: the query as one part number, then each word. */
  partKeys: string[];
  /** The words left once the size and SDS words are taken out: lower case, letters and digits. */
  words: string[];
  /** "SDS", "MSDS", "safety data sheet": the visitor wants the item's safety sheet. */
  sds: boolean;
  /** The query (without SDS words) is one part number, e.g. "ZD421", "zd-421", "zd 421". */
  looksLikePart: boolean;
  /**
   * The first part key is the whole query as one part number: it looks like one, or it is a sku with a
   * size in it typed with spaces ("rdt 4x6 3c"), which is also read as a size and words.
   */
  wholePart: boolean;
}

const MM_PER_INCH = 25.4;
/** A size in millimetres becomes the nearest quarter inch: 102 x 152 mm and 100 x 150 mm are 4x6. */
const QUARTERS = 4;

// Characters a reader types for "by", inches and dashes, read as plain ASCII first.
const FOLDS: Record<string, string> = {
  "\u00d7": "x",
  "\u2715": "x",
  "\u2716": "x",
  "\u2033": '"',
  "\u201c": '"',
  "\u201d": '"',
  "\u2032": "'",
  "\u2019": "'",
  "\u2010": "-",
  "\u2011": "-",
  "\u2013": "-",
  "\u2014": "-",
  "\u2212": "-",
};

function foldQuery(text: string): string {
  return text
    .replace(
      /[\u00d7\u2715\u2716\u2033\u201c\u201d\u2032\u2019\u2010\u2011\u2013\u2014\u2212]/g,
      (c) => FOLDS[c] ?? c,
    )
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase();
}

const NUMBER = String.raw`(\d+(?:\.\d+)?|\.\d+)`;
const UNIT = String.raw`\s*("|''|inch(?:es)?\b|in\b\.?|mm\b|cm\b)?`;
/** 4x6, 4 x 6, 4"x6", 4 in x 6 in, 4 by 6, 102 x 152 mm (after folding: × is x already). */
const SIZE = new RegExp(
  String.raw`(?<![\p{L}\p{N}./_-])${NUMBER}${UNIT}\s*(?:x|\*|by)\s*${NUMBER}${UNIT}(?![\p{L}\p{N}/_-])`,
  "u",
);

type Unit = "in" | "mm" | "cm";

function unitOf(written: string | undefined): Unit | undefined {
  if (written === undefined) return undefined;
  if (written === "mm") return "mm";
  if (written === "cm") return "cm";
  return "in";
}

function toInches(value: number, unit: Unit): number {
  if (unit === "in") return value;
  const millimetres = unit === "cm" ? value * 10 : value;
  return Math.round((millimetres / MM_PER_INCH) * QUARTERS) / QUARTERS;
}

/** The size keys a piece of text names, and the text without it. */
export function readSize(text: string): { sizeKeys: string[]; sizeNumbers: string[]; rest: string } {
  const match = SIZE.exec(text);
  if (!match) return { sizeKeys: [], sizeNumbers: [], rest: text };
  const [whole, first, firstUnit, second, secondUnit] = match;
  // "102 x 152 mm": a unit written once applies to both numbers; none written means inches.
  const unit = unitOf(secondUnit) ?? unitOf(firstUnit) ?? "in";
  const width = toInches(Number(first), unitOf(firstUnit) ?? unit);
  const height = toInches(Number(second), unit);
  const rest = `${text.slice(0, match.index)} ${text.slice(match.index + whole.length)}`;
  const sizeNumbers = [first ?? "", second ?? ""].map((number) => number.replace(/^\./, "0."));
  if (!(width > 0 && height > 0 && width < 1000 && height < 1000))
    return { sizeKeys: [], sizeNumbers: [], rest };
  const typed = sizeKey(width, height);
  const turned = sizeKey(height, width);
  return { sizeKeys: typed === turned ? [typed] : [typed, turned], sizeNumbers, rest };
}

const SDS_WORDS = String.raw`(?<![\p{L}\p{N}])(?:m?sds|safety\s+data\s+sheets?)(?![\p{L}\p{N}])`;
/** A number with its unit ("110mm", "3in"): the number alone is searched, so "110 mm" is found too. */
const MEASURE = /^(\d+(?:\.\d+)?)(?:mm|cm|in|mil|ft|m|oz|lb|lbs|gal|yd)$/;
/** A part key worth looking up: letters and digits with at least one digit, 3 to 40 of them. */
const PART_KEY = /^(?=[a-z]*\d)[a-z0-9]{3,40}$/;
/** Words too common to narrow a catalogue search. */
const STOPWORDS = new Set("a an and at for in of on or the to with".split(" "));
/** Enough for any real query, and a bound on what one request costs. */
export const MAX_ITEM_WORDS = 8;
/** Most separate pieces a part number is read from ("RBW 60 450 I 2" has five). */
const MAX_PART_PIECES = 8;

/** A short run of letters and a number written apart: "zt 410", "ZT-410" are the word "zt410". */
const SPLIT_PART = /(?<![\p{L}\p{N}])(\p{L}{1,4})[\s-](\d{2,})(?![\p{L}\p{N}.])/gu;

function joinPartNumbers(text: string): string {
  return text.replace(SPLIT_PART, (whole, letters: string, digits: string) =>
    STOPWORDS.has(letters) ? whole : `${letters}${digits}`,
  );
}

/** Reads a query that cleanQuery already bounded and cleaned. */
export function parseItemQuery(query: string): ItemQuery {
  const folded = foldQuery(query);
  const sds = new RegExp(SDS_WORDS, "u").test(folded);
  const withoutSds = folded.replace(new RegExp(SDS_WORDS, "gu"), " ");
  const { sizeKeys, sizeNumbers, rest } = readSize(withoutSds);
  const pieces = rest.split(/\s+/).filter(Boolean);
  const whole = partKey(withoutSds);
  const isPart = (key: string) => PART_KEY.test(key) && !MEASURE.test(key);
  // "zd 421", "rbx 110 450 i", "RBW 60-450 I 2": short pieces or pieces with digits, however many the
  // sku has; "ribbon for zt411" and "zt 410 and 420" are words.
  const partLike = (list: readonly string[]) =>
    list.length <= MAX_PART_PIECES &&
    list.every((piece) => /\d/.test(piece) || (piece.length <= 4 && !STOPWORDS.has(piece)));
  const looksLikePart = sizeKeys.length === 0 && partLike(pieces) && isPart(whole);
  const wholePart =
    looksLikePart ||
    (sizeKeys.length > 0 && partLike(withoutSds.split(/\s+/).filter(Boolean)) && isPart(whole));
  const partKeys = new Set<string>();
  if (wholePart) partKeys.add(whole);
  for (const piece of pieces) {
    const key = partKey(piece);
    if (isPart(key)) partKeys.add(key);
  }
  const words = joinPartNumbers(rest)
    .split(/[^\p{L}\p{N}.]+/u)
    .map((word) => word.replace(/^\.+|\.+$/g, ""))
    .map((word) => MEASURE.exec(word)?.[1] ?? word)
    .filter((word) => word.length > 0 && !STOPWORDS.has(word) && (word.length > 1 || /\d/.test(word)))
    .slice(0, MAX_ITEM_WORDS);
  return { sizeKeys, sizeNumbers, partKeys: [...partKeys], words, sds, looksLikePart, wholePart };
}

/** Whether items should lead the results: the words name a part number or a size. */
export function looksLikeItem(query: ItemQuery): boolean {
  return query.looksLikePart || query.sizeKeys.length > 0;
}
