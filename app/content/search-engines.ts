/**
 * Search engines a visit's referrer is named after (docs/analytics.md#what-is-counted), matched by the
 * referring host: a host is an engine's when the engine's domain name is followed by a top-level
 * domain (`www.google.co.uk`, `search.yahoo.com`, `yandex.ru`).
 */
export const searchEngines: ReadonlyArray<{ name: string; domain: string }> = [
  { name: "Google", domain: "google" },
  { name: "Bing", domain: "bing" },
  { name: "DuckDuckGo", domain: "duckduckgo" },
  { name: "Yahoo", domain: "yahoo" },
  { name: "Ecosia", domain: "ecosia" },
  { name: "Baidu", domain: "baidu" },
  { name: "Yandex", domain: "yandex" },
];

/** The engine's name for a referring host (lower case, without port), or "" when it is no engine's. */
export function searchEngineOf(host: string): string {
  const labels = host.split(".");
  // The domain's label is followed by a top-level domain of one or two labels (`.com`, `.co.uk`):
  // `google.example.net` is not Google's.
  for (let index = labels.length - 2; index >= Math.max(0, labels.length - 3); index -= 1) {
    const engine = searchEngines.find((candidate) => candidate.domain === labels[index]);
    if (engine) return engine.name;
  }
  return "";
}
