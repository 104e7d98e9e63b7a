/**
 * CSV for operators' spreadsheets: RFC 4180 (CRLF line ends, fields with a comma, quote, CR or LF in
 * double quotes, quotes doubled) and safe against formula injection. A field with a semicolon or a tab
 * is quoted too: a spreadsheet set to a locale whose list separator is `;` (most of Europe) splits
 * the file at semicolons, and an unquoted `Acme;=HYPERLINK(…)` would become two cells, the second a
 * formula that the leading-character guard never saw. Such a spreadsheet honours quotes only at the
 * start of what it takes for a cell, so a quoted field after the row's first can still be split
 * there: the guard's apostrophe also goes before every formula character that follows a `;` or a tab
 * ("5; '-10% off").
 */

export type CsvValue = string | number | null | undefined;

// A cell starting with one of these is run as a formula by Excel, LibreOffice and Google Sheets; a
// visitor could type one into a form field. The leading apostrophe makes the spreadsheet show text.
const FORMULA_START = /^[=+\-@\t\r]/;
/** A formula character where a semicolon-locale (or tab-separated) reading would start a cell. */
const FORMULA_AFTER_SEPARATOR = /([;\t][ "]*)(?=[=+\-@])/g;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  if (typeof value === "string") text = text.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  return /[",;\t\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

export function toCsv(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  let csv = csvRow(header);
  for (const row of rows) csv += csvRow(row);
  return csv;
}
