import type { ProductSection } from "~/content/schema";

/** Links to the page's anchored sections, so a visitor can skip straight to one product area. */
export function ProductSectionNav({
  label,
  sections,
}: {
  label: string;
  sections: readonly Pick<ProductSection, "id" | "title">[];
}) {
  return (
    <nav aria-labelledby="product-areas-label" className="border-b border-mist bg-paper">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 sm:px-6 lg:px-8">
        <p id="product-areas-label" className="text-sm font-bold uppercase tracking-[0.16em] text-steel">
          {label}
        </p>
        <ul className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          {sections.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="flex h-full min-h-11 items-center justify-center rounded-full bg-white px-3 py-1.5 text-center text-sm font-semibold text-navy ring-1 ring-mist transition-colors hover:bg-navy hover:text-white sm:px-4"
              >
                {section.title}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
