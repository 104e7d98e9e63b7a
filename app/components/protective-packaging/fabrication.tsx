import { PageSection, TextCard } from "~/components/page/page-section";
import type { ProtectivePackagingContent } from "~/content/schema";

/** What the shop can do; the thickness limits come first because buyers ask about them first. */
export function Fabrication({ content }: { content: ProtectivePackagingContent["fabrication"] }) {
  return (
    <PageSection headingId="fabrication-heading" heading={content.heading} lead={content.lead}>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {content.items.map((item) => (
          <TextCard
            key={item.title}
            title={item.title}
            text={item.description}
            className="gap-2 border-t-4 border-amber bg-paper ring-1 ring-mist"
          />
        ))}
      </ul>
    </PageSection>
  );
}
