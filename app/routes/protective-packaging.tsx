import { InquiryLink } from "~/components/inquiry-link";
import { IntroSection } from "~/components/page/intro-section";
import { PageHero } from "~/components/page/page-hero";
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
      <IntroSection id="intro-heading" heading={intro.heading} paragraphs={intro.paragraphs} layout="roomy" />
      <NamedCardGrid id="materials-heading" content={materials} tone="paper" columns={4} />
      <Fabrication content={fabrication} />
      <NamedCardGrid id="applications-heading" content={applications} tone="paper" />
      <FurtherLinks catalog={catalogLink} video={video} />
    </>
  );
}
