import type { ReactNode } from "react";
import { ArrowLinkButton } from "~/components/arrow-link-button";
import { EmailAddress } from "~/components/email-address";
import { Icon, type IconName } from "~/components/icons/icon";
import { PageSection } from "~/components/page/page-section";
import { company, telHref } from "~/content/company";
import type { AboutContent } from "~/content/schema";

const linkClass = "font-semibold text-steel underline underline-offset-4 hover:text-navy";

/** One way to reach the team: its icon, its card's title and description, then the way itself. */
function ContactCard({
  icon,
  card,
  children,
}: {
  icon: IconName;
  card: { title: string; description: string };
  children: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-3 rounded-xl bg-white p-6 shadow-sm ring-1 ring-mist">
      <span className="inline-flex size-12 items-center justify-center rounded-lg bg-amber/20 text-navy">
        <Icon name={icon} className="size-6" />
      </span>
      <h3 className="text-lg font-bold text-navy">{card.title}</h3>
      <p className="leading-relaxed text-slate-700">{card.description}</p>
      <div className="mt-auto pt-1">{children}</div>
    </li>
  );
}

export function ContactCards({ content }: { content: AboutContent["contact"] }) {
  const { cards, productsLink } = content;
  return (
    <PageSection
      headingId="about-contact-heading"
      heading={content.heading}
      lead={content.text}
      innerClassName="flex flex-col gap-10"
    >
      <ul className="grid gap-6 md:grid-cols-3">
        <ContactCard icon="Phone" card={cards.phone}>
          <a href={telHref} className={linkClass}>
            {company.phone}
          </a>
        </ContactCard>
        <ContactCard icon="Mail" card={cards.email}>
          <a href={`mailto:${company.email}`} className={linkClass}>
            <EmailAddress email={company.email} />
          </a>
        </ContactCard>
        <ContactCard icon="MapPin" card={cards.locations}>
          <ul className="grid grid-cols-2 gap-x-4 gap-y-1 font-semibold text-navy">
            {company.locations.map((location) => (
              <li key={location.city}>
                {location.city}, {location.stateCode}
              </li>
            ))}
          </ul>
        </ContactCard>
      </ul>
      <ArrowLinkButton link={productsLink} size="lg" variant="secondary" className="self-start" />
    </PageSection>
  );
}
