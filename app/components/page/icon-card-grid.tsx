import { Icon } from "~/components/icons/icon";
import { PageSection, TextCard } from "~/components/page/page-section";
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
    <PageSection headingId={id} tone={tone} spacing="even" heading={heading} lead={lead}>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map((card) => (
          <TextCard
            key={card.title}
            title={card.title}
            text={card.description}
            className="gap-3 bg-white shadow-sm ring-1 ring-mist"
            before={
              <span className="inline-flex size-12 items-center justify-center rounded-lg bg-amber/20 text-navy">
                <Icon name={card.icon} className="size-6" />
              </span>
            }
          />
        ))}
      </ul>
    </PageSection>
  );
}
