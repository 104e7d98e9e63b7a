import { FormAlert, isServerFailure, SalesEmailLink } from "~/components/forms/form-alert";
import { company } from "~/content/company";
import { quoteFormText as text } from "~/content/quote";
import type { FormText } from "~/forms/common";
import { QUOTE_HONEYPOT_FIELD, QUOTE_MAX_ITEMS } from "~/forms/quote";

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
export function ReturnedNotice({ rowsAdded, filesDropped }: { rowsAdded?: number; filesDropped?: boolean }) {
  const className = "rounded-md border-2 border-steel bg-mist/40 p-4 text-slate-800";
  if (rowsAdded !== undefined)
    return (
      <p role="status" className={className}>
        {text.rowsAdded(rowsAdded, QUOTE_MAX_ITEMS)} {text.rowsAddedFilesNote}
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

/** Left empty by people, filled by bots; hidden from sight and from assistive tech. */
export function Honeypot({ inputRef }: { inputRef: React.RefObject<HTMLInputElement | null> }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={`quote-${QUOTE_HONEYPOT_FIELD}`}>{text.honeypotLabel}</label>
      <input
        ref={inputRef}
        id={`quote-${QUOTE_HONEYPOT_FIELD}`}
        name={QUOTE_HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}

/** The upload's progress while the form is being sent. */
export function UploadProgress({ progress }: { progress: number | null }) {
  if (progress === null) return null;
  return (
    <div className="flex flex-col gap-1" data-testid="quote-progress">
      <label htmlFor="quote-progress" className="font-semibold text-navy">
        {text.uploading(progress)}
      </label>
      <progress id="quote-progress" max={100} value={progress} className="h-3 w-full accent-steel">
        {progress}%
      </progress>
    </div>
  );
}
