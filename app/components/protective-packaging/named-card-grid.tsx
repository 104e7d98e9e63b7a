import { PageSection, TextCard } from "~/components/page/page-section";
import type { NamedText } from "~/content/schema";
import { cn } from "~/lib/cn";

/** A section of short named cards: the materials, the applications. */
export function NamedCardGrid({
  id,
  content: { heading, lead, items },
  tone = "white",
  columns = 3,
}: {
  id: string;
  content: { heading: string; lead: string; items: readonly NamedText[] };
  tone?: "white" | "paper";
  columns?: 3 | 4;
}) {
  return (
    <PageSection headingId={id} tone={tone} heading={heading} lead={lead}>
      <ul
        className={cn("mt-10 grid gap-6 sm:grid-cols-2", columns === 4 ? "lg:grid-cols-4" : "lg:grid-cols-3")}
      >
        {items.map((item) => (
          <TextCard
            key={item.name}
            title={item.name}
            text={item.description}
            className="gap-2 bg-white shadow-sm ring-1 ring-mist"
          />
        ))}
      </ul>
    </PageSection>
  );
}
