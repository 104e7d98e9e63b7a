import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Icon } from "~/components/icons/icon";
import { Button } from "~/components/ui/button";
import { company } from "~/content/company";
import {
  controlClass as control,
  Field,
  FieldError,
  fieldProps,
  firstInvalid,
  useFocusFirstInvalid,
} from "~/features/leads/field";
import { FormAlert, isServerFailure, SalesEmailLink } from "~/features/leads/form-alert";
import type { FormText } from "~/features/leads/form-input";
import {
  CONTACT_FIELD_NAMES,
  emptyItem,
  emptyQuoteValues,
  FOAM_AREA,
  FOAM_FIELD_NAMES,
  type ItemValues,
  itemErrorKey,
  itemFieldName,
  LABEL_AREA,
  LABEL_FIELD_NAMES,
  parseQuote,
  QUOTE_AREAS,
  QUOTE_FAILURE,
  QUOTE_FILE_ACCEPT,
  QUOTE_FILES_FIELD,
  QUOTE_HONEYPOT_FIELD,
  QUOTE_INTENT_FIELD,
  QUOTE_MAX_FILE_BYTES,
  QUOTE_MAX_FILES,
  QUOTE_MAX_ITEMS,
  QUOTE_MAX_TOTAL_FILE_BYTES,
  QUOTE_NOTES_MAX,
  QUOTE_PASTE_MAX,
  QUOTE_SUCCESS,
  QUOTE_TEXT_MAX,
  QUOTE_TOKEN_FIELD,
  QUOTE_UNITS,
  type QuoteFieldErrors,
  type QuoteValues,
} from "~/features/quote/quote";
import { withPastedRows } from "~/features/quote/quote-paste";
import { cn } from "~/lib/cn";

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

const fieldId = (key: string) => `quote-${key.replace(/\./g, "-")}`;

const CONTACT_LABELS: Record<(typeof CONTACT_FIELD_NAMES)[number], { label: string; required?: boolean }> = {
  company: { label: "Company", required: true },
  name: { label: "Name", required: true },
  email: { label: "Email", required: true },
  phone: { label: "Phone" },
  postalCode: { label: "Ship-to ZIP/postal code" },
  neededBy: { label: "Needed by" },
  poReference: { label: "PO or reference" },
};

const CONTACT_INPUTS: Record<
  (typeof CONTACT_FIELD_NAMES)[number],
  Partial<Record<string, string | number>>
> = {
  company: { autoComplete: "organization", maxLength: QUOTE_TEXT_MAX },
  name: { autoComplete: "name", maxLength: QUOTE_TEXT_MAX },
  email: { type: "email", autoComplete: "email", maxLength: 254 },
  phone: { type: "tel", autoComplete: "tel", maxLength: 50 },
  postalCode: { autoComplete: "shipping postal-code", maxLength: 20 },
  neededBy: { type: "date" },
  poReference: { maxLength: 100 },
};

const LABEL_DETAIL_FIELDS: Record<(typeof LABEL_FIELD_NAMES)[number], string> = {
  width: "Width",
  height: "Height",
  sizeUnit: "Size unit",
  material: "Material (e.g. direct thermal paper, polyester)",
  adhesive: "Adhesive (e.g. permanent, freezer, removable)",
  core: "Core size",
  rollSize: "Outside diameter or labels per roll",
  printer: "Printer make and model",
};

const FOAM_DETAIL_FIELDS: Record<(typeof FOAM_FIELD_NAMES)[number], string> = {
  dimensions: "Part dimensions (L × W × H)",
  weight: "Part weight",
  fragility: "Fragility (e.g. glass, electronics, rugged)",
  annualQuantity: "Annual quantity",
};

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Checks the browser can make before the upload starts; the server checks the same and the content. */
function checkFiles(files: readonly File[]): FormText | null {
  if (files.length > QUOTE_MAX_FILES)
    return { title: "Too Many Files", message: `Please attach at most ${QUOTE_MAX_FILES} files.` };
  let total = 0;
  for (const file of files) {
    if (file.size === 0) return { title: "Empty File", message: `"${file.name}" is empty (0 bytes).` };
    if (file.size > QUOTE_MAX_FILE_BYTES)
      return {
        title: "File Too Large",
        message: `"${file.name}" is larger than ${megabytes(QUOTE_MAX_FILE_BYTES)}. Please send a smaller file.`,
      };
    total += file.size;
  }
  if (total > QUOTE_MAX_TOTAL_FILE_BYTES)
    return {
      title: "Attachments Too Large",
      message: `The attachments add up to more than ${megabytes(QUOTE_MAX_TOTAL_FILE_BYTES)}. Please send fewer or smaller files.`,
    };
  return null;
}

interface ApiAnswer {
  ok?: boolean;
  title?: string;
  message?: string;
  reference?: string;
  fieldErrors?: QuoteFieldErrors | undefined;
}

/** The notice above the form; `status` is the answer's (0: the server was not reached). */
type Alert = FormText & { status?: number };

/** Sends the form with XMLHttpRequest, which (unlike fetch) reports upload progress. */
function sendWithProgress(
  body: FormData,
  onProgress: (percent: number) => void,
): Promise<ApiAnswer & { status: number }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/quote");
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      try {
        const answer = JSON.parse(xhr.responseText) as ApiAnswer;
        if (typeof answer.title !== "string" || typeof answer.message !== "string")
          throw new Error("no title");
        if (typeof answer.fieldErrors !== "object") answer.fieldErrors = undefined;
        resolve({ ...answer, status: xhr.status });
      } catch {
        // An answer that cannot be read counts as not reaching the server.
        resolve({ ok: false, status: 0, ...QUOTE_FAILURE });
      }
    };
    xhr.onerror = () => resolve({ ok: false, status: 0, ...QUOTE_FAILURE });
    xhr.send(body);
  });
}

let nextRowKey = 1;

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
  const [values, setValues] = useState<QuoteValues>(() => returned?.values ?? emptyQuoteValues(area));
  const [rowKeys, setRowKeys] = useState<number[]>(() => values.items.map(() => nextRowKey++));
  const [errors, setErrors] = useState<QuoteFieldErrors>(() => returned?.fieldErrors ?? {});
  const [alert, setAlert] = useState<Alert | null>(() =>
    returned?.title && returned.message
      ? { title: returned.title, message: returned.message, status: returned.status }
      : null,
  );
  // The server's answer to a post without JavaScript: its first invalid field is focused on load.
  const [focusOnLoad] = useState(() => firstInvalid(returned?.fieldErrors));
  const [success, setSuccess] = useState<{ reference: string } | null>(() =>
    actionData?.ok ? { reference: actionData.reference } : null,
  );
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [hydrated, setHydrated] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const successHeading = useRef<HTMLHeadingElement>(null);
  const focusAfterRender = useRef<string | null>(null);
  const sendButton = useRef<HTMLButtonElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (success) successHeading.current?.focus();
  }, [success]);
  useEffect(() => {
    if (focusAfterRender.current) {
      document.getElementById(focusAfterRender.current)?.focus();
      focusAfterRender.current = null;
    }
  });

  const clearError = (key: string) =>
    setErrors((current) => {
      if (!(key in current)) return current;
      const { [key]: _removed, ...rest } = current;
      return rest;
    });

  const setContact = (name: (typeof CONTACT_FIELD_NAMES)[number], value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    clearError(name);
  };
  const setItem = (index: number, name: keyof ItemValues, value: string) => {
    setValues((current) => ({
      ...current,
      items: current.items.map((row, i) => (i === index ? { ...row, [name]: value } : row)),
    }));
    clearError(itemErrorKey(index, name));
  };

  /** `pasteList`: the pasted lines the form had no room for (withPastedRows), left in the box. */
  function setRows(items: ItemValues[], keys: number[], pasteList = "") {
    setValues((current) => ({ ...current, items, pasteList }));
    setRowKeys(keys);
  }

  function addRows() {
    const merged = withPastedRows(values);
    if (merged.items.length >= QUOTE_MAX_ITEMS && values.pasteList.trim() === "") {
      setAlert({ title: "Too Many Items", message: `A request can hold up to ${QUOTE_MAX_ITEMS} items.` });
      return;
    }
    let items = merged.items;
    if (values.pasteList.trim() === "") items = [...items, emptyItem(values.items[0]?.area ?? "")];
    items = items.slice(0, QUOTE_MAX_ITEMS);
    const keys = items.map((_, i) =>
      i < values.items.length && merged.items[i] === values.items[i]
        ? (rowKeys[i] ?? nextRowKey++)
        : nextRowKey++,
    );
    setRows(items, keys, merged.pasteList);
    setErrors({});
    const firstNew =
      values.pasteList.trim() === "" ? items.length - 1 : Math.min(values.items.length, items.length - 1);
    focusAfterRender.current = fieldId(itemErrorKey(Math.max(0, firstNew), "description"));
  }

  function removeRow(index: number) {
    const items = values.items.filter((_, i) => i !== index);
    const keys = rowKeys.filter((_, i) => i !== index);
    setRows(items.length > 0 ? items : [emptyItem()], items.length > 0 ? keys : [nextRowKey++]);
    setErrors({});
    focusAfterRender.current =
      items.length > 0
        ? fieldId(itemErrorKey(Math.min(index, items.length - 1), "description"))
        : fieldId(itemErrorKey(0, "area"));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value === "add-rows") {
      addRows();
      return;
    }
    const merged = withPastedRows(values);
    if (merged !== values) {
      setRows(
        merged.items,
        merged.items.map((_, i) => rowKeys[i] ?? nextRowKey++),
        merged.pasteList,
      );
    }
    const parsed = parseQuote(merged);
    const files = Array.from(fileInput.current?.files ?? []);
    if (!parsed.success) {
      setErrors(parsed.fieldErrors);
      setAlert(parsed.error);
      focusFirstInvalid("quote-alert");
      return;
    }
    const fileProblem = checkFiles(files);
    if (fileProblem) {
      setErrors({ [QUOTE_FILES_FIELD]: fileProblem.message });
      setAlert(fileProblem);
      focusFirstInvalid("quote-alert");
      return;
    }
    setErrors({});
    setAlert(null);
    setSending(true);
    setProgress(0);
    const body = new FormData();
    // The token first: the server checks it before it reads any file (docs/quotes.md).
    body.append(QUOTE_TOKEN_FIELD, token);
    for (const name of CONTACT_FIELD_NAMES) body.append(name, merged[name]);
    merged.items.forEach((row, index) => {
      for (const [name, value] of Object.entries(row))
        body.append(itemFieldName(index, name as keyof ItemValues), value);
    });
    for (const name of LABEL_FIELD_NAMES) body.append(`labels.${name}`, merged.labels[name]);
    for (const name of FOAM_FIELD_NAMES) body.append(`foam.${name}`, merged.foam[name]);
    body.append(QUOTE_HONEYPOT_FIELD, honeypot.current?.value ?? "");
    body.append(QUOTE_INTENT_FIELD, "send");
    for (const file of files) body.append(QUOTE_FILES_FIELD, file, file.name);
    const answer = await sendWithProgress(body, setProgress);
    setSending(false);
    setProgress(null);
    if (answer.ok && answer.reference) {
      setSuccess({ reference: answer.reference });
      return;
    }
    // Each refused field, a refused file included, comes keyed by its field.
    setErrors(answer.fieldErrors ?? {});
    setAlert({
      title: answer.title ?? QUOTE_FAILURE.title,
      message: answer.message ?? QUOTE_FAILURE.message,
      status: answer.status,
    });
    focusFirstInvalid("quote-alert");
  }

  if (success) {
    return (
      <div
        className="flex flex-col items-center gap-4 rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-mist"
        data-testid="quote-success"
      >
        <Icon name="CircleCheck" className="size-14 text-green-700" />
        <h2
          ref={successHeading}
          tabIndex={-1}
          className="text-2xl font-extrabold text-navy focus:outline-none"
        >
          {QUOTE_SUCCESS.title}
        </h2>
        <p className="max-w-md text-slate-700">{QUOTE_SUCCESS.message}</p>
        <p className="text-lg text-slate-800" data-testid="quote-reference">
          Your reference: <strong className="font-mono text-navy">{success.reference}</strong>
        </p>
        <p className="max-w-md text-sm text-slate-600">
          We sent an acknowledgement to your e-mail address. Questions? Call{" "}
          <a href={`tel:${company.phoneE164}`} className="font-semibold underline underline-offset-2">
            {company.phone}
          </a>
          .
        </p>
        <Button asChild variant="outline">
          <a href="/quote">Request another quote</a>
        </Button>
      </div>
    );
  }

  /** A field's id and its ARIA attributes, from its key (`email`, `items.2.quantity`). */
  const errorProps = (key: string, hint = false) => ({
    id: fieldId(key),
    ...fieldProps(fieldId(key), { error: errors[key], hint, focus: key === focusOnLoad }),
  });

  return (
    <form
      ref={formRef}
      method="post"
      action="/quote"
      encType="multipart/form-data"
      onSubmit={handleSubmit}
      onKeyDown={(event) => {
        // Enter in a field sends the request: the browser would press the form's first submit
        // button, which is 'Add rows'.
        const target = event.target as HTMLElement;
        if (event.key !== "Enter" || target.tagName !== "INPUT") return;
        const type = (target as HTMLInputElement).type;
        if (type === "file" || type === "submit" || type === "button") return;
        event.preventDefault();
        sendButton.current?.click();
      }}
      noValidate
      aria-labelledby="page-title"
      className="group relative flex flex-col gap-8"
    >
      {/* First in the form, so first in the post: the server checks it before it reads any file. */}
      <input type="hidden" name={QUOTE_TOKEN_FIELD} value={token} />
      {alert ? (
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
      ) : null}
      {returned?.rowsAdded !== undefined ? (
        <p role="status" className="rounded-md border-2 border-steel bg-mist/40 p-4 text-slate-800">
          {returned.rowsAdded > 0
            ? `${returned.rowsAdded} empty ${returned.rowsAdded === 1 ? "row was" : "rows were"} added below.`
            : `The list is full (${QUOTE_MAX_ITEMS} items).`}{" "}
          What you typed is kept; files are not kept when rows are added, so please choose them again before
          sending.
        </p>
      ) : returned?.filesDropped ? (
        <p role="status" className="rounded-md border-2 border-steel bg-mist/40 p-4 text-slate-800">
          What you typed is kept; please choose your files again before sending.
        </p>
      ) : null}
      <p className="text-sm text-slate-600">Fields marked * are required.</p>

      <Section title="Your details" id="quote-contact">
        <div className="grid gap-5 sm:grid-cols-2">
          {CONTACT_FIELD_NAMES.map((name) => (
            <Field
              key={name}
              id={fieldId(name)}
              error={errors[name]}
              label={CONTACT_LABELS[name].label}
              required={CONTACT_LABELS[name].required}
            >
              <input
                name={name}
                className={control}
                required={CONTACT_LABELS[name].required}
                {...CONTACT_INPUTS[name]}
                {...errorProps(name)}
                value={values[name]}
                onChange={(event) => setContact(name, event.currentTarget.value)}
              />
            </Field>
          ))}
        </div>
      </Section>

      <Section
        title="Items"
        id="quote-items"
        hint={`1 to ${QUOTE_MAX_ITEMS} items. Choose the product area to see the details we need.`}
      >
        <FieldError id={fieldId("items")} error={errors.items} />
        <ol className="flex flex-col gap-4">
          {values.items.map((row, index) => (
            <li key={rowKeys[index] ?? `row-${index}`}>
              <fieldset className="rounded-lg border-2 border-mist p-4">
                <legend className="px-1 font-bold text-navy">Item {index + 1}</legend>
                <div className="grid gap-4 md:grid-cols-6">
                  <Field
                    id={fieldId(itemErrorKey(index, "area"))}
                    error={errors[itemErrorKey(index, "area")]}
                    label="Product area"
                    className="md:col-span-2"
                  >
                    <select
                      name={itemFieldName(index, "area")}
                      className={control}
                      {...errorProps(itemErrorKey(index, "area"))}
                      value={row.area}
                      onChange={(event) => setItem(index, "area", event.currentTarget.value)}
                    >
                      <option value="">Not sure / other</option>
                      {QUOTE_AREAS.map((option) => (
                        <option key={option.id} value={option.id}>
                          {option.title}
                        </option>
                      ))}
                    </select>
                  </Field>
                  <Field
                    id={fieldId(itemErrorKey(index, "description"))}
                    error={errors[itemErrorKey(index, "description")]}
                    label="Item number or description"
                    required
                    className="md:col-span-4"
                  >
                    <input
                      name={itemFieldName(index, "description")}
                      className={control}
                      maxLength={QUOTE_TEXT_MAX}
                      {...errorProps(itemErrorKey(index, "description"))}
                      value={row.description}
                      onChange={(event) => setItem(index, "description", event.currentTarget.value)}
                    />
                  </Field>
                  <Field
                    id={fieldId(itemErrorKey(index, "quantity"))}
                    error={errors[itemErrorKey(index, "quantity")]}
                    label="Quantity"
                    required
                    className="md:col-span-1"
                  >
                    <input
                      name={itemFieldName(index, "quantity")}
                      className={control}
                      inputMode="numeric"
                      maxLength={12}
                      {...errorProps(itemErrorKey(index, "quantity"))}
                      value={row.quantity}
                      onChange={(event) => setItem(index, "quantity", event.currentTarget.value)}
                    />
                  </Field>
                  <Field
                    id={fieldId(itemErrorKey(index, "unit"))}
                    error={errors[itemErrorKey(index, "unit")]}
                    label="Unit"
                    className="md:col-span-1"
                  >
                    <select
                      name={itemFieldName(index, "unit")}
                      className={control}
                      {...errorProps(itemErrorKey(index, "unit"))}
                      value={row.unit}
                      onChange={(event) => setItem(index, "unit", event.currentTarget.value)}
                    >
                      {QUOTE_UNITS.map((unit) => (
                        <option key={unit} value={unit}>
                          {unit}
                        </option>
                      ))}
                    </select>
                  </Field>
                  <Field
                    id={fieldId(itemErrorKey(index, "notes"))}
                    error={errors[itemErrorKey(index, "notes")]}
                    label="Notes"
                    className="md:col-span-4"
                  >
                    <input
                      name={itemFieldName(index, "notes")}
                      className={control}
                      maxLength={QUOTE_NOTES_MAX}
                      {...errorProps(itemErrorKey(index, "notes"))}
                      value={row.notes}
                      onChange={(event) => setItem(index, "notes", event.currentTarget.value)}
                    />
                  </Field>
                </div>
                {hydrated && values.items.length > 1 ? (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    className="mt-3"
                    onClick={() => removeRow(index)}
                  >
                    <Icon name="Trash2" />
                    Remove item {index + 1}
                  </Button>
                ) : null}
              </fieldset>
            </li>
          ))}
        </ol>
        <Field
          id="quote-pasteList"
          label="Paste a list (optional)"
          hint={
            <>
              One item per line, e.g. <code>ITEM-123, 500</code> or <code>4x6 thermal labels 12 rolls</code>.
              The lines become items when you press Add rows or send the request.
            </>
          }
        >
          <textarea
            id="quote-pasteList"
            name="pasteList"
            rows={4}
            maxLength={QUOTE_PASTE_MAX}
            aria-describedby="quote-pasteList-hint"
            className={cn(control, "resize-y")}
            value={values.pasteList}
            onChange={(event) => {
              const { value } = event.currentTarget;
              setValues((current) => ({ ...current, pasteList: value }));
            }}
          />
        </Field>
        <Button
          type="submit"
          name={QUOTE_INTENT_FIELD}
          value="add-rows"
          variant="outline"
          className="self-start"
        >
          <Icon name="Plus" />
          Add rows
        </Button>
      </Section>

      <fieldset
        data-area={LABEL_AREA}
        className="hidden rounded-xl bg-white p-6 shadow-sm ring-1 ring-mist group-has-[option[value=labels]:checked]:block"
      >
        <legend className="sr-only">Label details</legend>
        <h2 className="mb-4 text-xl font-extrabold text-navy">Label details</h2>
        <div className="grid gap-4 sm:grid-cols-2">
          {LABEL_FIELD_NAMES.map((name) => (
            <Field
              key={name}
              id={fieldId(`labels.${name}`)}
              label={LABEL_DETAIL_FIELDS[name]}
              error={errors[`labels.${name}`]}
            >
              {name === "sizeUnit" ? (
                <select
                  name={`labels.${name}`}
                  className={control}
                  {...errorProps(`labels.${name}`)}
                  value={values.labels.sizeUnit}
                  onChange={(event) => {
                    const { value } = event.currentTarget;
                    setValues((current) => ({ ...current, labels: { ...current.labels, sizeUnit: value } }));
                    clearError(`labels.${name}`);
                  }}
                >
                  <option value="in">inches</option>
                  <option value="mm">millimetres</option>
                </select>
              ) : (
                <input
                  name={`labels.${name}`}
                  className={control}
                  maxLength={QUOTE_TEXT_MAX}
                  {...errorProps(`labels.${name}`)}
                  value={values.labels[name]}
                  onChange={(event) => {
                    const { value } = event.currentTarget;
                    setValues((current) => ({ ...current, labels: { ...current.labels, [name]: value } }));
                    clearError(`labels.${name}`);
                  }}
                />
              )}
            </Field>
          ))}
        </div>
      </fieldset>

      <fieldset
        data-area={FOAM_AREA}
        className="hidden rounded-xl bg-white p-6 shadow-sm ring-1 ring-mist group-has-[option[value=die-cut-foams]:checked]:block"
      >
        <legend className="sr-only">Foam and protective packaging details</legend>
        <h2 className="mb-4 text-xl font-extrabold text-navy">Foam and protective packaging details</h2>
        <div className="grid gap-4 sm:grid-cols-2">
          {FOAM_FIELD_NAMES.map((name) => (
            <Field
              key={name}
              id={fieldId(`foam.${name}`)}
              label={FOAM_DETAIL_FIELDS[name]}
              error={errors[`foam.${name}`]}
            >
              <input
                name={`foam.${name}`}
                className={control}
                maxLength={QUOTE_TEXT_MAX}
                {...errorProps(`foam.${name}`)}
                value={values.foam[name]}
                onChange={(event) => {
                  const { value } = event.currentTarget;
                  setValues((current) => ({ ...current, foam: { ...current.foam, [name]: value } }));
                  clearError(`foam.${name}`);
                }}
              />
            </Field>
          ))}
        </div>
      </fieldset>

      <Section title="Drawings and artwork" id="quote-files-section">
        <Field
          id={fieldId(QUOTE_FILES_FIELD)}
          error={errors[QUOTE_FILES_FIELD]}
          label="Attachments (optional)"
          hint={`Up to ${QUOTE_MAX_FILES} files, ${megabytes(QUOTE_MAX_FILE_BYTES)} each, ${megabytes(QUOTE_MAX_TOTAL_FILE_BYTES)} in all: PDF, PNG, JPEG, WebP, DXF, DWG, STEP/STP, AI or EPS.`}
        >
          <input
            ref={fileInput}
            name={QUOTE_FILES_FIELD}
            type="file"
            multiple
            accept={QUOTE_FILE_ACCEPT}
            className={cn(
              control,
              "file:mr-3 file:rounded file:border-0 file:bg-mist file:px-3 file:py-1 file:font-semibold file:text-navy",
            )}
            {...errorProps(QUOTE_FILES_FIELD, true)}
            onChange={() => clearError(QUOTE_FILES_FIELD)}
          />
        </Field>
      </Section>

      {/* Left empty by people, filled by bots; hidden from sight and from assistive tech. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`quote-${QUOTE_HONEYPOT_FIELD}`}>Leave this field empty</label>
        <input
          ref={honeypot}
          id={`quote-${QUOTE_HONEYPOT_FIELD}`}
          name={QUOTE_HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>

      {progress !== null ? (
        <div className="flex flex-col gap-1" data-testid="quote-progress">
          <label htmlFor="quote-progress" className="font-semibold text-navy">
            Uploading: {progress}%
          </label>
          <progress id="quote-progress" max={100} value={progress} className="h-3 w-full accent-steel">
            {progress}%
          </progress>
        </div>
      ) : null}
      <Button
        ref={sendButton}
        type="submit"
        name={QUOTE_INTENT_FIELD}
        value="send"
        size="lg"
        className="self-start"
        disabled={sending}
      >
        <Icon name="Send" />
        {sending ? "Sending..." : "Send Quote Request"}
      </Button>
    </form>
  );
}

function Section({
  title,
  id,
  hint,
  children,
}: {
  title: string;
  id: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-mist sm:p-8"
    >
      <h2 id={id} className="text-xl font-extrabold text-navy">
        {title}
      </h2>
      {hint ? <p className="text-slate-700">{hint}</p> : null}
      {children}
    </section>
  );
}
