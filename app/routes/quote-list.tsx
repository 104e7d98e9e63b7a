import { quoteListPage } from "~/content/quote-list-page";
import { QuoteListPage } from "~/features/catalogue/quote-list/quote-list-page";
import { noScripts } from "~/lib/page-scripts";
import { buildMeta, pageTitle } from "~/lib/seo";
import { siteOrigin } from "~/lib/site";
import type { Route } from "./+types/quote-list";

/**
 * The quote list (docs/catalogue.md#quote-list): no React scripts; the page snippet loads the list's own
 * small module (docs/decisions/0069). Rendered on request, so the page links the whole stylesheet the
 * lines it writes need; never indexed: its content is each visitor's own.
 */
export const handle = noScripts;

export const meta: Route.MetaFunction = ({ matches }) =>
  buildMeta(
    {
      title: pageTitle(quoteListPage.heading),
      description: quoteListPage.description,
      path: quoteListPage.path,
      noIndex: true,
    },
    siteOrigin(matches),
  );

export default function QuoteList() {
  return <QuoteListPage />;
}
