import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { CsvError, parse } from "csv-parse";
import { RowChecker, type RowError } from "./csv-rows.server";
import type { CatalogueFamily, CatalogueItem } from "./model";

/*
 * Reads a catalogue CSV as Excel and other spreadsheets write it (UTF-8 with or without a byte order
 * mark, quoted cells, Windows or Unix line ends) with csv-parse, as a stream: the file's size and row
 * count are checked as it arrives, before the rows are held, and each row is checked as it is read
 * (docs/catalogue.md#importing).
 */

export const CSV_LIMITS = { maxBytes: 50 * 1024 * 1024, maxRows: 200_000 } as const;

const MAX_ROW_CHARACTERS = 131_072;
const ROWS_PER_TURN = 100;

export type CsvLimits = { maxBytes: number; maxRows: number };

export type CsvReadResult =
  /** The file was read: its items, or the errors of its rows (then nothing is imported). */
  | { ok: true; items: CatalogueItem[]; errors: RowError[] }
  /** The file as a whole was refused, with one line that says why. */
  | { ok: false; refusal: string };

/** A file refused as a whole: too large, too many rows, not UTF-8, unbalanced quotes. */
class Refusal extends Error {}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${bytes} bytes`;

/** The file's bytes as text, refused once they pass the size limit or stop being UTF-8. */
async function* utf8Text(source: AsyncIterable<Buffer | string>, limits: CsvLimits): AsyncGenerator<string> {
  // fatal: a byte that is not UTF-8 stops the read instead of becoming U+FFFD; the BOM is dropped.
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let bytes = 0;
  for await (const chunk of source) {
    const buffer = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    bytes += buffer.length;
    if (bytes > limits.maxBytes) throw new Refusal(`is larger than ${sizeText(limits.maxBytes)}`);
    try {
      yield decoder.decode(buffer, { stream: true });
    } catch {
      throw new Refusal(
        `is not UTF-8 text (near byte ${bytes - buffer.length}): save it as "CSV UTF-8 (comma delimited)"`,
      );
    }
  }
  try {
    yield decoder.decode();
  } catch {
    throw new Refusal("is not UTF-8 text (it ends inside a character)");
  }
}

/** csv-parse's refusal in one line: unbalanced quotes and the like. */
function parseProblem(error: CsvError): string {
  const line = /line (\d+)/.exec(error.message)?.[1];
  const at = line ? ` (line ${line})` : "";
  switch (error.code) {
    case "CSV_QUOTE_NOT_CLOSED":
      return `has a quoted cell that is never closed${at}: the quotes are unbalanced`;
    case "CSV_INVALID_CLOSING_QUOTE":
    case "INVALID_OPENING_QUOTE":
      return `has a quote inside a cell that is not itself quoted, or text after a closing quote${at}: the quotes are unbalanced`;
    case "CSV_MAX_RECORD_SIZE":
      return `has a row longer than ${MAX_ROW_CHARACTERS} characters${at}: is a quote left open?`;
    default:
      return `cannot be read as CSV${at}: ${error.message}`;
  }
}

/**
 * Reads the CSV from `source` (a file stream, an upload) and checks every row against the families.
 * `name` starts the refusal line, e.g. the file's name.
 */
export async function readCatalogueCsv(
  source: AsyncIterable<Buffer | string>,
  families: readonly CatalogueFamily[],
  options: { name: string; limits?: CsvLimits },
): Promise<CsvReadResult> {
  const limits = options.limits ?? CSV_LIMITS;
  const checker = new RowChecker(families);
  // A row longer than any real one is an unclosed quote swallowing the file: refused early.
  const parser = parse({ relax_column_count: true, bom: true, max_record_size: MAX_ROW_CHARACTERS });
  let rows = 0;
  let readable = true;
  const reading = (async () => {
    for await (const record of parser as AsyncIterable<string[]>) {
      rows += 1;
      if (rows > limits.maxRows + 1) throw new Refusal(`has more than ${limits.maxRows} rows`);
      if (rows === 1) readable = checker.header(record);
      else if (readable) checker.row(rows, record);
      // A turn of the event loop every 100 rows: a file chunk's rows are otherwise parsed and checked
      // in one go, and a large file held a running site's other requests (docs/decisions/0076).
      if (rows % ROWS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  // Each side settles when the other fails: a refusal in the bytes destroys the parser, and a
  // refusal in the rows ends the iteration, which destroys it too.
  const settled = await Promise.allSettled([
    pipeline(Readable.from(utf8Text(source, limits)), parser),
    reading,
  ]);
  const failures = settled.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
  const refusal = failures.find((error) => error instanceof Refusal || error instanceof CsvError);
  if (refusal instanceof Refusal) return { ok: false, refusal: `${options.name} ${refusal.message}` };
  if (refusal instanceof CsvError) return { ok: false, refusal: `${options.name} ${parseProblem(refusal)}` };
  if (failures.length > 0) throw failures[0];
  if (rows === 0) return { ok: false, refusal: `${options.name} is empty: it needs a header row` };
  if (readable) checker.finish();
  return { ok: true, items: checker.errors.length === 0 ? checker.items : [], errors: checker.errors };
}
