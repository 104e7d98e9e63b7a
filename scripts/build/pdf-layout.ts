/**
 * The layout kit of our PDFs (brochures and the stock catalogue): the document with fixed metadata, the
 * brand's colours and type, running headers and page numbers, headings, paragraphs, bullet lists, product
 * blocks, callouts, and the cover and contact pages every document shares. scripts/build/build-documents.ts
 * composes the documents from it.
 */
import PDFDocument from "pdfkit";
import { documentLabels } from "../../app/content/brochure-documents.server";
import { company } from "../../app/content/company";
import { DOCUMENT_DATE } from "./documents-lib";

export type Doc = PDFKit.PDFDocument;

// Brand colors, the same as the site's theme (app/app.css).
export const COLOR = {
  navy: "#0f2a43",
  steel: "#1e5b8c",
  amber: "#f2a900",
  mist: "#e6ebf0",
  paper: "#f6f8fa",
  ink: "#1f2933",
  muted: "#52606d",
  white: "#ffffff",
} as const;
export const REGULAR = "Helvetica";
export const BOLD = "Helvetica-Bold";
const PAGE = { width: 612, height: 792 } as const;
export const MARGIN = { top: 100, bottom: 72, left: 64, right: 64 } as const;
export const WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const BAND_HEIGHT = 60;

const cityList = company.locations.map((location) => `${location.city}, ${location.stateCode}`).join("  |  ");

// ---- Document plumbing ----

export function createDocument(title: string, subject: string): Doc {
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

export function render(doc: Doc): Promise<Rendered> {
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
export function currentPage(doc: Doc): number {
  const { start, count } = doc.bufferedPageRange();
  return start + count;
}

export function ensureSpace(doc: Doc, height: number) {
  if (doc.y + height > PAGE.height - MARGIN.bottom) doc.addPage();
}

/** The header band (on every page but the cover) and the "Page N of M" footer, drawn once the count is known. */
export function decoratePages(doc: Doc, runningTitle: string) {
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

export function heading(doc: Doc, text: string) {
  ensureSpace(doc, 90);
  doc.font(BOLD).fontSize(22).fillColor(COLOR.navy).text(text, MARGIN.left, doc.y, { width: WIDTH });
  const ruleY = doc.y + 6;
  doc.rect(MARGIN.left, ruleY, 56, 3).fill(COLOR.amber);
  doc.x = MARGIN.left;
  doc.y = ruleY + 20;
}

export function paragraph(doc: Doc, text: string, size = 11, color: string = COLOR.ink) {
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
export function block(
  doc: Doc,
  name: string,
  description: string,
  list: readonly string[],
  listLabel?: string,
) {
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
export function callout(doc: Doc, title: string, lines: readonly string[]) {
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

export function coverPage(doc: Doc, eyebrow: string, title: string, description: string) {
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
export function contactPage(doc: Doc): number {
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
