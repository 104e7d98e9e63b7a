import { siteSnippet } from "~/lib/quote-list-snippet";

/**
 * The snippet every page carries inline (`siteSnippet` in app/lib/quote-list-snippet.ts, docs/decisions/0068): the header's
 * quote-list count, and the small modules loaded on demand (search suggestions, the quote list's page).
 * Prerendered pages allow it by its hash, pages rendered on request by the nonce (docs/decisions/0006).
 */
export function PageSnippet({ nonce }: { nonce: string | undefined }) {
  return (
    <script
      nonce={nonce}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of our own, not visitor input.
      dangerouslySetInnerHTML={SNIPPET}
    />
  );
}

/**
 * The text is the server's alone: the page ran it as it arrived, and hydration never compares a
 * script's inner HTML, so the browser's bundle of a page with scripts leaves the text out.
 */
const SNIPPET = { __html: import.meta.env.SSR ? siteSnippet() : "" };
