import { PageSection } from "~/components/page/page-section";
import type { HomeContent } from "~/content/schema";

/** Lucide's star outline, drawn filled here: the icon sprite strokes its symbols and never fills them. */
const STAR_PATH =
  "M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z";
const STAR_STEP = 24;
const OUT_OF = 5;

/** The rating as filled stars in one image, whose text alternative says it: "5 out of 5". */
function Stars({ rating }: { rating: number }) {
  const stars = Array.from({ length: rating }, (_, index) => index * STAR_STEP);
  return (
    <svg
      role="img"
      aria-label={`${rating} out of ${OUT_OF}`}
      width={STAR_STEP * rating * (5 / 6)}
      height={20}
      viewBox={`0 0 ${STAR_STEP * rating} 24`}
      className="text-amber-dark"
      fill="currentColor"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinejoin="round"
      data-testid="testimonial-stars"
    >
      {stars.map((x) => (
        <path key={x} d={STAR_PATH} transform={x ? `translate(${x})` : undefined} />
      ))}
    </svg>
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
