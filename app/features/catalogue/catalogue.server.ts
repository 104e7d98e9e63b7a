import type { CatalogueFamily, CatalogueItem, CatalogueVersionInfo, ProductArea } from "./model";

/** The read side every page uses: the active version of the range, in memory. */
export interface CatalogueView {
  readonly info: CatalogueVersionInfo;
  readonly families: readonly CatalogueFamily[];
  family(slug: string): CatalogueFamily | undefined;
  familiesOfArea(area: ProductArea): readonly CatalogueFamily[];
  itemsOf(familySlug: string): readonly CatalogueItem[];
  item(sku: string): CatalogueItem | undefined;
}

export interface CatalogueReader {
  current(): CatalogueView;
}
