/*
 * The weekly digest e-mail (docs/report.md#weekly-digest): last week against the week before, as HTML
 * tables with bars (inline SVG does not render in most mail clients) and the same figures as plain text.
 * Search queries, paths and hosts come from visitors, so every one is escaped (HTML) or kept to one
 * line (text).
 */
import { company } from "~/content/company";
import { bodyLine, escapeHtml } from "~/features/leads/email-text.server";
import type { HeldLead } from "~/features/leads/held.server";
import { type Email, MAIL_PRIORITY } from "~/server/mail/outbox.server";
import { heldHtml, heldText } from "./digest-held";
import { speedHtml, speedText } from "./digest-speed";
import type { Report } from "./model.server";
import { percent } from "./tables";
import { tableText } from "./text";

export const DIGEST_KIND = "weekly_digest";

/** Rows each ranked list of the digest keeps. */
const TOP = 5;
const NAVY = "#0f2a43";
const BAR = "#1e5b8c";
const MUTED = "#4b5563";

const dayName = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  weekday: "short",
  month: "short",
  day: "numeric",
});
const shortDay = (day: string) => dayName.format(new Date(`${day}T00:00:00.000Z`));

function change(now: number, before: number): string {
  if (before === 0) return now === 0 ? "=" : "new";
  const delta = Math.round(((now - before) / before) * 100);
  return delta === 0 ? "=" : `${delta > 0 ? "+" : ""}${delta}%`;
}

interface Figure {
  label: string;
  now: number | null;
  before: number | null;
  shown: (value: number | null) => string;
  /** A rate changes by percentage points, not by a percentage of itself. */
  rate?: boolean;
}

function changeOf(figure: Figure): string {
  if (figure.now === null || figure.before === null) return "";
  if (!figure.rate) return change(figure.now, figure.before);
  const points = (figure.now - figure.before) * 100;
  return Math.abs(points) < 0.05 ? "=" : `${points > 0 ? "+" : ""}${points.toFixed(1)} pts`;
}

function figures(week: Report, previous: Report): Figure[] {
  const count = (value: number | null) => String(value ?? 0);
  const lead = (report: Report) => report.totals.contacts + report.totals.quotes;
  return [
    { label: "Visits", now: week.totals.visits, before: previous.totals.visits, shown: count },
    { label: "Unique visitors", now: week.totals.visitors, before: previous.totals.visitors, shown: count },
    { label: "Page views", now: week.totals.pageviews, before: previous.totals.pageviews, shown: count },
    { label: "Leads (messages and quotes)", now: lead(week), before: lead(previous), shown: count },
    { label: "Quote requests", now: week.totals.quotes, before: previous.totals.quotes, shown: count },
    { label: "Contact messages", now: week.totals.contacts, before: previous.totals.contacts, shown: count },
    {
      label: "Newsletter signups",
      now: week.totals.newsletterSignups,
      before: previous.totals.newsletterSignups,
      shown: count,
    },
    {
      label: "Visit-to-lead rate",
      now: week.totals.visitToLead,
      before: previous.totals.visitToLead,
      shown: percent,
      rate: true,
    },
  ];
}

interface BarList {
  title: string;
  unit: string;
  rows: Array<{ label: string; value: number }>;
}

/** The catalogue's lists (docs/report.md#catalogue). */
function catalogueBarLists({ catalogue }: Report): BarList[] {
  const rows = (list: readonly { key: string; count: number }[]) =>
    list.slice(0, TOP).map((row) => ({ label: row.key, value: row.count }));
  return [
    { title: "Most viewed product families", unit: "views", rows: rows(catalogue.families) },
    { title: "Most viewed items", unit: "views", rows: rows(catalogue.items) },
    { title: "Most requested part numbers", unit: "quote lines", rows: rows(catalogue.requestedSkus) },
    {
      title: "Part numbers and sizes searched without results",
      unit: "searches",
      rows: rows(catalogue.itemMisses),
    },
  ];
}

function barLists(week: Report, previous: Report): BarList[] {
  return [
    {
      title: "Visits per day",
      unit: "visits",
      rows: week.days.map((day, index) => ({
        label: `${shortDay(day.day)} (week before: ${previous.days[index]?.visits ?? 0})`,
        value: day.visits,
      })),
    },
    {
      title: "Top pages",
      unit: "views",
      rows: week.topPages.slice(0, TOP).map((row) => ({ label: row.key, value: row.count })),
    },
    {
      title: "Leads by source",
      unit: "leads",
      rows: week.leadsBySource
        .filter((row) => row.contacts + row.quotes > 0)
        .slice(0, TOP)
        .map((row) => ({ label: `${row.source} / ${row.medium}`, value: row.contacts + row.quotes })),
    },
    {
      title: "Top referrers",
      unit: "visits",
      rows: week.referrers.slice(0, TOP).map((row) => ({ label: row.host, value: row.visits })),
    },
    {
      title: "Campaigns",
      unit: "visits",
      rows: week.campaigns.slice(0, TOP).map((row) => ({
        label: `${row.source} / ${row.medium} / ${row.campaign} (${row.leads} ${row.leads === 1 ? "lead" : "leads"})`,
        value: row.visits,
      })),
    },
    {
      title: "Pages not found",
      unit: "hits",
      rows: week.notFound.slice(0, TOP).map((row) => ({ label: row.path, value: row.hits })),
    },
    {
      title: "Searches without results",
      unit: "searches",
      rows: week.searchMisses.slice(0, TOP).map((row) => ({ label: row.key, value: row.count })),
    },
    ...catalogueBarLists(week),
  ];
}

function barListHtml(list: BarList): string {
  const heading = `<h2 style="font-size:16px;color:${NAVY};margin:24px 0 8px">${escapeHtml(list.title)}</h2>`;
  if (list.rows.length === 0) return `${heading}<p style="margin:0;color:${MUTED}">None this week.</p>`;
  const max = Math.max(1, ...list.rows.map((row) => row.value));
  const rows = list.rows.map((row) => {
    const width = Math.max(1, Math.round((row.value / max) * 100));
    const bar =
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse"><tr>` +
      `<td width="${width}%" bgcolor="${BAR}" style="background:${BAR};height:10px;font-size:1px;line-height:10px">&nbsp;</td>` +
      (width < 100 ? `<td style="font-size:1px;line-height:10px">&nbsp;</td>` : "") +
      "</tr></table>";
    return [
      `<tr><td style="padding:6px 0 2px;font-size:14px">${escapeHtml(bodyLine(row.label))}</td>`,
      `<td align="right" style="padding:6px 0 2px 12px;font-size:14px;white-space:nowrap"><strong>${row.value}</strong></td></tr>`,
      row.value > 0 ? `<tr><td colspan="2" style="padding:0 0 4px">${bar}</td></tr>` : "",
    ].join("");
  });
  return `${heading}<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse">${rows.join("\n")}</table>`;
}

/** The leads held as likely spam, apart from the figures (which count the leads the export lists). */
function heldLine(week: Report): string {
  return `Held as spam: ${week.totals.heldAsSpam} (not counted as leads; npm run leads -- held lists them)`;
}

function figuresHtml(list: Figure[]): string {
  const cell = "padding:6px 8px;border-bottom:1px solid #e6ebf0;font-size:14px";
  const head = ["", "Last week", "Week before", "Change"]
    .map(
      (title, index) =>
        `<th align="${index === 0 ? "left" : "right"}" style="${cell};color:${MUTED}">${title}</th>`,
    )
    .join("");
  const rows = list.map(
    (figure) =>
      `<tr><td style="${cell}">${escapeHtml(figure.label)}</td>` +
      `<td align="right" style="${cell}"><strong>${figure.shown(figure.now)}</strong></td>` +
      `<td align="right" style="${cell}">${figure.shown(figure.before)}</td>` +
      `<td align="right" style="${cell}">${changeOf(figure)}</td></tr>`,
  );
  return `<table width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse"><tr>${head}</tr>\n${rows.join("\n")}</table>`;
}

function barListText(list: BarList): string {
  const heading = `${list.title}\n${"-".repeat(list.title.length)}`;
  if (list.rows.length === 0) return `${heading}\n  None this week.`;
  const max = Math.max(1, ...list.rows.map((row) => row.value));
  const rows = list.rows.map((row) => [
    bodyLine(row.label),
    row.value,
    "#".repeat(Math.round((row.value / max) * 20)),
  ]);
  return `${heading}\n${tableText({ columns: ["", list.unit, ""], rows })}`;
}

export interface DigestSettings {
  mailFrom: string;
  to: string;
}

/** The digest of `week` against `previous`, ready to queue (the caller adds the dedupe key). */
export function buildDigestMail(
  settings: DigestSettings,
  week: Report,
  previous: Report,
  /** Leads held since the week began and not released (listed, not counted). */
  held: readonly HeldLead[] = [],
): Omit<Email, "dedupeKey"> {
  const range = `${shortDay(week.period.since)} to ${shortDay(week.period.until)}`;
  const leads = week.totals.contacts + week.totals.quotes;
  const subject = `Website week ${range}: ${week.totals.visits} visits, ${leads} leads`;
  const list = figures(week, previous);
  const bars = barLists(week, previous);
  const why = `Sent every Monday to the report address of the ${company.name} website. The full report with charts: npm run report -- --format html --out report.html`;
  const text = [
    `Your website last week (${range}), against the week before`,
    "",
    tableText(
      {
        columns: ["", "Last week", "Week before", "Change"],
        rows: list.map((figure) => [
          figure.label,
          figure.shown(figure.now),
          figure.shown(figure.before),
          changeOf(figure),
        ]),
      },
      [1, 2, 3],
    ),
    heldLine(week),
    "",
    speedText(week.speed),
    bars.map(barListText).join("\n\n"),
    "",
    heldText(held),
    "",
    "--",
    company.name,
    why,
    "",
  ].join("\n");
  const html = [
    "<!doctype html>",
    `<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title>`,
    // Clients that honour a style sheet get a tighter layout on a phone; the inline styles suffice without.
    "<style>@media (max-width:480px){.card{padding:16px 12px !important}}</style></head>",
    '<body style="margin:0;background:#f6f8fa;font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">',
    '<table role="presentation" width="100%" style="border-collapse:collapse"><tr><td align="center" style="padding:24px 12px">',
    '<table role="presentation" width="600" style="max-width:600px;width:100%;border-collapse:collapse;background:#ffffff">',
    `<tr><td style="background:${NAVY};color:#ffffff;padding:16px 24px;font-size:18px;font-weight:bold;border-bottom:4px solid #f2a900">${escapeHtml(company.name)}</td></tr>`,
    '<tr><td class="card" style="padding:24px">',
    `<h1 style="font-size:20px;color:${NAVY};margin:0 0 12px">Your website last week</h1>`,
    `<p style="margin:0 0 16px">${escapeHtml(range)}, against the week before.</p>`,
    figuresHtml(list),
    `<p style="margin:8px 0 0;font-size:14px;color:${MUTED}">${escapeHtml(heldLine(week))}</p>`,
    speedHtml(week.speed, { navy: NAVY, muted: MUTED }),
    ...bars.map(barListHtml),
    heldHtml(held, { navy: NAVY, muted: MUTED }),
    "</td></tr>",
    `<tr><td style="padding:20px 24px;font-size:13px;color:${MUTED};border-top:1px solid #e6ebf0">${escapeHtml(why)}</td></tr>`,
    "</table></td></tr></table></body></html>",
  ].join("\n");
  return {
    kind: DIGEST_KIND,
    from: settings.mailFrom,
    to: settings.to,
    subject,
    text,
    html,
    // RFC 3834: written by a machine, so auto-responders leave it alone.
    headers: { "Auto-Submitted": "auto-generated" },
    priority: MAIL_PRIORITY.visitor,
  };
}
