/* The report as plain text (`--format text`): each table with its columns aligned. */
import type { Report } from "./model.server";
import { type Cell, type ReportTable, reportTables } from "./tables";

const WIDEST = 60;

function clip(text: string): string {
  return text.length > WIDEST ? `${text.slice(0, WIDEST - 1)}…` : text;
}

/** One table as aligned columns: text to the left, numbers to the right. */
export function tableText(
  table: Pick<ReportTable, "columns" | "rows">,
  /** Columns to align right although they hold text (figures already formatted); numbers always are. */
  rightAligned: readonly number[] = [],
): string {
  if (table.rows.length === 0) return "  (nothing in this period)";
  const cells = [table.columns, ...table.rows].map((row) => row.map((cell: Cell) => clip(String(cell))));
  const widths = table.columns.map((_, index) => Math.max(...cells.map((row) => (row[index] ?? "").length)));
  const numeric = table.columns.map(
    (_, index) => rightAligned.includes(index) || table.rows.every((row) => typeof row[index] === "number"),
  );
  return cells
    .map((row) =>
      `  ${row
        .map((cell, index) => {
          const width = widths[index] ?? 0;
          return numeric[index] ? cell.padStart(width) : cell.padEnd(width);
        })
        .join("  ")}`.trimEnd(),
    )
    .join("\n");
}

export function renderText(report: Report): string {
  const { since, until } = report.period;
  const heading = `Website report, ${since} to ${until} (days in ${report.timeZone})`;
  const sections = reportTables(report).map(
    (table) => `${table.title}\n${"-".repeat(table.title.length)}\n${tableText(table)}`,
  );
  return `${heading}\n${"=".repeat(heading.length)}\n\n${sections.join("\n\n")}\n`;
}
