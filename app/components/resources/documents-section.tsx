import { memo } from "react";
import { DocumentActions } from "~/components/document-actions";
import { Icon } from "~/components/icons/icon";
import { PageSection } from "~/components/page/page-section";
import { brochureCategoryLabels, brochures } from "~/content/brochures";
import { brochureCategories } from "~/content/ids";
import { resourceSectionIds, resources } from "~/content/resources";
import { brochureFile, describeDocument } from "~/lib/documents";
import {
  type DocumentFilterCategory,
  documentCardId,
  documentCategoryParam,
  documentFilterParams,
  filterDocuments,
  parseDocumentCategory,
} from "~/lib/resource-search";
import { type CategoryOption, FilteredList } from "./list-controls";
import { useListFilter } from "./use-list-filter";

const headingId = `${resourceSectionIds.documents}-heading`;

/** URL parameters of this list: `?q=<text>&category=<brochure category>`. */
export const documentParams = {
  ...documentFilterParams,
  parseCategory: parseDocumentCategory,
  categoryParam: documentCategoryParam,
} as const;

const options: CategoryOption<DocumentFilterCategory>[] = [
  { value: "all", label: resources.documents.allLabel },
  ...brochureCategories.map((category) => ({ value: category, label: brochureCategoryLabels[category] })),
];

/** Memoised: the list renders again once the URL's filter applies after hydration, mostly unchanged. */
const DocumentCard = memo(function DocumentCard({
  brochure,
  showCategory,
}: {
  brochure: (typeof brochures)[number];
  showCategory: boolean;
}) {
  const file = brochureFile(brochure.id);
  return (
    <article
      id={documentCardId(brochure.id)}
      className="flex h-full flex-col gap-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-mist"
    >
      <div className="flex items-start justify-between gap-3">
        <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-amber/20 text-navy">
          <Icon name="FileText" className="size-5" />
        </span>
        {showCategory ? (
          <span
            className="rounded-full bg-mist px-3 py-1 text-xs font-bold tracking-wide text-navy uppercase"
            data-testid="document-category"
          >
            {brochureCategoryLabels[brochure.category]}
          </span>
        ) : null}
      </div>
      <h3 className="text-lg leading-snug font-bold text-navy">{brochure.title}</h3>
      <p className="flex-1 leading-relaxed text-slate-700">{brochure.description}</p>
      <p className="text-sm font-semibold text-slate-600">{describeDocument(file)}</p>
      <DocumentActions title={brochure.title} file={file} />
    </article>
  );
});

export function DocumentsSection() {
  const content = resources.documents;
  const filter = useListFilter(documentParams);
  const results = filterDocuments(brochures, { query: filter.query, category: filter.category });
  const showCategory = filter.category === "all";

  return (
    <PageSection
      id={resourceSectionIds.documents}
      headingId={headingId}
      tone="paper"
      spacing="even"
      heading={content.heading}
      lead={content.lead}
      innerClassName="flex flex-col gap-8"
    >
      <FilteredList
        id="documents"
        copy={content}
        options={options}
        filter={filter}
        count={results.length}
        empty={
          <>
            <p className="text-lg font-bold text-navy">{content.emptyHeading}</p>
            <p className="text-slate-700">{content.emptyText}</p>
          </>
        }
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="document-list">
          {results.map((brochure) => (
            <li key={brochure.id}>
              <DocumentCard brochure={brochure} showCategory={showCategory} />
            </li>
          ))}
        </ul>
      </FilteredList>
    </PageSection>
  );
}
