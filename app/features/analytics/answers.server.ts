import type { IncomingHttpHeaders } from "node:http";
import { isbot } from "isbot";
import { searchEngineOf } from "~/content/search-engines";
import type { Answered } from "~/server/http/pipeline.server";
import type { Counter } from "./counter.server";
import { METRICS } from "./metrics";
import { readableHost } from "./visible-text";

/*
 * Which answers count, and as what (docs/analytics.md#what-is-counted). Runs on the request path for
 * every page and file served, so the common case (a page view without a referrer) is a few Map and
 * Set updates; the visitor is hashed later, with the write.
 */

/** User agents recently seen, and whether each is a bot's: most requests repeat one of a few. */
const botAnswers = new Map<string, boolean>();
const MAX_BOT_ANSWERS = 1000;

/**
 * `isbot` once per user agent: its pattern costs several microseconds a call, more than the rest of
 * counting a page view (docs/analytics.md#cost). The memo holds user agents only, no address, and
 * is emptied when full and when a day is closed (forgetUserAgents).
 */
function isBotAgent(userAgent: string): boolean {
  let bot = botAnswers.get(userAgent);
  if (bot === undefined) {
    bot = isbot(userAgent);
    if (botAnswers.size >= MAX_BOT_ANSWERS) botAnswers.clear();
    botAnswers.set(userAgent, bot);
  }
  return bot;
}

export function forgetUserAgents(): void {
  botAnswers.clear();
}

/** A request nobody looks at: a browser's prefetch or prerender, or a bot as `isbot` sees it. */
export function isUnseen(headers: IncomingHttpHeaders): boolean {
  // Sec-Purpose: prefetch, prefetch;prerender (Speculation Rules); Purpose: prefetch (older browsers).
  if (headers["sec-purpose"] !== undefined || headers.purpose !== undefined) return true;
  const userAgent = headers["user-agent"];
  // A request without a user agent is a script's, not a browser's.
  return !userAgent || isBotAgent(userAgent);
}

/**
 * The host of a Referer header, lower case without port, in Unicode (readableHost), or "" when it has
 * none.
 */
export function referrerHost(referer: string | undefined): string {
  if (!referer) return "";
  const match = /^https?:\/\/(?:[^/?#@]*@)?(\[[^\]]*\]|[^/?#:]+)/i.exec(referer);
  return readableHost(match?.[1] ?? "").toLowerCase();
}

/** The Host the request was sent to, lower case without port. */
function ownHost(host: string | undefined): string {
  if (!host) return "";
  const colon = host.lastIndexOf(":");
  const name = colon > host.lastIndexOf("]") ? host.slice(0, colon) : host;
  return name.toLowerCase();
}

export interface AnswerCountOptions {
  /** The client's address (behind a trusted proxy, the forwarded one). */
  address: (answer: Answered) => string;
  /** The site's own host (SITE_URL's): a referrer from it is a page of the same visit. */
  siteHost: string;
}

/** Counts one answered request into the counter, if it counts at all. */
export function countAnswer(counter: Counter, answer: Answered, options: AnswerCountOptions): void {
  const { req, status } = answer;
  if (req.method !== "GET") return;
  const headers = req.headers;
  if (isUnseen(headers)) return;
  const { pathname } = answer.url;
  if (answer.source === "legacy") {
    counter.count(METRICS.legacy, pathname, "", options.address(answer));
    return;
  }
  const page = answer.contentType.startsWith("text/html");
  if (!page) {
    // A brochure or the catalogue: every PDF the site serves is one (app/content/brochures.ts).
    if (answer.source === "file" && status === 200 && pathname.endsWith(".pdf")) {
      counter.count(METRICS.download, pathname);
    }
    return;
  }
  const referrer = referrerHost(headers.referer);
  if (status === 404) {
    counter.count(METRICS.notFound, pathname, referrer, options.address(answer));
    return;
  }
  if (status !== 200 && status !== 304) return;
  counter.count(METRICS.pageview, pathname);
  const address = options.address(answer);
  counter.visitor(address, headers["user-agent"] ?? "");
  if (referrer !== "" && (referrer === options.siteHost || referrer === ownHost(headers.host))) return;
  // The first page of a visit: no referrer, or another site's.
  counter.count(METRICS.visit, pathname);
  if (referrer !== "") counter.count(METRICS.referrer, referrer, searchEngineOf(referrer) ?? "", address);
  const { search } = answer.url;
  if (search.includes("utm_source=")) {
    const query = answer.url.searchParams;
    const source = query.get("utm_source");
    if (source) {
      counter.count(
        METRICS.campaign,
        source,
        `${query.get("utm_medium") ?? ""}|${query.get("utm_campaign") ?? ""}`,
        address,
      );
    }
  }
}
