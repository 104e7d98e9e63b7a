import { Icon } from "~/components/icons/icon";
import { Button, type ButtonLook } from "~/components/ui/button";
import type { MailDraft } from "~/lib/inquiry-drafts";

/**
 * The button for a draft already built (inquiry-drafts.ts). Kept apart from the drafts' texts, so a
 * page whose loader builds its drafts loads none of those texts in its scripts.
 */
export function MailDraftLink({
  draft,
  label,
  ...look
}: ButtonLook & {
  draft: MailDraft;
  /** Overrides the draft's own button text. */
  label?: string;
}) {
  return (
    <Button asChild {...look}>
      <a href={draft.href} data-inquiry={draft.inquiry}>
        <Icon name="Mail" />
        {label ?? draft.label}
      </a>
    </Button>
  );
}
