import { Icon } from "~/components/icons/icon";
import { Button, type ButtonLook } from "~/components/ui/button";
import type { InquiryId, ProductSectionId } from "~/content/schema";

/** The e-mail drafts that ask for a price or a sample: each gets the online quote form beside it. */
const QUOTE_INQUIRIES: ReadonlySet<InquiryId> = new Set([
  "quote",
  "sample",
  "custom-quote",
  "foam-quote",
  "foam-sample-kit",
]);

export function isQuoteInquiry(inquiry: InquiryId): boolean {
  return QUOTE_INQUIRIES.has(inquiry);
}

/** Drafts that ask for samples: their subject says more than the form's blank first row would. */
const SAMPLE_INQUIRIES: ReadonlySet<InquiryId> = new Set(["sample", "foam-sample-kit"]);

/** The first item the online form opens with beside a draft: a sample request's subject, else none. */
export function onlineItemFor(inquiry: InquiryId, subject: string): string | undefined {
  return SAMPLE_INQUIRIES.has(inquiry) ? subject : undefined;
}

/**
 * 'Get a quote online': opens /quote, with the product area's first row chosen when one is given, and
 * the first item's description when the draft beside it asks for something in particular. Not
 * "Request a quote online", whose name would contain "Request a Quote", the draft button's own name.
 * A plain link with an icon the pages already load, so the pages it sits on load no more script.
 */
export function QuoteOnlineLink({
  area,
  item,
  variant = "outline",
  ...look
}: ButtonLook & { area?: ProductSectionId; item?: string }) {
  const query = new URLSearchParams({ ...(area ? { area } : {}), ...(item ? { item } : {}) }).toString();
  return (
    <Button asChild variant={variant} {...look}>
      <a href={query ? `/quote?${query}` : "/quote"}>
        Get a quote online
        <Icon name="ArrowRight" />
      </a>
    </Button>
  );
}

/**
 * The online way beside an e-mail draft that asks for something other than a price (a consultation, a
 * site assessment, a repair, PPE, a question): the same people, through the site, so the request gets
 * a reference, routing and a place in the owner's report. A question opens the contact form, its message
 * started with the draft's subject (with scripts); the others open the quote form with the draft's
 * subject as the first item and the section's product area chosen.
 */
export function OnlineRequestLink({
  inquiry,
  subject,
  area,
  variant = "outline",
  ...look
}: ButtonLook & { inquiry: InquiryId; subject: string; area?: ProductSectionId }) {
  const href =
    inquiry === "general"
      ? `/contact?${new URLSearchParams({ subject })}#contact-form`
      : `/quote?${new URLSearchParams({ ...(area ? { area } : {}), item: subject })}`;
  return (
    <Button asChild variant={variant} {...look}>
      <a href={href}>
        {inquiry === "general" ? "Ask online" : "Send this request online"}
        <Icon name="ArrowRight" />
      </a>
    </Button>
  );
}
