import type { LeadKind } from "~/features/leads/tables.server";
import type { Database } from "~/server/db/schema.server";

/*
 * A small site history for the report and the digest, in the week of Monday 2026-11-09 (days in
 * America/New_York) and the week before: the counts as counting writes them, leads with and without
 * attribution, quote items by product area, newsletter confirmations and an unsubscribe.
 */

export const REPORT_WEEK = { since: "2026-11-09", until: "2026-11-15" };
export const PREVIOUS_WEEK = { since: "2026-11-02", until: "2026-11-08" };
export const CAMPAIGN = { source: "newsletter", medium: "email", campaign: "fall-labels" };

type Count = [day: string, metric: string, key: string, detail: string, count: number];

const COUNTS: Count[] = [
  ["2026-11-10", "pageview", "/products", "", 40],
  ["2026-11-10", "pageview", "/", "", 25],
  ["2026-11-10", "visit", "/", "", 12],
  ["2026-11-10", "visit", "/products", "", 8],
  ["2026-11-10", "visitors", "", "", 15],
  ["2026-11-10", "referrer", "www.google.com", "Google", 9],
  ["2026-11-10", "referrer", "partner.example", "", 3],
  ["2026-11-10", "campaign", CAMPAIGN.source, `${CAMPAIGN.medium}|${CAMPAIGN.campaign}`, 5],
  ["2026-11-10", "download", "/brochures/thermal-labels.pdf", "", 4],
  ["2026-11-10", "not_found", "/old-catalog.pdf", "", 6],
  ["2026-11-10", "not_found", "/old-catalog.pdf", "forum.example", 2],
  ["2026-11-10", "legacy", "/products.html", "", 7],
  ["2026-11-10", "search", "zt410 ribbon", "miss", 3],
  ["2026-11-10", "search", "labels", "hit", 10],
  ["2026-11-10", "form", "contact", "sent", 1],
  ["2026-11-11", "pageview", "/products", "", 10],
  ["2026-11-11", "visit", "/", "", 5],
  ["2026-11-11", "visitors", "", "", 4],
  ["2026-11-16", "pageview", "/products", "", 99],
  ["2026-11-16", "visit", "/", "", 99],
  ["2026-11-04", "pageview", "/", "", 20],
  ["2026-11-04", "visit", "/", "", 10],
  ["2026-11-04", "visitors", "", "", 9],
];

interface Attribution {
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  referrer_host?: string;
  search_engine?: string;
}

async function attribute(db: Database, kind: LeadKind, id: number, at: string, values: Attribution) {
  await db
    .insertInto("lead_attribution")
    .values({
      lead_kind: kind,
      lead_id: id,
      created_at: at,
      landing_page: "/",
      referrer_host: values.referrer_host ?? null,
      search_engine: values.search_engine ?? null,
      utm_source: values.utm_source ?? null,
      utm_medium: values.utm_medium ?? null,
      utm_campaign: values.utm_campaign ?? null,
      utm_term: null,
      utm_content: null,
      click_id: 0,
      sent_from: "/contact",
      pages_seen: 3,
      seconds_to_lead: 120,
    })
    .execute();
}

/** Held as likely spam (docs/spam.md), and when it was released, if it was. */
type Hold = { held: true; releasedAt?: string };

async function contact(db: Database, at: string, attribution?: Attribution, hold?: Hold) {
  const row = await db
    .insertInto("contact_submissions")
    .values({
      name: "Pat Buyer",
      email: `pat+${at.slice(0, 13)}@example.com`,
      phone: null,
      message: "Please call about thermal labels.",
      client_key: null,
      created_at: at,
      reference: null,
      ...(hold ? { held_at: at, released_at: hold.releasedAt ?? null } : {}),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (attribution) await attribute(db, "contact", row.id, at, attribution);
}

async function quote(
  db: Database,
  reference: string,
  at: string,
  areas: string[],
  attribution?: Attribution,
  hold?: Hold,
) {
  const row = await db
    .insertInto("quote_requests")
    .values({
      reference,
      company: "Acme Distribution",
      name: "Sam Buyer",
      email: "sam@example.com",
      phone: null,
      postal_code: "30301",
      needed_by: null,
      po_reference: null,
      label_details: null,
      foam_details: null,
      client_key: null,
      created_at: at,
      ...(hold ? { held_at: at, released_at: hold.releasedAt ?? null } : {}),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (areas.length > 0) {
    await db
      .insertInto("quote_items")
      .values(
        areas.map((area, position) => ({
          request_id: row.id,
          position,
          area,
          description: `${area} item`,
          quantity: 1000,
          unit: "each",
          notes: null,
        })),
      )
      .execute();
  }
  if (attribution) await attribute(db, "quote", row.id, at, attribution);
}

async function subscriber(
  db: Database,
  email: string,
  at: string,
  confirmedAt: string | null,
  unsubscribedAt: string | null,
  attribution?: Attribution,
) {
  const row = await db
    .insertInto("newsletter_subscriptions")
    .values({
      email,
      subscribed_at: at,
      status: unsubscribedAt ? "unsubscribed" : confirmedAt ? "confirmed" : "pending",
      confirmed_at: confirmedAt,
      unsubscribed_at: unsubscribedAt,
      consent_version: "test",
      client_key: null,
      confirmation_sent_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (attribution) await attribute(db, "newsletter", row.id, at, attribution);
}

export async function seedReportData(db: Database): Promise<void> {
  await db
    .insertInto("analytics_counts")
    .values(COUNTS.map(([day, metric, key, detail, count]) => ({ day, metric, key, detail, count })))
    .execute();
  const campaign = {
    utm_source: CAMPAIGN.source,
    utm_medium: CAMPAIGN.medium,
    utm_campaign: CAMPAIGN.campaign,
  };
  await contact(db, "2026-11-10T15:00:00.000Z", campaign);
  // 23:59 on Sunday in New York: still the week.
  await contact(db, "2026-11-16T04:59:00.000Z", { referrer_host: "partner.example" });
  // Midnight on Monday in New York: the next week.
  await contact(db, "2026-11-16T05:00:00.000Z", campaign);
  await contact(db, "2026-11-04T14:00:00.000Z");
  await quote(db, "Q-AAA111", "2026-11-11T16:00:00.000Z", ["labels", "labels", "packaging"], {
    referrer_host: "www.google.com",
    search_engine: "Google",
  });
  // 23:30 on Wednesday the 11th in New York, without an attribution row.
  await quote(db, "Q-BBB222", "2026-11-12T04:30:00.000Z", ["labels"]);
  // Held as likely spam and never released: not leads (the export leaves them out too).
  await contact(db, "2026-11-10T16:00:00.000Z", campaign, { held: true });
  await quote(db, "Q-HLD333", "2026-11-11T17:00:00.000Z", ["labels"], undefined, { held: true });
  // Held, then released by an operator: a lead like any other, on the day it arrived.
  await contact(db, "2026-11-13T15:00:00.000Z", undefined, {
    held: true,
    releasedAt: "2026-11-13T16:00:00.000Z",
  });
  await subscriber(
    db,
    "a@example.com",
    "2026-11-10T12:00:00.000Z",
    "2026-11-10T12:05:00.000Z",
    null,
    campaign,
  );
  await subscriber(
    db,
    "b@example.com",
    "2026-10-01T12:00:00.000Z",
    "2026-10-01T12:05:00.000Z",
    "2026-11-13T12:00:00.000Z",
  );
}
