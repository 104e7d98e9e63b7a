import { ArrowLinkButton } from "~/components/arrow-link-button";
import { ArrowTextLink } from "~/components/arrow-text-link";
import { Icon } from "~/components/icons/icon";
import { MailDraftLink } from "~/components/mail-draft-link";
import { PageSection } from "~/components/page/page-section";
import { OnlineRequestLink, QuoteOnlineLink } from "~/components/quote-online-link";
import { inquiries } from "~/content/inquiries";
import type { ProductsContent } from "~/content/schema";
import { inquiryDraft } from "~/lib/inquiry-drafts";

/** The way on to the catalogue, documents and tips, after the last product area. */
export function ResourcesBand({ content }: { content: ProductsContent["resourcesLink"] }) {
  return (
    <div className="border-y border-mist bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-10 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <p className="max-w-2xl text-lg font-semibold text-navy">{content.text}</p>
        <ArrowLinkButton link={content} variant="secondary" size="lg" className="self-start sm:self-auto" />
      </div>
    </div>
  );
}

export function GhsCallout({ content }: { content: ProductsContent["ghsCallout"] }) {
  return (
    <PageSection headingId="ghs-callout-heading" tone="paper" spacing="tight">
      <div className="flex flex-col gap-5 rounded-xl border-l-4 border-amber bg-white p-6 shadow-sm ring-1 ring-mist sm:flex-row sm:items-start sm:p-8">
        <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-lg bg-amber/20 text-navy">
          <Icon name="FlaskConical" className="size-6" />
        </span>
        <div className="flex flex-col gap-3">
          <h2 id="ghs-callout-heading" className="text-xl font-bold text-navy sm:text-2xl">
            {content.heading}
          </h2>
          <p className="max-w-3xl leading-relaxed text-slate-700">{content.text}</p>
          <ArrowTextLink href={content.href} label={content.linkLabel} underline="always" />
        </div>
      </div>
    </PageSection>
  );
}

export function ProductsClosing({ content }: { content: ProductsContent["closing"] }) {
  return (
    <PageSection headingId="products-closing-heading">
      <div className="flex flex-col items-center gap-5 rounded-2xl bg-navy px-6 py-12 text-center text-white shadow-lg sm:px-12">
        <h2 id="products-closing-heading" className="text-2xl font-extrabold text-balance sm:text-3xl">
          {content.heading}
        </h2>
        <p className="max-w-2xl text-lg leading-relaxed text-mist">{content.text}</p>
        <div className="flex flex-wrap justify-center gap-3 pt-2">
          <MailDraftLink draft={inquiryDraft(content.quoteInquiry)} label={content.quoteLabel} size="lg" />
          <QuoteOnlineLink variant="primary" size="lg" />
          <MailDraftLink
            draft={inquiryDraft(content.consultationInquiry)}
            label={content.consultationLabel}
            variant="outline-light"
            size="lg"
          />
          <OnlineRequestLink
            inquiry={content.consultationInquiry}
            subject={inquiries[content.consultationInquiry].subject}
            variant="outline-light"
            size="lg"
          />
        </div>
      </div>
    </PageSection>
  );
}
