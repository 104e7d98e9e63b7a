/*
 * A lead's source and medium (docs/report.md#leads-by-source), from its lead_attribution row: the UTM
 * values when the visit's landing page carried them; otherwise the search engine ("organic") or the
 * referring site ("referral"); "(direct)" when neither. A lead without a row counts under "(none)".
 */

/** What a lead without attribution counts under, and an empty UTM value. */
export const NONE = "(none)";

export interface SourcedLead {
  kind: "contact" | "quote" | "newsletter";
  day: string;
  /** False when the lead has no lead_attribution row. */
  attributed: boolean;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  referrer_host: string | null;
  search_engine: string | null;
}

export interface LeadSource {
  kind: SourcedLead["kind"];
  day: string;
  source: string;
  medium: string;
  /** True when the visit's landing page carried UTM parameters: the lead belongs to a campaign row. */
  tagged: boolean;
  /** utm_campaign, or null when the visit had none. */
  campaign: string | null;
  utmSource: string | null;
}

export function leadSource(lead: SourcedLead): LeadSource {
  const tagged = Boolean(lead.utm_source || lead.utm_medium || lead.utm_campaign);
  const base = {
    kind: lead.kind,
    day: lead.day,
    tagged,
    campaign: lead.utm_campaign,
    utmSource: lead.utm_source,
  };
  if (!lead.attributed) return { ...base, source: NONE, medium: NONE };
  if (tagged) return { ...base, source: lead.utm_source || NONE, medium: lead.utm_medium || NONE };
  if (lead.search_engine) return { ...base, source: lead.search_engine.toLowerCase(), medium: "organic" };
  if (lead.referrer_host) return { ...base, source: lead.referrer_host, medium: "referral" };
  return { ...base, source: "(direct)", medium: NONE };
}

export interface CampaignRow {
  source: string;
  medium: string;
  campaign: string;
  visits: number;
  leads: number;
}

export interface SourceRow {
  source: string;
  medium: string;
  contacts: number;
  quotes: number;
  newsletter: number;
}

/** Campaign rows: visits counted per UTM source, medium and campaign, with the leads their visitors sent. */
export function campaignRows(
  visits: Array<{ key: string; detail: string; count: number }>,
  leads: readonly LeadSource[],
  limit: number,
): CampaignRow[] {
  const rows = new Map<string, CampaignRow>();
  const rowFor = (source: string, medium: string, campaign: string) => {
    const id = JSON.stringify([source, medium, campaign]);
    let row = rows.get(id);
    if (!row) {
      row = { source, medium, campaign, visits: 0, leads: 0 };
      rows.set(id, row);
    }
    return row;
  };
  for (const visit of visits) {
    const [medium = "", campaign = ""] = visit.detail.split("|");
    rowFor(visit.key, medium || NONE, campaign || NONE).visits += visit.count;
  }
  for (const lead of leads) {
    if (lead.tagged) rowFor(lead.utmSource || NONE, lead.medium, lead.campaign || NONE).leads += 1;
  }
  return [...rows.values()]
    .sort((a, b) => b.leads - a.leads || b.visits - a.visits || a.source.localeCompare(b.source))
    .slice(0, limit);
}

/** Leads of each kind per source and medium, the most contact messages and quote requests first. */
export function sourceRows(leads: readonly LeadSource[]): SourceRow[] {
  const rows = new Map<string, SourceRow>();
  for (const lead of leads) {
    const id = JSON.stringify([lead.source, lead.medium]);
    let row = rows.get(id);
    if (!row) {
      row = { source: lead.source, medium: lead.medium, contacts: 0, quotes: 0, newsletter: 0 };
      rows.set(id, row);
    }
    if (lead.kind === "contact") row.contacts += 1;
    else if (lead.kind === "quote") row.quotes += 1;
    else row.newsletter += 1;
  }
  const total = (row: SourceRow) => row.contacts + row.quotes;
  return [...rows.values()].sort(
    (a, b) => total(b) - total(a) || b.newsletter - a.newsletter || a.source.localeCompare(b.source),
  );
}
