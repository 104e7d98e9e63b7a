/**
 * The text of a PDF, page by page, as a PDF reader extracts it (PDF.js, the engine of Firefox's
 * viewer), for the site search index. Build time only: nothing here reaches the server or the browser.
 */
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

interface TextItem {
  str: string;
  hasEOL?: boolean;
}

function isTextItem(item: unknown): item is TextItem {
  return typeof item === "object" && item !== null && typeof (item as TextItem).str === "string";
}

export async function extractPdfPages(bytes: Uint8Array): Promise<string[]> {
  // PDF.js takes ownership of (and detaches) the buffer it is given: hand it a copy.
  const task = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  const pdf = await task.promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      let text = "";
      for (const item of content.items) {
        if (!isTextItem(item)) continue;
        text += item.str;
        text += item.hasEOL ? "\n" : " ";
      }
      pages.push(
        text
          .replace(/[ \t]+\n/g, "\n")
          .replace(/[ \t]{2,}/g, " ")
          .trim(),
      );
      page.cleanup();
    }
    return pages;
  } finally {
    await task.destroy();
  }
}
