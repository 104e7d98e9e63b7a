import { InquiryLink } from "~/components/inquiry-link";
import { PageHero } from "~/components/page/page-hero";
import { SectionHeading } from "~/components/page/section-heading";
import { Fabrication } from "~/components/protective-packaging/fabrication";
import { FurtherLinks } from "~/components/protective-packaging/further-links";
import { NamedCardGrid } from "~/components/protective-packaging/named-card-grid";
import { QuoteOnlineLink } from "~/components/quote-online-link";
import { pages } from "~/content/pages";
import { protectivePackaging } from "~/content/protective-packaging";
import { inquiryDrafts } from "~/lib/inquiry-drafts";
import { noScripts } from "~/lib/page-scripts";
import { buildMeta } from "~/lib/seo";
import { siteOrigin } from "~/lib/site";
import { buildBusinessJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/protective-packaging";

/** Nothing here needs a script: the page is served without any (docs/decisions/0023). */
export const handle = noScripts;

// The business data goes into the server-rendered head for search engines; the page does not show it.
export const meta: Route.MetaFunction = ({ matches }) => [
  ...buildMeta(pages.protectivePackaging, siteOrigin(matches)),
  { "script:ld+json": buildBusinessJsonLd(siteOrigin(matches)) },
];

/** Built at prerender: the page's scripts carry the finished e-mail links, not the drafts' texts. */
export function loader() {
  const { hero } = protectivePackaging;
  return { mailDrafts: inquiryDrafts([hero.primaryInquiry, hero.secondaryInquiry]) };
}

export default function ProtectivePackaging() {
  const { hero, intro, materials, fabrication, applications, catalogLink, video } = protectivePackaging;
  return (
    <>
      <PageHero heading={hero.heading} lead={hero.lead} image="hero-protective-packaging">
        <InquiryLink inquiry={hero.primaryInquiry} size="lg" />
        <InquiryLink inquiry={hero.secondaryInquiry} variant="outline-light" size="lg" />
        <QuoteOnlineLink area="die-cut-foams" variant="primary" size="lg" />
      </PageHero>
      <section aria-labelledby="intro-heading" className="bg-white py-16 sm:py-20">
        <div className="mx-auto grid max-w-7xl gap-6 px-4 sm:px-6 lg:grid-cols-2 lg:gap-12 lg:px-8">
          <SectionHeading id="intro-heading" heading={intro.heading} />
          <div className="flex flex-col gap-4 text-lg leading-relaxed text-slate-700">
            {intro.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </div>
      </section>
      <NamedCardGrid
        id="materials-heading"
        heading={materials.heading}
        lead={materials.lead}
        items={materials.items}
        tone="paper"
        columns={4}
      />
      <Fabrication content={fabrication} />
      <NamedCardGrid
        id="applications-heading"
        heading={applications.heading}
        lead={applications.lead}
        items={applications.items}
        tone="paper"
      />
      <FurtherLinks catalog={catalogLink} video={video} />
    </>
  );
}
