import { searchEngineOf } from "~/content/search-engines";

/*
 * How a lead's visitor came to the site (docs/attribution.md, docs/decisions/0032): the visit's first
 * page, the site that referred it, its UTM values, whether an ad click id was there, the page the form
 * was sent from, the pages seen and the time to the lead. The inline snippet below keeps the visit in
 * sessionStorage and writes it into each form's hidden field; the server reads that field with
 * parseAttribution, bounded and checked, and falls back on the post's Referer for the page it came from.
 */

/** The hidden field every lead form carries (the forms' field lists include it). */
export const ATTRIBUTION_FIELD = "attribution";

/** The sessionStorage key of the visit; gone when the tab is closed. */
export const VISIT_STORAGE_KEY = "rl-visit";

/** The UTM parameters kept, in the order they are shown. */
export const UTM_PARAMETERS = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
] as const;
export type UtmParameter = (typeof UTM_PARAMETERS)[number];

/** Ad click ids: their presence is kept, never their value. */
export const CLICK_ID_PARAMETERS = ["gclid", "msclkid"] as const;

/**
 * The snippet inlined in every page, with or without the app's scripts (root.tsx). On the visit's first
 * page (nothing stored yet) it keeps the landing path with only its utm_* parameters, the referring host
 * when it is another site, whether a click id was there and the time; on every page it counts one page
 * seen. It fills the forms' hidden field now, so a form sent before or without the app's scripts
 * carries it, and again (from what is stored) as any form is submitted. If sessionStorage fails (private mode, disabled)
 * the page alone is described and nothing breaks. ES5 on purpose: it runs before anything else.
 */
export const ATTRIBUTION_SNIPPET = `(function(){var d=document,l=location,s,v;try{s=sessionStorage;v=JSON.parse(s.getItem("${VISIT_STORAGE_KEY}"))}catch(e){}if(!v||typeof v!="object"){var q=new URLSearchParams(l.search),u=new URLSearchParams(),r="";q.forEach(function(x,k){/^utm_/.test(k)&&u.append(k,x)});try{r=new URL(d.referrer).hostname;if(r==l.hostname)r=""}catch(e){}u=""+u;v={l:l.pathname+(u?"?"+u:""),r:r,c:${CLICK_ID_PARAMETERS.map((id) => `q.has("${id}")`).join("||")}?1:0,t:Date.now(),n:0}}v.n=(+v.n||0)+1;try{s.setItem("${VISIT_STORAGE_KEY}",JSON.stringify(v))}catch(e){}function f(){try{v=JSON.parse(s.getItem("${VISIT_STORAGE_KEY}"))||v}catch(e){}var j=JSON.stringify({landing:v.l,referrer:v.r,click:v.c,pages:v.n,seconds:Math.round((Date.now()-v.t)/1e3),from:l.pathname});d.querySelectorAll("input[name=${ATTRIBUTION_FIELD}]").forEach(function(i){i.value=j})}f();d.addEventListener("submit",f,!0)})()`;

/**
 * Counts a page seen in the app (a navigation without a document load, which does not run the snippet
 * again). Nothing when storage fails or the snippet kept no visit.
 */
export function countInAppPage(): void {
  try {
    const visit: unknown = JSON.parse(sessionStorage.getItem(VISIT_STORAGE_KEY) ?? "null");
    if (!visit || typeof visit !== "object") return;
    const counted = visit as { n?: unknown };
    counted.n = (Number(counted.n) || 0) + 1;
    sessionStorage.setItem(VISIT_STORAGE_KEY, JSON.stringify(visit));
  } catch {
    // sessionStorage unavailable: the lead goes without the count.
  }
}

/**
 * The hidden field's value in a form, for the scripts that post a form's values themselves (the
 * snippet has refreshed it as the form was submitted): `{ attribution: … }`, or nothing.
 */
export function attributionFieldOf(form: HTMLFormElement | null | undefined): Record<string, string> {
  const input = form?.elements.namedItem(ATTRIBUTION_FIELD);
  return input instanceof HTMLInputElement && input.value !== "" ? { [ATTRIBUTION_FIELD]: input.value } : {};
}

/** What is kept of how a lead's visitor came: one lead_attribution row without its keys. */
export interface Attribution {
  landingPage: string | null;
  referrerHost: string | null;
  searchEngine: string | null;
  utm: Record<UtmParameter, string | null>;
  clickId: boolean;
  sentFrom: string | null;
  pagesSeen: number | null;
  secondsToLead: number | null;
}

/** Longest hidden field read: the snippet's value is a few hundred characters; longer is ignored. */
export const MAX_ATTRIBUTION_LENGTH = 4000;
/**
 * Longest hidden field a form accepts before it refuses the post: well above what is read, so that a
 * visit that landed on an absurd link still sends its form (its attribution is dropped, not the lead).
 */
export const ATTRIBUTION_FIELD_MAX = 16_000;
const MAX_PATH_LENGTH = 200;
const MAX_UTM_LENGTH = 100;
const MAX_HOST_LENGTH = 253;
const MAX_PAGES = 10_000;
/** A visit longer than this is not one visit: the time is dropped. */
const MAX_SECONDS = 7 * 24 * 60 * 60;

const BASE = "https://base.invalid";
const HOST = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** Text without control or format characters, single spaces, cut to `max` characters. */
function cleanText(value: string, max: number): string | null {
  const text = value
    .replace(/[\p{Cc}\p{Cf}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text === "" ? null : Array.from(text).slice(0, max).join("");
}

/** A same-site URL from a path ("/products?x=1"); null for anything else (another host, "//x", junk). */
function sitePath(value: unknown): URL | null {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//")) return null;
  if (value.length > MAX_ATTRIBUTION_LENGTH || value.includes("\\")) return null;
  try {
    const url = new URL(value, BASE);
    return url.origin === BASE && url.pathname.length <= MAX_PATH_LENGTH ? url : null;
  } catch {
    return null;
  }
}

/** A page's path alone, the query and fragment dropped. */
function pathOnly(value: unknown): string | null {
  return sitePath(value)?.pathname ?? null;
}

/** A referring host: lower-case host name only (no port, no path), or null. */
export function referrerHostOf(value: unknown): string | null {
  if (typeof value !== "string" || value === "" || value.length > MAX_HOST_LENGTH) return null;
  const host = value.toLowerCase().replace(/\.$/, "");
  return HOST.test(host) ? host : null;
}

function boundedInteger(value: unknown, min: number, max: number): number | null {
  const number = typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : value;
  return typeof number === "number" && Number.isInteger(number) && number >= min && number <= max
    ? number
    : null;
}

const NO_UTM = Object.fromEntries(UTM_PARAMETERS.map((name) => [name, null])) as Attribution["utm"];

/**
 * The landing page as kept (its path with only the UTM parameters, in their order) and what its
 * query said: the UTM values, whether a click id was there.
 */
function readLanding(value: unknown) {
  const url = sitePath(value);
  if (!url) return { landingPage: null, utm: NO_UTM, clickId: false };
  const utm = { ...NO_UTM };
  const kept = new URLSearchParams();
  for (const name of UTM_PARAMETERS) {
    const text = cleanText(url.searchParams.get(name) ?? "", MAX_UTM_LENGTH);
    utm[name] = text;
    if (text) kept.append(name, text);
  }
  const query = kept.toString();
  return {
    landingPage: `${url.pathname}${query ? `?${query}` : ""}`,
    utm,
    clickId: CLICK_ID_PARAMETERS.some((name) => url.searchParams.has(name)),
  };
}

/** Nothing known: a post without the snippet's field (no JavaScript) and without a usable Referer. */
export const UNKNOWN_ATTRIBUTION: Attribution = {
  landingPage: null,
  referrerHost: null,
  searchEngine: null,
  utm: NO_UTM,
  clickId: false,
  sentFrom: null,
  pagesSeen: null,
  secondsToLead: null,
};

/**
 * Reads the hidden field (the snippet's JSON), bounded and checked value by value: anything too long,
 * of the wrong type or shape is dropped, never an error for the visitor. `refererPath` (the post's own
 * Referer, see refererPath) is the page the form was sent from when the field does not say.
 */
export function parseAttribution(raw: unknown, refererPath: string | null = null): Attribution {
  let fields: Record<string, unknown> = {};
  if (typeof raw === "string" && raw.length <= MAX_ATTRIBUTION_LENGTH) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
        fields = parsed as Record<string, unknown>;
    } catch {
      // Not the snippet's: ignored.
    }
  }
  const landing = readLanding(fields.landing);
  const referrerHost = referrerHostOf(fields.referrer);
  return {
    ...landing,
    referrerHost,
    searchEngine: referrerHost ? searchEngineOf(referrerHost) : null,
    clickId: landing.clickId || fields.click === 1,
    sentFrom: pathOnly(fields.from) ?? refererPath,
    pagesSeen: boundedInteger(fields.pages, 1, MAX_PAGES),
    secondsToLead: boundedInteger(fields.seconds, 0, MAX_SECONDS),
  };
}

/** What a post itself says about where it was sent from: its Referer, when a page of this site. */
export interface LeadPostOrigin {
  refererPath: string | null;
}

/**
 * The path of a post's Referer header when it is a page of this site (one of `ownHosts`), else null:
 * what a form sent without JavaScript says about where it was sent from.
 */
export function refererPath(
  referer: string | null | undefined,
  ownHosts: readonly (string | null | undefined)[],
): string | null {
  if (!referer || referer.length > MAX_ATTRIBUTION_LENGTH) return null;
  try {
    const url = new URL(referer);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    const hosts = ownHosts.filter(Boolean).map((host) => host?.toLowerCase());
    return hosts.includes(url.host.toLowerCase()) ? pathOnly(url.pathname) : null;
  } catch {
    return null;
  }
}
