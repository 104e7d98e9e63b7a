import { useMatches } from "react-router";
import { MailDraftLink } from "~/components/mail-draft-link";
import type { ButtonLook } from "~/components/ui/button";
import type { InquiryId } from "~/content/schema";
import type { MailDraft, MailDrafts } from "~/lib/inquiry-drafts";

function draftsIn(data: unknown): MailDrafts | undefined {
  if (typeof data !== "object" || data === null || !("mailDrafts" in data)) return undefined;
  return data.mailDrafts as MailDrafts;
}

/** The draft for `inquiry` that a loader of the current page built (inquiryDrafts). */
function useMailDraft(inquiry: InquiryId): MailDraft {
  const matches = useMatches();
  for (const match of matches) {
    const draft = draftsIn(match.loaderData)?.[inquiry];
    if (draft) return draft;
  }
  throw new Error(`No e-mail draft for "${inquiry}": the page's loader returns it in mailDrafts`);
}

/**
 * A button that opens an e-mail draft to sales, with the subject and body written for the request.
 * The page's loader builds the drafts it links to and returns them as `mailDrafts`.
 */
export function InquiryLink({
  inquiry,
  ...props
}: ButtonLook & {
  inquiry: InquiryId;
  /** Overrides the inquiry's own button text. */
  label?: string;
}) {
  return <MailDraftLink draft={useMailDraft(inquiry)} {...props} />;
}
