/**
 * The search engines a lead's referring host is named after (docs/attribution.md): "Came from:
 * google.de (Google)". Matched by the host the visitor's browser reported, the first match wins; a
 * host that matches none is shown as it is. Add an engine here when the reports show its host often.
 */
export const searchEngines: readonly { name: string; host: RegExp }[] = [
  // www.google.com, google.co.uk, google.com.au, ...
  { name: "Google", host: /(?:^|\.)google\.(?:[a-z]{2,3}|com?\.[a-z]{2})$/ },
  { name: "Bing", host: /(?:^|\.)bing\.com$/ },
  { name: "DuckDuckGo", host: /(?:^|\.)duckduckgo\.com$/ },
  { name: "Yahoo", host: /(?:^|\.)search\.yahoo\.(?:[a-z]{2,3}|com?\.[a-z]{2})$/ },
  { name: "Ecosia", host: /(?:^|\.)ecosia\.org$/ },
  { name: "Baidu", host: /(?:^|\.)baidu\.com$/ },
  { name: "Yandex", host: /(?:^|\.)yandex\.(?:[a-z]{2,3}|com\.[a-z]{2})$/ },
  { name: "Brave Search", host: /^search\.brave\.com$/ },
  { name: "Startpage", host: /(?:^|\.)startpage\.com$/ },
  { name: "Qwant", host: /(?:^|\.)qwant\.com$/ },
  { name: "Kagi", host: /(?:^|\.)kagi\.com$/ },
];

/** The search engine's name for a referring host (lower-case, no port), or null. */
export function searchEngineOf(host: string): string | null {
  return searchEngines.find((engine) => engine.host.test(host))?.name ?? null;
}
