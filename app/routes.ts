import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { legacyRedirects } from "./content/redirects";

export default [
  index("routes/home.tsx"),
  route("products", "routes/products.tsx"),
  // Rendered on each request from the active catalogue version (docs/catalogue.md#family-pages).
  route("products/:family", "routes/product-family.tsx"),
  route("products/:family/:sku", "routes/product-item.tsx"),
  route("protective-packaging", "routes/protective-packaging.tsx"),
  route("about", "routes/about.tsx"),
  route("resources", "routes/resources.tsx"),
  route("resources/articles/:slug", "routes/resource-article.tsx"),
  route("contact", "routes/contact.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  // /api/contact and /api/newsletter are answered by the server itself: app/features/leads/form-request.server.ts.
  // Rendered on each request: the form carries a signed start time (docs/quotes.md).
  route("quote", "routes/quote.tsx"),
  route("api/quote", "routes/api.quote.ts"),
  // Rendered on request, never indexed: the list lives in the visitor's browser (docs/catalogue.md#quote-list).
  route("quote-list", "routes/quote-list.tsx"),
  // Rendered on each request, never indexed: the pages newsletter e-mails link to (docs/newsletter.md).
  route("newsletter/confirm", "routes/newsletter.confirm.tsx"),
  route("newsletter/unsubscribe", "routes/newsletter.unsubscribe.tsx"),
  // Rendered on each request (not prerendered), never indexed, not in the sitemap: docs/search.md.
  route("search", "routes/search.tsx"),
  // Rendered on each request: a quote's file through the signed, expiring link a webhook carries (docs/webhooks.md).
  route("files/:id/:name", "routes/files.ts"),
  // The sales desk (docs/desk.md): staff only, rendered on each request, never indexed, no scripts but the passkey ceremony's.
  route("desk", "routes/desk.tsx", [
    index("routes/desk._index.tsx"),
    route("link", "routes/desk.link.tsx"),
    route("sign-in", "routes/desk.sign-in.tsx"),
    route("sign-out", "routes/desk.sign-out.tsx"),
    route("sessions", "routes/desk.sessions.tsx"),
    route("passkey", "routes/desk.passkey.tsx"),
    route("passkeys", "routes/desk.passkeys.tsx"),
    route("speed", "routes/desk.speed.tsx"),
    route("held", "routes/desk.held.tsx"),
    route("report", "routes/desk.report.tsx"),
    route("range", "routes/desk.range.tsx"),
    route("range/upload", "routes/desk.range-upload.tsx"),
    route("export/:dataset", "routes/desk.export.tsx"),
    route("leads/:kind/:id", "routes/desk.lead.tsx"),
    route("leads/:kind/:id/files/:fileId", "routes/desk.lead-file.tsx"),
    route("*", "routes/desk.not-found.tsx"),
  ]),
  // The server answers these with a 301 before React Router sees them; the routes exist so that
  // an in-app navigation to a legacy path is redirected too, without leaving a history entry for the legacy path.
  ...[...legacyRedirects.keys()].map((from) =>
    route(from.slice(1), "routes/legacy-redirect.ts", { id: `legacy:${from}` }),
  ),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
