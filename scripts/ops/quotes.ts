import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { quoteRows } from "~/features/leads/export/quote-rows.server";
import { REFERENCE_PATTERN } from "~/features/leads/intake/reference.server";
import type { Database } from "~/server/db/schema.server";
import { checkSince, commandMain, readArguments, runIfInvoked, UsageError, writeOutput } from "./cli";
import { toCsv } from "./export-csv";

export const USAGE = `Usage:
  npm run quotes -- export [--since YYYY-MM-DD] [--out FILE]
  npm run quotes -- files REFERENCE --out DIR

From the database that DATABASE_URL names (default sqlite:./data/site.db):
  export   quote requests as CSV (RFC 4180), one row per line item, with the request's reference and fields
           --since YYYY-MM-DD  only requests received on or after that day (UTC)
           --out FILE          write to FILE instead of standard output
  files    writes the files attached to the request REFERENCE (e.g. Q-7K3M9P) into DIR (created if needed)
`;

export type QuotesCommand =
  | { kind: "export"; since?: string; out?: string }
  | { kind: "files"; reference: string; out: string }
  | { kind: "help" };

const readArgs = (argv: string[]) =>
  readArguments(argv, {
    since: { type: "string" },
    out: { type: "string" },
    help: { type: "boolean", short: "h" },
  });

export function parseQuotesCommand(argv: string[]): QuotesCommand {
  const parsed = readArgs(argv);
  const { values, positionals } = parsed;
  if (values.help) return { kind: "help" };
  const [verb, ...rest] = positionals;
  if (values.out !== undefined && values.out.trim() === "") throw new UsageError("--out needs a name");
  if (verb === "export") {
    if (rest.length > 0) throw new UsageError("export takes no other arguments");
    checkSince(values.since);
    return { kind: "export", since: values.since, out: values.out };
  }
  if (verb === "files") {
    const reference = (rest[0] ?? "").trim().toUpperCase();
    if (rest.length !== 1 || !REFERENCE_PATTERN.test(reference) || !reference.startsWith("Q-"))
      throw new UsageError("files needs one quote reference such as Q-7K3M9P");
    if (values.since !== undefined) throw new UsageError("--since applies to export only");
    if (!values.out) throw new UsageError("files needs --out DIR");
    return { kind: "files", reference, out: values.out };
  }
  throw new UsageError("expected 'export' or 'files'");
}

/** One CSV row per line item, each carrying its request's reference and fields. */
export async function buildQuotesCsv(db: Database, since?: string): Promise<{ csv: string; count: number }> {
  const table = await quoteRows(db, { from: since === undefined ? undefined : `${since}T00:00:00.000Z` });
  return { csv: toCsv(table.header, table.rows), count: table.requests };
}

/**
 * Writes a request's files into `dir`. Names come from the database but were made safe when stored;
 * they are reduced to their last path segment again here, and a number is prefixed to keep two
 * files of the same name apart.
 */
export async function writeQuoteFiles(
  db: Database,
  reference: string,
  dir: string,
): Promise<string[] | null> {
  const request = await db
    .selectFrom("quote_requests")
    .select("id")
    .where("reference", "=", reference)
    .executeTakeFirst();
  if (!request) return null;
  const files = await db
    .selectFrom("quote_files")
    .innerJoin("stored_files", "stored_files.id", "quote_files.file_id")
    .select(["quote_files.position", "stored_files.file_name", "stored_files.content"])
    .where("quote_files.request_id", "=", request.id)
    .orderBy("quote_files.position")
    .execute();
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  for (const file of files) {
    const base = path.basename(file.file_name).replace(/^\.+/, "") || "attachment";
    const target = path.join(dir, `${file.position + 1}-${base}`);
    await writeFile(target, Buffer.from(file.content), { flag: "wx" });
    written.push(target);
  }
  return written;
}

/** Runs the command line; resolves with the exit code (2 for bad arguments, 1 for failures). */
export const main = commandMain({
  name: "quotes",
  usage: USAGE,
  parse: parseQuotesCommand,
  async run(db, command, { io: out }) {
    if (command.kind === "export") {
      const { csv, count } = await buildQuotesCsv(db, command.since);
      await writeOutput(out, "quotes", { text: csv, out: command.out, what: `${count} requests` });
      return 0;
    }
    const written = await writeQuoteFiles(db, command.reference, command.out);
    if (written === null) {
      out.stderr.write(`quotes: no quote request ${command.reference}\n`);
      return 1;
    }
    out.stderr.write(`quotes: wrote ${written.length} files to ${path.resolve(command.out)}\n`);
    for (const file of written) out.stdout.write(`${file}\n`);
    return 0;
  },
});

runIfInvoked(import.meta.url, main);
