import { Link } from "react-router";
import { Icon } from "~/components/icons/icon";
import { MailDraftLink } from "~/components/mail-draft-link";
import { PageSection } from "~/components/page/page-section";
import { QuoteOnlineLink } from "~/components/quote-online-link";
import { Button } from "~/components/ui/button";
import { catalog } from "~/content/brochures";
import { productSectionTitles } from "~/content/product-sections";
import { resourceSectionIds, resources } from "~/content/resources";
import { catalogFile, describeDocument } from "~/lib/documents";
import type { MailDraft } from "~/lib/inquiry-drafts";

const headingId = `${resourceSectionIds.catalog}-heading`;

/** `quoteDraft`: the custom-quote e-mail draft, built by the page's loader (see routes/resources.tsx). */
export function CatalogSection({ quoteDraft }: { quoteDraft: MailDraft }) {
  const content = resources.catalog;
  return (
    <PageSection
      id={resourceSectionIds.catalog}
      headingId={headingId}
      spacing="even"
      heading={content.heading}
      lead={content.lead}
    >
      <div className="mt-10 grid gap-6 lg:grid-cols-5">
        <CatalogCard />
        <QuickSearch quoteDraft={quoteDraft} />
      </div>
    </PageSection>
  );
}

/** The catalogue itself: its cover, what it is, its download and its contents. */
function CatalogCard() {
  const content = resources.catalog;
  const details = describeDocument(catalogFile);
  return (
    <article className="flex flex-col gap-6 rounded-xl bg-navy p-6 text-white shadow-sm sm:flex-row sm:p-8 lg:col-span-3">
      <div
        aria-hidden="true"
        className="hidden h-40 w-32 shrink-0 flex-col justify-between rounded-md bg-white p-3 text-navy shadow-lg ring-4 ring-white/10 sm:flex"
      >
        <Icon name="BookOpen" className="size-7 text-steel" />
        <span className="text-xs leading-tight font-extrabold">{catalog.title}</span>
        <span className="h-1.5 w-10 rounded-full bg-amber" />
      </div>
      <div className="flex flex-1 flex-col gap-4">
        <p className="text-sm font-bold tracking-[0.16em] text-amber uppercase">{content.eyebrow}</p>
        <h3 className="text-2xl font-extrabold text-balance">{catalog.title}</h3>
        <p className="leading-relaxed text-mist">{catalog.description}</p>
        <p className="text-sm font-semibold text-mist" data-testid="catalog-details">
          {details}
        </p>
        <div>
          <Button asChild size="lg">
            <a
              href={catalogFile.downloadHref}
              download={catalogFile.fileName}
              aria-label={`${content.downloadLabel}: ${catalog.title} (${details})`}
            >
              <Icon name="Download" />
              {content.downloadLabel}
            </a>
          </Button>
        </div>
        <div className="mt-auto border-t border-white/15 pt-4">
          <p className="mb-2 text-sm font-semibold text-white">{content.contentsLabel}</p>
          <ul className="grid gap-x-6 gap-y-1.5 text-sm text-mist sm:grid-cols-2">
            {/* The catalogue is built from the product sections, so its contents are their titles. */}
            {Object.entries(productSectionTitles).map(([id, title]) => (
              <li key={id} className="flex items-start gap-2">
                <Icon name="Check" className="mt-0.5 size-4 shrink-0 text-amber" />
                {title}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </article>
  );
}

/** Shortcuts to the product areas, and the quote request for what the catalogue does not list. */
function QuickSearch({ quoteDraft }: { quoteDraft: MailDraft }) {
  const content = resources.catalog;
  return (
    <div className="flex flex-col gap-6 rounded-xl bg-paper p-6 shadow-sm ring-1 ring-mist sm:p-8 lg:col-span-2">
      <div className="flex flex-col gap-1">
        <h3 className="text-xl font-bold text-navy">{content.quickSearch.heading}</h3>
        <p className="text-slate-700">{content.quickSearch.lead}</p>
      </div>
      <ul className="flex flex-col divide-y divide-mist overflow-hidden rounded-lg bg-white ring-1 ring-mist">
        {content.quickSearch.links.map((link) => (
          <li key={link.label}>
            <Link
              to={`/products#${link.section}`}
              className="group flex items-center justify-between gap-3 px-4 py-3 hover:bg-paper focus-visible:-outline-offset-3"
            >
              <span className="flex flex-col">
                <span className="font-semibold text-navy group-hover:underline group-hover:underline-offset-4">
                  {link.label}
                </span>
                <span className="text-sm text-slate-600">{link.description}</span>
              </span>
              <Icon name="ArrowRight" className="size-4 shrink-0 text-steel" />
            </Link>
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-3 border-t border-mist pt-5">
        <p className="font-semibold text-navy">{content.quote.heading}</p>
        <p className="text-sm text-slate-700">{content.quote.lead}</p>
        <div className="flex flex-wrap gap-3">
          <MailDraftLink draft={quoteDraft} variant="secondary" className="self-start" />
          <QuoteOnlineLink className="self-start" />
        </div>
      </div>
    </div>
  );
}
