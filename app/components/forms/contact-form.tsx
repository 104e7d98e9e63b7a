import { CircleCheckIcon, SendIcon } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { Field, TextArea, TextInput } from "~/components/forms/field";
import { FormAlert, SalesEmailLink } from "~/components/forms/form-alert";
import { submitForm } from "~/components/forms/submit-form";
import { Button } from "~/components/ui/button";
import { notify } from "~/components/ui/toaster";
import { company } from "~/content/company";
import type { ContactContent } from "~/content/schema";
import type { FormResult } from "~/forms/common";
import {
  CONTACT_EMAIL_MAX_LENGTH,
  CONTACT_FAILURE,
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  CONTACT_PHONE_MAX_LENGTH,
  firstContactError,
  HONEYPOT_FIELD,
} from "~/forms/contact";
import { readContactPrefill } from "~/forms/contact-prefill";

type Values = { name: string; email: string; phone: string; message: string };
type FieldName = keyof Values;
const EMPTY: Values = { name: "", email: "", phone: "", message: "" };

/** What the page's own action answered to a form post made without JavaScript. */
export type ContactActionData = Pick<FormResult, "ok" | "title" | "message" | "reference"> & {
  values?: Partial<Values>;
};

function fieldOfError(title: string): FieldName {
  if (/email/i.test(title)) return "email";
  if (/name/i.test(title)) return "name";
  if (/phone/i.test(title)) return "phone";
  return "message";
}

function initialValues(state: unknown, returned?: Partial<Values>): Values {
  if (returned) return { ...EMPTY, ...returned };
  const prefill = readContactPrefill(state);
  if (!prefill) return EMPTY;
  const message = prefill.company
    ? `${prefill.message}\n\nCompany: ${prefill.company}`.trim()
    : prefill.message;
  return { ...EMPTY, name: prefill.name, email: prefill.email, message };
}

function showFailure() {
  notify("error", CONTACT_FAILURE.title, {
    description: (
      <>
        {CONTACT_FAILURE.message} <SalesEmailLink email={company.email} />.
      </>
    ),
  });
}

/**
 * 'Send Us a Message'. With JavaScript it posts to /api/contact and answers with toasts; without, the
 * browser posts to /contact and the page shows the outcome (DECISIONS D10). Typed text is kept
 * until the server confirms the message is stored.
 */
export function ContactForm({
  content,
  actionData,
}: {
  content: ContactContent["form"];
  actionData?: ContactActionData;
}) {
  const location = useLocation();
  const [values, setValues] = useState<Values>(() => initialValues(location.state, actionData?.values));
  const [invalid, setInvalid] = useState<FieldName | null>(null);
  const [status, setStatus] = useState<"idle" | "submitting" | "success">(
    actionData?.ok ? "success" : "idle",
  );
  const [reference, setReference] = useState<string | undefined>(actionData?.reference);
  const successHeading = useRef<HTMLHeadingElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (status === "success" && !actionData?.ok) successHeading.current?.focus();
  }, [status, actionData?.ok]);

  const update = (field: FieldName) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
    if (invalid === field) setInvalid(null);
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === "submitting") return;
    const fields = { ...values, [HONEYPOT_FIELD]: honeypot.current?.value ?? "" };
    const error = firstContactError(fields);
    if (error) {
      const field = fieldOfError(error.title);
      setInvalid(field);
      notify("error", error.title, { description: error.message });
      event.currentTarget.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
      return;
    }
    setStatus("submitting");
    const outcome = await submitForm("/api/contact", fields, CONTACT_FAILURE);
    if (outcome.ok) {
      notify("success", outcome.title, { description: outcome.message });
      setValues(EMPTY);
      setReference(outcome.reference);
      setStatus("success");
      return;
    }
    setStatus("idle");
    if (outcome.title === CONTACT_FAILURE.title) showFailure();
    else notify("error", outcome.title, { description: outcome.message });
  }

  function reset() {
    setValues(EMPTY);
    setInvalid(null);
    setStatus("idle");
    // The form renders again first; focus then goes to its first field.
    requestAnimationFrame(() => nameInput.current?.focus());
  }

  if (status === "success") {
    return (
      <div
        className="flex flex-col items-center gap-4 rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-mist"
        data-testid="contact-success"
      >
        <CircleCheckIcon aria-hidden="true" className="size-14 text-green-700" />
        <h3
          ref={successHeading}
          tabIndex={-1}
          className="text-2xl font-extrabold text-navy focus:outline-none"
        >
          {content.success.heading}
        </h3>
        <p className="max-w-md text-slate-700">{content.success.text}</p>
        {reference ? (
          <p className="text-slate-700" data-testid="contact-reference">
            Your reference: <strong className="font-mono text-navy">{reference}</strong>
          </p>
        ) : null}
        {actionData?.ok ? (
          // Without JavaScript, a fresh page load is the empty form.
          <Button asChild variant="outline">
            <a href="/contact#send-us-a-message">{content.success.resetLabel}</a>
          </Button>
        ) : (
          <Button type="button" variant="outline" onClick={reset}>
            {content.success.resetLabel}
          </Button>
        )}
      </div>
    );
  }

  const { fields } = content;
  const submitting = status === "submitting";
  const failedWithoutScript = actionData && !actionData.ok ? actionData : undefined;
  return (
    <form
      method="post"
      action="/contact#send-us-a-message"
      onSubmit={handleSubmit}
      noValidate
      aria-labelledby="send-us-a-message"
      className="relative flex flex-col gap-5 rounded-xl bg-white p-6 shadow-sm ring-1 ring-mist sm:p-8"
    >
      {failedWithoutScript ? (
        <FormAlert title={failedWithoutScript.title}>
          {failedWithoutScript.message}
          {failedWithoutScript.title === CONTACT_FAILURE.title ? (
            <>
              {" "}
              <SalesEmailLink email={company.email} />.
            </>
          ) : null}
        </FormAlert>
      ) : null}
      <p className="text-sm text-slate-600">{content.requiredNote}</p>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="contact-name" label={fields.name.label} required>
          <TextInput
            ref={nameInput}
            id="contact-name"
            name="name"
            autoComplete="name"
            required
            maxLength={CONTACT_NAME_MAX_LENGTH}
            aria-invalid={invalid === "name" || undefined}
            placeholder={fields.name.placeholder}
            value={values.name}
            onChange={update("name")}
          />
        </Field>
        <Field id="contact-email" label={fields.email.label} required>
          <TextInput
            id="contact-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={CONTACT_EMAIL_MAX_LENGTH}
            aria-invalid={invalid === "email" || undefined}
            placeholder={fields.email.placeholder}
            value={values.email}
            onChange={update("email")}
          />
        </Field>
      </div>
      <Field id="contact-phone" label={fields.phone.label}>
        <TextInput
          id="contact-phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          maxLength={CONTACT_PHONE_MAX_LENGTH}
          placeholder={fields.phone.placeholder}
          value={values.phone}
          onChange={update("phone")}
        />
      </Field>
      <Field id="contact-message" label={fields.message.label} required>
        <TextArea
          id="contact-message"
          name="message"
          rows={5}
          required
          maxLength={CONTACT_MESSAGE_MAX_LENGTH}
          aria-invalid={invalid === "message" || undefined}
          placeholder={fields.message.placeholder}
          value={values.message}
          onChange={update("message")}
        />
      </Field>
      {/* Left empty by people, filled by bots (DECISIONS D7); hidden from sight and from assistive tech. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`contact-${HONEYPOT_FIELD}`}>Leave this field empty</label>
        <input
          ref={honeypot}
          id={`contact-${HONEYPOT_FIELD}`}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <Button type="submit" size="lg" className="self-start" disabled={submitting}>
        <SendIcon aria-hidden="true" />
        {submitting ? content.submittingLabel : content.submitLabel}
      </Button>
    </form>
  );
}
