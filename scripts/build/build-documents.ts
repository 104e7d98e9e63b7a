/**
 * Builds every brochure and the stock catalogue as real PDFs from the site's own content
 * (docs/product.md#brochures), then records their true page counts and sizes in app/generated/documents.json for the pages to show.
 *
 *   npx tsx scripts/build/build-documents.ts
 *
 * Run it from the repository root: tsx takes the "~/" alias that the content modules use from the
 * tsconfig.json in the working directory.
 * Output is byte-for-byte reproducible, and files whose bytes have not changed are left untouched, so the
 * step is cheap to run before every build and never churns timestamps.
 */
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  type DocumentedBrochure,
  documentedBrochures,
  documentLabels,
} from "../../app/content/brochure-documents.server";
import { brochureCategoryLabels, catalog, getBrochure } from "../../app/content/brochures";
import { company } from "../../app/content/company";
import { inquiries } from "../../app/content/inquiries";
import { products } from "../../app/content/products";
import type { ProductSection } from "../../app/content/schema";
import {
  type DocumentEntry,
  type DocumentsManifest,
  describeDocument,
  findUnsupportedCharacters,
  formatFileSize,
  normalizeWhitespace,
} from "./documents-lib";
import {
  BOLD,
  block,
  COLOR,
  callout,
  contactPage,
  coverPage,
  createDocument,
  currentPage,
  type Doc,
  decoratePages,
  ensureSpace,
  heading,
  MARGIN,
  paragraph,
  REGULAR,
  type Rendered,
  render,
  WIDTH,
} from "./pdf-layout";
import { extractPdfPages } from "./pdf-text";

const root = fileURLToPath(new URL("../..", import.meta.url));
const brochureDir = path.join(root, "public", "brochures");
const catalogDir = path.join(root, "public", "catalog");
const manifestPath = path.join(root, "app", "generated", "documents.json");

// ---- Brochures ----

export async function buildBrochure(brochure: DocumentedBrochure): Promise<Rendered> {
  const doc = createDocument(brochure.title, brochure.description);
  const category = brochureCategoryLabels[brochure.category];
  coverPage(doc, category, brochure.title, brochure.description);

  doc.addPage();
  doc.outline.addItem(documentLabels.overviewHeading);
  heading(doc, documentLabels.overviewHeading);
  for (const text of brochure.overview) paragraph(doc, text);
  const linesHeading = brochure.productLinesHeading ?? documentLabels.productLinesHeading;
  callout(doc, linesHeading, [brochure.productLines.map((line) => line.name).join("  |  ")]);

  doc.addPage();
  doc.outline.addItem(linesHeading);
  heading(doc, linesHeading);
  for (const line of brochure.productLines) block(doc, line.name, line.description, line.options);

  doc.addPage();
  doc.outline.addItem(documentLabels.howToOrderHeading);
  heading(doc, documentLabels.howToOrderHeading);
  paragraph(doc, documentLabels.howToOrderLead);
  brochure.howToOrder.forEach((step, index) => {
    doc.font(REGULAR).fontSize(11);
    const height = Math.max(doc.heightOfString(step, { width: WIDTH - 44, lineGap: 3 }), 26);
    ensureSpace(doc, height + 14);
    const top = doc.y;
    doc.circle(MARGIN.left + 13, top + 9, 13).fill(COLOR.amber);
    doc.font(BOLD).fontSize(12).fillColor(COLOR.navy);
    doc.text(String(index + 1), MARGIN.left, top + 3, { width: 26, align: "center" });
    doc.font(REGULAR).fontSize(11).fillColor(COLOR.ink);
    doc.text(step, MARGIN.left + 44, top + 2, { width: WIDTH - 44, lineGap: 3 });
    doc.x = MARGIN.left;
    doc.y = top + height + 14;
  });
  callout(doc, inquiries.quote.label, [`${company.phone}  |  ${company.email}`]);

  contactPage(doc);
  decoratePages(doc, brochure.title);
  return render(doc);
}

// ---- Catalogue ----

/** Writes one product section from a fresh page and returns that page's number. */
function catalogSection(doc: Doc, section: ProductSection, destination: string): number {
  doc.addPage();
  const firstPage = currentPage(doc);
  doc.addNamedDestination(destination);
  doc.outline.addItem(section.title);
  heading(doc, section.title);
  for (const text of section.description) paragraph(doc, text);
  doc.y += 4;
  for (const item of section.items) {
    block(
      doc,
      item.name,
      item.description,
      item.benefits ?? [],
      item.benefits ? documentLabels.benefitsLabel : undefined,
    );
  }
  const inquiry = inquiries[section.inquiry];
  const related = section.brochureIds.flatMap((id) => getBrochure(id)?.title ?? []);
  callout(doc, `${documentLabels.orderingLabel}: ${section.ctaLabel}`, [
    `E-mail ${company.email} with the subject "${inquiry.subject}", or call ${company.phone}.`,
    ...(related.length > 0 ? [`${documentLabels.relatedBrochuresLabel}: ${related.join(", ")}.`] : []),
  ]);
  return firstPage;
}

export async function buildCatalog(): Promise<Rendered> {
  const doc = createDocument(catalog.title, catalog.description);
  coverPage(doc, documentLabels.catalogEyebrow, catalog.title, catalog.description);

  doc.addPage();
  const contentsPage = currentPage(doc);
  doc.outline.addItem(documentLabels.contentsHeading);
  heading(doc, documentLabels.contentsHeading);
  paragraph(doc, documentLabels.catalogIntro);
  const contentsTop = doc.y + 8;

  // The contents page is written last, once every section's first page is known.
  const rows: Array<{ title: string; destination: string; page: number }> = products.sections.map(
    (section) => {
      const destination = `section-${section.id}`;
      return { title: section.title, destination, page: catalogSection(doc, section, destination) };
    },
  );
  rows.push({ title: documentLabels.contactHeading, destination: "contact", page: contactPage(doc) });

  doc.switchToPage(contentsPage - 1);
  let y = contentsTop;
  rows.forEach((row, index) => {
    doc.rect(MARGIN.left, y - 8, WIDTH, 0.75).fill(COLOR.mist);
    const label = `${index + 1}.  ${row.title}`;
    const pageLabel = String(row.page);
    doc.font(BOLD).fontSize(12).fillColor(COLOR.navy);
    doc.text(label, MARGIN.left, y, { width: WIDTH - 60, goTo: row.destination });
    const leaderStart = MARGIN.left + doc.widthOfString(label) + 8;
    doc.font(REGULAR);
    const leaderEnd = MARGIN.left + WIDTH - doc.widthOfString(pageLabel) - 8;
    doc
      .moveTo(leaderStart, y + 9)
      .lineTo(leaderEnd, y + 9)
      .dash(1, { space: 3 })
      .stroke(COLOR.muted)
      .undash();
    doc
      .fillColor(COLOR.steel)
      .text(pageLabel, MARGIN.left, y, { width: WIDTH, align: "right", goTo: row.destination });
    y += 30;
  });

  decoratePages(doc, catalog.title);
  return render(doc);
}

// ---- Files ----

async function writeIfChanged(filePath: string, bytes: Uint8Array): Promise<boolean> {
  const existing = await readFile(filePath).catch(() => null);
  if (existing?.equals(bytes)) return false;
  await mkdir(path.dirname(filePath), { recursive: true });
  await writeFile(filePath, bytes);
  return true;
}

/** Reads the written file back: the manifest describes what is on disk, and the text must really be in it. */
async function verify(filePath: string, fileName: string, expectedPages: number, phrases: readonly string[]) {
  const bytes = await readFile(filePath);
  // Read as a PDF reader reads it (PDF.js): the pages it finds and the text it extracts.
  const pages = await extractPdfPages(bytes);
  const entry = describeDocument(fileName, bytes, pages.length);
  if (entry.pages !== expectedPages) {
    throw new Error(`${fileName}: ${entry.pages} pages on disk, ${expectedPages} rendered`);
  }
  const text = normalizeWhitespace(pages.join("\n"));
  const missing = phrases.filter((phrase) => !text.includes(normalizeWhitespace(phrase)));
  if (missing.length > 0) throw new Error(`${fileName}: text not found: ${missing.join(" / ")}`);
  return entry;
}

function checkCharacters(label: string, value: unknown) {
  const unsupported = findUnsupportedCharacters(JSON.stringify(value));
  if (unsupported.length > 0)
    throw new Error(`${label}: characters Helvetica cannot draw: ${unsupported.join(" ")}`);
}

async function main() {
  const started = performance.now();
  checkCharacters("brochures", documentedBrochures);
  checkCharacters("products", products);
  checkCharacters("company", company);

  const log = (line: string) => process.stdout.write(`${line}\n`);
  const manifest: DocumentsManifest = {
    brochures: {},
    catalog: { fileName: "", pages: 0, bytes: 0, sizeLabel: "" },
  };
  let written = 0;
  const track = async (dir: string, fileName: string, rendered: Rendered, phrases: readonly string[]) => {
    const filePath = path.join(dir, fileName);
    const changed = await writeIfChanged(filePath, rendered.bytes);
    if (changed) written++;
    const entry: DocumentEntry = await verify(filePath, fileName, rendered.pages, phrases);
    log(
      `  ${changed ? "wrote    " : "unchanged"} ${path.relative(root, filePath)} (${entry.pages} pages, ${entry.sizeLabel})`,
    );
    return entry;
  };

  for (const brochure of documentedBrochures) {
    manifest.brochures[brochure.id] = await track(
      brochureDir,
      brochure.fileName,
      await buildBrochure(brochure),
      [
        brochure.title,
        company.phone,
        "Page 1 of",
        brochure.productLines[0]?.name ?? brochure.title,
        brochure.howToOrder[0] ?? brochure.title,
      ],
    );
  }
  manifest.catalog = await track(catalogDir, catalog.fileName, await buildCatalog(), [
    catalog.title,
    ...products.sections.map((section) => section.title),
    ...products.sections.flatMap((section) => section.items.map((item) => item.name)),
  ]);

  const known = new Set(documentedBrochures.map((brochure) => brochure.fileName));
  for (const name of await readdir(brochureDir)) {
    if (name.endsWith(".pdf") && !known.has(name))
      log(`  note: public/brochures/${name} is not in the brochure list`);
  }

  const manifestChanged = await writeIfChanged(
    manifestPath,
    Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`),
  );
  const entries = [...Object.values(manifest.brochures), manifest.catalog];
  const totalBytes = entries.reduce((sum, entry) => sum + entry.bytes, 0);
  const totalPages = entries.reduce((sum, entry) => sum + entry.pages, 0);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  log(
    `documents: ${entries.length} files (${documentedBrochures.length} brochures + catalog), ${totalPages} pages, ` +
      `${formatFileSize(totalBytes)} total; ${written} written, ${entries.length - written} unchanged; ` +
      `${path.relative(root, manifestPath)} ${manifestChanged ? "written" : "unchanged"} (${seconds} s)`,
  );
}

// Run only as a script; tests import the builders without writing files.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    process.stderr.write(`build-documents failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}
