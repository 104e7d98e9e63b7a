import { type MailDraft, MailDraftLink } from "~/components/mail-draft-link";
import type { ButtonProps } from "~/components/ui/button";
import { company } from "~/content/company";
import { inquiries } from "~/content/inquiries";
import type { InquiryId } from "~/content/schema";
import { buildMailtoHref } from "~/lib/mailto";

/** The draft of an inquiry: its button text and its `mailto:` link with subject and body. */
export function inquiryDraft(inquiry: InquiryId): MailDraft {
  const draft = inquiries[inquiry];
  return { inquiry, label: draft.label, href: buildMailtoHref(company.email, draft) };
}

/** A button that opens an e-mail draft to sales, with the subject and body written for the request. */
export function InquiryLink({
  inquiry,
  ...props
}: {
  inquiry: InquiryId;
  /** Overrides the inquiry's own button text. */
  label?: string;
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
  className?: string;
}) {
  return <MailDraftLink draft={inquiryDraft(inquiry)} {...props} />;
}
