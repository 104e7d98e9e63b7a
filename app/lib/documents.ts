import generated from "~/generated/documents.json";

/**
 * Where the brochures and the catalogue are, and what they weigh. Page counts and sizes are read
 * from the real files by scripts/build/build-documents.ts (docs/product.md#brochures), never typed by hand.
 */
export interface DocumentFile {
  fileName: string;
  pages: number;
  bytes: number;
  sizeLabel: string;
  /** Opens the PDF (preview). */
  href: string;
  /** Asks the server to send it as an attachment under its file name. */
  downloadHref: string;
}

type Folder = "brochures" | "catalog";

const baseUrl = (import.meta.env?.BROCHURE_BASE_URL ?? "").replace(/\/+$/, "");

export function documentHref(folder: Folder, fileName: string, download = false): string {
  return `${baseUrl}/${folder}/${encodeURIComponent(fileName)}${download ? "?download" : ""}`;
}

function toDocumentFile(folder: Folder, file: Omit<DocumentFile, "href" | "downloadHref">): DocumentFile {
  return {
    ...file,
    href: documentHref(folder, file.fileName),
    downloadHref: documentHref(folder, file.fileName, true),
  };
}

const brochureFiles: Record<string, Omit<DocumentFile, "href" | "downloadHref">> = generated.brochures;

export function brochureFile(id: string): DocumentFile {
  const file = brochureFiles[id];
  if (!file) throw new Error(`No generated file for brochure "${id}": run npm run assets`);
  return toDocumentFile("brochures", file);
}

export const catalogFile: DocumentFile = toDocumentFile("catalog", generated.catalog);

/** "PDF, 6 pages, 11 KB" */
export function describeDocument(file: DocumentFile): string {
  return `PDF, ${file.pages} ${file.pages === 1 ? "page" : "pages"}, ${file.sizeLabel}`;
}
