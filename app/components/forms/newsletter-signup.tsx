import { MailIcon } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { FormAlert } from "~/components/forms/form-alert";
import { submitForm } from "~/components/forms/submit-form";
import { Button } from "~/components/ui/button";
import { notify } from "~/components/ui/toaster";
import { newsletter } from "~/content/newsletter";
import type { FormResult } from "~/forms/common";

/** What /resources answered to a signup posted without JavaScript. */
export type NewsletterActionData = Pick<FormResult, "ok" | "title" | "message"> & { email?: string };

/**
 * The newsletter form. With JavaScript it posts to /api/newsletter and answers with toasts; without,
 * the browser posts to /resources and the page shows the outcome (DECISIONS D10). The address is
 * cleared only after a successful signup.
 */
export function NewsletterSignup({ actionData }: { actionData?: NewsletterActionData }) {
  const [email, setEmail] = useState(actionData && !actionData.ok ? (actionData.email ?? "") : "");
  const [submitting, setSubmitting] = useState(false);
  const [invalid, setInvalid] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    // The schema (and zod) load with the first signup, not with the page: most visitors never subscribe.
    const { firstNewsletterError, NEWSLETTER_FAILURE } = await import("~/forms/newsletter");
    const error = firstNewsletterError({ email });
    if (error) {
      setInvalid(true);
      notify("error", error.title, { description: error.message });
      return;
    }
    setSubmitting(true);
    const outcome = await submitForm("/api/newsletter", { email }, NEWSLETTER_FAILURE);
    setSubmitting(false);
    if (outcome.ok) {
      notify("success", outcome.title, { description: outcome.message });
      setEmail("");
      return;
    }
    notify("error", outcome.title, { description: outcome.message });
  }

  return (
    <section id="newsletter" aria-labelledby="newsletter-heading" className="bg-navy py-16 text-white">
      <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
        <div className="flex flex-col gap-3">
          <h2 id="newsletter-heading" className="flex items-center gap-3 text-2xl font-extrabold sm:text-3xl">
            <MailIcon aria-hidden="true" className="size-7 text-amber" />
            {newsletter.heading}
          </h2>
          <p className="text-lg text-mist">{newsletter.text}</p>
        </div>
        <form
          method="post"
          action="/resources#newsletter"
          onSubmit={handleSubmit}
          noValidate
          className="flex flex-col gap-3"
        >
          {actionData ? (
            actionData.ok ? (
              <p role="status" className="rounded-md bg-green-50 p-4 font-semibold text-green-900">
                {actionData.title} {actionData.message}
              </p>
            ) : (
              <FormAlert title={actionData.title}>{actionData.message}</FormAlert>
            )
          ) : null}
          <label htmlFor="newsletter-email" className="font-semibold">
            {newsletter.emailLabel}
          </label>
          <div className="flex flex-col gap-3 sm:flex-row">
            <input
              id="newsletter-email"
              name="email"
              type="email"
              autoComplete="email"
              required
              aria-invalid={invalid || undefined}
              aria-describedby="newsletter-note"
              placeholder={newsletter.placeholder}
              value={email}
              onChange={(event) => {
                setEmail(event.currentTarget.value);
                setInvalid(false);
              }}
              className="min-h-12 flex-1 rounded-md border-2 border-white/40 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-amber focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-amber/60"
            />
            <Button type="submit" size="lg" disabled={submitting}>
              {submitting ? newsletter.submittingLabel : newsletter.submitLabel}
            </Button>
          </div>
          <p id="newsletter-note" className="text-sm text-mist">
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
