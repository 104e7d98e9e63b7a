import { useMatches } from "react-router";

/**
 * Decision 0023: scripts only where a visitor interacts. A route that needs no script exports
 * `handle = noScripts`; its document is then served without React Router's scripts and works as a
 * plain web page (links are document loads, made quick by speculation rules).
 */
export const noScripts = { scripts: false } as const;

/** Whether a route's `handle` asks for its page to go without scripts. */
export function handleWantsNoScripts(handle: unknown): boolean {
  return Boolean(handle && typeof handle === "object" && (handle as { scripts?: unknown }).scripts === false);
}

/**
 * True unless the deepest matched route asks for no scripts (read by the root layout). In the browser
 * it is always true: only a page with scripts renders there, and when it navigates in the app to a
 * page without them, React Router's scroll restoration must stay to scroll that page to its top or
 * to its `#hash` (docs/product.md#scroll).
 */
export function usePageScripts(): boolean {
  const matches = useMatches();
  if (typeof document !== "undefined") return true;
  const leaf = matches[matches.length - 1];
  return !leaf || !handleWantsNoScripts(leaf.handle);
}

/**
 * Speculation rules (docs/decisions/0023): same-site page links are prefetched when the pointer rests on
 * them or presses them. Never the quote page (its form carries a signed start time), the newsletter
 * links (they change state), the API, or files (brochures, images, assets). Form actions are not links.
 */
export const SPECULATION_RULES = JSON.stringify({
  prefetch: [
    {
      where: {
        and: [
          { href_matches: "/*" },
          // A pattern without a query matches the path with any query (and any fragment) too.
          {
            not: {
              href_matches: [
                "/quote",
                "/newsletter/*",
                "/api/*",
                "/brochures/*",
                "/images/*",
                "/assets/*",
                "/*.*",
              ],
            },
          },
        ],
      },
      eagerness: "moderate",
    },
  ],
});
