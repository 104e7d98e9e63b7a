import { type FormEvent, useRef, useState } from "react";
import { Link } from "react-router";
import { Icon } from "~/components/icons/icon";
import { Button } from "~/components/ui/button";
import { notify } from "~/components/ui/toaster";
import { newsletter } from "~/content/newsletter";
import { attributionFieldOf } from "~/features/leads/attribution/attribution";
import { AttributionField } from "~/features/leads/attribution/attribution-fields";
import type { FieldErrors, FormResult } from "~/features/leads/form-input";
import { FieldError, fieldProps, outcomeId, useFocusFirstInvalid } from "~/features/leads/ui/field";
import { FormAlert } from "~/features/leads/ui/form-alert";
import { submitForm } from "~/features/leads/ui/submit-form";
import type { NewsletterField, NewsletterValues } from "~/features/newsletter/signup-form";

/** What /resources answered to a signup posted without JavaScript. */
export type NewsletterActionData = Pick<FormResult, "ok" | "title" | "message"> & {
  fieldErrors?: FieldErrors<NewsletterField> | undefined;
  values?: NewsletterValues | undefined;
};

const ID = "newsletter-email";

/**
 * The newsletter form. With JavaScript it posts to /api/newsletter and answers with toasts; without,
 * the browser posts to /resources and the page shows the outcome (docs/product.md#no-javascript).
 * A refused address gets its message beside the field and the focus (docs/product.md#field-errors).
 * The address is cleared only after a successful signup.
 */
export function NewsletterSignup({ actionData }: { actionData?: NewsletterActionData }) {
  const signup = useNewsletterSignup(actionData);
  const { email, submitting, error, outcome } = signup;
  return (
    <section id="newsletter" aria-labelledby="newsletter-heading" className="bg-navy py-16 text-white">
      <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
        <div className="flex flex-col gap-3">
          <h2 id="newsletter-heading" className="flex items-center gap-3 text-2xl font-extrabold sm:text-3xl">
            <Icon name="Mail" className="size-7 text-amber" />
            {newsletter.heading}
          </h2>
          <p className="text-lg text-mist">{newsletter.text}</p>
        </div>
        <form
          ref={signup.form}
          method="post"
          action="/resources#newsletter-outcome"
          onSubmit={signup.handleSubmit}
          noValidate
          className="flex flex-col gap-3"
        >
          {outcome ? <SignupOutcome outcome={outcome} /> : null}
          <label htmlFor={ID} className="font-semibold">
            {newsletter.emailLabel}
          </label>
          <div className="flex flex-col gap-3 sm:flex-row">
            <input
              id={ID}
              name={"email" satisfies NewsletterField}
              type="email"
              autoComplete="email"
              required
              {...fieldProps(ID, { error, hint: true, focus: signup.focusOnLoad })}
              placeholder={newsletter.placeholder}
              value={email}
              onChange={(event) => {
                signup.setEmail(event.currentTarget.value);
                signup.setError(undefined);
                if (outcome?.fieldErrors?.email) signup.setOutcome(undefined);
              }}
              className="min-h-12 flex-1 rounded-md border-2 border-white/40 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-amber focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-amber/60 aria-invalid:border-red-300"
            />
            <Button type="submit" size="lg" disabled={submitting}>
              {submitting ? newsletter.submittingLabel : newsletter.submitLabel}
            </Button>
          </div>
          <AttributionField />
          <FieldError id={ID} error={error} colour="text-red-200" />
          <p id={`${ID}-hint`} className="text-sm text-mist">
            {newsletter.privacyNote}
          </p>
          <p className="text-sm text-mist">
            <Link to="/newsletter/unsubscribe" className="underline underline-offset-2 hover:text-white">
              {newsletter.unsubscribeLink}
            </Link>
          </p>
        </form>
      </div>
    </section>
  );
}

/** The signup's state, and its submit with JavaScript: checked here, then posted to /api/newsletter. */
function useNewsletterSignup(actionData: NewsletterActionData | undefined) {
  const [email, setEmail] = useState(actionData?.values?.email ?? "");
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState(actionData?.fieldErrors?.email);
  // The server's answer to a post without JavaScript focuses the field it refused, as the page loads.
  const [focusOnLoad] = useState(Boolean(error));
  // The outcome a post without JavaScript came back with, shown in the form. It goes with the next
  // submit (whose outcome is a toast), and a refusal of the address goes once the address is changed:
  // only the latest notice is on screen (docs/product.md#field-errors).
  const [outcome, setOutcome] = useState(actionData);
  const form = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(form);

  function showError(message: string | undefined) {
    setError(message);
    if (message) focusFirstInvalid();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setOutcome(undefined);
    const attribution = attributionFieldOf(event.currentTarget);
    // The schema (and zod) load with the first signup, not with the page: most visitors never subscribe.
    const { parseNewsletter, NEWSLETTER_FAILURE } = await import("~/features/newsletter/signup-form");
    const parsed = parseNewsletter({ email });
    if (!parsed.success) {
      showError(parsed.fieldErrors.email);
      notify("error", parsed.error.title, { description: parsed.error.message });
      return;
    }
    setSubmitting(true);
    const answer = await submitForm("/api/newsletter", { email, ...attribution }, NEWSLETTER_FAILURE);
    setSubmitting(false);
    showError(answer.fieldErrors?.email);
    if (answer.ok) {
      notify("success", answer.title, { description: answer.message });
      setEmail("");
      return;
    }
    notify("error", answer.title, { description: answer.message });
  }

  return {
    email,
    setEmail,
    submitting,
    error,
    setError,
    focusOnLoad,
    outcome,
    setOutcome,
    form,
    handleSubmit,
  };
}

/** The outcome a post without JavaScript came back with, shown in the form. */
function SignupOutcome({ outcome }: { outcome: NewsletterActionData }) {
  return outcome.ok ? (
    <p
      id={outcomeId("newsletter", undefined)}
      role="status"
      className="rounded-md bg-green-50 p-4 font-semibold text-green-900"
    >
      {outcome.title} {outcome.message}
    </p>
  ) : (
    <FormAlert id={outcomeId("newsletter", outcome.fieldErrors)} title={outcome.title}>
      {outcome.message}
    </FormAlert>
  );
}
