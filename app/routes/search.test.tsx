import { gunzipSync } from "node:zlib";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, useLoaderData } from "react-router";
import { describe, expect, it } from "vitest";
import { IconSprite, IconsProvider } from "~/components/icons/icon-sprite";
import { siteSearch } from "~/features/search/site-index.server";
import type { CatalogueResults, SiteSearchResult } from "~/lib/search-types";
import {
  cutTemplate,
  escapedQuery,
  fillTemplate,
  gzipTemplate,
  resultsPiece,
} from "~/site/search-template.server";
import type { Route } from "./+types/search";
import Search from "./search";
import { SEARCH_RESULTS_ICONS, SearchResults } from "./search-results";

/*
 * The results page filled in from its template (app/site/search-page.server.ts) must read exactly as
 * React renders the page for the query itself: the route's part of it is rendered both ways here, on
 * the server as the site renders it, and compared.
 */

type SearchData = Route.ComponentProps["loaderData"];

function SearchWithData() {
  const loaderData = useLoaderData() as SearchData;
  return (
    <IconsProvider>
      <Search {...({ loaderData } as Route.ComponentProps)} />
    </IconsProvider>
  );
}

/** The route's component rendered on the server as React Router renders a page, with `data`. */
async function renderRoute(data: SearchData): Promise<string> {
  const routes = [
    {
      id: "search",
      path: "/search",
      loader: () => data,
      Component: SearchWithData,
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://localhost/search"));
  if (context instanceof Response) throw new Error("the stub route answered a response");
  const router = createStaticRouter(handler.dataRoutes, context);
  // React separates neighbouring texts with an empty comment when it renders a whole page; the
  // results rendered alone need none. A browser reads the two the same.
  return renderToString(
    <StaticRouterProvider router={router} context={context} hydrate={false} />,
  ).replaceAll("<!-- -->", "");
}

const catalogue: CatalogueResults = {
  items: [
    {
      sku: "RDT-4X6-3C",
      name: "Direct thermal label 4 x 6 in, perforated",
      url: "/products/direct-thermal-labels/RDT-4X6-3C",
      familyName: "Direct thermal labels",
      familyUrl: "/products/direct-thermal-labels",
      facts: ["Width: 4 in", "Height: 6 in"],
      discontinued: false,
    },
  ],
  families: [
    {
      slug: "direct-thermal-labels",
      name: "Direct thermal labels",
      url: "/products/direct-thermal-labels",
      description: "Labels printed by heat.",
    },
  ],
  total: 1,
  itemsFirst: true,
  sds: false,
};

function dataFor(query: string, found: boolean): SearchData {
  const result: SiteSearchResult = siteSearch.search(query);
  const items = found ? catalogue : { ...catalogue, items: [], families: [], total: 0 };
  const total = result.total + items.items.length + items.families.length;
  return { query, result, catalogue: items, total };
}

describe("the results page filled in from its template", () => {
  const slots = { query: "xquery0123456789abcdef", results: "xresults0123456789abcdef" };

  it.each([
    ["a part number", "RDT-4X6-3C", true],
    ["words the site knows", "shrink wrap", true],
    ["markup and quotes", `<b>4"x6'</b> & <script>alert(1)</script>`, true],
    ["a query that finds nothing", "xyzzy <i>plugh</i>", false],
  ])("reads as the page React renders for %s", async (_, query, found) => {
    const data = dataFor(query, found);
    const template = cutTemplate(
      await renderRoute({
        query: slots.query,
        result: null,
        catalogue: null,
        total: 0,
        resultsSlot: slots.results,
      }),
      slots,
      2026,
    );
    const results = renderToStaticMarkup(<SearchResults {...data} />);
    const filling = { query: escapedQuery(query), results, nonce: "nonce+/=" };
    const page = fillTemplate(template, filling);
    expect(page).toBe(await renderRoute(data));
    // Its gzip answer, joined from the template's pieces compressed once, reads the same.
    expect(gunzipSync(gzipTemplate(template, filling, resultsPiece(results))).toString()).toBe(page);
  });

  it("carries the symbols of every icon its results may draw", () => {
    const states: SearchData[] = [
      dataFor("RDT-4X6-3C", true),
      dataFor("xyzzy", false),
      { query: "", result: null, catalogue: null, total: 0 },
    ];
    for (const data of states) {
      const markup = renderToStaticMarkup(
        <IconsProvider>
          <SearchResults {...data} />
          <IconSprite />
        </IconsProvider>,
      );
      for (const [, name] of markup.matchAll(/<symbol id="icon-([^"]+)"/g)) {
        expect(SEARCH_RESULTS_ICONS).toContain(name);
      }
    }
  });

  it("is refused without its results' place or its query", () => {
    expect(() => cutTemplate("<p>xquery</p>", { query: "xquery", results: "xresults" }, 2026)).toThrow(
      /0 results/,
    );
    expect(() => cutTemplate("<p>xresults</p>", { query: "xquery", results: "xresults" }, 2026)).toThrow(
      /0 queries/,
    );
    expect(() =>
      cutTemplate("<p>xquery xresults xresults</p>", { query: "xquery", results: "xresults" }, 2026),
    ).toThrow(/2 results/);
  });
});
