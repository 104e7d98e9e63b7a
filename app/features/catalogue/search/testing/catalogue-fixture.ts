import { sql } from "kysely";
import { partKey, sizeKey } from "~/features/catalogue/keys";
import { dialectOf } from "~/server/db/database.server";
import type { Database } from "~/server/db/schema.server";

/**
 * A small range for the search tests: a version of a few labels, ribbons, printers and foam, written
 * into catalogue_items with the derived search columns the import writes.
 */

export interface FixtureItem {
  sku: string;
  family: string;
  familyName: string;
  name: string;
  attributes: Record<string, string>;
  units?: Record<string, string>;
  make?: string;
  makePartNumber?: string;
  sds?: string;
  status?: "active" | "discontinued";
}

const labels = (
  sku: string,
  width: number,
  height: number,
  extra: Record<string, string> = {},
): FixtureItem => ({
  sku,
  family: "direct-thermal-labels",
  familyName: "Direct thermal labels",
  name: `${width} x ${height} in direct thermal labels`,
  attributes: { width: String(width), height: String(height), core: "3", ...extra },
  units: { width: "in", height: "in", core: "in" },
  sds: `/catalogue-files/sds-${sku.toLowerCase()}.pdf`,
});

export const fixtureItems: FixtureItem[] = [
  labels("RL-DT-4x6-3C", 4, 6, { perforation: "perforated" }),
  labels("RL-DT-4x6-1C", 4, 6, { core: "1" }),
  labels("RL-DT-225x125", 2.25, 1.25),
  labels("RL-DT-4x4", 4, 4),
  labels("RL-DT-6x4", 6, 4),
  {
    sku: "RB-WR-110-74",
    family: "thermal-transfer-ribbons",
    familyName: "Thermal transfer ribbons",
    name: "Wax/resin ribbon 110 mm x 74 m",
    attributes: { width: "110", length: "74", ink: "wax/resin", printers: "Zebra ZT411, ZT421, ZD421" },
    units: { width: "mm", length: "m" },
    make: "Zebra",
  },
  {
    sku: "RB-W-110-450",
    family: "thermal-transfer-ribbons",
    familyName: "Thermal transfer ribbons",
    name: "Wax ribbon 110 mm x 450 m",
    attributes: { width: "110", length: "450", ink: "wax", printers: "Zebra ZT411" },
    units: { width: "mm", length: "m" },
    make: "Zebra",
  },
  {
    sku: "RB-R-60-74",
    family: "thermal-transfer-ribbons",
    familyName: "Thermal transfer ribbons",
    name: "Resin ribbon 60 mm x 74 m",
    attributes: { width: "60", length: "74", ink: "resin", printers: "Sato CL4NX" },
    units: { width: "mm", length: "m" },
  },
  {
    sku: "PR-ZT411-203",
    family: "barcode-printers",
    familyName: "Barcode printers",
    name: "Zebra ZT411 industrial printer, 203 dpi",
    attributes: { model: "ZT411", resolution: "203" },
    units: { resolution: "dpi" },
    make: "Zebra",
    makePartNumber: "ZT41142-T010000Z",
  },
  {
    sku: "PR-ZD421-203",
    family: "barcode-printers",
    familyName: "Barcode printers",
    name: "Zebra ZD421 desktop printer, 203 dpi",
    attributes: { model: "ZD421", resolution: "203" },
    units: { resolution: "dpi" },
    make: "Zebra",
    makePartNumber: "ZD4A042-D01E00EZ",
  },
  {
    sku: "PR-CL4NX",
    family: "barcode-printers",
    familyName: "Barcode printers",
    name: "Sato CL4NX Plus printer",
    attributes: { model: "CL4NX", resolution: "305" },
    units: { resolution: "dpi" },
    make: "Sato",
    status: "discontinued",
  },
  {
    sku: "FM-PE-2-48",
    family: "foam-planks",
    familyName: "Foam planks",
    name: "Polyethylene foam plank 2 in x 48 in x 108 in",
    attributes: { material: "polyethylene", density: "1.7", thickness: "2" },
    units: { density: "lb/ft3", thickness: "in" },
    sds: "/catalogue-files/sds-polyethylene.pdf",
  },
];

/** Lower-case words: name, family name, make, make part number, attribute values with their units. */
function searchText(item: FixtureItem): string {
  const values = Object.entries(item.attributes).map(([key, value]) =>
    item.units?.[key] ? `${value} ${item.units[key]}` : value,
  );
  return [item.name, item.familyName, item.make, item.makePartNumber, ...values]
    .filter(Boolean)
    .join(" ")
    .toLowerCase();
}

function itemSizeKey(item: FixtureItem): string | null {
  const width = Number(item.attributes.width);
  const height = Number(item.attributes.height);
  return item.units?.width === "in" && width > 0 && height > 0 ? sizeKey(width, height) : null;
}

/** Writes a new active version holding `items`; returns its id. */
export async function importFixture(
  db: Database,
  items: readonly FixtureItem[] = fixtureItems,
): Promise<number> {
  const now = new Date().toISOString();
  await sql`update catalogue_versions set active = 0`.execute(db);
  const inserted = await sql<{
    id: number;
  }>`insert into catalogue_versions (imported_at, source, item_count, active)
    values (${now}, ${"search fixture"}, ${items.length}, 1) returning id`.execute(db);
  const version = Number(inserted.rows[0]?.id);
  for (const item of items) {
    await sql`insert into catalogue_items (version_id, sku, family, name, attributes, make, make_part_number,
        unit, pack, minimum_order, list_price_cents, price_breaks, sds, spec_sheet, image, status,
        replacement_sku, sku_key, make_part_key, size_key, search_text)
      values (${version}, ${item.sku}, ${item.family}, ${item.name}, ${JSON.stringify(item.attributes)},
        ${item.make ?? null}, ${item.makePartNumber ?? null}, ${"case"}, ${"case of 4"}, ${1}, ${null}, ${"[]"},
        ${item.sds ?? null}, ${null}, ${null}, ${item.status ?? "active"}, ${null}, ${partKey(item.sku)},
        ${item.makePartNumber ? partKey(item.makePartNumber) : null}, ${itemSizeKey(item)}, ${searchText(item)})`.execute(
      db,
    );
  }
  return version;
}

/** Whether the migrations made the catalogue's tables (they arrive with the catalogue's own migration). */
export async function hasCatalogueTables(db: Database): Promise<boolean> {
  const found =
    dialectOf(db) === "postgres"
      ? await sql`select 1 from information_schema.tables where table_schema = current_schema() and table_name = 'catalogue_items'`.execute(
          db,
        )
      : await sql`select 1 from sqlite_master where name = 'catalogue_items'`.execute(db);
  return found.rows.length > 0;
}

/**
 * Until the catalogue's own migration is in the list: its tables as the catalogue describes them, and
 * the search migration over them.
 */
export async function ensureCatalogueTables(db: Database): Promise<void> {
  if (await hasCatalogueTables(db)) return;
  const dialect = dialectOf(db);
  const id =
    dialect === "postgres"
      ? sql.raw("integer generated always as identity primary key")
      : sql.raw("integer primary key autoincrement");
  await sql`create table catalogue_versions (id ${id}, imported_at text not null, source text not null,
    item_count integer not null, active integer not null default 0)`.execute(db);
  await sql`create table catalogue_items (id ${id}, version_id integer not null, sku text not null,
    family text not null, name text not null, attributes text not null, make text, make_part_number text,
    unit text not null, pack text not null, minimum_order integer not null, list_price_cents integer,
    price_breaks text not null, sds text, spec_sheet text, image text, status text not null,
    replacement_sku text, sku_key text not null, make_part_key text, size_key text, search_text text not null,
    unique (version_id, sku_key))`.execute(db);
  await sql`create index catalogue_items_family on catalogue_items (version_id, family)`.execute(db);
  const { catalogueSearch } = await import("~/server/db/migrations/0015-catalogue-search.server");
  await catalogueSearch(dialect).up(db);
}
