/**
 * The last answers to the same question, at most `max` of them: a question asked again is answered
 * from here, the one asked least recently is forgotten first. A failed answer is not kept.
 */
export interface RecentAnswers<T> {
  answer(key: string, ask: () => Promise<T>): Promise<T>;
  readonly size: number;
}

export function recentAnswers<T>(max: number): RecentAnswers<T> {
  // A Map keeps insertion order: an answer used again moves to the end, the first is the oldest.
  const kept = new Map<string, Promise<T>>();
  return {
    answer(key, ask) {
      const known = kept.get(key);
      if (known) {
        kept.delete(key);
        kept.set(key, known);
        return known;
      }
      const asked = ask();
      kept.set(key, asked);
      asked.catch(() => {
        if (kept.get(key) === asked) kept.delete(key);
      });
      for (const oldest of kept.keys()) {
        if (kept.size <= max) break;
        kept.delete(oldest);
      }
      return asked;
    },
    get size() {
      return kept.size;
    },
  };
}
