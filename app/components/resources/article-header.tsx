import { Link } from "react-router";
import { Icon } from "~/components/icons/icon";
import type { Article } from "~/content/articles";
import { resourceSectionIds, resources } from "~/content/resources";
import { ArticleMeta, ArticleTags } from "./article-meta";

export const backToArticlesHref = `/resources#${resourceSectionIds.articles}`;

const BACK_LINK_CLASS = {
  /** On the article's navy header. */
  dark: "inline-flex items-center gap-2 self-start rounded-md text-sm font-semibold text-mist underline-offset-4 hover:text-white hover:underline",
  /** Below the article's text, on white. */
  light:
    "inline-flex items-center gap-2 self-start rounded-md font-semibold text-steel underline-offset-4 hover:text-navy hover:underline",
} as const;

/** The way back from an article to the list of tips articles on /resources. */
export function BackToArticlesLink({ tone }: { tone: keyof typeof BACK_LINK_CLASS }) {
  return (
    <Link to={backToArticlesHref} className={BACK_LINK_CLASS[tone]}>
      <Icon name="ArrowLeft" className="size-4" />
      {resources.article.backLabel}
    </Link>
  );
}

/** The top of an article page: the way back, category, title (the page's h1), summary and details. */
export function ArticleHeader({ article }: { article: Article }) {
  const copy = resources.article;
  return (
    <header className="bg-navy text-white">
      <div className="mx-auto flex max-w-3xl flex-col gap-5 px-4 py-10 sm:px-6 md:py-14 lg:px-8">
        <BackToArticlesLink tone="dark" />
        <p className="text-sm font-bold tracking-[0.16em] text-amber uppercase">{article.category}</p>
        <h1
          id="page-title"
          className="text-3xl leading-tight font-extrabold text-balance sm:text-4xl lg:text-[2.625rem]"
        >
          {article.title}
        </h1>
        <p className="max-w-[65ch] text-lg leading-relaxed text-mist">{article.excerpt}</p>
        <ArticleMeta article={article} tone="dark" />
        <ArticleTags tags={article.tags} label={copy.tagsLabel} tone="dark" />
      </div>
    </header>
  );
}
