import { stringify } from "csv-stringify/sync";

/**
 * CSV for spreadsheets (operators' exports and the desk's downloads), written by csv-stringify:
 * RFC 4180 (CRLF line ends, fields with a comma, quote, CR or LF in double quotes, quotes doubled)
 * and safe against formula injection. A field with a semicolon or a tab is quoted too: a spreadsheet
 * set to a locale whose list separator is `;` (most of Europe) splits the file at semicolons, and an
 * unquoted `Acme;=HYPERLINK(…)` would become two cells, the second a formula that the leading-character
 * guard never saw. Such a spreadsheet honours quotes only at the start of what it takes for a cell, so
 * a quoted field after the row's first can still be split there: the guard's apostrophe also goes
 * before every formula character that follows a `;` or a tab ("5; '-10% off").
 */

export type CsvValue = string | number | null | undefined;

// A cell starting with one of these is run as a formula by Excel, LibreOffice and Google Sheets; a
// visitor could type one into a form field. The leading apostrophe makes the spreadsheet show text.
const FORMULA_START = /^[=+\-@\t\r]/;
/** A formula character where a semicolon-locale (or tab-separated) reading would start a cell. */
const FORMULA_AFTER_SEPARATOR = /([;\t][ "]*)(?=[=+\-@])/g;

/** Text a spreadsheet shows as text: an apostrophe before any character that would start a formula. */
export function spreadsheetText(text: string): string {
  const guarded = FORMULA_START.test(text) ? `'${text}` : text;
  return guarded.replace(FORMULA_AFTER_SEPARATOR, "$1'");
}

const OPTIONS = {
  record_delimiter: "\r\n",
  // csv-stringify quotes a delimiter, a quote and a line break itself; these add `;` and tab.
  quoted_match: /[;\t\r\n]/,
  cast: { string: spreadsheetText },
} as const;

const cellOf = (value: CsvValue) => (value === null || value === undefined ? "" : value);

export function csvRow(values: readonly CsvValue[]): string {
  // csv-stringify writes an empty record for a row of one empty string; a row is never that short here.
  if (values.length === 1 && cellOf(values[0]) === "") return "\r\n";
  return stringify([values.map(cellOf)], OPTIONS);
}

export function csvCell(value: CsvValue): string {
  return csvRow([value]).slice(0, -2);
}

export function toCsv(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  let csv = csvRow(header);
  for (const row of rows) csv += csvRow(row);
  return csv;
}

/** Rows encoded per turn of the event loop: a large download never holds it for long. */
const ROWS_PER_TURN = 500;

/**
 * The CSV as a stream for a download: a byte order mark (so Excel reads UTF-8), the header, then the
 * rows a few hundred at a time, each batch in its own turn of the event loop.
 */
export function csvStream(
  header: readonly string[],
  rows: readonly (readonly CsvValue[])[],
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = 0;
  return new ReadableStream({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${csvRow(header)}`));
    },
    async pull(controller) {
      if (next >= rows.length) {
        controller.close();
        return;
      }
      await new Promise((resolve) => setImmediate(resolve));
      let chunk = "";
      for (const row of rows.slice(next, next + ROWS_PER_TURN)) chunk += csvRow(row);
      next += ROWS_PER_TURN;
      controller.enqueue(encoder.encode(chunk));
    },
  });
}
