import { PageSection } from "~/components/page/page-section";
import { articles } from "~/content/article-list";
import { articleCategories } from "~/content/articles";
import { resourceSectionIds, resources } from "~/content/resources";
import {
  type ArticleFilterCategory,
  articleCategoryParam,
  articleFilterParams,
  filterArticles,
  parseArticleCategory,
} from "~/lib/resource-search";
import { ArticleCard } from "./article-card";
import { type CategoryOption, FilteredList } from "./list-controls";
import { useListFilter } from "./use-list-filter";

const headingId = `${resourceSectionIds.articles}-heading`;

/**
 * URL parameters of this list: `?aq=<text>&acategory=<category slug>` ("storage-handling"). They differ
 * from the documents' `q` and `category`, so both lists keep their own state in one URL.
 */
export const articleParams = {
  ...articleFilterParams,
  parseCategory: parseArticleCategory,
  categoryParam: articleCategoryParam,
} as const;

const options: CategoryOption<ArticleFilterCategory>[] = [
  { value: "all", label: resources.articles.allLabel },
  ...articleCategories.map((category) => ({ value: category, label: category })),
];

export function ArticlesSection() {
  const content = resources.articles;
  const filter = useListFilter(articleParams);
  const results = filterArticles(articles, { query: filter.query, category: filter.category });

  return (
    <PageSection
      id={resourceSectionIds.articles}
      headingId={headingId}
      spacing="even"
      heading={content.heading}
      lead={content.lead}
      innerClassName="flex flex-col gap-8"
    >
      <FilteredList
        id="articles"
        copy={content}
        options={options}
        filter={filter}
        count={results.length}
        empty={<p className="max-w-xl text-lg text-slate-700">{content.emptyText}</p>}
      >
        <ul className="grid gap-6 md:grid-cols-2" data-testid="article-list">
          {results.map((article) => (
            <li key={article.slug}>
              <ArticleCard article={article} />
            </li>
          ))}
        </ul>
      </FilteredList>
    </PageSection>
  );
}
