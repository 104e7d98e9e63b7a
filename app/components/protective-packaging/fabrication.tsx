import { SectionHeading } from "~/components/page/section-heading";
import type { ProtectivePackagingContent } from "~/content/schema";

/** What the shop can do; the thickness limits come first because buyers ask about them first. */
export function Fabrication({ content }: { content: ProtectivePackagingContent["fabrication"] }) {
  return (
    <section aria-labelledby="fabrication-heading" className="bg-white py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="fabrication-heading" heading={content.heading} lead={content.lead} />
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {content.items.map((item) => (
            <li
              key={item.title}
              className="flex flex-col gap-2 rounded-xl border-t-4 border-amber bg-paper p-6 ring-1 ring-mist"
            >
              <h3 className="text-lg font-bold text-navy">{item.title}</h3>
              <p className="leading-relaxed text-slate-700">{item.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
