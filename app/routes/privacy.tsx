import { EmailAddress } from "~/components/email-address";
import { PageHero } from "~/components/page/page-hero";
import { SectionHeading } from "~/components/page/section-heading";
import { company } from "~/content/company";
import { pages } from "~/content/pages";
import { privacy } from "~/content/privacy";
import { noScripts } from "~/lib/page-scripts";
import { buildMeta } from "~/lib/seo";
import { siteOrigin } from "~/lib/site";
import type { Route } from "./+types/privacy";

/** Nothing here needs a script: the page is served without any (docs/decisions/0023). */
export const handle = noScripts;

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(pages.privacy, siteOrigin(matches));

export default function Privacy() {
  const { hero, sections } = privacy;
  const last = sections.length - 1;
  return (
    <>
      <PageHero heading={hero.heading} lead={hero.lead} image="hero-contact" />
      {sections.map((section, index) => (
        <section
          key={section.id}
          aria-labelledby={`${section.id}-heading`}
          className={index % 2 === 1 ? "bg-paper" : undefined}
        >
          <div className="mx-auto flex max-w-3xl flex-col gap-5 px-4 py-12 sm:px-6 lg:px-8">
            <SectionHeading id={`${section.id}-heading`} heading={section.heading} />
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="text-lg leading-relaxed text-slate-700">
                {paragraph}
              </p>
            ))}
            {"items" in section ? (
              <dl className="flex flex-col gap-5">
                {section.items.map((item) => (
                  <div key={item.title}>
                    <dt className="text-lg font-bold text-navy">{item.title}</dt>
                    <dd className="mt-1 text-lg leading-relaxed text-slate-700">{item.text}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
            {index === last ? (
              <p className="text-lg font-bold text-navy">
                {privacy.emailLabel}:{" "}
                <a href={privacy.emailHref} className="text-steel underline hover:text-navy">
                  <EmailAddress email={company.email} />
                </a>
              </p>
            ) : null}
          </div>
        </section>
      ))}
    </>
  );
}
