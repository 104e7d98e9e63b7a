/**
 * How long a query over the whole site index takes (docs/search.md): a few thousand queries made from
 * the index's own words (single words, pairs and triples from one document, longer mixes from several,
 * typos, prefixes, sizes and part numbers, and words that find nothing), each timed on its own, after a warm-up. Prints p50, p90, p99 and the worst time for
 * the results page (search, with snippets) and for the header's suggestions. Target: p99 under 5 ms.
 *
 *   npm run bench:search [-- --queries 5000]
 *
 * Reads app/generated/search-index.json, which `npm run build` writes.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { loadSearchEngine } from "~/features/search/engine.server";
import { scan } from "~/features/search/normalize.server";
import { seededRandom } from "../lib/seeded-random";

const TARGET_P99_MS = 5;
const root = fileURLToPath(new URL("../..", import.meta.url));
const indexPath = path.join(root, "app", "generated", "search-index.json");

export function makeQueries(texts: readonly string[], count: number, seed = 42): string[] {
  const next = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const documents = texts.map((text) =>
    scan(text)
      .map((token) => token.whole)
      .filter((word) => /^[a-z]{3,}$/.test(word)),
  );
  const words = [...new Set(documents.flat())];
  const typo = (word: string) => {
    const at = 1 + Math.floor(next() * (word.length - 2));
    return next() < 0.5
      ? word.slice(0, at) + word.slice(at + 1)
      : word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  };
  const nonsense = () =>
    Array.from({ length: 6 + Math.floor(next() * 6) }, () =>
      String.fromCharCode(97 + Math.floor(next() * 26)),
    ).join("");
  const special = [
    "4x6 thermal labels",
    "4 x 6 labels",
    "ribbon for ZT410",
    "zt 410",
    "BS 5609",
    '2" x 1" labels',
    "GX420d ribbon",
  ];
  const queries: string[] = [];
  while (queries.length < count) {
    const roll = next();
    const document = pick(documents.filter((list) => list.length > 0));
    if (roll < 0.35) queries.push(pick(words));
    else if (roll < 0.55) queries.push(`${pick(document)} ${pick(document)}`);
    else if (roll < 0.6) queries.push(`${pick(document)} ${pick(document)} ${pick(document)}`);
    // Words from different documents: usually no document has them all, and the OR fallback runs.
    else if (roll < 0.65)
      queries.push(Array.from({ length: 3 + Math.floor(next() * 4) }, () => pick(words)).join(" "));
    else if (roll < 0.75) queries.push(typo(pick(words.filter((word) => word.length >= 6))));
    else if (roll < 0.82) queries.push(pick(words.filter((word) => word.length >= 6)).slice(0, 4));
    else if (roll < 0.9) queries.push(pick(special));
    else queries.push(nonsense());
  }
  return queries;
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

function time(queries: readonly string[], run: (query: string) => unknown): number[] {
  const times = queries.map((query) => {
    const started = performance.now();
    run(query);
    return performance.now() - started;
  });
  return times.sort((a, b) => a - b);
}

function main() {
  const { values } = parseArgs({ options: { queries: { type: "string", default: "3000" } } });
  const count = Number(values.queries);
  if (!Number.isInteger(count) || count < 100)
    throw new Error("--queries must be a whole number of at least 100");

  let json: string;
  try {
    json = readFileSync(indexPath, "utf8");
  } catch {
    throw new Error(`${path.relative(root, indexPath)} is missing: run npm run build first`);
  }
  const loadStarted = performance.now();
  const engine = loadSearchEngine(json);
  const loadMs = performance.now() - loadStarted;
  const stored = (JSON.parse(json) as { storedFields: Record<string, { title: string; text: string }> })
    .storedFields;
  const queries = makeQueries(
    Object.values(stored).map((document) => `${document.title}\n${document.text}`),
    count,
  );

  // Warm-up, so the figures are the server's steady state rather than the JIT's first passes.
  for (const query of queries.slice(0, 500)) {
    engine.search(query);
    engine.suggest(query);
  }
  const page = time(queries, (query) => engine.search(query));
  const suggestions = time(queries, (query) => engine.suggest(query));
  const misses = queries.filter((query) => engine.search(query).total === 0).length;

  const line = (label: string, sorted: readonly number[]) =>
    `${label.padEnd(22)} p50 ${percentile(sorted, 0.5).toFixed(3)} ms   p90 ${percentile(sorted, 0.9).toFixed(3)} ms   ` +
    `p99 ${percentile(sorted, 0.99).toFixed(3)} ms   max ${(sorted[sorted.length - 1] ?? 0).toFixed(3)} ms`;
  const p99 = Math.max(percentile(page, 0.99), percentile(suggestions, 0.99));
  process.stdout.write(
    `search index: ${engine.documentCount} documents, ${(json.length / 1024).toFixed(0)} KB, loaded in ${loadMs.toFixed(0)} ms\n` +
      `${queries.length} queries (${misses} find nothing), each timed alone after a warm-up:\n` +
      `${line("results page (search)", page)}\n` +
      `${line("suggestions", suggestions)}\n` +
      `target p99 < ${TARGET_P99_MS} ms: ${p99 < TARGET_P99_MS ? "met" : "NOT met"}\n`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (error) {
    process.stderr.write(`search-bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
