import { ContactCards } from "~/components/about/contact-cards";
import { Mission, Story } from "~/components/about/story";
import { ArrowLinkButton } from "~/components/arrow-link-button";
import { IconCardGrid } from "~/components/page/icon-card-grid";
import { PageHero } from "~/components/page/page-hero";
import { about } from "~/content/about";
import { pages } from "~/content/pages";
import { noScripts } from "~/lib/page-scripts";
import { buildMeta } from "~/lib/seo";
import { siteOrigin } from "~/lib/site";
import type { Route } from "./+types/about";

/** Nothing here needs a script: the page is served without any (docs/decisions/0023). */
export const handle = noScripts;

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(pages.about, siteOrigin(matches));

export default function About() {
  const { hero } = about;
  return (
    <>
      <PageHero heading={hero.heading} lead={hero.lead} image="hero-about">
        <ArrowLinkButton link={hero.cta} size="lg" />
      </PageHero>
      <Story content={about.story} />
      <Mission content={about.mission} />
      <IconCardGrid id="values-heading" heading={about.values.heading} cards={about.values.items} />
      <IconCardGrid
        id="reasons-heading"
        heading={about.reasons.heading}
        cards={about.reasons.items}
        tone="paper"
      />
      <ContactCards content={about.contact} />
    </>
  );
}
