/**
 * CSV for operators' spreadsheets: RFC 4180 (CRLF line ends, fields with a comma, quote, CR or LF in
 * double quotes, quotes doubled) and safe against formula injection.
 */

export type CsvValue = string | number | null | undefined;

// A cell starting with one of these is run as a formula by Excel, LibreOffice and Google Sheets; a
// visitor could type one into a form field. The leading apostrophe makes the spreadsheet show text.
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

export function toCsv(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  let csv = csvRow(header);
  for (const row of rows) csv += csvRow(row);
  return csv;
}
