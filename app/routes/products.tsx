import { MailDraftLink } from "~/components/mail-draft-link";
import { PageHero } from "~/components/page/page-hero";
import { ProductSection } from "~/components/products/product-section";
import { GhsCallout, ProductsClosing, ResourcesBand } from "~/components/products/products-callouts";
import { ProductSectionNav } from "~/components/products/section-nav";
import { OnlineRequestLink } from "~/components/quote-online-link";
import { cataloguePages } from "~/content/catalogue-pages";
import { inquiries } from "~/content/inquiries";
import { pages } from "~/content/pages";
import { products } from "~/content/products";
import { loadFamilies } from "~/features/catalogue/families.server";
import { familyPath } from "~/lib/catalogue-paths";
import { inquiryDraft } from "~/lib/inquiry-drafts";
import { noScripts } from "~/lib/page-scripts";
import { buildMeta } from "~/lib/seo";
import { siteOrigin } from "~/lib/site";
import { requestContext } from "~/load-context";
import type { Route } from "./+types/products";

/** Nothing here needs a script: the page is served without any (docs/decisions/0023). */
export const handle = noScripts;

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(pages.products, siteOrigin(matches));

/**
 * Each area's catalogue families, linked from its section. The page is prerendered: the build reads
 * the families file (a server reads the same file when it starts); the items behind each link are
 * read on request, so a new range needs no rebuild (docs/catalogue.md#family-pages).
 */
export function loader({ context }: Route.LoaderArgs) {
  const families = context.get(requestContext)?.services.catalogue.current().families ?? loadFamilies();
  return {
    families: families.map((family) => ({
      area: family.area,
      name: family.name,
      href: familyPath(family.slug),
    })),
  };
}

/*
 * The e-mail drafts of this page are built in its scripts, not in a loader as on the other pages
 * (inquiry-drafts.ts): this is the site's longest page, and its eight finished links in the page's
 * data would take its HTML past the ~14 KB a first round trip delivers, which delays its first paint
 * by a round trip (docs/decisions/0015-scripts-after-load.md).
 */

export default function Products({ loaderData }: Route.ComponentProps) {
  const { hero } = products;
  return (
    <>
      <PageHero heading={hero.heading} lead={hero.lead} image="hero-products" artOnPhones={false}>
        <MailDraftLink
          draft={inquiryDraft(hero.inquiry)}
          label={hero.inquiryLabel}
          variant="outline-light"
          size="lg"
        />
        <OnlineRequestLink
          inquiry={hero.inquiry}
          subject={inquiries[hero.inquiry].subject}
          variant="outline-light"
          size="lg"
        />
      </PageHero>
      <ProductSectionNav label={products.sectionNav.label} sections={products.sections} />
      {products.sections.map((section, index) => (
        <ProductSection
          key={section.id}
          section={section}
          tone={index % 2 === 0 ? "white" : "paper"}
          benefitsLabel={products.benefitsLabel}
          brochureList={products.brochureList}
          families={loaderData.families.filter((family) => family.area === section.id)}
          familiesLabel={cataloguePages.products.familiesHeading}
        />
      ))}
      <ResourcesBand content={products.resourcesLink} />
      <GhsCallout content={products.ghsCallout} />
      <ProductsClosing content={products.closing} />
    </>
  );
}
