import { type Attribution, UTM_PARAMETERS } from "~/features/leads/attribution/attribution";
import { bodyLine, escapeHtml } from "~/features/leads/email-text.server";
import { type Arg, prepared } from "~/server/db/prepared.server";
import { type Database, isoTime } from "~/server/db/schema.server";
import type { LeadAttributionTable, LeadKind } from "../tables.server";

/*
 * Where a lead's attribution goes (docs/attribution.md): its row, stored with the lead; the "How they
 * found us" block of the sales notification; the columns of the lead and quote exports; the privacy
 * export and forget.
 */

export type AttributionRow = Omit<LeadAttributionTable, "lead_kind" | "lead_id" | "created_at">;

export function attributionRow(attribution: Attribution): AttributionRow {
  return {
    landing_page: attribution.landingPage,
    referrer_host: attribution.referrerHost,
    search_engine: attribution.searchEngine,
    utm_source: attribution.utm.utm_source,
    utm_medium: attribution.utm.utm_medium,
    utm_campaign: attribution.utm.utm_campaign,
    utm_term: attribution.utm.utm_term,
    utm_content: attribution.utm.utm_content,
    click_id: attribution.clickId ? 1 : 0,
    sent_from: attribution.sentFrom,
    pages_seen: attribution.pagesSeen,
    seconds_to_lead: attribution.secondsToLead,
  };
}

/** The row's insert, compiled once: every lead stores one. */
const insertAttribution = prepared((db, arg: Arg<LeadAttributionTable>) =>
  db
    .insertInto("lead_attribution")
    .values({
      lead_kind: arg("lead_kind"),
      lead_id: arg("lead_id"),
      created_at: arg("created_at"),
      landing_page: arg("landing_page"),
      referrer_host: arg("referrer_host"),
      search_engine: arg("search_engine"),
      utm_source: arg("utm_source"),
      utm_medium: arg("utm_medium"),
      utm_campaign: arg("utm_campaign"),
      utm_term: arg("utm_term"),
      utm_content: arg("utm_content"),
      click_id: arg("click_id"),
      sent_from: arg("sent_from"),
      pages_seen: arg("pages_seen"),
      seconds_to_lead: arg("seconds_to_lead"),
    })
    .onConflict((conflict) => conflict.columns(["lead_kind", "lead_id"]).doNothing()),
);

/**
 * Stores a lead's attribution in the lead's own transaction. A lead has one row: a newsletter signup
 * made again keeps the first one.
 */
export async function storeAttribution(
  trx: Database,
  lead: { kind: LeadKind; id: number },
  attribution: Attribution,
  now: Date,
): Promise<void> {
  await insertAttribution(trx, {
    lead_kind: lead.kind,
    lead_id: lead.id,
    created_at: isoTime(now),
    ...attributionRow(attribution),
  });
}

/** "45 s", "4 min", "2 h 5 min", "3 days". */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ""}`;
  const days = Math.round(minutes / (24 * 60));
  return `${days} day${days === 1 ? "" : "s"}`;
}

export const HOW_THEY_FOUND_US = "How they found us";

/** The block's lines as label and value, in the order sales read them. */
export function howTheyFoundUs(attribution: Attribution): Array<[string, string]> {
  const { utm } = attribution;
  const lines: Array<[string, string]> = [
    ["Landing page", attribution.landingPage ?? "not known (sent without JavaScript)"],
    [
      "Came from",
      attribution.referrerHost
        ? `${attribution.referrerHost}${attribution.searchEngine ? ` (${attribution.searchEngine})` : ""}`
        : "direct or unknown",
    ],
  ];
  const campaign = [utm.utm_source, utm.utm_medium, utm.utm_campaign].map((value) => value ?? "-");
  if (utm.utm_source || utm.utm_medium || utm.utm_campaign) lines.push(["Campaign", campaign.join(" / ")]);
  if (utm.utm_term) lines.push(["Campaign term", utm.utm_term]);
  if (utm.utm_content) lines.push(["Campaign content", utm.utm_content]);
  if (attribution.clickId) lines.push(["Ad click", "yes (the landing page carried a click id)"]);
  if (attribution.pagesSeen !== null || attribution.secondsToLead !== null) {
    // "Pages seen: 3 · 4 min from landing to sending"
    const parts = [String(attribution.pagesSeen ?? "not known")];
    if (attribution.secondsToLead !== null)
      parts.push(`${formatDuration(attribution.secondsToLead)} from landing to sending`);
    lines.push(["Pages seen", parts.join(" · ")]);
  }
  lines.push(["Sent from", attribution.sentFrom ?? "not known"]);
  return lines;
}

/** The block in a plain-text notification: a heading and one line per fact. */
export function howTheyFoundUsText(attribution: Attribution): string[] {
  return [
    `${HOW_THEY_FOUND_US}:`,
    ...howTheyFoundUs(attribution).map(([label, value]) => `${label}: ${bodyLine(value)}`),
  ];
}

/** The block in an HTML notification: a heading and a small table. */
export function howTheyFoundUsHtml(attribution: Attribution): string[] {
  return [
    `<h2 style="font-size:16px">${HOW_THEY_FOUND_US}</h2>`,
    '<table role="presentation" style="border-collapse:collapse">',
    ...howTheyFoundUs(attribution).map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0;vertical-align:top">${escapeHtml(label)}</th>` +
        `<td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    ),
    "</table>",
  ];
}

/** The attribution columns of the lead and quote exports, after the lead's own. */
export const ATTRIBUTION_CSV_HEADER = [
  "landing_page",
  "referrer_host",
  "search_engine",
  ...UTM_PARAMETERS,
  "click_id",
  "sent_from",
  "pages_seen",
  "seconds_to_lead",
] as const;

/** A lead's attribution cells (empty when it has none: leads from before attribution was kept). */
export function attributionCsvCells(row: AttributionRow | undefined): Array<string | number | null> {
  if (!row) return ATTRIBUTION_CSV_HEADER.map(() => null);
  return [
    row.landing_page,
    row.referrer_host,
    row.search_engine,
    row.utm_source,
    row.utm_medium,
    row.utm_campaign,
    row.utm_term,
    row.utm_content,
    row.click_id ? "yes" : "no",
    row.sent_from,
    row.pages_seen,
    row.seconds_to_lead,
  ];
}

/** Ids per query, well under the bound-parameter limits of SQLite and PostgreSQL. */
const IDS_PER_QUERY = 500;

/** The attribution rows of some leads of one kind, by lead id. */
export async function readAttributions(
  db: Database,
  kind: LeadKind,
  ids: readonly number[],
): Promise<Map<number, AttributionRow>> {
  const byId = new Map<number, AttributionRow>();
  for (let start = 0; start < ids.length; start += IDS_PER_QUERY) {
    const rows = await db
      .selectFrom("lead_attribution")
      .selectAll()
      .where("lead_kind", "=", kind)
      .where("lead_id", "in", ids.slice(start, start + IDS_PER_QUERY))
      .execute();
    for (const { lead_kind: _kind, lead_id, created_at: _created, ...row } of rows) byId.set(lead_id, row);
  }
  return byId;
}

/** One lead's attribution read back as it was stored (a held lead's release), or null without a row. */
export async function readAttribution(db: Database, kind: LeadKind, id: number): Promise<Attribution | null> {
  const row = (await readAttributions(db, kind, [id])).get(id);
  if (!row) return null;
  return {
    landingPage: row.landing_page,
    referrerHost: row.referrer_host,
    searchEngine: row.search_engine,
    utm: Object.fromEntries(UTM_PARAMETERS.map((name) => [name, row[name]])) as Attribution["utm"],
    clickId: row.click_id === 1,
    sentFrom: row.sent_from,
    pagesSeen: row.pages_seen,
    secondsToLead: row.seconds_to_lead,
  };
}

/** Deletes the attribution of some leads of one kind (privacy forget); resolves with the count. */
export async function deleteAttributions(
  trx: Database,
  kind: LeadKind,
  ids: readonly number[],
): Promise<number> {
  let count = 0;
  for (let start = 0; start < ids.length; start += IDS_PER_QUERY) {
    const result = await trx
      .deleteFrom("lead_attribution")
      .where("lead_kind", "=", kind)
      .where("lead_id", "in", ids.slice(start, start + IDS_PER_QUERY))
      .executeTakeFirst();
    count += Number(result.numDeletedRows);
  }
  return count;
}
