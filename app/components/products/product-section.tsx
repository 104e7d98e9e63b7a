import { MailDraftLink } from "~/components/mail-draft-link";
import {
  isQuoteInquiry,
  OnlineRequestLink,
  onlineItemFor,
  QuoteOnlineLink,
} from "~/components/quote-online-link";
import { inquiries } from "~/content/inquiries";
import type { ProductSection as ProductSectionContent, ProductsContent } from "~/content/schema";
import { cn } from "~/lib/cn";
import { inquiryDraft } from "~/lib/inquiry-drafts";
import { BrochureList } from "./brochure-list";
import { ProductCard } from "./product-card";

/** One product area: what it covers, its products, its brochures and the request that fits it. */
export function ProductSection({
  section,
  tone,
  benefitsLabel,
  brochureList,
  families = [],
  familiesLabel = "",
}: {
  section: ProductSectionContent;
  tone: "white" | "paper";
  benefitsLabel: string;
  brochureList: ProductsContent["brochureList"];
  /** The area's catalogue families, each linking to its page of items. */
  families?: ReadonlyArray<{ name: string; href: string }>;
  familiesLabel?: string;
}) {
  const headingId = `${section.id}-heading`;
  return (
    <section
      id={section.id}
      aria-labelledby={headingId}
      className={cn("py-16 sm:py-20", tone === "paper" ? "bg-paper" : "bg-white")}
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-10 px-4 sm:px-6 lg:px-8">
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_auto] lg:items-end lg:gap-12">
          <div className="flex flex-col gap-4">
            <h2 id={headingId} className="text-2xl font-extrabold text-navy text-balance sm:text-3xl">
              {section.title}
            </h2>
            <div className="flex max-w-3xl flex-col gap-3 text-lg leading-relaxed text-slate-700">
              {section.description.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </div>
          <SectionRequests section={section} />
        </div>
        {families.length > 0 ? (
          <FamilyLinks title={section.title} families={families} familiesLabel={familiesLabel} />
        ) : null}
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {section.items.map((item) => (
            <li key={item.name}>
              <ProductCard item={item} benefitsLabel={benefitsLabel} />
            </li>
          ))}
        </ul>
        <BrochureList
          id={`${section.id}-brochures`}
          heading={brochureList.heading}
          brochureIds={section.brochureIds}
          previewLabel={brochureList.previewLabel}
          downloadLabel={brochureList.downloadLabel}
        />
      </div>
    </section>
  );
}

/** The area's two ways to ask: the e-mail draft and the online request beside it. */
function SectionRequests({ section }: { section: ProductSectionContent }) {
  return (
    // On a phone one above the other, as tall as each other when the draft's label wraps.
    <div className="grid auto-rows-fr gap-3 justify-self-start sm:flex sm:flex-wrap lg:self-end">
      <MailDraftLink
        draft={inquiryDraft(section.inquiry)}
        label={section.ctaLabel}
        // Long labels wrap on a phone instead of widening the page.
        wrap
      />
      {isQuoteInquiry(section.inquiry) ? (
        // As prominent as the draft beside it (docs/product.md#path-to-a-quote).
        <QuoteOnlineLink
          area={section.id}
          item={onlineItemFor(section.inquiry, inquiries[section.inquiry].subject)}
          variant="primary"
          wrap
        />
      ) : (
        <OnlineRequestLink
          inquiry={section.inquiry}
          subject={inquiries[section.inquiry].subject}
          area={section.id}
          variant="primary"
          wrap
        />
      )}
    </div>
  );
}

/** Links to the area's catalogue families. */
function FamilyLinks({
  title,
  families,
  familiesLabel,
}: {
  title: string;
  families: ReadonlyArray<{ name: string; href: string }>;
  familiesLabel: string;
}) {
  return (
    <nav aria-label={`${title}: ${familiesLabel}`} className="flex flex-col gap-3">
      <h3 className="text-lg font-bold text-navy">{familiesLabel}</h3>
      <ul className="flex flex-wrap gap-2">
        {families.map((family) => (
          <li key={family.href}>
            <a
              href={family.href}
              className="inline-flex min-h-11 items-center rounded-md border-2 border-navy bg-white px-4 font-semibold text-navy hover:bg-mist focus-visible:ring-3 focus-visible:ring-focus focus-visible:outline-none"
            >
              {family.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
