import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  ATTRIBUTION_CSV_HEADER,
  attributionCsvCells,
  readAttributions,
} from "~/features/leads/attribution/attribution.server";
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

const HEADER = [
  "reference",
  "received_at",
  "company",
  "name",
  "email",
  "phone",
  "postal_code",
  "needed_by",
  "po_reference",
  "item",
  // The catalogue part number the line came with, as posted (docs/quotes.md#part-numbers).
  "sku",
  "area",
  "description",
  "quantity",
  "unit",
  "notes",
  "label_details",
  "foam_details",
  "files",
  // How the buyer came (docs/attribution.md); empty for requests from before it was kept.
  ...ATTRIBUTION_CSV_HEADER,
];

/** One CSV row per line item, each carrying its request's reference and fields. */
export async function buildQuotesCsv(db: Database, since?: string): Promise<{ csv: string; count: number }> {
  const rows = await readQuoteLines(db, since);
  const namesByRequest = await readFileNames(db);
  const attribution = await readAttributions(db, "quote", [...new Set(rows.map((row) => row.request_id))]);
  const csv = toCsv(
    HEADER,
    rows.map((row) => [
      row.reference,
      row.created_at,
      row.company,
      row.name,
      row.email,
      row.phone,
      row.postal_code,
      row.needed_by,
      row.po_reference,
      row.position + 1,
      row.sku ?? "",
      row.area,
      row.description,
      Number(row.quantity),
      row.unit,
      row.notes,
      // The item's own details; a request from before they were kept per item has one set for all.
      flattenDetails(row.item_label_details ?? row.label_details),
      flattenDetails(row.foam_details),
      (namesByRequest.get(row.request_id) ?? []).join("; "),
      ...attributionCsvCells(attribution.get(row.request_id)),
    ]),
  );
  return { csv, count: new Set(rows.map((row) => row.reference)).size };
}

/** Every line of every request (since a day, when given), with its request's fields. */
function readQuoteLines(db: Database, since: string | undefined) {
  return (
    db
      .selectFrom("quote_items")
      .innerJoin("quote_requests", "quote_requests.id", "quote_items.request_id")
      .select([
        "quote_requests.id as request_id",
        "quote_requests.reference",
        "quote_requests.created_at",
        "quote_requests.company",
        "quote_requests.name",
        "quote_requests.email",
        "quote_requests.phone",
        "quote_requests.postal_code",
        "quote_requests.needed_by",
        "quote_requests.po_reference",
        "quote_requests.label_details",
        "quote_requests.foam_details",
        "quote_items.position",
        "quote_items.sku",
        "quote_items.area",
        "quote_items.description",
        "quote_items.quantity",
        "quote_items.unit",
        "quote_items.notes",
        "quote_items.label_details as item_label_details",
      ])
      .$if(since !== undefined, (qb) => qb.where("quote_requests.created_at", ">=", `${since}T00:00:00.000Z`))
      // Requests held aside as likely spam are not leads until released (docs/spam.md).
      .where((eb) =>
        eb.or([eb("quote_requests.held_at", "is", null), eb("quote_requests.released_at", "is not", null)]),
      )
      .orderBy("quote_requests.id")
      .orderBy("quote_items.position")
      .execute()
  );
}

/** The names of each request's files, in their order. */
async function readFileNames(db: Database): Promise<Map<number, string[]>> {
  const files = await db
    .selectFrom("quote_files")
    .innerJoin("stored_files", "stored_files.id", "quote_files.file_id")
    .select(["quote_files.request_id", "stored_files.file_name"])
    .orderBy("quote_files.request_id")
    .orderBy("quote_files.position")
    .execute();
  const namesByRequest = new Map<number, string[]>();
  for (const file of files) {
    namesByRequest.set(file.request_id, [...(namesByRequest.get(file.request_id) ?? []), file.file_name]);
  }
  return namesByRequest;
}

/** A details object (JSON) as `key: value; key: value`, its empty values left out. */
function flattenDetails(json: string | null): string {
  return json
    ? Object.entries(JSON.parse(json) as Record<string, string | null>)
        .filter(([, value]) => value)
        .map(([key, value]) => `${key}: ${value}`)
        .join("; ")
    : "";
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
