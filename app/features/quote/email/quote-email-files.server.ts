import { bodyLine, escapeHtml } from "~/features/leads/email-text.server";
import { formatReceived } from "~/server/mail/company-time.server";
import { FILE_LINK_LIFETIME_MS, fileLinkUrl } from "~/server/webhooks/file-links.server";

/**
 * How a quote's files travel in the sales e-mail (docs/quotes.md#files-in-the-sales-e-mail): attached
 * while they come to 10 MB in all; above that, every one as an expiring signed link (the links the
 * webhooks carry), so the e-mail stays well under the size mail servers accept.
 */
export const ATTACH_UP_TO_BYTES = 10 * 1024 * 1024;

export interface StoredQuoteFile {
  id: number;
  name: string;
  size: number;
}

export interface LinkedFile {
  name: string;
  size: number;
  url: string;
}

/** The files as the e-mail carries them: attached by name, or linked until `expiresAt`. */
export type QuoteMailFiles =
  | { attached: readonly string[] }
  | { linked: readonly LinkedFile[]; totalBytes: number; expiresAt: Date };

/** What signing a link needs; without it (a test's services) files are attached whatever their size. */
export interface FileLinkSigning {
  siteUrl?: string;
  fileLinkSecret?: string;
}

/** Decides how the files travel, and the stored files the outbox attaches (none when linked). */
export function quoteMailFiles(
  files: readonly StoredQuoteFile[],
  signing: FileLinkSigning,
  now: Date,
): { files: QuoteMailFiles; attachmentFileIds: number[] } {
  const totalBytes = files.reduce((sum, file) => sum + file.size, 0);
  const { siteUrl, fileLinkSecret } = signing;
  if (totalBytes <= ATTACH_UP_TO_BYTES || !siteUrl || !fileLinkSecret)
    return {
      files: { attached: files.map((file) => file.name) },
      attachmentFileIds: files.map((file) => file.id),
    };
  const linked = files.map((file) => ({
    name: file.name,
    size: file.size,
    url: fileLinkUrl(siteUrl, fileLinkSecret, file, now),
  }));
  return {
    files: { linked, totalBytes, expiresAt: new Date(now.getTime() + FILE_LINK_LIFETIME_MS) },
    attachmentFileIds: [],
  };
}

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

function linkedIntro(files: { totalBytes: number; expiresAt: Date }, timeZone: string): string {
  return `Files: ${megabytes(files.totalBytes)} in all, more than the ${megabytes(ATTACH_UP_TO_BYTES)} this e-mail attaches, so none is attached. Download each from its link until ${formatReceived(files.expiresAt, timeZone)}:`;
}

/** The files' lines of the plain-text body. */
export function quoteFilesText(files: QuoteMailFiles, timeZone: string): string[] {
  if ("attached" in files)
    return [
      files.attached.length > 0
        ? `Attached files: ${files.attached.map(bodyLine).join(", ")}`
        : "No files attached.",
    ];
  return [
    linkedIntro(files, timeZone),
    ...files.linked.map((file) => `- ${bodyLine(file.name)} (${megabytes(file.size)}): ${file.url}`),
  ];
}

/** The files' paragraph of the HTML body. */
export function quoteFilesHtml(files: QuoteMailFiles, timeZone: string): string {
  if ("attached" in files)
    return `<p>${
      files.attached.length > 0
        ? `Attached files: ${files.attached.map(escapeHtml).join(", ")}`
        : "No files attached."
    }</p>`;
  const items = files.linked.map(
    (file) =>
      `<li><a href="${escapeHtml(file.url)}">${escapeHtml(file.name)}</a> (${megabytes(file.size)})</li>`,
  );
  return `<p>${escapeHtml(linkedIntro(files, timeZone))}</p>\n<ul>${items.join("")}</ul>`;
}
