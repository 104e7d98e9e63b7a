import type { Database } from "~/server/db/schema.server";
import type { Logger } from "~/server/logger.server";
import { ITEM_FIELDS, interner, itemOfRow } from "./item-rows.server";
import { partKey } from "./keys";
import type { CatalogueFamily, CatalogueItem, CatalogueVersionInfo, ProductArea } from "./model";
import { activeVersion } from "./versions.server";

/*
 * The read side every page uses (docs/catalogue.md#serving): the active version, held in memory and
 * replaced whole when another version becomes active, so a page never waits for the database to read
 * the range and never sees half of an import.
 */

export interface CatalogueView {
  /** The active version. */
  readonly info: CatalogueVersionInfo;
  /** The families file's order. */
  readonly families: readonly CatalogueFamily[];
  family(slug: string): CatalogueFamily | undefined;
  familiesOfArea(area: ProductArea): readonly CatalogueFamily[];
  /** The CSV's order. */
  itemsOf(familySlug: string): readonly CatalogueItem[];
  /** By sku, ignoring case, spaces, dashes, dots, slashes and underscores (partKey). */
  item(sku: string): CatalogueItem | undefined;
  /**
   * The items whose sku or make part number has one of these part keys, in the CSV's order, at most
   * `limit`: the item search's exact part numbers, answered from the range held (docs/decisions/0092).
   */
  itemsWithParts(keys: readonly string[], limit: number): CatalogueItem[];
}

export interface CatalogueReader {
  current(): CatalogueView;
}

/** How often each instance asks whether another version became active. */
export const CATALOGUE_CHECK_MS = 15_000;
/** Items read per query while a version loads: each step stays short on a busy server. */
const LOAD_PAGE = 2_000;
const NO_VERSION: CatalogueVersionInfo = { version: 0, importedAt: "", itemCount: 0, source: "none" };

export function catalogueView(
  info: CatalogueVersionInfo,
  families: readonly CatalogueFamily[],
  items: readonly CatalogueItem[],
): CatalogueView {
  const bySlug = new Map(families.map((family) => [family.slug, family]));
  const byArea = new Map<ProductArea, CatalogueFamily[]>();
  for (const family of families) byArea.set(family.area, [...(byArea.get(family.area) ?? []), family]);
  const byFamily = new Map<string, CatalogueItem[]>(families.map((family) => [family.slug, []]));
  /** The items served (those of known families), in the CSV's order; the maps below hold places in it. */
  const served: CatalogueItem[] = [];
  const bySku = new Map<string, number>();
  const byMakePart = new Map<string, number[]>();
  for (const item of items) {
    const list = byFamily.get(item.family);
    if (!list) continue;
    list.push(item);
    const place = served.push(item) - 1;
    bySku.set(partKey(item.sku), place);
    if (item.makePartNumber) {
      const key = partKey(item.makePartNumber);
      const same = byMakePart.get(key);
      if (same) same.push(place);
      else byMakePart.set(key, [place]);
    }
  }
  const itemsWithParts = (keys: readonly string[], limit: number): CatalogueItem[] => {
    const found = new Set<number>();
    for (const key of keys) {
      const place = bySku.get(key);
      if (place !== undefined) found.add(place);
      for (const other of byMakePart.get(key) ?? []) found.add(other);
    }
    return [...found]
      .sort((a, b) => a - b)
      .slice(0, limit)
      .flatMap((place) => served[place] ?? []);
  };
  return {
    info,
    families,
    family: (slug) => bySlug.get(slug),
    familiesOfArea: (area) => byArea.get(area) ?? [],
    itemsOf: (slug) => byFamily.get(slug) ?? [],
    item: (sku) => {
      const place = bySku.get(partKey(sku));
      return place === undefined ? undefined : served[place];
    },
    itemsWithParts,
  };
}

/** A version's items, in the CSV's order, read a page at a time. */
export async function loadVersionItems(db: Database, version: number): Promise<CatalogueItem[]> {
  const items: CatalogueItem[] = [];
  const same = interner();
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom("catalogue_items")
      .select(["id", ...ITEM_FIELDS])
      .where("version_id", "=", version)
      .where("id", ">", after)
      .orderBy("id")
      .limit(LOAD_PAGE)
      .execute();
    for (const row of rows) items.push(itemOfRow(row, same));
    if (rows.length < LOAD_PAGE) return items;
    after = Number(rows.at(-1)?.id);
    // Lets requests in between the pages of a large range.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

export interface LiveCatalogue extends CatalogueReader {
  /** Loads the active version when it is not the one held; resolves true when it changed. */
  refresh(): Promise<boolean>;
  /** Checks every `everyMs` for another active version; returns the stop function. */
  watch(everyMs?: number): () => void;
}

/**
 * A reader over the database's active version. It holds an empty catalogue until the first refresh;
 * openCatalogueReader does that refresh.
 */
export function createCatalogueReader(
  db: Database,
  families: readonly CatalogueFamily[],
  logger?: Logger,
): LiveCatalogue {
  let view = catalogueView(NO_VERSION, families, []);
  let loading: Promise<boolean> | undefined;
  const load = async (): Promise<boolean> => {
    const active = await activeVersion(db);
    if (!active || active.version === view.info.version) return false;
    const started = Date.now();
    const items = await loadVersionItems(db, active.version);
    const { active: _active, ...info } = active;
    view = catalogueView(info, families, items);
    const unknown =
      items.length - families.reduce((sum, family) => sum + view.itemsOf(family.slug).length, 0);
    if (unknown > 0)
      logger?.warn(
        { version: info.version, items: unknown },
        "catalogue: items of unknown families left out",
      );
    logger?.info(
      { version: info.version, items: items.length, ms: Date.now() - started },
      "catalogue: version loaded",
    );
    return true;
  };
  const refresh = () => {
    loading ??= load().finally(() => {
      loading = undefined;
    });
    return loading;
  };
  return {
    current: () => view,
    refresh,
    watch(everyMs = CATALOGUE_CHECK_MS) {
      const timer = setInterval(() => {
        refresh().catch((error: unknown) =>
          logger?.warn({ err: error }, "catalogue: could not check for a new version"),
        );
      }, everyMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

/** A reader with the active version loaded. */
export async function openCatalogueReader(
  db: Database,
  families: readonly CatalogueFamily[],
  logger?: Logger,
): Promise<LiveCatalogue> {
  const reader = createCatalogueReader(db, families, logger);
  await reader.refresh();
  return reader;
}
