/** CSV for the operator commands: the site's one CSV writer (app/lib/csv.ts), formula-safe. */
export { type CsvValue, csvCell, csvRow, toCsv } from "~/lib/csv";
