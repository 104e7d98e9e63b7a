import { Icon } from "~/components/icons/icon";
import { Button } from "~/components/ui/button";
import { type DocumentFile, describeDocument } from "~/lib/documents";

/**
 * Preview opens the PDF in a new tab; Download saves it under its file name (the server sends it as
 * an attachment, and the `download` attribute names it for same-origin files).
 */
export function DocumentActions({
  title,
  file,
  previewLabel = "Preview",
  downloadLabel = "Download",
}: {
  title: string;
  file: DocumentFile;
  previewLabel?: string;
  downloadLabel?: string;
}) {
  const details = describeDocument(file);
  return (
    <div className="flex flex-wrap gap-2">
      <Button asChild variant="outline" size="sm">
        <a
          href={file.href}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`${previewLabel} ${title} (${details}, opens in a new tab)`}
        >
          <Icon name="Eye" />
          {previewLabel}
        </a>
      </Button>
      <Button asChild variant="secondary" size="sm">
        <a
          href={file.downloadHref}
          download={file.fileName}
          aria-label={`${downloadLabel} ${title} (${details})`}
        >
          <Icon name="Download" />
          {downloadLabel}
        </a>
      </Button>
    </div>
  );
}
