import type { ReactNode } from "react";
import { ArrowTextLink } from "~/components/arrow-text-link";
import { EmailAddress } from "~/components/email-address";
import { Icon, type IconName } from "~/components/icons/icon";
import { PageSection, TextCard } from "~/components/page/page-section";
import { company, hoursRangeText } from "~/content/company";
import type { ActionCard, ContactContent } from "~/content/schema";

function CardAction({ card }: { card: ActionCard }) {
  // On this page, the consultation card leads to the form below.
  const href = card.href === "/contact" ? "/contact#send-us-a-message" : card.href;
  return <ArrowTextLink href={href} label={card.actionLabel} />;
}

export function ContactCards({ content }: { content: Pick<ContactContent, "phoneCard" | "emailCard"> }) {
  const cards: Array<{ card: ActionCard; icon: IconName; detail: ReactNode }> = [
    { card: content.phoneCard, icon: "Phone", detail: company.phone },
    { card: content.emailCard, icon: "Mail", detail: <EmailAddress email={company.email} /> },
  ];
  return (
    <ul className="grid gap-6 md:grid-cols-2">
      {cards.map(({ card, icon, detail }) => (
        // The icon sits above the text on a phone, so the sales address's domain (which breaks nowhere
        // inside) has the card's whole width.
        <li
          key={card.title}
          className="flex flex-col gap-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-mist sm:flex-row"
        >
          <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-lg bg-amber/20 text-navy">
            <Icon name={icon} className="size-6" />
          </span>
          <div className="flex min-w-0 flex-col gap-2">
            <h2 className="text-xl font-bold text-navy">{card.title}</h2>
            <p className="text-lg font-semibold text-navy">{detail}</p>
            <p className="text-slate-700">{card.description}</p>
            <CardAction card={card} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function LocationsAndHours({ content }: { content: Pick<ContactContent, "locations" | "hours"> }) {
  return (
    <div className="flex flex-col gap-6">
      <section
        aria-labelledby="locations-heading"
        className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-mist"
      >
        <h2 id="locations-heading" className="text-xl font-bold text-navy">
          {content.locations.heading}
        </h2>
        <p className="mt-2 text-slate-700">{content.locations.text}</p>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {company.locations.map((location) => (
            <li key={location.city} className="flex items-center gap-2 font-semibold text-navy">
              <Icon name="MapPin" className="size-5 text-steel" />
              {location.city}, {location.state}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="hours-heading" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-mist">
        <h2 id="hours-heading" className="flex items-center gap-2 text-xl font-bold text-navy">
          <Icon name="Clock" className="size-5 text-steel" />
          {content.hours.heading}
        </h2>
        <dl className="mt-4 flex flex-col gap-2">
          {company.hours.map((row) => (
            <div
              key={row.days}
              className="flex justify-between gap-4 border-b border-mist pb-2 last:border-0"
            >
              <dt className="font-semibold text-navy">{row.days}</dt>
              <dd className="text-slate-700">{hoursRangeText(row) ?? content.hours.closedLabel}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-sm text-slate-600">{company.hoursNote}</p>
      </section>
    </div>
  );
}

export function SupportCards({ content }: { content: ContactContent["support"] }) {
  return (
    <PageSection
      headingId="support-heading"
      tone="paper"
      spacing="even"
      heading={content.heading}
      lead={content.lead}
    >
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {content.cards.map((card) => (
          <TextCard
            key={card.title}
            title={card.title}
            text={card.description}
            className="gap-3 bg-white shadow-sm ring-1 ring-mist"
            after={<CardAction card={card} />}
          />
        ))}
      </ul>
    </PageSection>
  );
}
