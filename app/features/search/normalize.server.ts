import { stemmer } from "stemmer";

/**
 * How the site search reads text, the same way for the content it indexes and for what a visitor
 * types (docs/search.md): case and accents folded, sizes and part numbers written one way, words
 * stemmed, filler words dropped. Everything here is pure, so the index build, the server and the tests
 * share it.
 */

/** Longer queries are cut: nobody types more, and the cost of a query grows with its words. */
export const MAX_QUERY_LENGTH = 200;

// Control characters (C0, DEL, C1) separate words; formatting characters (zero-width, soft hyphen,
// bidirectional overrides, BOM) are dropped.
const CONTROL = /\p{Cc}/gu;
const FORMAT = /\p{Cf}/gu;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * What a visitor sent, made safe to search and to show: control and formatting characters become
 * spaces, runs of space collapse, and the text is cut at MAX_QUERY_LENGTH characters (never inside a
 * character). Anything that is not a string (a repeated parameter, nothing at all) is an empty query.
 */
export function cleanQuery(raw: unknown): string {
  if (typeof raw !== "string") return "";
  const text = raw
    .replace(LONE_SURROGATE, "\ufffd")
    .replace(CONTROL, " ")
    .replace(FORMAT, "")
    .replace(/\s+/g, " ")
    .trim();
  return Array.from(text).slice(0, MAX_QUERY_LENGTH).join("").trimEnd();
}

// Characters that Unicode decomposition leaves alone but a reader treats as plain letters or signs.
const SPECIAL_FOLDS: Record<string, string> = {
  "\u00d7": "x", // ×, the multiplication sign in "4×6"
  "\u2715": "x",
  "\u2716": "x",
  "\u00df": "ss",
  "\u00e6": "ae",
  "\u0153": "oe",
  "\u00f8": "o",
  "\u0111": "d",
  "\u0142": "l",
  "\u0131": "i",
  "\u2033": '"', // ″ double prime, for inches
  "\u201c": '"',
  "\u201d": '"',
  "\u201e": '"',
  "\u201f": '"',
  "\uff02": '"',
  "\u2032": "'", // ′ prime, for feet
  "\u2018": "'",
  "\u2019": "'",
  "\u201a": "'",
  "\u201b": "'",
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2013": "-",
  "\u2014": "-",
  "\u2015": "-",
  "\u2212": "-",
  "\u2044": "/", // fraction slash, from "½"
};

function foldCharacter(character: string): string {
  const code = character.charCodeAt(0);
  if (code < 0x80) return code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 32) : character;
  const special = SPECIAL_FOLDS[character];
  if (special !== undefined) return special;
  const folded = character.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
  return SPECIAL_FOLDS[folded] ?? folded;
}

/** Text with case and accents folded, and where each folded character came from in the original. */
export interface FoldedText {
  text: string;
  /** The index in the original of folded character `index` (or the original's length past the end). */
  origin: (index: number) => number;
}

const ASCII = /^\p{ASCII}*$/u;

export function foldWithOrigin(source: string): FoldedText {
  // Most of the site's text is plain ASCII: folding it keeps every character in place.
  if (ASCII.test(source)) return { text: source.toLowerCase(), origin: (index) => index };
  const parts: string[] = [];
  const origins: number[] = [];
  for (let index = 0; index < source.length; ) {
    const codePoint = source.codePointAt(index) ?? 0;
    const width = codePoint > 0xffff ? 2 : 1;
    const folded = foldCharacter(source.slice(index, index + width));
    parts.push(folded);
    for (let unit = 0; unit < folded.length; unit++) origins.push(index);
    index += width;
  }
  return { text: parts.join(""), origin: (index) => origins[index] ?? source.length };
}

/** "Étiquette ZT-410" → "etiquette zt-410". */
export function fold(text: string): string {
  return foldWithOrigin(text).text;
}

// ---- Tokens ----

const NUMBER = String.raw`\d+(?:[.,]\d+)?`;
const UNIT = String.raw`(?:\s*(?:"|''|in\b\.?|inch(?:es)?\b|mm\b|cm\b))?`;
const BY = String.raw`\s*[x*]\s*`;
/** 4x6, 4 x 6, 4"x6", 4 in x 6 in, 100 mm x 150 mm, 4x6x2 (after folding, so × is already x). */
const SIZE = String.raw`(?<![\p{L}\p{N}.,])(${NUMBER})${UNIT}${BY}(${NUMBER})${UNIT}(?:${BY}(${NUMBER})${UNIT})?(?![\p{L}\p{N}])`;
/** ZT410, ZT-410, zt 410, BS 5609: a short run of letters, then a number of two or more digits. */
const PART = String.raw`(?<![\p{L}\p{N}])(\p{L}{1,4})[-\s]?(\d{2,})(\p{L}{0,3})(?![\p{L}\p{N}])`;
/** die-cut, e-mail, x-dimension: words joined by hyphens. */
const COMPOUND = String.raw`\p{L}+(?:-\p{L}+)+`;
const WORD = String.raw`[\p{L}\p{N}]+(?:[.,]\d+)*`;
const TOKEN = new RegExp(`${SIZE}|${PART}|(${COMPOUND})|(${WORD})`, "gu");

/**
 * One word (or size, or part number) of a text. `whole` is the form every spelling shares ("4x6",
 * "zt410", "diecut"); `parts` are the pieces it is also found by ("zt" and "410", "die" and "cut").
 */
export interface Token {
  /** Where it stands in the original text. */
  start: number;
  end: number;
  whole: string;
  parts: string[];
}

function number(text: string): string {
  // 1,000 is a thousand; 1,5 is one and a half, as it is written in much of the world.
  return text.replace(/,(?=\d{3}(?!\d))/g, "").replace(",", ".");
}

function wordParts(word: string): string[] {
  if (!/\p{L}/u.test(word) || !/\p{N}/u.test(word)) return [];
  return (word.match(/\p{L}+|[\d.]+/gu) ?? []).filter((part) => part.length >= 2);
}

/** The tokens of a text, in order, with their places in the original. */
export function scan(source: string): Token[] {
  const { text, origin } = foldWithOrigin(source);
  const tokens: Token[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const at = match.index ?? 0;
    const start = origin(at);
    const end = origin(at + match[0].length);
    const [, width, height, depth, letters, digits, suffix, compound, word] = match;
    if (width !== undefined && height !== undefined) {
      const dimensions = [width, height, depth].filter((value) => value !== undefined).map(number);
      tokens.push({ start, end, whole: dimensions.join("x"), parts: [] });
    } else if (letters !== undefined && digits !== undefined) {
      const code = `${digits}${suffix ?? ""}`;
      tokens.push({ start, end, whole: `${letters}${code}`, parts: [letters, code] });
    } else if (compound !== undefined) {
      const pieces = compound.split("-");
      tokens.push({ start, end, whole: pieces.join(""), parts: pieces });
    } else if (word !== undefined) {
      const whole = /\d/.test(word) ? number(word) : word;
      tokens.push({ start, end, whole, parts: wordParts(whole) });
    }
  }
  return tokens;
}

/** Every form of every token, for the index: MiniSearch's `tokenize`. */
export function tokenize(text: string): string[] {
  return scan(text).flatMap((token) => [token.whole, ...token.parts]);
}

// ---- Terms ----

/** Words too common to tell one page from another; a query made only of them finds nothing. */
const STOPWORDS = new Set(
  (
    "a an and are as at be but by can do does for from had has have how if in into is it its of on or our " +
    "so than that the their them then there these they this those to was we were what when where which " +
    "who why will with you your"
  ).split(" "),
);

/**
 * What is indexed and looked up for one token: nothing for a stopword or a single character; the
 * stem and the word itself for a longer plain word (the stem joins "labels" and "label", the word
 * lets a prefix like "printin" reach "printing"); anything with digits as it is.
 */
export function processTerm(term: string): string[] | null {
  if (term.length < 2 || STOPWORDS.has(term)) return null;
  if (!/^[a-z]+$/.test(term) || term.length <= 3) return [term];
  const stem = stemmer(term);
  return stem === term ? [term] : [stem, term];
}

/** Whether a token still carries meaning once processed. */
export function isSearchable(term: string): boolean {
  return processTerm(term) !== null;
}

/**
 * The form of a query that the owner reads in the misses report: folded, sizes and part numbers
 * written one way, punctuation dropped. "Ribbon for ZT-410" → "ribbon for zt410".
 */
export function normalizeQuery(query: string): string {
  return scan(cleanQuery(query))
    .map((token) => token.whole)
    .join(" ");
}
