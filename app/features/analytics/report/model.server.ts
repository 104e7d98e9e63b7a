/*
 * The report's figures for a period (docs/report.md), read from the database through Kysely so the same
 * queries run on SQLite and PostgreSQL. Counts come from analytics_counts (what the server counted, per
 * day in SITE_TIME_ZONE); leads from contact_submissions and quote_requests with their lead_attribution
 * row, those held as likely spam and not released left out and counted apart; newsletter figures from
 * newsletter_subscriptions.
 */
import type { Database } from "~/server/db/schema.server";
import { METRICS, type Metric } from "../metrics";
import { dayOfTimestamp, daysFrom, type Period, periodBounds } from "./calendar";
import { type CatalogueFigures, catalogueFigures } from "./catalogue.server";
import {
  type AreaRow,
  heldAsSpam,
  leadsOf,
  type NewsletterWeek,
  newsletterWeeks,
  quotesByArea,
} from "./lead-figures.server";
import { type CampaignRow, campaignRows, leadSource, type SourceRow, sourceRows } from "./sources";
import type { SpeedSection, SpeedSource } from "./speed";

export type { AreaRow, CampaignRow, NewsletterWeek, SourceRow, SpeedSection, SpeedSource };

export interface DayFigures {
  day: string;
  pageviews: number;
  visits: number;
  visitors: number;
  leads: number;
}

export interface Ranked {
  key: string;
  count: number;
}

export interface ReferrerRow {
  host: string;
  /** The search engine's name, or "" for another site. */
  engine: string;
  visits: number;
}

export interface NotFoundRow {
  path: string;
  hits: number;
  /** Referring hosts, most frequent first. */
  referrers: string[];
}

export interface Report {
  period: Period;
  timeZone: string;
  days: DayFigures[];
  totals: {
    pageviews: number;
    visits: number;
    visitors: number;
    contacts: number;
    quotes: number;
    newsletterSignups: number;
    /**
     * Contact messages and quote requests held as likely spam and not released (docs/spam.md): shown
     * apart, counted in none of the figures (the leads are those the export lists).
     */
    heldAsSpam: number;
    /** Contact messages and quote requests per visit; null without visits. */
    visitToLead: number | null;
  };
  topPages: Ranked[];
  referrers: ReferrerRow[];
  campaigns: CampaignRow[];
  downloads: Ranked[];
  leadsBySource: SourceRow[];
  quotesByArea: AreaRow[];
  notFound: NotFoundRow[];
  legacy: Ranked[];
  searchMisses: Ranked[];
  newsletterWeeks: NewsletterWeek[];
  /** Most viewed families and items, and searches for part numbers and sizes that found nothing. */
  catalogue: CatalogueFigures;
  /** Speed to lead, when the caller handed the report a source for it (./speed.ts). */
  speed?: SpeedSection;
}

/** How many rows the ranked lists keep. */
export const REPORT_LIMITS = { pages: 15, referrers: 15, campaigns: 25, downloads: 30, paths: 25 } as const;

const num = (value: string | number | bigint | null | undefined) => Number(value ?? 0);

function sumsOf(db: Database, metric: Metric, period: Period) {
  return db
    .selectFrom("analytics_counts")
    .where("metric", "=", metric)
    .where("day", ">=", period.since)
    .where("day", "<=", period.until);
}

/** The metric's keys by their total over the period, largest first (ties by key). */
async function ranked(db: Database, metric: Metric, period: Period, limit: number, detail?: string) {
  const rows = await sumsOf(db, metric, period)
    .$if(detail !== undefined, (qb) => qb.where("detail", "=", detail ?? ""))
    .select((eb) => ["key", eb.fn.sum<string | number>("count").as("total")])
    .groupBy("key")
    .orderBy("total", "desc")
    .orderBy("key")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ key: row.key, count: num(row.total) }));
}

/** The metric's key and detail pairs by their total over the period, largest first. */
async function rankedPairs(db: Database, metric: Metric, period: Period, limit: number) {
  const rows = await sumsOf(db, metric, period)
    .select((eb) => ["key", "detail", eb.fn.sum<string | number>("count").as("total")])
    .groupBy(["key", "detail"])
    .orderBy("total", "desc")
    .orderBy("key")
    .orderBy("detail")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ key: row.key, detail: row.detail, count: num(row.total) }));
}

async function dayFigures(db: Database, period: Period, today: string) {
  const rows = await db
    .selectFrom("analytics_counts")
    .where("metric", "in", [METRICS.pageview, METRICS.visit, METRICS.visitors])
    .where("day", ">=", period.since)
    .where("day", "<=", period.until)
    .select((eb) => ["day", "metric", eb.fn.sum<string | number>("count").as("total")])
    .groupBy(["day", "metric"])
    .execute();
  const figures = new Map(
    daysFrom(period.since, period.until).map((day) => [
      day,
      { day, pageviews: 0, visits: 0, visitors: 0, leads: 0 },
    ]),
  );
  const closed = new Set<string>();
  for (const row of rows) {
    const day = figures.get(row.day);
    if (!day) continue;
    if (row.metric === METRICS.pageview) day.pageviews = num(row.total);
    else if (row.metric === METRICS.visit) day.visits = num(row.total);
    else {
      day.visitors = num(row.total);
      closed.add(row.day);
    }
  }
  // A day not closed yet (today, or one the closing has not reached) has its visitors as hashes.
  if (period.since <= today) {
    const open = await db
      .selectFrom("analytics_visitors")
      .where("day", ">=", period.since)
      .where("day", "<=", period.until)
      .select((eb) => ["day", eb.fn.countAll<string | number>().as("total")])
      .groupBy("day")
      .execute();
    for (const row of open) {
      const day = figures.get(row.day);
      if (day && !closed.has(row.day)) day.visitors = num(row.total);
    }
  }
  return figures;
}

async function notFoundPaths(db: Database, period: Period): Promise<NotFoundRow[]> {
  const paths = await ranked(db, METRICS.notFound, period, REPORT_LIMITS.paths);
  if (paths.length === 0) return [];
  const referred = await sumsOf(db, METRICS.notFound, period)
    .where(
      "key",
      "in",
      paths.map((row) => row.key),
    )
    .where("detail", "<>", "")
    .select((eb) => ["key", "detail", eb.fn.sum<string | number>("count").as("total")])
    .groupBy(["key", "detail"])
    .orderBy("total", "desc")
    .orderBy("detail")
    .execute();
  return paths.map((row) => ({
    path: row.key,
    hits: row.count,
    referrers: referred.filter((ref) => ref.key === row.key).map((ref) => ref.detail),
  }));
}

/**
 * Searches without results: the `search` metric's misses of the period, then (data from before the
 * daily counts) queries of search_misses last seen in the period, with their count since first seen.
 */
async function searchMisses(db: Database, period: Period, timeZone: string): Promise<Ranked[]> {
  const counted = await ranked(db, METRICS.search, period, REPORT_LIMITS.paths, "miss");
  const { from, to } = periodBounds(period, timeZone);
  const older = await db
    .selectFrom("search_misses")
    .where("last_seen_at", ">=", from)
    .where("last_seen_at", "<", to)
    .select(["query", "count"])
    .orderBy("count", "desc")
    .orderBy("query")
    .limit(REPORT_LIMITS.paths)
    .execute();
  const seen = new Set(counted.map((row) => row.key));
  const merged = [
    ...counted,
    ...older.filter((row) => !seen.has(row.query)).map((row) => ({ key: row.query, count: num(row.count) })),
  ];
  return merged.sort((a, b) => b.count - a.count || a.key.localeCompare(b.key)).slice(0, REPORT_LIMITS.paths);
}

/** Everything the report shows for the period (days in `timeZone`, both ends included). */
export async function buildReport(
  db: Database,
  options: { period: Period; timeZone: string; now?: Date; speed?: SpeedSource },
): Promise<Report> {
  const { period, timeZone } = options;
  const now = options.now ?? new Date();
  const today = dayOfTimestamp(now.toISOString(), timeZone);
  const figures = await dayFigures(db, period, today);
  const leads = (await leadsOf(db, period, timeZone)).map(leadSource);
  for (const lead of leads) {
    const day = figures.get(lead.day);
    if (day && lead.kind !== "newsletter") day.leads += 1;
  }
  const days = [...figures.values()];
  const sum = (pick: (day: DayFigures) => number) => days.reduce((total, day) => total + pick(day), 0);
  const visits = sum((day) => day.visits);
  const contacts = leads.filter((lead) => lead.kind === "contact").length;
  const quotes = leads.filter((lead) => lead.kind === "quote").length;
  const referrers = await rankedPairs(db, METRICS.referrer, period, REPORT_LIMITS.referrers);
  const campaignVisits = await rankedPairs(db, METRICS.campaign, period, REPORT_LIMITS.campaigns * 4);
  return {
    period,
    timeZone,
    days,
    totals: {
      pageviews: sum((day) => day.pageviews),
      visits,
      visitors: sum((day) => day.visitors),
      contacts,
      quotes,
      newsletterSignups: leads.length - contacts - quotes,
      heldAsSpam: await heldAsSpam(db, period, timeZone),
      visitToLead: visits > 0 ? (contacts + quotes) / visits : null,
    },
    topPages: await ranked(db, METRICS.pageview, period, REPORT_LIMITS.pages),
    referrers: referrers.map((row) => ({ host: row.key, engine: row.detail, visits: row.count })),
    campaigns: campaignRows(
      campaignVisits,
      leads.filter((lead) => lead.kind !== "newsletter"),
      REPORT_LIMITS.campaigns,
    ),
    downloads: await ranked(db, METRICS.download, period, REPORT_LIMITS.downloads),
    leadsBySource: sourceRows(leads),
    quotesByArea: await quotesByArea(db, period, timeZone),
    notFound: await notFoundPaths(db, period),
    legacy: await ranked(db, METRICS.legacy, period, REPORT_LIMITS.paths),
    searchMisses: await searchMisses(db, period, timeZone),
    newsletterWeeks: await newsletterWeeks(db, period, timeZone),
    catalogue: await catalogueFigures(db, period, periodBounds(period, timeZone)),
    ...(options.speed ? { speed: await options.speed(db, periodBounds(period, timeZone), now) } : {}),
  };
}
