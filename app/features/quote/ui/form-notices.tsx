import { company } from "~/content/company";
import { quoteFormText as text } from "~/content/quote-form";
import type { FormText } from "~/features/leads/form-input";
import { FormAlert, isServerFailure, SalesEmailLink } from "~/features/leads/ui/form-alert";
import { QUOTE_MAX_ITEMS, type QuoteValues } from "~/features/quote/quote";
import type { UploadProgress as UploadState } from "./use-upload";

/** The notice above the form; `status` is the answer's (0: the server was not reached). */
export type Alert = FormText & { status?: number | undefined };

/** The notice above the form (focusable, so a failed submit can move focus to it). */
export function QuoteAlert({ alert }: { alert: Alert | null }) {
  if (!alert) return null;
  return (
    <div id="quote-alert" tabIndex={-1} className="focus:outline-none">
      <FormAlert title={alert.title}>
        {alert.message}
        {alert.status !== undefined && isServerFailure(alert.status) ? (
          <>
            {" "}
            <SalesEmailLink email={company.email} />.
          </>
        ) : null}
      </FormAlert>
    </div>
  );
}

/** What a post without JavaScript that came back says: rows added, or files to choose again. */
export function ReturnedNotice({
  returned,
}: {
  returned?:
    | { rowsAdded?: number; pastedRows?: number; filesDropped?: boolean; values?: QuoteValues }
    | undefined;
}) {
  const rows =
    returned?.rowsAdded === undefined
      ? undefined
      : {
          added: returned.rowsAdded,
          pasted: returned.pastedRows ?? 0,
          full: (returned.values?.items.length ?? 0) >= QUOTE_MAX_ITEMS,
        };
  const filesDropped = returned?.filesDropped;
  const className = "rounded-md border-2 border-steel bg-mist/40 p-4 text-slate-800";
  if (rows)
    return (
      <p role="status" className={className}>
        {`${text.rowsAdded(rows, QUOTE_MAX_ITEMS)} ${text.rowsAddedFilesNote}`}
      </p>
    );
  if (filesDropped)
    return (
      <p role="status" className={className}>
        {text.filesDropped}
      </p>
    );
  return null;
}

/** The upload's progress while the form is being sent, with the time left once its pace is known. */
export function UploadProgress({ progress }: { progress: UploadState | null }) {
  if (progress === null) return null;
  const { percent, secondsLeft, withoutFiles } = progress;
  return (
    <div className="flex flex-col gap-1" data-testid="quote-progress">
      {withoutFiles ? (
        <p role="status" className="font-semibold text-navy">
          {text.sendingWithoutFiles}
        </p>
      ) : null}
      <label htmlFor="quote-progress" className="font-semibold text-navy">
        {text.uploading(percent)}
        {secondsLeft !== null && percent < 100 ? `, ${text.timeLeft(secondsLeft)}` : null}
      </label>
      <progress id="quote-progress" max={100} value={percent} className="h-3 w-full accent-steel">
        {percent}%
      </progress>
    </div>
  );
}
