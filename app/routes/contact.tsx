import { data } from "react-router";
import { PageHero } from "~/components/page/page-hero";
import { Toaster } from "~/components/ui/toaster";
import { CONTACT_FORM_ANCHOR, carriedMessageNote, contact } from "~/content/contact";
import { pages } from "~/content/pages";
import { CarrySnippet } from "~/features/contact/carry-snippet";
import { contactValues } from "~/features/contact/contact";
import { contactFormApi } from "~/features/contact/contact.server";
import { ContactCards, LocationsAndHours, SupportCards } from "~/features/contact/contact-facts";
import { type ContactActionData, ContactForm } from "~/features/contact/contact-form";
import { CARRIED_NOTE_ID } from "~/features/contact/contact-prefill";
import { QuoteCard } from "~/features/contact/quote-card";
import { formResultHeaders, handleFormPost } from "~/features/leads/intake/form-request.server";
import { buildMeta } from "~/lib/seo";
import { siteOrigin } from "~/lib/site";
import { requestContextOf } from "~/load-context";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(pages.contact, siteOrigin(matches));

/**
 * The form posted without JavaScript (docs/product.md#field-errors): the page answers with the outcome,
 * and a refused post comes back with what was sent and each invalid field's message.
 */
export async function action({ request, context: provider }: Route.ActionArgs) {
  const context = requestContextOf(provider);
  const { result, fields } = await handleFormPost(request, context, contactFormApi);
  const body: ContactActionData = {
    ok: result.ok,
    status: result.status,
    title: result.title,
    message: result.message,
    reference: result.reference,
    fieldErrors: result.fieldErrors,
    // Nothing typed is lost: a refused post comes back with what was sent.
    values: result.ok ? undefined : contactValues(fields),
  };
  return data(body, { status: result.status, headers: formResultHeaders(result) });
}

/**
 * The action's headers reach the page it answers with: `Cache-Control: no-store` (the page shows what
 * was typed) and a 429's `Retry-After`. Without this export React Router would drop them.
 */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export default function Contact({ actionData }: Route.ComponentProps) {
  const { form } = contact;
  return (
    <>
      <PageHero heading={contact.hero.heading} lead={contact.hero.lead} image="hero-contact" />
      <div className="mx-auto flex max-w-7xl flex-col gap-12 px-4 py-16 sm:px-6 lg:px-8">
        <QuoteCard />
        <ContactCards content={contact} />
        <div className="grid gap-10 lg:grid-cols-5">
          <section
            id={CONTACT_FORM_ANCHOR}
            aria-labelledby="send-us-a-message"
            className="flex flex-col gap-4 lg:col-span-3"
          >
            <h2 id="send-us-a-message" className="text-2xl font-extrabold text-navy sm:text-3xl">
              {form.heading}
            </h2>
            <p className="text-lg text-slate-700">{form.intro}</p>
            {/* Shown when the home form's message filled the form in (docs/product.md#home-message-form). */}
            <p
              id={CARRIED_NOTE_ID}
              // Shown by the carry-over's snippet. React never sets `hidden` again: the prop does not change.
              hidden
              className="rounded-lg border-l-4 border-amber bg-amber/15 px-4 py-3 font-semibold text-navy"
              data-testid="carried-message-note"
            >
              {carriedMessageNote}
            </p>
            <ContactForm content={form} actionData={actionData} />
            <CarrySnippet />
          </section>
          <div className="lg:col-span-2">
            <LocationsAndHours content={contact} />
          </div>
        </div>
      </div>
      <SupportCards content={contact.support} />
      <Toaster />
    </>
  );
}
