import { EmailAddress } from "~/components/email-address";
import { Icon } from "~/components/icons/icon";
import { SectionHeading } from "~/components/page/section-heading";
import { Button } from "~/components/ui/button";
import { company, hoursRangeText, telHref } from "~/content/company";
import { CONTACT_FORM_ANCHOR } from "~/content/contact";
import type { HomeContent } from "~/content/schema";
import { CarrySnippet } from "~/features/contact/carry-snippet";
import { HOME_FIELD_IDS, HOME_FORM_ID } from "~/features/contact/contact-prefill";
import { Field, TextArea, TextInput } from "~/features/leads/ui/field";

/**
 * This form sends nothing (docs/product.md#home-message-form). Its controls have no names, so Send
 * Message, a plain GET to /contact, carries nothing; with scripts the inline snippet keeps what was typed
 * in the browser and fills the contact form with it (contact-prefill.ts).
 */
export function GetInTouch({ content }: { content: HomeContent["getInTouch"] }) {
  return (
    <section aria-labelledby="get-in-touch-heading" className="bg-paper py-16">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-5 lg:px-8">
        <div className="flex flex-col gap-6 lg:col-span-2">
          <SectionHeading id="get-in-touch-heading" heading={content.heading} lead={content.lead} />
          <ContactDetails content={content} />
        </div>
        <HomeForm content={content} />
        <CarrySnippet />
      </div>
    </section>
  );
}

/** The company's phone, e-mail, locations and weekday hours. */
function ContactDetails({ content }: { content: HomeContent["getInTouch"] }) {
  const weekdays = company.hours[0];
  const linkClass = "font-semibold text-navy underline-offset-4 hover:underline";
  const contactRows = [
    {
      label: content.contactLabels.phone,
      icon: "Phone" as const,
      value: (
        <a href={telHref} className={linkClass}>
          {company.phone}
        </a>
      ),
    },
    {
      label: content.contactLabels.email,
      icon: "Mail" as const,
      value: (
        <a href={`mailto:${company.email}`} className={linkClass}>
          <EmailAddress email={company.email} />
        </a>
      ),
    },
    {
      label: content.contactLabels.locations,
      icon: "MapPin" as const,
      value: company.locations.map((location) => `${location.city}, ${location.stateCode}`).join(" · "),
    },
    {
      label: content.contactLabels.hours,
      icon: "Clock" as const,
      value: weekdays ? `${weekdays.days}: ${hoursRangeText(weekdays)}` : "",
    },
  ];

  return (
    <div className="flex flex-col gap-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-mist">
      <h3 className="text-lg font-bold text-navy">{content.contactHeading}</h3>
      <dl className="flex flex-col gap-4">
        {contactRows.map(({ label, icon, value }) => (
          <div key={label} className="flex flex-col gap-0.5">
            <dt className="flex items-center gap-2 text-sm font-semibold text-slate-600">
              <Icon name={icon} className="size-5 shrink-0 text-steel" />
              {label}
            </dt>
            <dd className="pl-7">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The home page's message form: it opens the contact form with what was typed (docs/product.md#home-message-form). */
function HomeForm({ content }: { content: HomeContent["getInTouch"] }) {
  const { fields } = content;
  return (
    <form
      id={HOME_FORM_ID}
      // A GET without a single named field: the browser opens the contact form and sends nothing typed.
      method="get"
      // Lands on the contact form, not the top of the contact page (docs/product.md#home-message-form).
      action={`/contact#${CONTACT_FORM_ANCHOR}`}
      // docs/product.md#home-message-form: no validation here; the contact form checks what it gets.
      noValidate
      aria-labelledby="home-form-heading"
      className="flex flex-col gap-5 rounded-xl bg-white p-6 shadow-sm ring-1 ring-mist sm:p-8 lg:col-span-3"
    >
      <h3 id="home-form-heading" className="text-xl font-bold text-navy">
        {content.formHeading}
      </h3>
      <div className="grid gap-5 sm:grid-cols-2">
        <HomeField field="firstName" copy={fields.firstName} autoComplete="given-name" />
        <HomeField field="lastName" copy={fields.lastName} autoComplete="family-name" />
      </div>
      <HomeField field="email" copy={fields.email} type="email" autoComplete="email" />
      <HomeField field="company" copy={fields.company} autoComplete="organization" />
      <Field id={HOME_FIELD_IDS.message} label={fields.message.label}>
        <TextArea id={HOME_FIELD_IDS.message} rows={5} placeholder={fields.message.placeholder} />
      </Field>
      <p className="text-sm text-slate-600">{content.formNote}</p>
      <Button type="submit" size="lg" className="self-start">
        <Icon name="Send" />
        {content.submitLabel}
      </Button>
    </form>
  );
}

/** One line of the home form: its label, and an input without a name (a named one would be sent). */
function HomeField({
  field,
  copy,
  type,
  autoComplete,
}: {
  field: Exclude<keyof typeof HOME_FIELD_IDS, "message">;
  copy: { label: string; placeholder: string };
  type?: "email";
  autoComplete: string;
}) {
  const id = HOME_FIELD_IDS[field];
  return (
    <Field id={id} label={copy.label}>
      <TextInput id={id} type={type} autoComplete={autoComplete} placeholder={copy.placeholder} />
    </Field>
  );
}
