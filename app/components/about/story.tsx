import { Paragraphs } from "~/components/page/intro-section";
import { PageSection } from "~/components/page/page-section";
import { SectionHeading } from "~/components/page/section-heading";
import type { AboutContent } from "~/content/schema";

export function Story({ content }: { content: AboutContent["story"] }) {
  return (
    <PageSection headingId="story-heading" innerClassName="grid gap-10 lg:grid-cols-5 lg:gap-16">
      <div className="flex flex-col gap-6 lg:col-span-3">
        <SectionHeading id="story-heading" heading={content.heading} />
        <Paragraphs paragraphs={content.paragraphs} width="prose" />
      </div>
      <dl className="grid content-start gap-4 sm:grid-cols-3 lg:col-span-2 lg:grid-cols-1">
        {content.highlights.map((highlight) => (
          <div
            key={highlight.label}
            className="flex flex-col-reverse gap-1 rounded-xl border-l-4 border-amber bg-navy p-6 text-white"
          >
            <dt className="text-mist">{highlight.label}</dt>
            <dd className="text-3xl font-extrabold">{highlight.value}</dd>
          </div>
        ))}
      </dl>
    </PageSection>
  );
}

export function Mission({ content }: { content: AboutContent["mission"] }) {
  return (
    <section aria-labelledby="mission-heading" className="bg-navy py-16 text-white sm:py-20">
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-5 px-4 text-center sm:px-6">
        <h2 id="mission-heading" className="text-sm font-bold uppercase tracking-[0.16em] text-amber">
          {content.heading}
        </h2>
        <p className="text-2xl font-semibold leading-snug text-balance sm:text-3xl">{content.text}</p>
      </div>
    </section>
  );
}
