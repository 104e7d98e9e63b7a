import { useEffect } from "react";
import { data, isRouteErrorResponse, Link, useLocation } from "react-router";
import { ArticleBody } from "~/components/resources/article-body";
import { ArticleCard } from "~/components/resources/article-card";
import { ArticleCta } from "~/components/resources/article-cta";
import { ArticleHeader, BackToArticlesLink, backToArticlesHref } from "~/components/resources/article-header";
import { Button } from "~/components/ui/button";
import { getArticleBody } from "~/content/article-bodies.server";
import { articles, getArticle } from "~/content/article-list";
import type { Article } from "~/content/articles";
import { resources } from "~/content/resources";
import { articleJsonLd } from "~/lib/article-json-ld";
import { inquiryDrafts } from "~/lib/inquiry-drafts";
import { noScripts } from "~/lib/page-scripts";
import { buildMeta, pageTitle } from "~/lib/seo";
import { siteOrigin } from "~/lib/site";
import { requestContextOf } from "~/load-context";
import type { Route } from "./+types/resource-article";

/** Nothing here needs a script: the page is served without any (docs/decisions/0023). */
export const handle = noScripts;

// The text is read here and nowhere else in this module: the loader runs only on the server and at
// prerender, so the browser gets the text in this page's HTML and .data file, not in a script bundle.
export function loader({ params, url, context }: Route.LoaderArgs) {
  const article = getArticle(params.slug);
  const body = article && getArticleBody(article.slug);
  if (!article || !body) {
    // Known articles are prerendered, so only unknown slugs reach the server here.
    requestContextOf(context).services.logger.warn(
      { path: url.pathname, event: "not_found" },
      "article not found",
    );
    throw data(null, { status: 404, statusText: "Not Found" });
  }
  // The call to action's e-mail link, finished here: the page's scripts carry none of the drafts' texts.
  return { article, body, mailDrafts: inquiryDrafts([resources.article.cta.inquiry]) };
}

export const meta: Route.MetaFunction = ({ loaderData, location, matches }) => {
  const origin = siteOrigin(matches);
  if (!loaderData) {
    return buildMeta(
      {
        title: pageTitle("Article Not Found"),
        description: resources.article.notFound.lead,
        path: location.pathname,
        noIndex: true,
      },
      origin,
    );
  }
  const { article } = loaderData;
  const path = `/resources/articles/${article.slug}`;
  return [
    ...buildMeta(
      {
        title: pageTitle(article.title),
        description: article.excerpt,
        path,
        keywords: article.tags,
        ogType: "article",
      },
      origin,
    ),
    { property: "article:published_time", content: article.date },
    { property: "article:section", content: article.category },
    { "script:ld+json": articleJsonLd(article, path, origin) },
  ];
};

/** The next articles in list order, wrapping round, so every page suggests different reading. */
function moreArticles(current: Article, count: number): Article[] {
  const start = articles.findIndex((article) => article.slug === current.slug);
  return Array.from(
    { length: count },
    (_, offset) => articles[(start + offset + 1) % articles.length],
  ).filter((article): article is Article => article !== undefined && article.slug !== current.slug);
}

export default function ResourceArticle({ loaderData }: Route.ComponentProps) {
  const { article, body } = loaderData;
  const copy = resources.article;
  return (
    <>
      <article aria-labelledby="page-title">
        <ArticleHeader article={article} />
        <div className="mx-auto flex max-w-3xl flex-col gap-12 px-4 py-12 sm:px-6 md:py-16 lg:px-8">
          <ArticleBody blocks={body} />
          <ArticleCta />
          <BackToArticlesLink tone="light" />
        </div>
      </article>
      <section aria-labelledby="more-tips-heading" className="bg-paper py-14">
        <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 sm:px-6 lg:px-8">
          <h2 id="more-tips-heading" className="text-2xl font-extrabold text-navy">
            {copy.moreHeading}
          </h2>
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {moreArticles(article, 3).map((other) => (
              <li key={other.slug}>
                <ArticleCard article={other} />
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}

/** An unknown slug answers 404 with the site's not-found wording and a way to the list. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { pathname } = useLocation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (notFound) console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [notFound, pathname]);
  // Anything else is a real failure: the root boundary reports it.
  if (!notFound) throw error;

  const copy = resources.article.notFound;
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center gap-6 px-4 py-24 text-center">
      <p className="text-7xl font-extrabold text-steel" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-extrabold text-navy sm:text-4xl">{copy.heading}</h1>
      <p className="text-lg text-slate-700">{copy.lead}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild size="lg">
          <Link to={backToArticlesHref}>{copy.backLabel}</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/">{copy.homeLabel}</Link>
        </Button>
      </div>
    </section>
  );
}
