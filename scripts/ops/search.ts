import { listSearchMisses, type SearchMiss } from "~/features/search/misses.server";
import { checkSince, commandMain, readArguments, runIfInvoked, UsageError } from "./cli";

export const USAGE = `Usage:
  npm run search -- misses [--since YYYY-MM-DD]

Prints the site searches that found nothing, from the database that DATABASE_URL names (default
sqlite:./data/site.db), most frequent first: how many times, when last, and the query as normalised
(folded to lower case, sizes and part numbers written one way).
  --since YYYY-MM-DD  only queries searched on or after that day (UTC); the count stays the total
`;

export type SearchCommand = { kind: "misses"; since?: string } | { kind: "help" };

const readArgs = (argv: string[]) =>
  readArguments(argv, { since: { type: "string" }, help: { type: "boolean", short: "h" } });

export function parseCommand(argv: string[]): SearchCommand {
  const parsed = readArgs(argv);
  const { values, positionals } = parsed;
  if (values.help) return { kind: "help" };
  if (positionals.length !== 1 || positionals[0] !== "misses") throw new UsageError("expected 'misses'");
  checkSince(values.since);
  return { kind: "misses", since: values.since };
}

/** One line per miss under a header: count, last seen (UTC, to the minute), query. */
export function formatMisses(misses: readonly SearchMiss[]): string {
  if (misses.length === 0) return "No searches without results.\n";
  const width = Math.max(5, ...misses.map((miss) => String(miss.count).length));
  const lines = misses.map(
    (miss) =>
      `${String(miss.count).padStart(width)}  ${miss.lastSeenAt.slice(0, 16).replace("T", " ")}  ${miss.query}`,
  );
  return `${"count".padStart(width)}  last seen (UTC)   query\n${lines.join("\n")}\n`;
}

/** Runs the command line; resolves with the exit code (2 for bad arguments, 1 for failures). */
export const main = commandMain({
  name: "search",
  usage: USAGE,
  parse: parseCommand,
  async run(db, command, { io: out }) {
    const since = command.since ? `${command.since}T00:00:00.000Z` : undefined;
    out.stdout.write(formatMisses(await listSearchMisses(db, since)));
    return 0;
  },
  describeFailure(error) {
    const message = error instanceof Error ? error.message : String(error);
    // A database the new version of the site has not started on yet lacks the table.
    const hint = message.includes("search_misses") ? " (start the site or run npm run db:migrate first)" : "";
    return `search failed: ${message}${hint}`;
  },
});

runIfInvoked(import.meta.url, main);
