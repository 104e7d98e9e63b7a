import { data } from "react-router";
import { type NewsletterActionData, NewsletterSignup } from "~/components/forms/newsletter-signup";
import { PageHero } from "~/components/page/page-hero";
import { ArticlesSection } from "~/components/resources/articles-section";
import { CatalogSection } from "~/components/resources/catalog-section";
import { CategoryBadges } from "~/components/resources/category-badges";
import { DocumentsSection } from "~/components/resources/documents-section";
import { Toaster } from "~/components/ui/toaster";
import { pages } from "~/content/pages";
import { resources } from "~/content/resources";
import { buildMeta } from "~/lib/seo";
import { siteOrigin } from "~/lib/site";
import { formResultHeaders, handleNewsletterRequest } from "~/server/forms/form-request.server";
import type { Route } from "./+types/resources";

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(pages.resources, siteOrigin(matches));

/** The newsletter signup posted without JavaScript (DECISIONS D10): the page answers with the outcome. */
export async function action({ request, context }: Route.ActionArgs) {
  const submitted = await request
    .clone()
    .formData()
    .catch(() => null);
  const result = await handleNewsletterRequest(request, context);
  const email = submitted?.get("email");
  const body: NewsletterActionData = {
    ok: result.ok,
    title: result.title,
    message: result.message,
    email: !result.ok && typeof email === "string" ? email : undefined,
  };
  return data(body, { status: result.status, headers: formResultHeaders(result) });
}

/**
 * Search and filter state lives in the query string (DECISIONS D18), one pair per list:
 * `q` and `category` for the technical documents, `aq` and `acategory` for the tips articles.
 * The prerendered HTML shows both lists unfiltered; the browser applies the query after hydration.
 */
export default function Resources({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero heading={resources.hero.heading} lead={resources.hero.lead} image="hero-resources">
        <CategoryBadges />
      </PageHero>
      <CatalogSection />
      <DocumentsSection />
      <ArticlesSection />
      <NewsletterSignup actionData={actionData} />
      <Toaster />
    </>
  );
}
