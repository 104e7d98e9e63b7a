import { data } from "react-router";
import { PageHero } from "~/components/page/page-hero";
import { ArticlesSection } from "~/components/resources/articles-section";
import { CatalogSection } from "~/components/resources/catalog-section";
import { CategoryBadges } from "~/components/resources/category-badges";
import { DocumentsSection } from "~/components/resources/documents-section";
import { Toaster } from "~/components/ui/toaster";
import { pages } from "~/content/pages";
import { resources } from "~/content/resources";
import { formResultHeaders, handleFormPost } from "~/features/leads/intake/form-request.server";
import { type NewsletterActionData, NewsletterSignup } from "~/features/newsletter/newsletter-signup";
import { newsletterFormApi } from "~/features/newsletter/signup.server";
import { newsletterValues } from "~/features/newsletter/signup-form";
import { inquiryDraft } from "~/lib/inquiry-drafts";
import { hasResourceFilters } from "~/lib/resource-search";
import { buildMeta } from "~/lib/seo";
import { siteOrigin } from "~/lib/site";
import { requestContextOf } from "~/load-context";
import type { Route } from "./+types/resources";

const NO_STORE = { "Cache-Control": "no-store" };

// The page's one e-mail draft is built here, on the server and at prerender, so the page's scripts
// do not carry the texts of every draft the site has (the page sits at its script budget).
export function loader({ url }: Route.LoaderArgs) {
  const body = { quoteDraft: inquiryDraft(resources.catalog.quote.inquiry) };
  // A filtered URL is rendered on request and shows the search text typed into it: kept from caches,
  // like every answer that repeats what a visitor typed (docs/product.md#no-javascript).
  return data(body, hasResourceFilters(url.searchParams) ? { headers: NO_STORE } : {});
}

export const shouldRevalidate = () => false;

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(pages.resources, siteOrigin(matches));

/**
 * The newsletter signup posted without JavaScript (docs/product.md#no-javascript): the page answers with
 * the outcome.
 */
export async function action({ request, context: provider }: Route.ActionArgs) {
  const context = requestContextOf(provider);
  const { result, fields } = await handleFormPost(request, context, newsletterFormApi);
  const body: NewsletterActionData = {
    ok: result.ok,
    title: result.title,
    message: result.message,
    fieldErrors: result.fieldErrors,
    // A refused address comes back in the field; a subscribed one is cleared.
    values: result.ok ? undefined : newsletterValues(fields),
  };
  return data(body, { status: result.status, headers: formResultHeaders(result) });
}

/** The action's `no-store` (and a 429's `Retry-After`) when it ran, else the loader's; dropped without this. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

/**
 * Search and filter state lives in the query string (docs/product.md#resources-filters), one pair per list:
 * `q` and `category` for the technical documents, `aq` and `acategory` for the tips articles.
 * The prerendered HTML shows both lists unfiltered; a URL that carries either filter is rendered by the
 * server on request, already filtered by the same functions the browser runs (resource-search.ts), so
 * it works without JavaScript and hydrates without a change.
 */
export default function Resources({ actionData, loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        heading={resources.hero.heading}
        lead={resources.hero.lead}
        image="hero-resources"
        artOnPhones={false}
      >
        <CategoryBadges />
      </PageHero>
      <CatalogSection quoteDraft={loaderData.quoteDraft} />
      <DocumentsSection />
      <ArticlesSection />
      <NewsletterSignup actionData={actionData} />
      <Toaster />
    </>
  );
}
