import { memo } from "react";
import { Link } from "react-router";
import { Icon } from "~/components/icons/icon";
import type { Article } from "~/content/articles";
import { resources } from "~/content/resources";
import { ArticleMeta, ArticleTags } from "./article-meta";

export function articlePath(slug: string): string {
  return `/resources/articles/${slug}`;
}

/** One tips article in a list: what it is about and the way in. */
/** Memoised: the list renders again once the URL's filter applies after hydration, mostly unchanged. */
export const ArticleCard = memo(function ArticleCard({ article }: { article: Article }) {
  const copy = resources.articles;
  return (
    <article className="flex h-full flex-col gap-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-mist">
      <p className="text-xs font-bold tracking-[0.14em] text-steel uppercase" data-testid="article-category">
        {article.category}
      </p>
      <h3 className="text-xl leading-snug font-bold text-navy text-balance">{article.title}</h3>
      <p className="leading-relaxed text-slate-700">{article.excerpt}</p>
      <ArticleMeta article={article} />
      <ArticleTags tags={article.tags} label={copy.tagsLabel} className="flex-1 content-start" />
      <Link
        to={articlePath(article.slug)}
        className="inline-flex items-center gap-2 self-start rounded-md bg-navy px-4 py-2.5 text-sm font-semibold text-white transition-colors hover:bg-steel focus-visible:ring-3 focus-visible:ring-focus focus-visible:ring-offset-2 focus-visible:outline-none"
      >
        {copy.readLabel}
        <span className="sr-only">: {article.title}</span>
        <Icon name="ArrowRight" className="size-4" />
      </Link>
    </article>
  );
});
