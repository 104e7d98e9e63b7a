import { stemmer } from "stemmer";

/**
 * Typo tolerance for the item search (docs/search.md#items). The database's full-text indexes match
 * words exactly (after stemming); a word that no item holds is looked up here among the words the
 * catalogue does hold, and replaced by those one typo away (two from eight letters): "ribon" becomes
 * "ribbon". Numbers, sizes and part numbers are never corrected.
 */

/** The most spellings a mistyped word is searched as. */
const MAX_ALTERNATIVES = 4;

/** Optimal string alignment distance (a swap of two neighbours is one edit), given up past `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, (before[j - 2] ?? 0) + 1);
      current[j] = value;
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? limit + 1;
}

function allowedEdits(word: string): number {
  if (word.length < 4) return 0;
  return word.length < 8 ? 1 : 2;
}

/** The words (stems, as the index keeps them) of the catalogue's active version. */
export class ItemVocabulary {
  private readonly terms: ReadonlySet<string>;
  private readonly byLength = new Map<number, string[]>();

  constructor(terms: Iterable<string>) {
    const plain = [...terms].filter((term) => /^\p{L}+$/u.test(term));
    this.terms = new Set(plain);
    for (const term of plain) {
      const list = this.byLength.get(term.length) ?? [];
      list.push(term);
      this.byLength.set(term.length, list);
    }
  }

  get size(): number {
    return this.terms.size;
  }

  /** Whether the catalogue holds the word (as typed or by its stem). */
  has(word: string): boolean {
    return this.terms.has(word) || this.terms.has(stemmer(word));
  }

  /**
   * The spellings to search a typed word as: itself when the catalogue has it (or it holds a digit);
   * otherwise the catalogue's words within its typo allowance, nearest first; none when nothing is near.
   */
  spellings(word: string): string[] {
    if (/\d/.test(word) || this.has(word)) return [word];
    const limit = allowedEdits(word);
    if (limit === 0) return [];
    const stem = stemmer(word);
    const found: { term: string; distance: number }[] = [];
    for (let length = stem.length - limit; length <= word.length + limit; length++) {
      for (const term of this.byLength.get(length) ?? []) {
        const distance = Math.min(editDistance(word, term, limit), editDistance(stem, term, limit));
        if (distance <= limit) found.push({ term, distance });
      }
    }
    found.sort((a, b) => a.distance - b.distance || a.term.localeCompare(b.term));
    return found.slice(0, MAX_ALTERNATIVES).map((entry) => entry.term);
  }
}
