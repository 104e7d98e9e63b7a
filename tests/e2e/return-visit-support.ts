import { expect, type Page } from "@playwright/test";
import { staticPages } from "../../react-router.config";

/**
 * Every prerendered HTML page, from the build's own list (so a new article is covered without
 * touching the tests): the resources with a file extension (sitemap, robots) are not pages.
 */
export const prerenderedPages: readonly string[] = staticPages.filter((path) => !/\.[a-z]+$/i.test(path));

/** What the browser's network stack really saw for one document request. */
export interface DocumentExchange {
  url: string;
  /** The `If-None-Match` the browser sent, if any: it only sends one when it revalidates a cached copy. */
  ifNoneMatch: string | undefined;
  /** The status on the wire. Playwright reports a revalidated page as 200; the wire says 304. */
  wireStatus: number | undefined;
}

type Headers = Record<string, string>;
const headerOf = (headers: Headers, name: string) =>
  Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];

/**
 * Watches one page: CSP violations (the DOM event, from the first script of every document on, and
 * the console), and the document requests as Chromium's network layer saw them, through a DevTools
 * session (no request interception: Playwright turns the HTTP cache off while routes are set).
 */
export async function watchPage(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const consoleViolations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) consoleViolations.push(message.text());
  });

  const exchanges = new Map<string, DocumentExchange>();
  const order: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  cdp.on("Network.requestWillBeSent", (event) => {
    if (event.type !== "Document") return;
    if (!exchanges.has(event.requestId)) order.push(event.requestId);
    exchanges.set(event.requestId, {
      url: event.request.url,
      ifNoneMatch: exchanges.get(event.requestId)?.ifNoneMatch,
      wireStatus: undefined,
    });
  });
  // The extra-info events carry the headers as sent and received, and may arrive in any order
  // relative to the ones above.
  const pendingRequestHeaders = new Map<string, Headers>();
  const pendingStatuses = new Map<string, number>();
  const apply = (requestId: string) => {
    const exchange = exchanges.get(requestId);
    if (!exchange) return;
    const sent = pendingRequestHeaders.get(requestId);
    if (sent) exchange.ifNoneMatch = headerOf(sent, "if-none-match");
    const status = pendingStatuses.get(requestId);
    if (status !== undefined) exchange.wireStatus = status;
  };
  cdp.on("Network.requestWillBeSentExtraInfo", (event) => {
    pendingRequestHeaders.set(event.requestId, event.headers as Headers);
    apply(event.requestId);
  });
  cdp.on("Network.responseReceivedExtraInfo", (event) => {
    pendingStatuses.set(event.requestId, event.statusCode);
    apply(event.requestId);
  });
  cdp.on("Network.responseReceived", (event) => apply(event.requestId));
  await cdp.send("Network.enable");

  const violations = async (): Promise<string[]> => [
    ...consoleViolations,
    ...(await page
      .evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])
      .catch(() => [])),
  ];

  return {
    violations,
    /** Index to pass to `documentsSince`, taken before a navigation. */
    mark: () => order.length,
    documentsSince: (mark: number): DocumentExchange[] =>
      order.slice(mark).flatMap((id) => {
        const exchange = exchanges.get(id);
        return exchange ? [{ ...exchange }] : [];
      }),
  };
}

export type PageWatch = Awaited<ReturnType<typeof watchPage>>;

/**
 * Falsy until the page has settled: React Router hydrated (the router exists and React owns the
 * server-rendered header), or, on a page without scripts (decision 0023), the page has loaded, or the
 * browser reported a CSP violation, after which it never will.
 */
function readiness(withScripts: boolean): { hydrated: boolean } | false {
  const router = (window as unknown as { __reactRouterDataRouter?: { state?: { initialized?: boolean } } })
    .__reactRouterDataRouter;
  const header = document.querySelector("header");
  const hydrated = Boolean(
    router?.state?.initialized &&
      header &&
      Object.keys(header).some((key) => key.startsWith("__reactFiber$")),
  );
  const blocked = ((window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []).length > 0;
  const loaded = !withScripts && document.readyState === "complete";
  return hydrated || blocked || loaded ? { hydrated } : false;
}

/**
 * The checks a visitor would notice on every visit: the site's stylesheet applies, React took over
 * a page with scripts once the visitor interacts (and never touched a page without them), and the
 * browser blocked nothing.
 */
export async function expectWorkingPage(page: Page, watch: PageWatch, label: string): Promise<void> {
  await page.waitForLoadState("domcontentloaded");
  const withScripts = await page.evaluate(() => document.querySelector("script[type=module]") !== null);
  if (withScripts) {
    // Pages with forms load their scripts on the first interaction: the pointer moving is one.
    await page.mouse.move(1, 1);
    await page.mouse.move(2, 2);
  }
  await page.waitForFunction(readiness, withScripts, { timeout: 10_000 }).catch(() => undefined);
  expect(await watch.violations(), `${label}: CSP violations`).toEqual([]);
  // Without the site's CSS the header is static and the body is in the browser's serif default.
  const style = await page.evaluate(() => ({
    headerPosition: getComputedStyle(document.querySelector("header") ?? document.body).position,
    bodyFont: getComputedStyle(document.body).fontFamily.split(",")[0]?.trim(),
  }));
  expect(style, `${label}: the stylesheet applies`).toEqual({
    headerPosition: "sticky",
    bodyFont: "ui-sans-serif",
  });
  expect(await page.evaluate(readiness, withScripts), `${label}: hydrated when it has scripts`).toEqual({
    hydrated: withScripts,
  });
}

/** The one document request made by a navigation: a revalidation that the server answered 304. */
export async function expectRevalidated(watch: PageWatch, mark: number, url: string, label: string) {
  // The extra-info events can trail the navigation by a moment.
  await expect
    .poll(() => watch.documentsSince(mark).find((exchange) => exchange.url === url)?.wireStatus, {
      message: `${label}: the page's request reached the server`,
    })
    .not.toBeUndefined();
  const exchange = watch.documentsSince(mark).find((candidate) => candidate.url === url);
  expect(
    { ifNoneMatch: Boolean(exchange?.ifNoneMatch), wireStatus: exchange?.wireStatus },
    `${label}: the browser revalidated its cached copy and the server answered 304`,
  ).toEqual({ ifNoneMatch: true, wireStatus: 304 });
}
