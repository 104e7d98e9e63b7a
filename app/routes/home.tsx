import { ArrowLinkButton } from "~/components/arrow-link-button";
import { CategoryCards } from "~/components/home/category-cards";
import { Testimonials } from "~/components/home/testimonials";
import { IconCardGrid } from "~/components/page/icon-card-grid";
import { IntroSection } from "~/components/page/intro-section";
import { PageHero } from "~/components/page/page-hero";
import { QuoteOnlineLink } from "~/components/quote-online-link";
import { home } from "~/content/home";
import { pages } from "~/content/pages";
import { GetInTouch } from "~/features/contact/get-in-touch";
import { noScripts } from "~/lib/page-scripts";
import { buildMeta } from "~/lib/seo";
import { siteOrigin } from "~/lib/site";
import type { Route } from "./+types/home";

/** Nothing here needs a script: the page is served without any (docs/decisions/0023). */
export const handle = noScripts;

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(pages.home, siteOrigin(matches));

export default function Home() {
  const { hero, introduction } = home;
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} heading={hero.heading} lead={hero.lead} image="hero-home">
        <ArrowLinkButton link={hero.primaryCta} size="lg" />
        <QuoteOnlineLink variant="outline-light" size="lg" />
      </PageHero>
      <IntroSection
        id="introduction-heading"
        heading={introduction.heading}
        paragraphs={introduction.paragraphs}
        layout="compact"
      />
      <CategoryCards content={home.categories} />
      <IconCardGrid
        id="commitments-heading"
        heading={home.commitments.heading}
        lead={home.commitments.lead}
        cards={home.commitments.cards}
      />
      <Testimonials content={home.testimonials} />
      <GetInTouch content={home.getInTouch} />
    </>
  );
}
