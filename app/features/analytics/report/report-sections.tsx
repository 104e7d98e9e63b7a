import type { ReportTable } from "./tables";

/*
 * The report's sections as a page (the desk's /desk/report, docs/report.md#in-the-browser): the same
 * tables, in the same order, as the command's text, CSV and HTML, with the same server-drawn SVG
 * charts above the tables they draw. No script: the charts are drawn text (every visitor-typed label in
 * them escaped by charts.ts) and each table scrolls inside its own box on a phone, never the page.
 */

export interface ReportSectionsProps {
  tables: ReportTable[];
  /** SVG markup by the id of the table it draws. */
  charts: Record<string, string>;
}

function SectionTable({ table }: { table: ReportTable }) {
  if (table.rows.length === 0) return <p className="text-slate-700">Nothing in this period.</p>;
  const numeric = table.columns.map((_, index) => table.rows.every((row) => typeof row[index] === "number"));
  const align = (index: number) => (numeric[index] ? "text-right" : "text-left");
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls in this box, which the keyboard must reach (axe: scrollable-region-focusable).
    <div className="overflow-x-auto" tabIndex={0}>
      <table className="w-full border-collapse text-sm">
        <thead>
          <tr className="border-b border-slate-400">
            {table.columns.map((column, index) => (
              <th key={column} scope="col" className={`px-2 py-1 font-semibold text-navy ${align(index)}`}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, rowIndex) => (
            // Rows have no identity of their own; the table is rendered once, on the server.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            <tr key={rowIndex} className="border-b border-slate-200">
              {row.map((cell, index) => (
                <td
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional.
                  key={index}
                  className={`px-2 py-1 break-words ${align(index)} ${index === 0 ? "min-w-28" : "whitespace-nowrap"}`}
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ReportSections({ tables, charts }: ReportSectionsProps) {
  return (
    <>
      <nav aria-label="Report sections" className="mb-6">
        <ul className="list-disc columns-1 pl-6 sm:columns-2">
          {tables.map((table) => (
            <li key={table.id}>
              <a className="text-steel underline underline-offset-4 hover:text-navy" href={`#${table.id}`}>
                {table.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {tables.map((table) => {
        const chart = charts[table.id];
        return (
          <section
            key={table.id}
            id={table.id}
            aria-labelledby={`${table.id}-heading`}
            className="mb-6 rounded-md border border-slate-300 bg-white p-3 sm:p-4"
          >
            <h2 id={`${table.id}-heading`} className="mb-3 text-lg font-bold text-navy">
              {table.title}
            </h2>
            {chart ? (
              // The SVG is drawn by charts.ts, which escapes every label; it is markup, not text.
              // biome-ignore lint/security/noDangerouslySetInnerHtml: see above.
              <figure className="mb-3 max-w-md" dangerouslySetInnerHTML={{ __html: chart }} />
            ) : null}
            <SectionTable table={table} />
          </section>
        );
      })}
    </>
  );
}
