import { ATTRIBUTION_FIELD, ATTRIBUTION_SNIPPET } from "./attribution";

/**
 * The hidden field of a lead form that says how its visitor came (docs/attribution.md). Rendered empty;
 * the snippet fills it when the page loads and again when the form is sent. Uncontrolled, so React
 * leaves the snippet's value alone.
 */
export function AttributionField() {
  return <input type="hidden" name={ATTRIBUTION_FIELD} defaultValue="" />;
}

/**
 * The snippet that keeps the visit in sessionStorage and fills the forms' hidden fields, inlined in
 * every page (root.tsx) after the content, so the forms are there when it runs. Prerendered pages allow
 * it by its hash, pages rendered on request by the nonce (docs/decisions/0006).
 */
export function AttributionSnippet({ nonce }: { nonce: string | undefined }) {
  return (
    <script
      nonce={nonce}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of our own, not visitor input.
      dangerouslySetInnerHTML={{ __html: ATTRIBUTION_SNIPPET }}
    />
  );
}
