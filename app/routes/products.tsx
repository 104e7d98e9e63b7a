import { InquiryLink } from "~/components/inquiry-link";
import { PageHero } from "~/components/page/page-hero";
import { ProductSection } from "~/components/products/product-section";
import { GhsCallout, ProductsClosing, ResourcesBand } from "~/components/products/products-callouts";
import { ProductSectionNav } from "~/components/products/section-nav";
import { pages } from "~/content/pages";
import { products } from "~/content/products";
import { buildMeta } from "~/lib/seo";
import { siteOrigin } from "~/lib/site";
import { inquiryDrafts } from "~/server/mail-drafts.server";
import type { Route } from "./+types/products";

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(pages.products, siteOrigin(matches));

/** Built at prerender: the page's scripts carry the finished e-mail links, not the drafts' texts. */
export function loader() {
  const { hero, sections, closing } = products;
  return {
    mailDrafts: inquiryDrafts([
      hero.inquiry,
      ...sections.map((section) => section.inquiry),
      closing.quoteInquiry,
      closing.consultationInquiry,
    ]),
  };
}

export default function Products() {
  const { hero } = products;
  return (
    <>
      <PageHero heading={hero.heading} lead={hero.lead} image="hero-products">
        <InquiryLink inquiry={hero.inquiry} label={hero.inquiryLabel} variant="outline-light" size="lg" />
      </PageHero>
      <ProductSectionNav label={products.sectionNav.label} sections={products.sections} />
      {products.sections.map((section, index) => (
        <ProductSection
          key={section.id}
          section={section}
          tone={index % 2 === 0 ? "white" : "paper"}
          benefitsLabel={products.benefitsLabel}
          brochureList={products.brochureList}
        />
      ))}
      <ResourcesBand content={products.resourcesLink} />
      <GhsCallout content={products.ghsCallout} />
      <ProductsClosing content={products.closing} />
    </>
  );
}
