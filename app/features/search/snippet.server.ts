import type { TextPiece } from "~/lib/search-types";
import { processTerm, scan } from "./normalize.server";

/**
 * Titles and snippets with the matched words marked. A word is marked when any form the index knows
 * it by (its stem, itself, its parts) is one of the terms the search matched, so "labels" marks
 * "labeling" and "ZT-410" marks "zt 410". The pieces are plain text: the page renders them as text
 * and <mark> elements, never as HTML.
 */

export const SNIPPET_LENGTH = 200;

interface MarkableWord {
  start: number;
  end: number;
  /** Every indexed form of the word. */
  terms: readonly string[];
}

/** A text read once into its words, so marking it for a query costs no more reading. */
export interface PreparedText {
  text: string;
  words: readonly MarkableWord[];
  /** For each term, the positions in `words` of the words that have it, in order. */
  wordsWith: ReadonlyMap<string, readonly number[]>;
}

export function prepareText(text: string): PreparedText {
  const words = scan(text).map((token) => ({
    start: token.start,
    end: token.end,
    terms: [...new Set([token.whole, ...token.parts].flatMap((term) => processTerm(term) ?? []))],
  }));
  const wordsWith = new Map<string, number[]>();
  words.forEach((word, position) => {
    for (const term of word.terms) {
      const list = wordsWith.get(term);
      if (list) list.push(position);
      else wordsWith.set(term, [position]);
    }
  });
  return { text, words, wordsWith };
}

/** The words that have any of the matched terms, in text order: a look-up per term, not a pass over the text. */
function matchedWords(prepared: PreparedText, matched: ReadonlySet<string>): MarkableWord[] {
  const positions = new Set<number>();
  for (const term of matched)
    for (const position of prepared.wordsWith.get(term) ?? []) positions.add(position);
  return [...positions].sort((a, b) => a - b).flatMap((position) => prepared.words[position] ?? []);
}

const oneLine = (text: string) => text.replace(/\s+/g, " ");

function piecesBetween(text: string, marks: readonly MarkableWord[], start: number, end: number) {
  const pieces: TextPiece[] = [];
  let position = start;
  let firstMark = -1;
  for (const mark of marks) {
    if (mark.start < start || mark.end > end) continue;
    if (mark.start > position) pieces.push({ text: oneLine(text.slice(position, mark.start)) });
    pieces.push({ text: oneLine(text.slice(mark.start, mark.end)), mark: true });
    if (firstMark < 0) firstMark = mark.start;
    position = mark.end;
  }
  if (position < end) pieces.push({ text: oneLine(text.slice(position, end)) });
  return { pieces, firstMark };
}

/** The whole text, with the matched words marked (for titles). */
export function highlight(prepared: PreparedText, matched: ReadonlySet<string>): TextPiece[] {
  return piecesBetween(prepared.text, matchedWords(prepared, matched), 0, prepared.text.length).pieces;
}

export interface Snippet {
  pieces: TextPiece[];
  /** Where in the text the first marked word stands, or -1 when the snippet marks none. */
  at: number;
}

/**
 * About `length` characters of the text around the place where the matched terms stand closest
 * together (terms the visitor typed count double over those found by a typo or prefix), cut at word
 * boundaries and marked with an ellipsis where cut. Without a match in the text (only the title
 * matched), the start of the text.
 */
export function snippet(
  prepared: PreparedText,
  matched: ReadonlySet<string>,
  typed: ReadonlySet<string> = new Set(),
  length = SNIPPET_LENGTH,
): Snippet {
  const { text, words } = prepared;
  const marks = matchedWords(prepared, matched);

  let windowStart = 0;
  if (marks.length > 0) {
    let best = { index: 0, score: -1 };
    for (let index = 0; index < marks.length; index++) {
      const from = marks[index]?.start ?? 0;
      // Each different word counts once: twice as much when it is what the visitor typed.
      const found = new Set<string>();
      let score = 0;
      for (let next = index; next < marks.length; next++) {
        const mark = marks[next];
        if (!mark || mark.end > from + length * 0.75) break;
        const key = mark.terms.find((term) => matched.has(term)) ?? "";
        if (found.has(key)) continue;
        found.add(key);
        score += mark.terms.some((term) => typed.has(term)) ? 2 : 1;
      }
      if (score > best.score) best = { index, score };
    }
    const first = marks[best.index]?.start ?? 0;
    // Some words of context before the match, starting on a word.
    const lead = first - Math.round(length / 4);
    windowStart = lead <= 0 ? 0 : Math.min(first, words.find((word) => word.start >= lead)?.start ?? first);
  }
  const limit = Math.min(text.length, windowStart + length);
  let windowEnd = limit;
  if (limit < text.length) {
    const last = words.findLast((word) => word.end <= limit && word.start >= windowStart);
    windowEnd = last ? last.end : limit;
  }
  const { pieces, firstMark } = piecesBetween(text, marks, windowStart, windowEnd);
  const head = pieces[0];
  if (head) head.text = head.text.trimStart();
  const tail = pieces[pieces.length - 1];
  if (tail) tail.text = tail.text.trimEnd();
  if (windowStart > 0) pieces.unshift({ text: "… " });
  if (text.slice(windowEnd).trim() !== "") pieces.push({ text: " …" });
  return { pieces: pieces.filter((piece) => piece.text !== ""), at: firstMark };
}
