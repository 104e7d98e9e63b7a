/*
 * The report as tables, in the order every format shows them (docs/report.md#sections): the text, CSV
 * and HTML renderers all read these, so a section and its figures are named in one place.
 */
import { withoutBidiControls } from "../visible-text";
import type { Ranked, Report } from "./model.server";
import { SPEED_COLUMNS, type SpeedSection, speedCells } from "./speed";

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

/** The line of leads held as likely spam, not counted as leads until released. */
export const HELD_AS_SPAM = "Held as spam (not counted as leads)";

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
    // Apart from the leads above, which are the ones the export lists (docs/report.md#sections).
    [HELD_AS_SPAM, totals.heldAsSpam],
  ];
}

/** The fields of a row that a table can show as they are. */
type CellField<Row> = { [K in keyof Row]: Row[K] extends Cell ? K : never }[keyof Row];

/** A column: its heading, and the row's field it shows or how it makes the cell from the row. */
type Column<Row> = readonly [heading: string, cell: CellField<Row> | ((row: Row) => Cell)];

/** A cell as shown: counted text (paths, hosts, queries) without bidirectional controls, even in old rows. */
const visible = (cell: Cell): Cell => (typeof cell === "string" ? withoutBidiControls(cell) : cell);

/** A table of `rows`, one line each, with the columns defined once: heading beside its cell. */
function table<Row>(id: string, title: string, rows: readonly Row[], columns: Column<Row>[]): ReportTable {
  return {
    id,
    title,
    columns: columns.map(([heading]) => heading),
    rows: rows.map((row) =>
      columns.map(([, cell]) => visible(typeof cell === "function" ? cell(row) : (row[cell] as Cell))),
    ),
  };
}

/** A ranked list: what was counted, and how often. */
function ranked(id: string, title: string, rows: readonly Ranked[], what: string, howOften: string) {
  return table(id, title, rows, [
    [what, "key"],
    [howOften, "count"],
  ]);
}

/** The catalogue's lists (docs/report.md#catalogue). */
function catalogueTables({ catalogue }: Report): ReportTable[] {
  return [
    ranked("catalogue-families", "Most viewed product families", catalogue.families, "Family", "Views"),
    ranked("catalogue-items", "Most viewed items", catalogue.items, "Item (sku)", "Views"),
    ranked(
      "catalogue-requested",
      "Most requested part numbers",
      catalogue.requestedSkus,
      "Sku",
      "Quote lines",
    ),
    ranked(
      "catalogue-misses",
      "Part numbers and sizes searched without results",
      catalogue.itemMisses,
      "Search",
      "Times",
    ),
  ];
}

/**
 * Speed to lead (docs/report.md#speed-to-lead), when the report has it: all leads and each branch,
 * then each member of staff who answered (their open leads: those assigned to them).
 */
export function speedTables(speed: SpeedSection | undefined): ReportTable[] {
  if (!speed) return [];
  const rows = (lines: SpeedSection["byBranch"]) =>
    lines.map((line) => [visible(line.label), ...speedCells(line)]);
  return [
    {
      id: "speed-branches",
      title: "Speed to lead per branch",
      columns: ["Branch", ...SPEED_COLUMNS],
      rows: rows([speed.total, ...speed.byBranch]),
    },
    {
      id: "speed-staff",
      title: "Speed to lead per member of staff",
      columns: ["Staff", ...SPEED_COLUMNS],
      rows: rows(speed.byStaff),
    },
  ];
}

export function reportTables(report: Report): ReportTable[] {
  return [
    { id: "summary", title: "Summary", columns: ["Figure", "Value"], rows: summaryRows(report) },
    ...speedTables(report.speed),
    table("days", "Visits and unique visitors per day", report.days, [
      ["Day", "day"],
      ["Page views", "pageviews"],
      ["Visits", "visits"],
      ["Unique visitors", "visitors"],
      ["Leads", "leads"],
    ]),
    ranked("pages", "Top pages", report.topPages, "Page", "Views"),
    table("referrers", "Top referrers", report.referrers, [
      ["Site", "host"],
      ["Search engine", "engine"],
      ["Visits", "visits"],
    ]),
    table("campaigns", "Campaigns", report.campaigns, [
      ["Source", "source"],
      ["Medium", "medium"],
      ["Campaign", "campaign"],
      ["Visits", "visits"],
      ["Leads", "leads"],
    ]),
    ranked("downloads", "Downloads per document", report.downloads, "Document", "Downloads"),
    table("sources", "Leads by source and medium", report.leadsBySource, [
      ["Source", "source"],
      ["Medium", "medium"],
      ["Contact messages", "contacts"],
      ["Quote requests", "quotes"],
      ["Newsletter signups", "newsletter"],
    ]),
    table("areas", "Quote requests by product area", report.quotesByArea, [
      ["Product area", "area"],
      ["Quote requests", "quotes"],
      ["Items", "items"],
    ]),
    table("not-found", "Pages not found (worth a redirect)", report.notFound, [
      ["Path", "path"],
      ["Hits", "hits"],
      ["Referred from", (row) => row.referrers.join(" ")],
    ]),
    ranked("legacy", "Old addresses still used", report.legacy, "Old path", "Hits"),
    ranked("search-misses", "Searches without results", report.searchMisses, "Search", "Times"),
    ...catalogueTables(report),
    table("newsletter", "Newsletter per week", report.newsletterWeeks, [
      ["Week of", "week"],
      ["Confirmed", "confirmed"],
      ["Unsubscribed", "unsubscribed"],
    ]),
  ];
}
