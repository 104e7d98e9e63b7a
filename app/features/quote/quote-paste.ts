import { pastedLineAreas } from "~/content/quote";
import {
  emptyItem,
  type ItemValues,
  QUOTE_MAX_ITEMS,
  type QuoteUnit,
  type QuoteValues,
} from "~/features/quote/quote";

/*
 * The paste-a-list box of the quote form (docs/quotes.md): each pasted line becomes an item row.
 * Browser-safe; the server runs it on every quote post, 'Add rows' included, before any other check,
 * on whatever a visitor or a script pasted. So each line is read in one pass from its end, with no
 * pattern that can backtrack: the regular expression this replaces tried every start of the
 * description against every end of the quantity, and one 39 KB line of digits held the server for
 * seconds (docs/decisions/0020-quote-uploads-under-attack.md).
 */

/** The words a pasted line may give its unit in (the test's reference parser reads the same table). */
export const UNIT_WORDS: Readonly<Record<string, QuoteUnit>> = {
  each: "each",
  ea: "each",
  pc: "each",
  pcs: "each",
  piece: "each",
  pieces: "each",
  roll: "roll",
  rolls: "roll",
  case: "case",
  cases: "case",
  cs: "case",
  box: "box",
  boxes: "box",
  bx: "box",
  sheet: "sheet",
  sheets: "sheet",
  pallet: "pallet",
  pallets: "pallet",
  plt: "pallet",
};
// Longest first: an alternation takes the first word that fits, and "500 boxes of mailers" read as
// `box` left "es of mailers" as the item.
const UNIT_NAMES = Object.keys(UNIT_WORDS).sort((a, b) => b.length - a.length);
const UNIT_PATTERN = UNIT_NAMES.join("|");
// Anchored at the start, with one greedy run and `(.+)$` after it: at most two tries, whatever the line.
const QUANTITY_FIRST = new RegExp(`^(\\d[\\d,]*)\\s*(${UNIT_PATTERN})?\\s*(?:x\\s+|of\\s+)?(.+)$`, "i");

const isDigit = (char: string | undefined) => char !== undefined && char >= "0" && char <= "9";
const isNumberChar = (char: string | undefined) => isDigit(char) || char === ",";
const isSpace = (char: string | undefined) => char !== undefined && /\s/.test(char);
const isSeparator = (char: string | undefined) =>
  isSpace(char) || char === "," || char === ";" || char === ":" || char === "-";
const isWordChar = (char: string | undefined) => char !== undefined && /\w/.test(char);
const asciiLower = (text: string) => text.replace(/[A-Z]/g, (char) => char.toLowerCase());

/** Trailing `,;:` tabs and dashes removed (what `/[,;:\t-]+$/` removed, without its backtracking). */
function withoutTrailingPunctuation(text: string): string {
  let end = text.length;
  while (end > 0 && ",;:\t-".includes(text.charAt(end - 1))) end -= 1;
  return text.slice(0, end);
}

interface QuantityAtEnd {
  /** Everything before the separators (and `qty` or `x`) that lead to the quantity. */
  before: string;
  quantity: string;
  unit: string | undefined;
}

/**
 * `…, 500`, `… - 500 rolls`, `… 12 rolls`, `… x 500`, `… qty 500`, `… 500.`: the quantity at the end of a
 * line, its unit, and the shortest text before them. The same answer as the pattern
 * `^(.*?)[\s,;:\t-]*(?:\b(?:qty|x)\s*)?(\d[\d,]*)\s*(unit)?\.?$` (case-insensitive) gave, found by
 * walking back from the end once.
 */
function quantityAtEnd(text: string): QuantityAtEnd | null {
  let end = text.length;
  if (text.charAt(end - 1) === ".") end -= 1;
  let unit: string | undefined;
  let numberEnd = end;
  for (const name of UNIT_NAMES) {
    if (end < name.length || asciiLower(text.slice(end - name.length, end)) !== name) continue;
    let at = end - name.length;
    while (at > 0 && isSpace(text[at - 1])) at -= 1;
    // A unit counts only right after a number ("12 rolls"); no two units can both fit.
    if (isNumberChar(text[at - 1])) {
      unit = name;
      numberEnd = at;
      break;
    }
  }
  if (unit === undefined) while (numberEnd > 0 && isSpace(text[numberEnd - 1])) numberEnd -= 1;
  // The digits and commas that end the line; the quantity is that run from its first digit.
  let run = numberEnd;
  while (run > 0 && isNumberChar(text[run - 1])) run -= 1;
  let firstDigit = run;
  while (firstDigit < numberEnd && !isDigit(text[firstDigit])) firstDigit += 1;
  if (firstDigit === numberEnd) return null;

  // `qty` or `x` (a word of its own at its start) right before a run that starts with a digit: that
  // reading leaves the shorter text before it, so the pattern took it.
  if (run === firstDigit) {
    let word = run;
    while (word > 0 && isSpace(text[word - 1])) word -= 1;
    const wordStart =
      word >= 3 && asciiLower(text.slice(word - 3, word)) === "qty"
        ? word - 3
        : asciiLower(text.charAt(word - 1)) === "x"
          ? word - 1
          : -1;
    if (wordStart >= 0 && (wordStart === 0 || !isWordChar(text[wordStart - 1]))) {
      let before = wordStart;
      while (before > 0 && isSeparator(text[before - 1])) before -= 1;
      return { before: text.slice(0, before), quantity: text.slice(run, numberEnd), unit };
    }
  }
  let before = run;
  while (before > 0 && isSeparator(text[before - 1])) before -= 1;
  return { before: text.slice(0, before), quantity: text.slice(firstDigit, numberEnd), unit };
}

/** Whether the words of a line hold `phrase` (one or more words), its last word perhaps plural. */
function holdsPhrase(words: readonly string[], phrase: readonly string[]): boolean {
  const last = phrase.length - 1;
  for (let start = 0; start + last < words.length; start += 1) {
    let index = 0;
    while (index < last && words[start + index] === phrase[index]) index += 1;
    if (index < last) continue;
    const word = words[start + last];
    const stem = phrase[last] ?? "";
    if (word === stem || word === `${stem}s` || word === `${stem}es`) return true;
  }
  return false;
}

const AREA_PHRASES = pastedLineAreas.map(({ area, words }) => ({
  area,
  phrases: words.map((phrase) => phrase.split(" ")),
}));

/**
 * The product area a pasted item's words point to (the word lists are content: pastedLineAreas in
 * app/content/quote.ts), or null when none does. One split of the line, then a walk per phrase.
 */
export function guessPastedArea(description: string): string | null {
  const words = asciiLower(description)
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "");
  for (const { area, phrases } of AREA_PHRASES) {
    if (phrases.some((phrase) => holdsPhrase(words, phrase))) return area;
  }
  return null;
}

/**
 * One pasted line as a row: `ITEM-123, 500`, `ITEM-123 x 500`, `4x6 thermal labels 12 rolls`, or
 * `500 ITEM-123`, and columns pasted from a spreadsheet (tab-separated, the quantity and unit before or
 * after the item). A line without a recognisable quantity keeps the whole line as the description and
 * leaves the quantity for the buyer to fill in. The row's product area is the one its words point to
 * (guessPastedArea), else `area`, the form's first row's.
 */
export function parsePastedLine(line: string, area = ""): ItemValues | null {
  const row = readPastedLine(line, area);
  if (row) row.area = guessPastedArea(row.description) ?? area;
  return row;
}

function readPastedLine(line: string, area: string): ItemValues | null {
  const text = line.replace(/\s+/g, " ").trim();
  if (text === "") return null;
  const row = emptyItem(area);
  const tail = quantityAtEnd(text);
  if (tail && tail.before.trim() !== "" && !/[x×]$/i.test(tail.before.trim())) {
    row.description = withoutTrailingPunctuation(tail.before.trim()).trim();
    row.quantity = tail.quantity.replace(/,/g, "");
    if (tail.unit) row.unit = UNIT_WORDS[tail.unit] ?? "each";
    if (row.description !== "") return row;
  }
  const head = QUANTITY_FIRST.exec(text);
  if (head?.[3] && !/^\d*x\d/i.test(text)) {
    row.quantity = (head[1] ?? "").replace(/,/g, "");
    if (head[2]) row.unit = UNIT_WORDS[head[2].toLowerCase()] ?? "each";
    row.description = head[3].trim();
    return row;
  }
  row.description = text;
  return row;
}

/**
 * The rows of the form with the pasted lines added as rows after them (an empty first row is
 * replaced), up to the QUOTE_MAX_ITEMS rows a request holds. Lines without room stay in the box, so
 * nothing pasted is lost, the form never grows past what can be sent (parseQuote refuses a request
 * with lines left), and a paste of thousands of short lines never becomes thousands of rows to render.
 */
export function withPastedRows(values: QuoteValues): QuoteValues {
  if (values.pasteList.trim() === "") return values;
  const area = values.items[0]?.area ?? "";
  const rows = values.items.filter(
    (row) => row.description.trim() !== "" || row.quantity.trim() !== "" || row.notes.trim() !== "",
  );
  const lines = values.pasteList.split(/\r\n|\n|\r/);
  let next = 0;
  while (next < lines.length && rows.length < QUOTE_MAX_ITEMS) {
    const row = parsePastedLine(lines[next] ?? "", area);
    next += 1;
    if (row) rows.push(row);
  }
  return { ...values, items: rows, pasteList: lines.slice(next).join("\n").trim() };
}
