import { DocumentActions } from "~/components/document-actions";
import { Icon } from "~/components/icons/icon";
import { getBrochure } from "~/content/brochures";
import type { BrochureId } from "~/content/schema";
import { brochureFile, describeDocument } from "~/lib/documents";

/** A section's brochures: what each covers, how big the file is, and Preview / Download. */
export function BrochureList({
  id,
  heading,
  brochureIds,
  previewLabel,
  downloadLabel,
}: {
  id: string;
  heading: string;
  brochureIds: readonly BrochureId[];
  previewLabel: string;
  downloadLabel: string;
}) {
  const brochures = brochureIds.flatMap((brochureId) => getBrochure(brochureId) ?? []);
  if (brochures.length === 0) return null;
  return (
    <div className="flex flex-col gap-5">
      <h3 id={id} className="text-xl font-bold text-navy">
        {heading}
      </h3>
      <ul aria-labelledby={id} className="grid gap-4 md:grid-cols-2">
        {brochures.map((brochure) => {
          const file = brochureFile(brochure.id);
          return (
            <li
              key={brochure.id}
              className="flex gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-mist"
              data-brochure={brochure.id}
            >
              <span className="hidden size-11 shrink-0 items-center justify-center rounded-lg bg-navy text-amber sm:inline-flex">
                <Icon name="FileText" className="size-5" />
              </span>
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                <h4 className="font-bold text-navy">{brochure.title}</h4>
                <p className="text-sm leading-relaxed text-slate-700">{brochure.description}</p>
                <p className="text-sm font-medium text-slate-600">{describeDocument(file)}</p>
                <div className="mt-auto pt-1">
                  <DocumentActions
                    title={brochure.title}
                    file={file}
                    previewLabel={previewLabel}
                    downloadLabel={downloadLabel}
                  />
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
