/*
 * The report as tables, in the order every format shows them (docs/report.md#sections): the text, CSV
 * and HTML renderers all read these, so a section and its figures are named in one place.
 */
import type { Report } from "./model.server";

export type Cell = string | number;

export interface ReportTable {
  /** A stable name: the CSV's section column and the HTML's anchor. */
  id: string;
  title: string;
  columns: string[];
  rows: Cell[][];
}

/** `12.5%`, or "n/a" without visits. */
export function percent(rate: number | null): string {
  return rate === null ? "n/a" : `${(rate * 100).toFixed(1)}%`;
}

export function summaryRows(report: Report): Cell[][] {
  const { totals } = report;
  return [
    ["Page views", totals.pageviews],
    ["Visits", totals.visits],
    ["Unique visitors (sum of daily)", totals.visitors],
    ["Contact messages", totals.contacts],
    ["Quote requests", totals.quotes],
    ["Newsletter signups", totals.newsletterSignups],
    ["Visit-to-lead rate", percent(totals.visitToLead)],
  ];
}

export function reportTables(report: Report): ReportTable[] {
  return [
    { id: "summary", title: "Summary", columns: ["Figure", "Value"], rows: summaryRows(report) },
    {
      id: "days",
      title: "Visits and unique visitors per day",
      columns: ["Day", "Page views", "Visits", "Unique visitors", "Leads"],
      rows: report.days.map((day) => [day.day, day.pageviews, day.visits, day.visitors, day.leads]),
    },
    {
      id: "pages",
      title: "Top pages",
      columns: ["Page", "Views"],
      rows: report.topPages.map((row) => [row.key, row.count]),
    },
    {
      id: "referrers",
      title: "Top referrers",
      columns: ["Site", "Search engine", "Visits"],
      rows: report.referrers.map((row) => [row.host, row.engine, row.visits]),
    },
    {
      id: "campaigns",
      title: "Campaigns",
      columns: ["Source", "Medium", "Campaign", "Visits", "Leads"],
      rows: report.campaigns.map((row) => [row.source, row.medium, row.campaign, row.visits, row.leads]),
    },
    {
      id: "downloads",
      title: "Downloads per document",
      columns: ["Document", "Downloads"],
      rows: report.downloads.map((row) => [row.key, row.count]),
    },
    {
      id: "sources",
      title: "Leads by source and medium",
      columns: ["Source", "Medium", "Contact messages", "Quote requests", "Newsletter signups"],
      rows: report.leadsBySource.map((row) => [
        row.source,
        row.medium,
        row.contacts,
        row.quotes,
        row.newsletter,
      ]),
    },
    {
      id: "areas",
      title: "Quote requests by product area",
      columns: ["Product area", "Quote requests", "Items"],
      rows: report.quotesByArea.map((row) => [row.area, row.quotes, row.items]),
    },
    {
      id: "not-found",
      title: "Pages not found (worth a redirect)",
      columns: ["Path", "Hits", "Referred from"],
      rows: report.notFound.map((row) => [row.path, row.hits, row.referrers.join(" ")]),
    },
    {
      id: "legacy",
      title: "Old addresses still used",
      columns: ["Old path", "Hits"],
      rows: report.legacy.map((row) => [row.key, row.count]),
    },
    {
      id: "search-misses",
      title: "Searches without results",
      columns: ["Search", "Times"],
      rows: report.searchMisses.map((row) => [row.key, row.count]),
    },
    {
      id: "newsletter",
      title: "Newsletter per week",
      columns: ["Week of", "Confirmed", "Unsubscribed"],
      rows: report.newsletterWeeks.map((row) => [row.week, row.confirmed, row.unsubscribed]),
    },
  ];
}
