import { Icon } from "~/components/icons/icon";
import { PageSection } from "~/components/page/page-section";
import type { HomeContent } from "~/content/schema";

const STAR_POSITIONS = [1, 2, 3, 4, 5];

function Stars({ rating }: { rating: number }) {
  return (
    <p className="flex gap-1 text-amber-dark">
      <span className="sr-only">Rated {rating} out of 5 stars</span>
      {STAR_POSITIONS.slice(0, rating).map((position) => (
        <Icon name="Star" key={position} className="size-5 fill-current" />
      ))}
    </p>
  );
}

export function Testimonials({ content }: { content: HomeContent["testimonials"] }) {
  return (
    <PageSection headingId="testimonials-heading" tone="navy" spacing="even">
      <div className="flex flex-col gap-3">
        <h2 id="testimonials-heading" className="text-2xl font-extrabold sm:text-3xl">
          {content.heading}
        </h2>
        <p className="max-w-3xl text-lg text-mist">{content.lead}</p>
      </div>
      <ul className="mt-10 grid gap-6 lg:grid-cols-3">
        {content.items.map((item) => (
          <li key={item.role + item.business}>
            <figure className="flex h-full flex-col gap-4 rounded-xl bg-white p-6 text-slate-900">
              <Stars rating={item.rating} />
              <blockquote className="flex-1 leading-relaxed">
                <p>“{item.quote}”</p>
              </blockquote>
              <figcaption className="border-t border-mist pt-4">
                <span className="block font-bold text-navy">{item.role}</span>
                <span className="block text-sm text-slate-600">{item.business}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}
