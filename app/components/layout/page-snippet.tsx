import { SITE_SNIPPET } from "~/lib/quote-list-snippet";

/**
 * The snippet every page carries inline (app/lib/quote-list-snippet.ts, docs/decisions/0068): the header's
 * quote-list count, and the small modules loaded on demand (search suggestions, the quote list's page).
 * Prerendered pages allow it by its hash, pages rendered on request by the nonce (docs/decisions/0006).
 */
export function PageSnippet({ nonce }: { nonce: string | undefined }) {
  return (
    <script
      nonce={nonce}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of our own, not visitor input.
      dangerouslySetInnerHTML={{ __html: SITE_SNIPPET }}
    />
  );
}
