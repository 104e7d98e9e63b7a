/*
 * The report's figures of leads and signups for a period (docs/report.md#sections): contact messages
 * and quote requests with their lead_attribution row, those held as likely spam and not released left
 * out and counted apart, quote requests by product area, and newsletter confirmations per week.
 */
import { HELD_LEAD_TABLES, selectHeld } from "~/features/leads/held-tables.server";
import type { Database } from "~/server/db/schema.server";
import { addDays, dayOfTimestamp, mondayOf, type Period, periodBounds } from "./calendar";
import type { SourcedLead } from "./sources";

const num = (value: string | number | bigint | null | undefined) => Number(value ?? 0);

export interface AreaRow {
  area: string;
  quotes: number;
  items: number;
}

export interface NewsletterWeek {
  /** The week's Monday. */
  week: string;
  confirmed: number;
  unsubscribed: number;
}

export async function leadsOf(db: Database, period: Period, timeZone: string) {
  const { from, to } = periodBounds(period, timeZone);
  const attribution = [
    "a.utm_source",
    "a.utm_medium",
    "a.utm_campaign",
    "a.referrer_host",
    "a.search_engine",
  ] as const;
  const contacts = await db
    .selectFrom("contact_submissions as c")
    .leftJoin("lead_attribution as a", (join) =>
      join.onRef("a.lead_id", "=", "c.id").on("a.lead_kind", "=", "contact"),
    )
    .where("c.created_at", ">=", from)
    .where("c.created_at", "<", to)
    .where((eb) => eb.or([eb("c.held_at", "is", null), eb("c.released_at", "is not", null)]))
    .select(["c.created_at", "a.lead_id", ...attribution])
    .execute();
  const quotes = await db
    .selectFrom("quote_requests as q")
    .leftJoin("lead_attribution as a", (join) =>
      join.onRef("a.lead_id", "=", "q.id").on("a.lead_kind", "=", "quote"),
    )
    .where("q.created_at", ">=", from)
    .where("q.created_at", "<", to)
    .where((eb) => eb.or([eb("q.held_at", "is", null), eb("q.released_at", "is not", null)]))
    .select(["q.created_at", "a.lead_id", ...attribution])
    .execute();
  const signups = await db
    .selectFrom("newsletter_subscriptions as n")
    .leftJoin("lead_attribution as a", (join) =>
      join.onRef("a.lead_id", "=", "n.id").on("a.lead_kind", "=", "newsletter"),
    )
    .where("n.subscribed_at", ">=", from)
    .where("n.subscribed_at", "<", to)
    .select(["n.subscribed_at as created_at", "a.lead_id", ...attribution])
    .execute();
  const sourced = (kind: SourcedLead["kind"]) => (row: (typeof contacts)[number]) => ({
    kind,
    day: dayOfTimestamp(row.created_at, timeZone),
    attributed: row.lead_id !== null,
    ...row,
  });
  return [
    ...contacts.map(sourced("contact")),
    ...quotes.map(sourced("quote")),
    ...signups.map(sourced("newsletter")),
  ];
}

/** Contact messages and quote requests of the period held as likely spam and not released: not leads. */
export async function heldAsSpam(db: Database, period: Period, timeZone: string): Promise<number> {
  const { from, to } = periodBounds(period, timeZone);
  let held = 0;
  for (const table of Object.values(HELD_LEAD_TABLES)) {
    const row = await selectHeld(db, table)
      .where("created_at", ">=", from)
      .where("created_at", "<", to)
      .select((eb) => eb.fn.countAll<string | number>().as("total"))
      .executeTakeFirst();
    held += num(row?.total);
  }
  return held;
}

export async function quotesByArea(db: Database, period: Period, timeZone: string): Promise<AreaRow[]> {
  const { from, to } = periodBounds(period, timeZone);
  const rows = await db
    .selectFrom("quote_items as i")
    .innerJoin("quote_requests as q", "q.id", "i.request_id")
    .where("q.created_at", ">=", from)
    .where("q.created_at", "<", to)
    .where((eb) => eb.or([eb("q.held_at", "is", null), eb("q.released_at", "is not", null)]))
    .select((eb) => [
      "i.area",
      eb.fn.count<string | number>("i.request_id").distinct().as("quotes"),
      eb.fn.countAll<string | number>().as("items"),
    ])
    .groupBy("i.area")
    .execute();
  return rows
    .map((row) => ({ area: row.area || "(no area)", quotes: num(row.quotes), items: num(row.items) }))
    .sort((a, b) => b.quotes - a.quotes || b.items - a.items || a.area.localeCompare(b.area));
}

export async function newsletterWeeks(
  db: Database,
  period: Period,
  timeZone: string,
): Promise<NewsletterWeek[]> {
  const { from, to } = periodBounds(period, timeZone);
  const confirmed = await db
    .selectFrom("newsletter_subscriptions")
    .where("confirmed_at", ">=", from)
    .where("confirmed_at", "<", to)
    .select("confirmed_at as at")
    .execute();
  const unsubscribed = await db
    .selectFrom("newsletter_subscriptions")
    .where("unsubscribed_at", ">=", from)
    .where("unsubscribed_at", "<", to)
    .select("unsubscribed_at as at")
    .execute();
  const weeks = new Map<string, NewsletterWeek>();
  for (let week = mondayOf(period.since); week <= period.until; week = addDays(week, 7)) {
    weeks.set(week, { week, confirmed: 0, unsubscribed: 0 });
  }
  const weekOf = (at: string | null) => (at ? weeks.get(mondayOf(dayOfTimestamp(at, timeZone))) : undefined);
  for (const row of confirmed) {
    const week = weekOf(row.at);
    if (week) week.confirmed += 1;
  }
  for (const row of unsubscribed) {
    const week = weekOf(row.at);
    if (week) week.unsubscribed += 1;
  }
  return [...weeks.values()];
}
