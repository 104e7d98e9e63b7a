import type { IsoTimestamp } from "~/server/db/schema.server";

/* The table every lead form shares, added to the site's DB type (the platform names no feature's table). */

export const LEAD_KINDS = ["contact", "quote", "newsletter"] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

/**
 * How a lead's visitor came (docs/attribution.md), one row per lead: lead_id is the id in
 * contact_submissions, quote_requests or newsletter_subscriptions. Paths and hosts only, never a
 * click id's value or anything that identifies the visitor.
 */
export interface LeadAttributionTable {
  lead_kind: LeadKind;
  lead_id: number;
  created_at: IsoTimestamp;
  /** Path and query (UTM parameters kept, click ids removed) of the visit's first page. */
  landing_page: string | null;
  /** Host of the site that referred the visit, or null when direct or unknown. */
  referrer_host: string | null;
  /** "Google", "Bing", ... when referrer_host is a search engine. */
  search_engine: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  /** 1 when the landing page carried a click id (gclid, msclkid); its value is never kept. */
  click_id: number;
  /** Path of the page the form was sent from. */
  sent_from: string | null;
  pages_seen: number | null;
  seconds_to_lead: number | null;
}

declare module "~/server/db/schema.server" {
  interface DB {
    lead_attribution: LeadAttributionTable;
  }
}
