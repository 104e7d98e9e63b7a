// Relative: routes.ts loads this file before the "~" alias exists.
import { withoutTrailingSlashes } from "../lib/paths";

/**
 * Legacy paths of the previous site and where they now live. This one table drives the server's
 * HTTP 301s and the in-app redirects (which replace the history entry).
 */
const toProducts = [
  "/customizable-labels",
  "/rfid-labels",
  "/shipping-boxes",
  "/barcoding",
  "/warehouse-labels",
  "/packaging-labeling-essentials",
  "/custom-packaging",
  "/stretch-films",
  "/operation-software",
  "/barcode-equipment",
  "/warehouse-racking-labels",
  "/products/material-handling-equipment",
  "/warehouse-signage",
  "/ribbons-labels",
  "/integrated-warehouse-workflow-solutions",
  "/thermal-ribbons",
  "/3d-printing",
  "/material-handling-equipment",
] as const;

export const legacyRedirects: ReadonlyMap<string, string> = new Map<string, string>([
  ...toProducts.map((from) => [from, "/products"] as const),
  ["/privacy-policy", "/contact"],
  ["/terms-of-service", "/contact"],
  ["/services", "/about"],
]);

/** Where a legacy path now lives, with the query string kept; undefined for any other path. */
export function resolveLegacyRedirect(pathname: string, search = ""): string | undefined {
  const normalized = withoutTrailingSlashes(pathname);
  const target = legacyRedirects.get(normalized.toLowerCase());
  if (!target) return undefined;
  return search && search !== "?" ? `${target}${search.startsWith("?") ? search : `?${search}`}` : target;
}
