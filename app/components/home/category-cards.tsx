import { ArrowTextLink } from "~/components/arrow-text-link";
import { PageSection } from "~/components/page/page-section";
import { ResponsiveImage } from "~/components/responsive-image";
import type { HomeContent } from "~/content/schema";

export function CategoryCards({ content }: { content: HomeContent["categories"] }) {
  return (
    <PageSection
      headingId="categories-heading"
      tone="paper"
      spacing="even"
      heading={content.heading}
      lead={content.lead}
    >
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {content.cards.map((card) => (
          <li key={card.id}>
            <article className="render-near group flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-mist transition-shadow hover:shadow-md">
              <ResponsiveImage
                name={card.image}
                alt={card.imageAlt}
                sizes="(min-width: 1280px) 395px, (min-width: 1024px) 31vw, (min-width: 640px) 47vw, 100vw"
                className="aspect-[4/3] h-auto w-full bg-mist object-cover"
              />
              <div className="flex flex-1 flex-col gap-3 p-6">
                <h3 className="text-xl font-bold text-navy">{card.title}</h3>
                <p className="flex-1 leading-relaxed text-slate-700">{card.description}</p>
                <ArrowTextLink
                  href={card.href}
                  label={content.linkLabel}
                  ariaLabel={`${content.linkLabel}: ${card.title}`}
                />
              </div>
            </article>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}
