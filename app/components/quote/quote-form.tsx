import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { firstInvalid, useFocusFirstInvalid } from "~/components/forms/field";
import { Icon } from "~/components/icons/icon";
import { Button } from "~/components/ui/button";
import { quoteContent, quoteFormText as text } from "~/content/quote";
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
} from "~/forms/quote";
import { ContactFields } from "./contact-fields";
import { checkFiles } from "./file-checks";
import { FilePicker } from "./file-picker";
import { type Alert, Honeypot, QuoteAlert, ReturnedNotice, UploadProgress } from "./form-notices";
import { ItemRows } from "./item-rows";
import { FoamDetails, LabelDetails } from "./label-details";
import { quoteBody } from "./quote-body";
import { SuccessPanel } from "./success-panel";
import { useQuoteValues } from "./use-quote-form";
import { useUpload } from "./use-upload";

/** What the page's own action answered to a post made without JavaScript. */
export type QuoteActionData =
  | { ok: true; title: string; message: string; reference: string }
  | {
      ok: false;
      /** The answer's HTTP status: a 5xx adds the sales address to the notice. */
      status?: number;
      title?: string;
      message?: string;
      fieldErrors?: QuoteFieldErrors | undefined;
      values?: QuoteValues;
      /** 'Add rows' was pressed: how many empty rows were added. */
      rowsAdded?: number;
      /** Files were chosen but, the form being sent back, are not kept. */
      filesDropped?: boolean;
    };

/**
 * Enter in a field sends the request: the browser would press the form's first submit button, which
 * is 'Add rows'.
 */
function enterSends(event: KeyboardEvent<HTMLFormElement>, send: HTMLButtonElement | null) {
  const target = event.target as HTMLElement;
  if (event.key !== "Enter" || target.tagName !== "INPUT") return;
  const type = (target as HTMLInputElement).type;
  if (type === "file" || type === "submit" || type === "button") return;
  event.preventDefault();
  send?.click();
}

/**
 * The quote request form. Without JavaScript it is a plain multipart post to /quote ('Add rows' sends
 * it back with more rows); with JavaScript rows are added and removed in place, each field shows its
 * own message, and the upload shows its progress (docs/quotes.md).
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
  const returned = actionData && !actionData.ok ? actionData : undefined;
  const form = useQuoteValues(returned?.values ?? emptyQuoteValues(area), returned?.fieldErrors ?? {});
  const [alert, setAlert] = useState<Alert | null>(() =>
    returned?.title && returned.message
      ? { title: returned.title, message: returned.message, status: returned.status }
      : null,
  );
  // The server's answer to a post without JavaScript: its first invalid field is focused on load.
  const [focusOnLoad] = useState(() => firstInvalid(returned?.fieldErrors));
  const [reference, setReference] = useState(actionData?.ok ? actionData.reference : null);
  const [hydrated, setHydrated] = useState(false);
  const upload = useUpload();
  const formRef = useRef<HTMLFormElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const sendButton = useRef<HTMLButtonElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  useEffect(() => setHydrated(true), []);

  const refuse = (errors: QuoteFieldErrors, notice: Alert) => {
    form.setErrors(errors);
    setAlert(notice);
    focusFirstInvalid("quote-alert");
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (upload.sending) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value === "add-rows") {
      if (!form.addRows()) setAlert(text.tooManyItems(QUOTE_MAX_ITEMS));
      return;
    }
    const merged = form.mergePasted();
    const parsed = parseQuote(merged);
    const files = Array.from(fileInput.current?.files ?? []);
    if (!parsed.success) return refuse(parsed.fieldErrors, parsed.error);
    const fileProblem = checkFiles(files);
    if (fileProblem) return refuse({ [QUOTE_FILES_FIELD]: fileProblem.message }, fileProblem);
    form.setErrors({});
    setAlert(null);
    const answer = await upload.send(quoteBody(token, merged, honeypot.current?.value ?? "", files));
    if (answer.ok && answer.reference) {
      setReference(answer.reference);
      return;
    }
    // Each refused field, a refused file included, comes keyed by its field.
    refuse(answer.fieldErrors ?? {}, {
      title: answer.title ?? QUOTE_FAILURE.title,
      message: answer.message ?? QUOTE_FAILURE.message,
      status: answer.status,
    });
  }

  if (reference) return <SuccessPanel reference={reference} />;

  const state = { errors: form.errors, focusOnLoad };
  return (
    <form
      ref={formRef}
      method="post"
      action="/quote"
      encType="multipart/form-data"
      onSubmit={handleSubmit}
      onKeyDown={(event) => enterSends(event, sendButton.current)}
      noValidate
      aria-labelledby="page-title"
      className="group relative flex flex-col gap-8"
    >
      {/* First in the form, so first in the post: the server checks it before it reads any file. */}
      <input type="hidden" name={QUOTE_TOKEN_FIELD} value={token} />
      <QuoteAlert alert={alert} />
      <ReturnedNotice rowsAdded={returned?.rowsAdded} filesDropped={returned?.filesDropped} />
      <p className="text-sm text-slate-600">{quoteContent.requiredNote}</p>
      <ContactFields values={form.values} state={state} onChange={form.setContact} />
      <ItemRows
        items={form.values.items}
        rowKeys={form.rowKeys}
        pasteList={form.values.pasteList}
        state={state}
        canRemove={hydrated}
        onChange={form.setItem}
        onRemove={form.removeRow}
        onPaste={form.setPasteList}
      />
      <LabelDetails values={form.values.labels} state={state} onChange={form.setLabel} />
      <FoamDetails values={form.values.foam} state={state} onChange={form.setFoam} />
      <FilePicker state={state} inputRef={fileInput} onChange={() => form.setErrors(withoutFiles)} />
      <Honeypot inputRef={honeypot} />
      <UploadProgress progress={upload.progress} />
      <Button
        ref={sendButton}
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

/** The field messages without the attachments' (a new choice of files clears it). */
function withoutFiles(errors: QuoteFieldErrors): QuoteFieldErrors {
  if (!(QUOTE_FILES_FIELD in errors)) return errors;
  const { [QUOTE_FILES_FIELD]: _removed, ...rest } = errors;
  return rest;
}
