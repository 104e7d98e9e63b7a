import { company } from "~/content/company";
import { inquiries } from "~/content/inquiries";
import type { InquiryId } from "~/content/schema";
import { buildMailtoHref } from "~/lib/mailto";

/**
 * E-mail drafts to sales, ready to link to. Pages build them in their loaders (at prerender) where
 * they can, so their scripts carry the finished links, in the page's data, and none of the drafts'
 * texts; see InquiryLink. /products builds its own in the browser: see its route module.
 */

/** An e-mail draft to sales, ready to link to: the `mailto:` address carries the subject and body. */
export interface MailDraft {
  inquiry: InquiryId;
  label: string;
  href: string;
}

/** The drafts a page's loader built, by inquiry (see InquiryLink). */
export type MailDrafts = Partial<Record<InquiryId, MailDraft>>;

/** The draft of an inquiry: its button text and its `mailto:` link with subject and body. */
export function inquiryDraft(inquiry: InquiryId): MailDraft {
  const draft = inquiries[inquiry];
  return { inquiry, label: draft.label, href: buildMailtoHref(company.email, draft) };
}

/** The drafts of the inquiries a page links to, for its loader to return as `mailDrafts`. */
export function inquiryDrafts(ids: Iterable<InquiryId>): MailDrafts {
  const drafts: MailDrafts = {};
  for (const id of ids) drafts[id] = inquiryDraft(id);
  return drafts;
}
