import { useNonce } from "~/lib/nonce";
import { CARRY_SNIPPET } from "./contact-prefill";

/**
 * The home form's carry-over (contact-prefill.ts), inlined after the form it serves: on the home page
 * after 'Get in Touch', on /contact after 'Send Us a Message'. Prerendered pages allow it by its hash,
 * pages rendered on request by the nonce (docs/decisions/0006).
 */
export function CarrySnippet() {
  const nonce = useNonce();
  return (
    <script
      nonce={nonce}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of our own, not visitor input.
      dangerouslySetInnerHTML={{ __html: CARRY_SNIPPET }}
      // The browser runs it once, as the page is parsed; React leaves it alone after hydration.
      suppressHydrationWarning
    />
  );
}
