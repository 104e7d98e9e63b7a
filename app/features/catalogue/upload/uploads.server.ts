import type { RowError } from "~/features/catalogue/csv-rows.server";
import { importCatalogue } from "~/features/catalogue/import.server";
import type { CatalogueFamily } from "~/features/catalogue/model";
import { readerOf } from "~/server/db/read-off-loop.server";
import type { Database } from "~/server/db/schema.server";
import { activeVersion, type StoredVersion } from "../versions.server";
import type { StagedMeta, Staging } from "./staging.server";

/*
 * The desk's range page (docs/desk.md#the-range): a staged upload checked as a dry run, then applied
 * as a new catalogue version that names the file and who uploaded it; a rollback to a kept version.
 * Everything goes through the catalogue's own import and versions, as `npm run catalogue` does.
 */

/** Mistakes shown on the page at most; the rest are counted. */
export const SHOWN_ERRORS = 200;

export type CheckOutcome =
  | { status: "refused"; name: string; refusal: string }
  | { status: "invalid"; name: string; errors: RowError[]; more: number }
  | { status: "checked"; name: string; id: string; items: number; added: number; removed: number };

/** What a version's source says of a desk upload: the file and the member of staff. */
export const uploadSource = (name: string, email: string) => `${name}, uploaded by ${email}`;

/** The skus of the active version, to say what a new file adds and removes. */
async function activeSkus(db: Database): Promise<Set<string>> {
  const active = await activeVersion(db);
  if (!active) return new Set();
  // Up to 200,000 rows: read off the event loop (on SQLite a read thread; PostgreSQL does it anyway).
  const rows = await readerOf(db)
    .selectFrom("catalogue_items")
    .select("sku")
    .where("version_id", "=", active.version)
    .execute();
  return new Set(rows.map((row) => row.sku));
}

/**
 * Checks a staged upload (a dry run: nothing is written). A clean file stays staged, marked checked,
 * for Apply; a file with mistakes or refused is deleted at once.
 */
export async function checkStaged(
  db: Database,
  staging: Staging,
  staged: { id: string; meta: StagedMeta },
  families: readonly CatalogueFamily[],
): Promise<CheckOutcome> {
  const { id, meta } = staged;
  const result = await importCatalogue(db, staging.read(id), { families, name: meta.name, dryRun: true });
  if (result.status !== "checked") {
    await staging.remove(id);
    if (result.status === "refused") return { status: "refused", name: meta.name, refusal: result.refusal };
    if (result.status === "invalid")
      return {
        status: "invalid",
        name: meta.name,
        errors: result.errors.slice(0, SHOWN_ERRORS),
        more: Math.max(0, result.errors.length - SHOWN_ERRORS),
      };
    throw new Error("a dry run imported a file");
  }
  const before = await activeSkus(db);
  const after = new Set(result.skus);
  let added = 0;
  for (const sku of after) if (!before.has(sku)) added += 1;
  let removed = 0;
  for (const sku of before) if (!after.has(sku)) removed += 1;
  const checked = { items: result.itemCount, added, removed };
  await staging.markChecked(id, meta, checked);
  return { status: "checked", name: meta.name, id, ...checked };
}

export type ApplyOutcome =
  | { ok: true; version: StoredVersion }
  | { ok: false; reason: "gone" | "changed"; detail?: string };

/** Applies running on this process, by staging folder, id and session: a second post of one file shares the first's outcome. */
const applying = new Map<string, Promise<ApplyOutcome>>();
const applyKey = (staging: Staging, id: string, session: string) => `${staging.dir}/${id}/${session}`;

/** The Apply of this file by this session that is running now, if any (the file is then no longer found). */
export function applyRunning(
  staging: Staging,
  id: string,
  session: string,
): Promise<ApplyOutcome> | undefined {
  return applying.get(applyKey(staging, id, session));
}

/**
 * Imports a checked staged file as the new active version, then deletes it. Two posts of the same file
 * (a double-clicked Apply) import it once: the second gets the first's outcome, or "gone" when it comes
 * from another process or after the first has ended.
 */
export function applyStaged(
  db: Database,
  staging: Staging,
  staged: { id: string; meta: StagedMeta },
  options: { families: readonly CatalogueFamily[]; email: string },
): Promise<ApplyOutcome> {
  const key = applyKey(staging, staged.id, staged.meta.session);
  const running = applying.get(key);
  if (running) return running;
  const outcome = applyOnce(db, staging, staged, options).finally(() => applying.delete(key));
  applying.set(key, outcome);
  return outcome;
}

async function applyOnce(
  db: Database,
  staging: Staging,
  staged: { id: string; meta: StagedMeta },
  options: { families: readonly CatalogueFamily[]; email: string },
): Promise<ApplyOutcome> {
  const { id, meta } = staged;
  if (!meta.checked) return { ok: false, reason: "gone" };
  if (!(await staging.claim(id))) return { ok: false, reason: "gone" };
  try {
    const result = await importCatalogue(db, staging.read(id), {
      families: options.families,
      name: meta.name,
      source: uploadSource(meta.name, options.email),
    });
    if (result.status === "imported") return { ok: true, version: result.version };
    // The families changed between the check and Apply (a new release): the file must be checked again.
    return { ok: false, reason: "changed", detail: result.status === "refused" ? result.refusal : undefined };
  } finally {
    await staging.remove(id);
  }
}
