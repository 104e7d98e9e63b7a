import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Icon } from "~/components/icons/icon";
import { Button } from "~/components/ui/button";
import { quoteContent } from "~/content/quote";
import { quoteFormText as text } from "~/content/quote-form";
import { attributionFieldOf } from "~/features/leads/attribution/attribution";
import { AttributionField } from "~/features/leads/attribution/attribution-fields";
import { firstInvalid } from "~/features/leads/ui/field";
import { Honeypot } from "~/features/leads/ui/honeypot";
import {
  emptyQuoteValues,
  parseQuote,
  QUOTE_FAILURE,
  QUOTE_FILES_FIELD,
  QUOTE_INTENT_FIELD,
  QUOTE_MAX_ITEMS,
  QUOTE_TOKEN_FIELD,
  type QuoteFieldErrors,
  type QuoteValues,
} from "~/features/quote/quote";
import { ContactFields } from "./contact-fields";
import { ErrorSummary } from "./error-summary";
import { checkFiles } from "./file-checks";
import { FilePicker } from "./file-picker";
import { type Alert, QuoteAlert, ReturnedNotice, UploadProgress } from "./form-notices";
import { ItemRows } from "./item-rows";
import { FoamDetails } from "./label-details";
import { quoteBody } from "./quote-body";
import { type SentSummary, sentSummary } from "./sent-summary";
import { SuccessPanel } from "./success-panel";
import { useQuoteValues } from "./use-quote-form";
import { FILES_LATE, useUpload } from "./use-upload";

/** What the page's own action answered to a post made without JavaScript. */
export type QuoteActionData =
  | { ok: true; title: string; message: string; reference: string; sent?: SentSummary }
  | {
      ok: false;
      /** The answer's HTTP status: a 5xx adds the sales address to the notice. */
      status?: number;
      title?: string;
      message?: string;
      fieldErrors?: QuoteFieldErrors | undefined;
      values?: QuoteValues;
      /** 'Add item' or 'Turn the list into items' was pressed: how many empty rows were added. */
      rowsAdded?: number;
      /** How many rows the pasted lines became. */
      pastedRows?: number;
      /** Files were chosen but, the form being sent back, are not kept. */
      filesDropped?: boolean;
    };

/**
 * Enter in a field sends the request: the browser would press the form's first submit button, which
 * is 'Add item'.
 */
function enterSends(event: KeyboardEvent<HTMLFormElement>, send: HTMLButtonElement | null) {
  const target = event.target as HTMLElement;
  if (event.key !== "Enter") return;
  if (target.tagName !== "INPUT" && !(target.tagName === "TEXTAREA" && target.hasAttribute("data-one-line")))
    return;
  const type = (target as HTMLInputElement).type;
  if (type === "file" || type === "submit" || type === "button") return;
  event.preventDefault();
  send?.click();
}

/**
 * The quote request form. Without JavaScript it is a plain multipart post to /quote ('Add item' and
 * 'Turn the list into items' send it back with more rows); with JavaScript rows are added and removed
 * in place, each field shows its own message and the error summary links to each, and the upload
 * shows its progress and the time left (docs/quotes.md).
 */
export function QuoteForm({
  area,
  token,
  actionData,
}: {
  area: string;
  token: string;
  actionData?: QuoteActionData;
}) {
  const quote = useQuoteForm(area, actionData);
  const { form, upload } = quote;
  if (quote.sent) return <SuccessPanel reference={quote.sent.reference} sent={quote.sent.sent} />;

  const state = { errors: form.errors, focusOnLoad: quote.focusOnLoad };
  return (
    <form
      ref={quote.refs.form}
      method="post"
      action="/quote"
      encType="multipart/form-data"
      onSubmit={(event) => submitQuoteForm(event, token, quote)}
      onKeyDown={(event) => enterSends(event, quote.refs.sendButton.current)}
      noValidate
      aria-labelledby="page-title"
      className="group relative flex flex-col gap-6 sm:gap-8"
    >
      {/* First in the form, so first in the post: the server checks it before it reads any file. */}
      <input type="hidden" name={QUOTE_TOKEN_FIELD} value={token} />
      <ErrorSummary errors={form.errors} />
      <QuoteAlert alert={quote.alert} />
      <ReturnedNotice returned={quote.showReturned ? quote.returned : undefined} />
      <p className="text-sm text-slate-600">{quoteContent.requiredNote}</p>
      <ContactFields values={form.values} state={state} onChange={form.setContact} />
      <ItemRows
        items={form.values.items}
        rowKeys={form.rowKeys}
        pasteList={form.values.pasteList}
        state={state}
        canRemove={quote.hydrated}
        onChange={form.setItem}
        onLabelChange={form.setItemLabel}
        onRemove={form.removeRow}
        onPaste={form.setPasteList}
      />
      <FoamDetails values={form.values.foam} state={state} onChange={form.setFoam} />
      <FilePicker
        state={state}
        inputRef={quote.refs.fileInput}
        onChange={() => form.setErrors(withoutFiles)}
      />
      <Honeypot form="quote" inputRef={quote.refs.honeypot} />
      <AttributionField />
      <UploadProgress progress={upload.progress} />
      <Button
        ref={quote.refs.sendButton}
        type="submit"
        name={QUOTE_INTENT_FIELD}
        value="send"
        size="lg"
        className="self-start"
        disabled={upload.sending}
      >
        <Icon name="Send" />
        {upload.sending ? text.sending : text.send}
      </Button>
    </form>
  );
}

/** The form's state: its values and messages, the notices, the upload in flight and what was sent. */
function useQuoteForm(area: string, actionData: QuoteActionData | undefined) {
  const returned = actionData && !actionData.ok ? actionData : undefined;
  const form = useQuoteValues(returned?.values ?? emptyQuoteValues(area), returned?.fieldErrors ?? {});
  // A notice for what no field explains (a server fault, a form sent too soon); field errors go to
  // the error summary instead.
  const [alert, setAlert] = useState<Alert | null>(() =>
    returned?.title && returned.message && !firstInvalid(returned.fieldErrors)
      ? { title: returned.title, message: returned.message, status: returned.status }
      : null,
  );
  // What a post without JavaScript came back with (rows added, files to choose again) shows until the
  // next submit: the latest notice alone is on screen (docs/product.md#field-errors).
  const [showReturned, setShowReturned] = useState(true);
  const [focusTarget, setFocusTarget] = useState<{ id: string } | null>(null);
  // The server's answer to a post without JavaScript: its first invalid field is focused on load.
  const [focusOnLoad] = useState(() => firstInvalid(returned?.fieldErrors));
  const [sent, setSent] = useState<{ reference: string; sent?: SentSummary | undefined } | null>(() =>
    actionData?.ok ? { reference: actionData.reference, sent: actionData.sent } : null,
  );
  const [hydrated, setHydrated] = useState(false);
  const upload = useUpload();
  const formRef = useRef<HTMLFormElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const sendButton = useRef<HTMLButtonElement>(null);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (focusTarget) document.getElementById(focusTarget.id)?.focus();
  }, [focusTarget]);

  return {
    returned,
    form,
    alert,
    setAlert,
    showReturned,
    setShowReturned,
    setFocusTarget,
    focusOnLoad,
    sent,
    setSent,
    hydrated,
    upload,
    refs: { form: formRef, fileInput, honeypot, sendButton },
  };
}

type QuoteFormState = ReturnType<typeof useQuoteForm>;

/** A failed submit: the error summary, or the notice when no field is at fault, gets the focus. */
function refuseQuote(quote: QuoteFormState, errors: QuoteFieldErrors, notice: Alert): void {
  const fields = Boolean(firstInvalid(errors));
  quote.form.setErrors(errors);
  quote.setAlert(fields ? null : notice);
  quote.setFocusTarget({ id: fields ? "quote-error-summary" : "quote-alert" });
}

/** The submit with JavaScript: a row intent, or the request checked here and sent with its progress shown. */
async function submitQuoteForm(event: FormEvent<HTMLFormElement>, token: string, quote: QuoteFormState) {
  event.preventDefault();
  if (quote.upload.sending) return;
  const attribution = attributionFieldOf(event.currentTarget);
  const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
  quote.setShowReturned(false);
  if (submitter?.value === "add-rows") {
    quote.setAlert(quote.form.addItem() ? null : text.tooManyItems(QUOTE_MAX_ITEMS));
    return;
  }
  if (submitter?.value === "paste-rows") {
    quote.setAlert(null);
    quote.form.pasteRows();
    return;
  }
  const merged = quote.form.mergePasted();
  const parsed = parseQuote(merged);
  const files = Array.from(quote.refs.fileInput.current?.files ?? []);
  if (!parsed.success) return refuseQuote(quote, parsed.fieldErrors, parsed.error);
  const fileProblem = checkFiles(files);
  if (fileProblem) return refuseQuote(quote, { [QUOTE_FILES_FIELD]: fileProblem.message }, fileProblem);
  quote.form.setErrors({});
  quote.setAlert(null);
  const trap = quote.refs.honeypot.current?.value ?? "";
  const names = files.map((file) => file.name);
  const answer = await sendQuote(quote.upload, { token, merged, trap, files, attribution });
  if (answer === FILES_LATE) return;
  if (answer.ok && answer.reference) {
    const late = answer.filesNotArrived ?? [];
    quote.setSent({
      reference: answer.reference,
      sent: sentSummary(merged.items, late.length > 0 ? [] : names, late),
    });
    return;
  }
  // Each refused field, a refused file included, comes keyed by its field.
  refuseQuote(quote, answer.fieldErrors ?? {}, {
    title: answer.title ?? QUOTE_FAILURE.title,
    message: answer.message ?? QUOTE_FAILURE.message,
    status: answer.status,
  });
}

/** Sends the request; when its files cannot arrive in time, sends it again without them, naming them. */
async function sendQuote(
  upload: ReturnType<typeof useUpload>,
  post: {
    token: string;
    merged: Parameters<typeof quoteBody>[1];
    trap: string;
    files: File[];
    attribution: Parameters<typeof quoteBody>[5];
  },
) {
  const { token, merged, trap, files, attribution } = post;
  const names = files.map((file) => file.name);
  let answer = await upload.send(quoteBody(token, merged, trap, files, [], attribution), {
    watch: files.length > 0,
  });
  if (answer === FILES_LATE) {
    // The files cannot get through this line in time: the request goes without them, once the
    // server has let go of the upload given up on.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    answer = await upload.send(quoteBody(token, merged, trap, [], names, attribution), {
      watch: false,
      withoutFiles: true,
    });
  }
  return answer;
}

/** The field messages without the attachments' (a new choice of files clears it). */
function withoutFiles(errors: QuoteFieldErrors): QuoteFieldErrors {
  if (!(QUOTE_FILES_FIELD in errors)) return errors;
  const { [QUOTE_FILES_FIELD]: _removed, ...rest } = errors;
  return rest;
}
