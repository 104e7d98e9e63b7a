/**
 * Builds the site search index (docs/search.md) from the content modules and the text inside the
 * built brochure and catalogue PDFs, and writes it to app/generated/search-index.json, which the
 * server loads once when it starts. Part of `npm run build` (and of `npm run typecheck`, which builds
 * the PDFs first too); run it from the repository root after scripts/build/build-documents.ts:
 *
 *   npx tsx scripts/build/build-search-index.ts
 *
 * The file is rewritten only when its bytes change.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { brochures, catalog } from "../../app/content/brochures";
import { buildSearchDocuments, type PdfTexts } from "../../app/features/search/documents.server";
import { buildIndex, serializeIndex } from "../../app/features/search/engine.server";
import { extractPdfPages } from "./pdf-text";

const root = fileURLToPath(new URL("../..", import.meta.url));
export const searchIndexPath = path.join(root, "app", "generated", "search-index.json");

/**
 * The header and footer lines every page of a PDF repeats (company name, running title, "Page 2 of
 * 6") are kept on the first page only: repeated on every page they would outweigh the page's own words.
 */
export function dropRunningLines(pages: readonly string[]): string[] {
  const shape = (line: string) => line.trim().replace(/\d+/g, "#");
  const pagesWith = new Map<string, number>();
  for (const page of pages) {
    for (const line of new Set(page.split("\n").map(shape)))
      pagesWith.set(line, (pagesWith.get(line) ?? 0) + 1);
  }
  const running = (line: string) => pages.length > 2 && (pagesWith.get(shape(line)) ?? 0) > pages.length / 2;
  return pages.map((page, index) =>
    index === 0
      ? page
      : page
          .split("\n")
          .filter((line) => !running(line))
          .join("\n"),
  );
}

/**
 * Letter-spaced capitals (the cover's category line, "P R I N T I N G") come out of a PDF as separate
 * letters; they are joined back into their word.
 */
export function joinSpacedCapitals(page: string): string {
  return page
    .split("\n")
    .map((line) => {
      const pieces = line.trim().split(" ");
      const spaced = pieces.length >= 4 && pieces.every((piece) => /^[A-Z]{1,3}$/.test(piece));
      return spaced ? pieces.join("") : line;
    })
    .join("\n");
}

async function readPdf(folder: string, fileName: string): Promise<string[]> {
  const file = path.join(root, "public", folder, fileName);
  const bytes = await readFile(file).catch(() => {
    throw new Error(`${path.relative(root, file)} is missing: run npm run assets (or npm run build) first`);
  });
  return dropRunningLines(await extractPdfPages(bytes)).map(joinSpacedCapitals);
}

/** The text of every brochure and of the catalogue, read from the built PDFs in public/. */
export async function readPdfTexts(): Promise<PdfTexts> {
  const entries = await Promise.all(
    brochures.map(async (brochure) => [brochure.id, await readPdf("brochures", brochure.fileName)] as const),
  );
  return { brochures: Object.fromEntries(entries), catalog: await readPdf("catalog", catalog.fileName) };
}

async function main() {
  const started = performance.now();
  const documents = buildSearchDocuments(await readPdfTexts());
  const json = serializeIndex(buildIndex(documents));
  const existing = await readFile(searchIndexPath, "utf8").catch(() => null);
  const changed = existing !== json;
  if (changed) {
    await mkdir(path.dirname(searchIndexPath), { recursive: true });
    await writeFile(searchIndexPath, json);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    `search index: ${documents.length} documents, ${(json.length / 1024).toFixed(0)} KB; ` +
      `${path.relative(root, searchIndexPath)} ${changed ? "written" : "unchanged"} (${seconds} s)\n`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    process.stderr.write(
      `build-search-index failed: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
    process.exit(1);
  });
}
