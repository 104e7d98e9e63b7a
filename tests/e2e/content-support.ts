import { readFileSync } from "node:fs";

export interface DecodedMailto {
  to: string;
  subject: string | null;
  /** With the CRLF line breaks of RFC 6068 turned back into "\n", as the content writes them. */
  body: string | null;
}

/** Reads a mailto: link the way a mail client does. */
export function decodeMailto(href: string): DecodedMailto {
  const url = new URL(href);
  if (url.protocol !== "mailto:") throw new Error(`not a mailto link: ${href}`);
  return {
    to: decodeURIComponent(url.pathname),
    subject: url.searchParams.get("subject"),
    body: url.searchParams.get("body")?.replace(/\r\n/g, "\n") ?? null,
  };
}

interface GeneratedFile {
  fileName: string;
  pages: number;
  sizeLabel: string;
}

/** Page counts and sizes as the build measured them from the real PDFs. */
export const generatedDocuments = JSON.parse(
  readFileSync(new URL("../../app/generated/documents.json", import.meta.url), "utf8"),
) as { brochures: Record<string, GeneratedFile>; catalog: GeneratedFile };

export function describeGenerated(file: GeneratedFile): string {
  return `PDF, ${file.pages} ${file.pages === 1 ? "page" : "pages"}, ${file.sizeLabel}`;
}
