import { type FormEvent, type RefObject, useEffect, useRef, useState } from "react";
import { Icon } from "~/components/icons/icon";
import { Button } from "~/components/ui/button";
import { notify } from "~/components/ui/toaster";
import { company } from "~/content/company";
import type { ContactContent } from "~/content/schema";
import {
  CONTACT_EMAIL_MAX_LENGTH,
  CONTACT_FAILURE,
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  CONTACT_PHONE_MAX_LENGTH,
  type ContactField,
  type ContactValues,
  contactValues,
  HONEYPOT_FIELD,
  parseContact,
} from "~/features/contact/contact";
import { attributionFieldOf } from "~/features/leads/attribution/attribution";
import { AttributionField } from "~/features/leads/attribution/attribution-fields";
import type { FieldErrors, FormResult } from "~/features/leads/form-input";
import {
  Field,
  fieldProps,
  firstInvalid,
  outcomeId,
  TextArea,
  TextInput,
  useFocusFirstInvalid,
} from "~/features/leads/ui/field";
import { FormAlert, isServerFailure, SalesEmailLink } from "~/features/leads/ui/form-alert";
import { Honeypot } from "~/features/leads/ui/honeypot";
import { submitForm } from "~/features/leads/ui/submit-form";

type Errors = FieldErrors<ContactField>;

/** What the page's own action answered to a form post made without JavaScript. */
export type ContactActionData = Pick<FormResult, "ok" | "status" | "title" | "message" | "reference"> & {
  fieldErrors?: Errors | undefined;
  values?: ContactValues | undefined;
};

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
 * browser posts to /contact and the page shows the outcome (docs/product.md#no-javascript). Either way
 * each invalid field shows its message and the first one takes the focus
 * (docs/product.md#field-errors). Typed text is kept until the server confirms the message is stored.
 */
export function ContactForm({
  content,
  actionData,
}: {
  content: ContactContent["form"];
  actionData?: ContactActionData | undefined;
}) {
  const { values, errors, status, banner, focusOnLoad, refs, update, handleSubmit, reset, reference } =
    useContactForm(actionData);
  if (status === "success") {
    return (
      <ContactSuccess
        success={content.success}
        reference={reference}
        headingRef={refs.successHeading}
        withoutScript={actionData?.ok === true}
        onReset={reset}
      />
    );
  }

  const { fields } = content;
  const submitting = status === "submitting";
  const field = (name: ContactField) => ({
    id: `contact-${name}`,
    name,
    value: values[name],
    onChange: update(name),
    ...fieldProps(`contact-${name}`, { error: errors[name], focus: name === focusOnLoad }),
  });
  return (
    <form
      ref={refs.form}
      method="post"
      action="/contact#contact-outcome"
      onSubmit={handleSubmit}
      noValidate
      aria-labelledby="send-us-a-message"
      className="relative flex flex-col gap-5 rounded-xl bg-white p-6 shadow-sm ring-1 ring-mist sm:p-8"
    >
      {banner ? <NoScriptNotice banner={banner} /> : null}
      <p className="text-sm text-slate-600">{content.requiredNote}</p>
      <ContactFields fields={fields} errors={errors} field={field} nameInput={refs.nameInput} />
      <Honeypot form="contact" inputRef={refs.honeypot} />
      <AttributionField />
      <Button type="submit" size="lg" className="self-start" disabled={submitting}>
        <Icon name="Send" />
        {submitting ? content.submittingLabel : content.submitLabel}
      </Button>
    </form>
  );
}

/** The form's state: what was typed, the field messages, the post in flight and its outcome. */
function useContactForm(actionData: ContactActionData | undefined) {
  const [values, setValues] = useState<ContactValues>(() => actionData?.values ?? contactValues());
  const [errors, setErrors] = useState<Errors>(() => actionData?.fieldErrors ?? {});
  const [status, setStatus] = useState<"idle" | "submitting" | "success">(
    actionData?.ok ? "success" : "idle",
  );
  const [reference, setReference] = useState<string | undefined>(actionData?.reference);
  // Focus goes to the success heading once a message is sent with JavaScript.
  const refs = useContactRefs(status === "success" && !actionData?.ok);
  const { nameInput, honeypot } = refs;
  const focusFirstInvalid = useFocusFirstInvalid(refs.form);
  const { focusOnLoad, banner, setBanner } = useNoScriptAnswer(actionData);

  const update = (field: ContactField) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _corrected, ...rest }) => rest);
    if (banner && firstInvalid(banner.fieldErrors) === field) setBanner(undefined);
  };

  function showErrors(fieldErrors: Errors) {
    setErrors(fieldErrors);
    focusFirstInvalid();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === "submitting") return;
    setBanner(undefined);
    const fields = { ...values, [HONEYPOT_FIELD]: honeypot.current?.value ?? "" };
    const attribution = attributionFieldOf(event.currentTarget);
    const parsed = parseContact(fields);
    if (!parsed.success) {
      showErrors(parsed.fieldErrors);
      notify("error", parsed.error.title, { description: parsed.error.message });
      return;
    }
    setErrors({});
    setStatus("submitting");
    const outcome = await submitForm("/api/contact", { ...fields, ...attribution }, CONTACT_FAILURE);
    if (outcome.ok) {
      notify("success", outcome.title, { description: outcome.message });
      setValues(contactValues());
      setReference(outcome.reference);
      setStatus("success");
      return;
    }
    setStatus("idle");
    if (outcome.fieldErrors) showErrors(outcome.fieldErrors);
    if (isServerFailure(outcome.status)) showFailure();
    else notify("error", outcome.title, { description: outcome.message });
  }

  function reset() {
    setValues(contactValues());
    setErrors({});
    setStatus("idle");
    // The form renders again first; focus then goes to its first field.
    requestAnimationFrame(() => nameInput.current?.focus());
  }

  return {
    values,
    errors,
    status,
    banner,
    focusOnLoad,
    reference,
    refs,
    update,
    handleSubmit,
    reset,
  };
}

function useContactRefs(focusSuccess: boolean) {
  const successHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusSuccess) successHeading.current?.focus();
  }, [focusSuccess]);
  return {
    successHeading,
    nameInput: useRef<HTMLInputElement>(null),
    honeypot: useRef<HTMLInputElement>(null),
    form: useRef<HTMLFormElement>(null),
  };
}

/** What a post without JavaScript came back with. */
function useNoScriptAnswer(actionData: ContactActionData | undefined) {
  // The server's answer to a post without JavaScript: its first invalid field is focused on load.
  const [focusOnLoad] = useState(() => firstInvalid(actionData?.fieldErrors));
  // The notice in the form that a post without JavaScript came back with. It goes with the next
  // submit (whose notice is a toast) and as soon as the field it names is changed: only the latest
  // notice is on screen, and none names a field that is now valid (docs/product.md#field-errors).
  const [banner, setBanner] = useState(() => (actionData && !actionData.ok ? actionData : undefined));
  return { focusOnLoad, banner, setBanner };
}

/** What the visitor sees once the message is sent: its reference, and the way back to an empty form. */
function ContactSuccess({
  success,
  reference,
  headingRef,
  withoutScript,
  onReset,
}: {
  success: ContactContent["form"]["success"];
  reference: string | undefined;
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** Answered to a post made without JavaScript: a fresh page load is the empty form. */
  withoutScript: boolean;
  onReset: () => void;
}) {
  return (
    <div
      id={outcomeId("contact", undefined)}
      className="flex flex-col items-center gap-4 rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-mist"
      data-testid="contact-success"
    >
      <Icon name="CircleCheck" className="size-14 text-green-700" />
      <h3 ref={headingRef} tabIndex={-1} className="text-2xl font-extrabold text-navy focus:outline-none">
        {success.heading}
      </h3>
      <p className="max-w-md text-slate-700">{success.text}</p>
      {reference ? (
        <p className="text-slate-700" data-testid="contact-reference">
          Your reference: <strong className="font-mono text-navy">{reference}</strong>
        </p>
      ) : null}
      {withoutScript ? (
        // Without JavaScript, a fresh page load is the empty form.
        <Button asChild variant="outline">
          <a href="/contact#send-us-a-message">{success.resetLabel}</a>
        </Button>
      ) : (
        <Button type="button" variant="outline" onClick={onReset}>
          {success.resetLabel}
        </Button>
      )}
    </div>
  );
}

/** The notice a post made without JavaScript came back with (docs/product.md#field-errors). */
function NoScriptNotice({ banner }: { banner: ContactActionData }) {
  return (
    <FormAlert id={outcomeId("contact", banner.fieldErrors)} title={banner.title}>
      {banner.message}
      {isServerFailure(banner.status) ? (
        <>
          {" "}
          <SalesEmailLink email={company.email} />.
        </>
      ) : null}
    </FormAlert>
  );
}

/** What binds an input to its field: its value, its change, and its message's attributes. */
type FieldBinding = {
  id: string;
  name: ContactField;
  value: string;
  onChange: (event: { currentTarget: { value: string } }) => void;
} & ReturnType<typeof fieldProps>;

/** The four fields, each with its label and its message. */
function ContactFields({
  fields,
  errors,
  field,
  nameInput,
}: {
  fields: ContactContent["form"]["fields"];
  errors: Errors;
  field: (name: ContactField) => FieldBinding;
  nameInput: RefObject<HTMLInputElement | null>;
}) {
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="contact-name" label={fields.name.label} required error={errors.name}>
          <TextInput
            ref={nameInput}
            {...field("name")}
            autoComplete="name"
            required
            maxLength={CONTACT_NAME_MAX_LENGTH}
            placeholder={fields.name.placeholder}
          />
        </Field>
        <Field id="contact-email" label={fields.email.label} required error={errors.email}>
          <TextInput
            {...field("email")}
            type="email"
            autoComplete="email"
            required
            maxLength={CONTACT_EMAIL_MAX_LENGTH}
            placeholder={fields.email.placeholder}
          />
        </Field>
      </div>
      <Field id="contact-phone" label={fields.phone.label} error={errors.phone}>
        <TextInput
          {...field("phone")}
          type="tel"
          autoComplete="tel"
          maxLength={CONTACT_PHONE_MAX_LENGTH}
          placeholder={fields.phone.placeholder}
        />
      </Field>
      <Field id="contact-message" label={fields.message.label} required error={errors.message}>
        <TextArea
          {...field("message")}
          rows={5}
          required
          maxLength={CONTACT_MESSAGE_MAX_LENGTH}
          placeholder={fields.message.placeholder}
        />
      </Field>
    </>
  );
}
