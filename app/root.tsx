import { type ReactNode, useEffect, useRef } from "react";
import {
  isRouteErrorResponse,
  Links,
  type LinksFunction,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
} from "react-router";
import { IconSprite, IconsProvider } from "~/components/icons/icon-sprite";
import { PageSnippet } from "~/components/layout/page-snippet";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { countInAppPage } from "~/features/leads/attribution/attribution";
import { AttributionSnippet } from "~/features/leads/attribution/attribution-fields";
import { FAVICON_DATA_URL } from "~/lib/favicon";
import { useNonce } from "~/lib/nonce";
import { SPECULATION_RULES, usePageScripts } from "~/lib/page-scripts";
import { PageStylesheet } from "~/lib/page-stylesheet";
import { ORIGIN_PLACEHOLDER } from "~/lib/site";
import { requestContext } from "~/load-context";
import type { Route } from "./+types/root";

// The SVG icon travels in the page: a browser asks for a linked icon while the page is still painting
// (docs/decisions/0038-stylesheet-in-the-page.md). There is no web app manifest for the same reason.
export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: FAVICON_DATA_URL, type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

/**
 * The canonical origin for every page's meta tags (read with siteOrigin): the server's SITE_URL, or,
 * while pages are prerendered at build time, a placeholder the server replaces when it loads them.
 */
export function loader({ context }: Route.LoaderArgs) {
  return { origin: context.get(requestContext)?.services.siteUrl || ORIGIN_PLACEHOLDER };
}

// The origin never changes while the site runs: no navigation needs to ask for it again.
export const shouldRevalidate = () => false;

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // Decision 0023: a page whose route asks for no scripts is a plain document (links load documents).
  const scripts = usePageScripts();
  useInAppPageCount();
  return (
    <html lang="en-US">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f2a43" />
        <Meta />
        <Links />
        <PageStylesheet />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-amber px-4 py-2 font-semibold text-navy focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to main content
        </a>
        <IconsProvider>
          <SiteHeader />
          <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
            {children}
          </main>
          <SiteFooter />
          <IconSprite />
        </IconsProvider>
        {/* The header's quote-list count and the search suggestions' loader (decision 0068): on every page. */}
        <PageSnippet nonce={nonce} />
        {/* How the visit came, for the lead forms' hidden field (docs/attribution.md): on every page. */}
        <AttributionSnippet nonce={nonce} />
        {scripts ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
        {/* Prefetches a page link on hover or press, where the browser supports it (decision 0023). */}
        <script
          type="speculationrules"
          nonce={nonce}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of our own, not visitor input.
          dangerouslySetInnerHTML={{ __html: SPECULATION_RULES }}
        />
      </body>
    </html>
  );
}

/**
 * Counts the pages a visit sees in the app, without a document load (the snippet counts the others):
 * every change of path after the first render.
 */
function useInAppPageCount() {
  const { pathname } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per path, by design.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    countInAppPage();
  }, [pathname]);
}

export default function App() {
  return <Outlet />;
}

/** The router's last resort: 'Unexpected Application Error!' with the status text or message. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let detail = "Something went wrong while loading this page.";
  let stack: string | undefined;
  if (isRouteErrorResponse(error)) {
    detail = `${error.status} ${error.statusText || ""}`.trim();
  } else if (error instanceof Error) {
    detail = error.message;
    // Stack traces help while developing; visitors never see one.
    if (import.meta.env.DEV) stack = error.stack;
  }
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-24 text-center">
      <title>Unexpected Application Error!</title>
      <h1 className="text-3xl font-extrabold text-navy">Unexpected Application Error!</h1>
      <p className="text-lg text-slate-700">{detail}</p>
      {stack ? (
        <pre className="overflow-x-auto rounded-md bg-paper p-4 text-left text-sm">{stack}</pre>
      ) : null}
      <p>
        <a href="/" className="font-semibold text-steel underline underline-offset-4">
          Return to Home
        </a>
      </p>
    </section>
  );
}
