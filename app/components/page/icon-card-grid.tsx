import { Icon } from "~/components/icons/icon";
import { SectionHeading } from "~/components/page/section-heading";
import type { IconCard } from "~/content/schema";

/** A heading and a grid of icon cards; used for commitments, values and reasons. */
export function IconCardGrid({
  id,
  heading,
  lead,
  cards,
  tone = "white",
}: {
  id: string;
  heading: string;
  lead?: string;
  cards: readonly IconCard[];
  tone?: "white" | "paper";
}) {
  return (
    <section aria-labelledby={id} className={tone === "paper" ? "bg-paper py-16" : "bg-white py-16"}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id={id} heading={heading} lead={lead} />
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {cards.map((card) => (
            <li
              key={card.title}
              className="flex flex-col gap-3 rounded-xl bg-white p-6 shadow-sm ring-1 ring-mist"
            >
              <span className="inline-flex size-12 items-center justify-center rounded-lg bg-amber/20 text-navy">
                <Icon name={card.icon} className="size-6" />
              </span>
              <h3 className="text-lg font-bold text-navy">{card.title}</h3>
              <p className="leading-relaxed text-slate-700">{card.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
