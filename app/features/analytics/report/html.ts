/*
 * The report as one HTML page (`--format html`): the tables of tables.ts, with a server-drawn SVG chart
 * above the ones a picture helps (docs/report.md). No script and no outside file: it opens from disk or
 * as an attachment, and reads at 375 px (tables scroll inside their own box, never the page).
 */
import { escapeHtml } from "~/features/leads/email-text.server";
import { barChart, lineChart } from "./charts";
import type { Report } from "./model.server";
import { type ReportTable, reportTables } from "./tables";

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1f2937;line-height:1.5;background:#f6f8fa}
header{background:#0f2a43;color:#fff;padding:16px;border-bottom:4px solid #f2a900}
header h1{margin:0;font-size:1.4rem}
header p{margin:4px 0 0}
main{max-width:60rem;margin:0 auto;padding:16px}
section{background:#fff;border:1px solid #e6ebf0;border-radius:6px;padding:16px;margin:0 0 16px}
h2{font-size:1.15rem;margin:0 0 12px;color:#0f2a43}
figure{margin:0 0 12px}
.chart{display:block;width:100%;max-width:27rem;height:auto}
.table{overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:.95rem}
th,td{text-align:left;padding:4px 8px;border-bottom:1px solid #e6ebf0;overflow-wrap:break-word}
td:first-child{min-width:7.5rem}
td.n,th.n{text-align:right;white-space:nowrap}
nav ul{padding-left:1.2rem;columns:2 12rem}
`;

function tableHtml(table: ReportTable): string {
  if (table.rows.length === 0) return "<p>Nothing in this period.</p>";
  const numeric = table.columns.map((_, index) => table.rows.every((row) => typeof row[index] === "number"));
  const cls = (index: number) => (numeric[index] ? ' class="n"' : "");
  const head = table.columns.map(
    (column, index) => `<th scope="col"${cls(index)}>${escapeHtml(column)}</th>`,
  );
  const body = table.rows.map(
    (row) =>
      `<tr>${row.map((cell, index) => `<td${cls(index)}>${escapeHtml(String(cell))}</td>`).join("")}</tr>`,
  );
  return `<div class="table"><table><thead><tr>${head.join("")}</tr></thead><tbody>\n${body.join("\n")}\n</tbody></table></div>`;
}

/** The median response per branch, in whole business minutes (the table beside it has the exact figures). */
function speedChart(report: Report): Array<[string, string]> {
  if (!report.speed) return [];
  const answered = report.speed.byBranch.filter((line) => line.median !== null);
  return [
    [
      "speed-branches",
      barChart(
        {
          id: "chart-speed",
          title: "Median response time per branch, in business minutes",
          description:
            "Median business minutes from a lead's arrival to its first move out of New, per branch.",
        },
        answered.map((line) => ({ label: line.label, value: Math.round((line.median ?? 0) / 60) })),
      ),
    ],
  ];
}

/** The charts by the id of the table they draw; every chart comes before its table. */
export function reportCharts(report: Report): Map<string, string> {
  return new Map([...speedChart(report), ...trafficCharts(report), ...leadCharts(report)]);
}

/** The charts of the visits: per day, pages, referrers and downloads. */
function trafficCharts(report: Report): Array<[string, string]> {
  const days = report.days.map((day) => day.day);
  return [
    [
      "days",
      lineChart(
        {
          id: "chart-days",
          title: "Visits and unique visitors per day",
          description: `Daily visits and unique visitors from ${report.period.since} to ${report.period.until}; the figures are in the table below.`,
        },
        days,
        [
          { name: "Visits", values: report.days.map((day) => day.visits) },
          { name: "Unique visitors", values: report.days.map((day) => day.visitors) },
        ],
      ),
    ],
    [
      "pages",
      barChart(
        { id: "chart-pages", title: "Top pages", description: "Page views of the most viewed pages." },
        report.topPages.map((row) => ({ label: row.key, value: row.count })),
      ),
    ],
    [
      "referrers",
      barChart(
        { id: "chart-referrers", title: "Top referrers", description: "Visits from other sites, by site." },
        report.referrers.map((row) => ({ label: row.host, value: row.visits })),
      ),
    ],
    [
      "downloads",
      barChart(
        {
          id: "chart-downloads",
          title: "Downloads per document",
          description: "Downloads of each document.",
        },
        report.downloads.map((row) => ({ label: row.key, value: row.count })),
      ),
    ],
  ];
}

/** The charts of the leads and the newsletter. */
function leadCharts(report: Report): Array<[string, string]> {
  const totalLeads = (row: { contacts: number; quotes: number }) => row.contacts + row.quotes;
  return [
    [
      "sources",
      barChart(
        {
          id: "chart-sources",
          title: "Leads by source and medium",
          description: "Contact messages and quote requests together, by source and medium.",
        },
        report.leadsBySource
          .filter((row) => totalLeads(row) > 0)
          .map((row) => ({ label: `${row.source} / ${row.medium}`, value: totalLeads(row) })),
      ),
    ],
    [
      "areas",
      barChart(
        {
          id: "chart-areas",
          title: "Quote requests by product area",
          description: "Quote requests that asked for each product area.",
        },
        report.quotesByArea.map((row) => ({ label: row.area, value: row.quotes })),
      ),
    ],
    [
      "newsletter",
      lineChart(
        {
          id: "chart-newsletter",
          title: "Newsletter per week",
          description:
            "Subscriptions confirmed and unsubscribed each week; the figures are in the table below.",
        },
        report.newsletterWeeks.map((row) => row.week),
        [
          { name: "Confirmed", values: report.newsletterWeeks.map((row) => row.confirmed) },
          { name: "Unsubscribed", values: report.newsletterWeeks.map((row) => row.unsubscribed) },
        ],
      ),
    ],
  ];
}

export function renderHtml(report: Report, options: { companyName: string }): string {
  const { since, until } = report.period;
  const title = `Website report, ${since} to ${until}`;
  const tables = reportTables(report);
  const drawn = reportCharts(report);
  const sections = tables.map((table) => {
    const chart = drawn.get(table.id);
    return [
      `<section id="${table.id}" aria-labelledby="${table.id}-heading">`,
      `<h2 id="${table.id}-heading">${escapeHtml(table.title)}</h2>`,
      chart ? `<figure>${chart}</figure>` : "",
      tableHtml(table),
      "</section>",
    ].join("\n");
  });
  const contents = tables.map((table) => `<li><a href="#${table.id}">${escapeHtml(table.title)}</a></li>`);
  return [
    "<!DOCTYPE html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(`${title} · ${options.companyName}`)}</title>`,
    `<style>${STYLE}</style>`,
    "</head>",
    "<body>",
    `<header><h1>${escapeHtml(title)}</h1><p>${escapeHtml(options.companyName)} · days in ${escapeHtml(report.timeZone)}</p></header>`,
    "<main>",
    `<nav aria-label="Sections"><ul>${contents.join("")}</ul></nav>`,
    ...sections,
    "</main>",
    "</body>",
    "</html>",
    "",
  ].join("\n");
}
