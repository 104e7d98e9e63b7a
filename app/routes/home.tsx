import { Link } from "react-router";
import { CategoryCards } from "~/components/home/category-cards";
import { Testimonials } from "~/components/home/testimonials";
import { Icon } from "~/components/icons/icon";
import { IconCardGrid } from "~/components/page/icon-card-grid";
import { PageHero } from "~/components/page/page-hero";
import { SectionHeading } from "~/components/page/section-heading";
import { QuoteOnlineLink } from "~/components/quote-online-link";
import { Button } from "~/components/ui/button";
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
        <Button asChild size="lg">
          <Link to={hero.primaryCta.href}>
            {hero.primaryCta.label}
            <Icon name="ArrowRight" />
          </Link>
        </Button>
        <QuoteOnlineLink variant="outline-light" size="lg" />
      </PageHero>
      <section aria-labelledby="introduction-heading" className="py-16">
        <div className="mx-auto grid max-w-7xl gap-6 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
          <SectionHeading id="introduction-heading" heading={introduction.heading} />
          <div className="flex flex-col gap-4 text-lg leading-relaxed text-slate-700">
            {introduction.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </div>
      </section>
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
