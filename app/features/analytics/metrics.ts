/**
 * What the site counts (docs/analytics.md), as rows of `analytics_counts`: per day, a metric, a key
 * and a detail ("" when the metric has none). Counting writes them; the report and the digest read them.
 */
export const METRICS = {
  /** A page (document) seen: key the path. */
  pageview: "pageview",
  /** A visit's first page (no referrer, or one from another site): key the path. */
  visit: "visit",
  /** A visit from another site: key its host, detail the search engine's name or "". */
  referrer: "referrer",
  /** A visit whose landing page carried UTM parameters: key utm_source, detail `medium|campaign`. */
  campaign: "campaign",
  /** A brochure or the catalogue fetched: key the file's path. */
  download: "download",
  /** A page not found: key the path, detail the referring host or "". */
  notFound: "not_found",
  /** An old address answered with a redirect: key the old path. */
  legacy: "legacy",
  /** A form post's outcome: key contact | quote | newsletter, detail sent | refused | held. */
  form: "form",
  /** A site search: key the normalised query, detail hit | miss. */
  search: "search",
  /** Unique visitors of a closed day: key "", written once when the day is closed. */
  visitors: "visitors",
} as const;

export type Metric = (typeof METRICS)[keyof typeof METRICS];

export const FORM_OUTCOMES = ["sent", "refused", "held"] as const;
export type FormOutcome = (typeof FORM_OUTCOMES)[number];
