/**
 * Builds every brochure and the stock catalogue as real PDFs from the site's own content
 * (docs/product.md#brochures), then records their true page counts and sizes in app/generated/documents.json for the pages to show.
 *
 *   npx tsx scripts/build-documents.ts
 *
 * Run it from the repository root: tsx takes the "~/" alias that the content modules use from the
 * tsconfig.json in the working directory.
 * Output is byte-for-byte reproducible, and files whose bytes have not changed are left untouched, so the
 * step is cheap to run before every build and never churns timestamps.
 */
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import PDFDocument from "pdfkit";
import {
  type DocumentedBrochure,
  documentedBrochures,
  documentLabels,
} from "../app/content/brochure-documents.server";
import { brochureCategoryLabels, catalog, getBrochure } from "../app/content/brochures";
import { company } from "../app/content/company";
import { inquiries } from "../app/content/inquiries";
import { products } from "../app/content/products";
import type { ProductSection } from "../app/content/schema";
import {
  DOCUMENT_DATE,
  type DocumentEntry,
  type DocumentsManifest,
  describeDocument,
  extractPdfText,
  findUnsupportedCharacters,
  formatFileSize,
  normalizeWhitespace,
} from "./documents-lib";

type Doc = PDFKit.PDFDocument;

const root = fileURLToPath(new URL("..", import.meta.url));
const brochureDir = path.join(root, "public", "brochures");
const catalogDir = path.join(root, "public", "catalog");
const manifestPath = path.join(root, "app", "generated", "documents.json");

// Brand colors, the same as the site's theme (app/app.css).
const COLOR = {
  navy: "#0f2a43",
  steel: "#1e5b8c",
  amber: "#f2a900",
  mist: "#e6ebf0",
  paper: "#f6f8fa",
  ink: "#1f2933",
  muted: "#52606d",
  white: "#ffffff",
} as const;
const REGULAR = "Helvetica";
const BOLD = "Helvetica-Bold";
const PAGE = { width: 612, height: 792 } as const;
const MARGIN = { top: 100, bottom: 72, left: 64, right: 64 } as const;
const WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const BAND_HEIGHT = 60;

const cityList = company.locations.map((location) => `${location.city}, ${location.stateCode}`).join("  |  ");

// ---- Document plumbing ----

function createDocument(title: string, subject: string): Doc {
  return new PDFDocument({
    size: "LETTER",
    margins: MARGIN,
    bufferPages: true,
    autoFirstPage: false,
    lang: "en-US",
    displayTitle: true,
    info: {
      Title: title,
      Subject: subject,
      Author: company.name,
      Creator: company.name,
      Producer: "PDFKit",
      CreationDate: DOCUMENT_DATE,
      ModDate: DOCUMENT_DATE,
    },
  });
}

export type Rendered = { bytes: Buffer; pages: number };

function render(doc: Doc): Promise<Rendered> {
  const pages = doc.bufferedPageRange().count;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve({ bytes: Buffer.concat(chunks), pages }));
    doc.on("error", reject);
    doc.end();
  });
}

/** The 1-based number of the page being written. */
function currentPage(doc: Doc): number {
  const { start, count } = doc.bufferedPageRange();
  return start + count;
}

function ensureSpace(doc: Doc, height: number) {
  if (doc.y + height > PAGE.height - MARGIN.bottom) doc.addPage();
}

/** The header band (on every page but the cover) and the "Page N of M" footer, drawn once the count is known. */
function decoratePages(doc: Doc, runningTitle: string) {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    // Footer text sits below the bottom margin; without this pdfkit would start a new page for it.
    doc.page.margins.bottom = 0;
    if (index > start) {
      doc.rect(0, 0, PAGE.width, BAND_HEIGHT).fill(COLOR.navy);
      doc.rect(0, BAND_HEIGHT, PAGE.width, 3).fill(COLOR.amber);
      doc
        .font(BOLD)
        .fontSize(12)
        .fillColor(COLOR.white)
        .text(company.name, MARGIN.left, 25, { lineBreak: false });
      doc
        .font(REGULAR)
        .fontSize(9)
        .fillColor(COLOR.mist)
        .text(runningTitle, MARGIN.left, 27, { width: WIDTH, align: "right", lineBreak: false });
    }
    const footerY = PAGE.height - 48;
    doc.rect(MARGIN.left, footerY - 10, WIDTH, 0.75).fill(COLOR.mist);
    doc
      .font(REGULAR)
      .fontSize(8.5)
      .fillColor(COLOR.muted)
      .text(`${company.name}  |  ${company.phone}  |  ${company.email}`, MARGIN.left, footerY, {
        lineBreak: false,
      });
    doc.text(`Page ${index - start + 1} of ${count}`, MARGIN.left, footerY, {
      width: WIDTH,
      align: "right",
      lineBreak: false,
    });
    doc.page.margins.bottom = MARGIN.bottom;
  }
}

// ---- Typography ----

function heading(doc: Doc, text: string) {
  ensureSpace(doc, 90);
  doc.font(BOLD).fontSize(22).fillColor(COLOR.navy).text(text, MARGIN.left, doc.y, { width: WIDTH });
  const ruleY = doc.y + 6;
  doc.rect(MARGIN.left, ruleY, 56, 3).fill(COLOR.amber);
  doc.x = MARGIN.left;
  doc.y = ruleY + 20;
}

function paragraph(doc: Doc, text: string, size = 11, color: string = COLOR.ink) {
  doc.font(REGULAR).fontSize(size).fillColor(color);
  ensureSpace(doc, Math.min(doc.heightOfString(text, { width: WIDTH, lineGap: 3 }), 60));
  doc.text(text, MARGIN.left, doc.y, { width: WIDTH, lineGap: 3 });
  doc.moveDown(0.7);
}

function bulletHeight(doc: Doc, items: readonly string[], width: number) {
  doc.font(REGULAR).fontSize(10.5);
  return items.reduce(
    (sum, item) => sum + doc.heightOfString(item, { width: width - 16, lineGap: 2 }) + 4,
    0,
  );
}

function bullets(doc: Doc, items: readonly string[], indent = 0) {
  const x = MARGIN.left + indent;
  const width = WIDTH - indent;
  for (const item of items) {
    doc.font(REGULAR).fontSize(10.5);
    ensureSpace(doc, doc.heightOfString(item, { width: width - 16, lineGap: 2 }));
    const y = doc.y;
    doc.rect(x + 2, y + 4, 4.5, 4.5).fill(COLOR.amber);
    doc.fillColor(COLOR.ink).text(item, x + 16, y, { width: width - 16, lineGap: 2 });
    doc.y += 4;
  }
  doc.x = MARGIN.left;
}

/** A named block (product line, catalogue item): kept on one page when it fits on one. */
function block(doc: Doc, name: string, description: string, list: readonly string[], listLabel?: string) {
  doc.font(BOLD).fontSize(13);
  let height = doc.heightOfString(name, { width: WIDTH }) + 6;
  doc.font(REGULAR).fontSize(10.5);
  height += doc.heightOfString(description, { width: WIDTH, lineGap: 2 }) + 8;
  height += (listLabel ? 16 : 0) + bulletHeight(doc, list, WIDTH - 8) + 8;
  if (height < PAGE.height - MARGIN.top - MARGIN.bottom) ensureSpace(doc, height);

  doc.font(BOLD).fontSize(13).fillColor(COLOR.steel).text(name, MARGIN.left, doc.y, { width: WIDTH });
  doc.y += 2;
  doc.font(REGULAR).fontSize(10.5).fillColor(COLOR.ink);
  doc.text(description, MARGIN.left, doc.y, { width: WIDTH, lineGap: 2 });
  doc.y += list.length > 0 ? 6 : 0;
  if (listLabel && list.length > 0) {
    doc
      .font(BOLD)
      .fontSize(9)
      .fillColor(COLOR.muted)
      .text(listLabel.toUpperCase(), MARGIN.left + 8, doc.y, {
        characterSpacing: 0.8,
      });
    doc.y += 3;
  }
  bullets(doc, list, 8);
  doc.y += 8;
}

/** A shaded box: a bold title and short lines, never split across pages. */
function callout(doc: Doc, title: string, lines: readonly string[]) {
  const inner = WIDTH - 36;
  doc.font(REGULAR).fontSize(10.5);
  const linesHeight = lines.reduce(
    (sum, line) => sum + doc.heightOfString(line, { width: inner, lineGap: 2 }) + 4,
    0,
  );
  doc.font(BOLD).fontSize(12);
  const height = doc.heightOfString(title, { width: inner }) + linesHeight + 32;
  ensureSpace(doc, height + 10);
  const top = doc.y + 4;
  doc.rect(MARGIN.left, top, WIDTH, height).fill(COLOR.paper);
  doc.rect(MARGIN.left, top, 4, height).fill(COLOR.amber);
  doc
    .font(BOLD)
    .fontSize(12)
    .fillColor(COLOR.navy)
    .text(title, MARGIN.left + 18, top + 14, { width: inner });
  doc.font(REGULAR).fontSize(10.5).fillColor(COLOR.ink);
  for (const line of lines) doc.text(line, MARGIN.left + 18, doc.y + 4, { width: inner, lineGap: 2 });
  doc.x = MARGIN.left;
  doc.y = top + height + 14;
}

// ---- Shared pages ----

function coverPage(doc: Doc, eyebrow: string, title: string, description: string) {
  doc.addPage();
  doc.rect(0, 0, PAGE.width, 330).fill(COLOR.navy);
  doc.rect(0, 330, PAGE.width, 6).fill(COLOR.amber);
  doc.font(BOLD).fontSize(16).fillColor(COLOR.white).text(company.name, MARGIN.left, 64, { width: WIDTH });
  doc
    .font(REGULAR)
    .fontSize(10)
    .fillColor(COLOR.mist)
    .text(company.tagline, MARGIN.left, doc.y + 4, { width: WIDTH });
  doc.font(BOLD).fontSize(10).fillColor(COLOR.amber);
  doc.text(eyebrow.toUpperCase(), MARGIN.left, 190, { width: WIDTH, characterSpacing: 1.2 });
  doc
    .font(BOLD)
    .fontSize(30)
    .fillColor(COLOR.white)
    .text(title, MARGIN.left, doc.y + 8, { width: WIDTH, lineGap: 2 });
  doc
    .font(REGULAR)
    .fontSize(14)
    .fillColor(COLOR.ink)
    .text(description, MARGIN.left, 380, { width: WIDTH, lineGap: 4 });

  const contactTop = PAGE.height - 190;
  doc.rect(MARGIN.left, contactTop, WIDTH, 0.75).fill(COLOR.mist);
  doc
    .font(BOLD)
    .fontSize(11)
    .fillColor(COLOR.navy)
    .text(company.phone, MARGIN.left, contactTop + 18);
  doc
    .font(REGULAR)
    .fontSize(11)
    .fillColor(COLOR.steel)
    .text(company.email, MARGIN.left, doc.y + 2);
  doc
    .fontSize(10)
    .fillColor(COLOR.muted)
    .text(cityList, MARGIN.left, doc.y + 10, { width: WIDTH });
  doc.text(`Since ${company.foundedYear}`, MARGIN.left, doc.y + 2, { width: WIDTH });
}

/** The closing contact page; returns its page number. */
function contactPage(doc: Doc): number {
  doc.addPage();
  const firstPage = currentPage(doc);
  doc.addNamedDestination("contact");
  doc.outline.addItem(documentLabels.contactHeading);
  heading(doc, documentLabels.contactHeading);
  paragraph(doc, documentLabels.contactLead);
  doc.y += 6;

  const label = (text: string) => {
    doc.font(BOLD).fontSize(9).fillColor(COLOR.muted);
    doc.text(text.toUpperCase(), MARGIN.left, doc.y, { characterSpacing: 0.8 });
    doc.y += 3;
  };
  const value = (text: string, size = 13, color: string = COLOR.navy) => {
    doc.font(BOLD).fontSize(size).fillColor(color).text(text, MARGIN.left, doc.y, { width: WIDTH });
    doc.y += 2;
  };

  label(documentLabels.phoneLabel);
  value(company.phone, 16);
  doc.y += 14;
  label(documentLabels.emailLabel);
  value(company.email, 14, COLOR.steel);
  doc.y += 14;
  label(documentLabels.locationsLabel);
  for (const location of company.locations) value(`${location.city}, ${location.state}`, 12, COLOR.ink);
  doc.y += 14;
  label(documentLabels.hoursLabel);
  for (const slot of company.hours) {
    const time = slot.open && slot.close ? `${slot.open} - ${slot.close}` : documentLabels.closedLabel;
    value(`${slot.days}: ${time}`, 12, COLOR.ink);
  }
  paragraph(doc, company.hoursNote, 10, COLOR.muted);
  return firstPage;
}

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
  const entry = describeDocument(fileName, bytes);
  if (entry.pages !== expectedPages) {
    throw new Error(`${fileName}: ${entry.pages} pages on disk, ${expectedPages} rendered`);
  }
  const text = normalizeWhitespace(extractPdfText(bytes));
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
