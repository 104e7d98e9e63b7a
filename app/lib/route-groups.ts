/**
 * The site's top-level paths that the request metrics count apart (docs/deploy.md#metrics): a small
 * fixed set, so a scanner trying a thousand URLs adds no series. Everything else is `other`.
 */
export const ROUTE_GROUPS: readonly string[] = [
  "assets",
  "api",
  "contact",
  "quote",
  "newsletter",
  "products",
  "resources",
  "about",
  "privacy",
];
