/**
 * The site's canonical origin is decided when the server starts (SITE_URL), not when it is built, so
 * one build serves any address (docs/decisions/0008-run-time-site-url.md). The root loader reports
 * the server's origin to every page; files prerendered at build time carry this placeholder instead,
 * and the server writes its origin in its place when it loads them.
 */
export const ORIGIN_PLACEHOLDER = "https://site-origin.invalid";

interface MatchWithData {
  id: string;
  loaderData?: unknown;
}

/** The origin the root loader reported, for a route's `meta` (which gets the matches). */
export function siteOrigin(matches: ReadonlyArray<MatchWithData | undefined>): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData;
  const origin = (root as { origin?: unknown } | undefined)?.origin;
  return typeof origin === "string" && origin !== "" ? origin : ORIGIN_PLACEHOLDER;
}

export function absoluteUrl(path: string, origin: string): string {
  return new URL(path, `${origin}/`).toString();
}
