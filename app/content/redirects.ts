// Relative: routes.ts loads this file before the "~" alias exists.
import { withoutTrailingSlashes } from "../lib/paths";
import type { ProductSectionId } from "./schema";

/**
 * Legacy paths of the previous site and where they now live. This one table drives the server's
 * HTTP 301s and the in-app redirects (which replace the history entry). A product path lands on its
 * section of /products (`#labels`, …); a path with no section of its own lands at the top.
 */
const toProducts: ReadonlyArray<readonly [from: string, section: ProductSectionId | null]> = [
  ["/customizable-labels", "labels"],
  ["/rfid-labels", "labels"],
  ["/shipping-boxes", "packaging"],
  ["/barcoding", "barcoding"],
  ["/warehouse-labels", "warehouse-labeling"],
  ["/packaging-labeling-essentials", "packaging"],
  ["/custom-packaging", "packaging"],
  ["/stretch-films", "packaging"],
  ["/operation-software", "barcoding"],
  ["/barcode-equipment", "barcoding"],
  ["/warehouse-racking-labels", "warehouse-labeling"],
  ["/products/material-handling-equipment", "material-handling"],
  ["/warehouse-signage", "warehouse-labeling"],
  ["/ribbons-labels", "labels"],
  ["/integrated-warehouse-workflow-solutions", "barcoding"],
  ["/thermal-ribbons", "labels"],
  ["/3d-printing", null],
  ["/material-handling-equipment", "material-handling"],
];

export const legacyRedirects: ReadonlyMap<string, string> = new Map<string, string>([
  ...toProducts.map(([from, section]) => [from, section ? `/products#${section}` : "/products"] as const),
  ["/privacy-policy", "/contact"],
  ["/terms-of-service", "/contact"],
  ["/services", "/about"],
]);

/**
 * Where a legacy path now lives, with the query string kept (before the target's `#section`);
 * undefined for any other path.
 */
export function resolveLegacyRedirect(pathname: string, search = ""): string | undefined {
  const normalized = withoutTrailingSlashes(pathname);
  const target = legacyRedirects.get(normalized.toLowerCase());
  if (!target) return undefined;
  if (!search || search === "?") return target;
  const [path, fragment] = target.split("#");
  return `${path}${search.startsWith("?") ? search : `?${search}`}${fragment ? `#${fragment}` : ""}`;
}
