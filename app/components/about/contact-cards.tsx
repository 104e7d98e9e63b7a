import type { ReactNode } from "react";
import { Link } from "react-router";
import { Icon } from "~/components/icons/icon";
import { PageSection } from "~/components/page/page-section";
import { Button } from "~/components/ui/button";
import { company, telHref } from "~/content/company";
import type { AboutContent } from "~/content/schema";

const linkClass = "font-semibold break-all text-steel underline underline-offset-4 hover:text-navy";

function ContactCard({
  icon,
  title,
  description,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-3 rounded-xl bg-white p-6 shadow-sm ring-1 ring-mist">
      <span className="inline-flex size-12 items-center justify-center rounded-lg bg-amber/20 text-navy">
        {icon}
      </span>
      <h3 className="text-lg font-bold text-navy">{title}</h3>
      <p className="leading-relaxed text-slate-700">{description}</p>
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
        <ContactCard
          icon={<Icon name="Phone" className="size-6" />}
          title={cards.phone.title}
          description={cards.phone.description}
        >
          <a href={telHref} className={linkClass}>
            {company.phone}
          </a>
        </ContactCard>
        <ContactCard
          icon={<Icon name="Mail" className="size-6" />}
          title={cards.email.title}
          description={cards.email.description}
        >
          <a href={`mailto:${company.email}`} className={linkClass}>
            {company.email}
          </a>
        </ContactCard>
        <ContactCard
          icon={<Icon name="MapPin" className="size-6" />}
          title={cards.locations.title}
          description={cards.locations.description}
        >
          <ul className="grid grid-cols-2 gap-x-4 gap-y-1 font-semibold text-navy">
            {company.locations.map((location) => (
              <li key={location.city}>
                {location.city}, {location.stateCode}
              </li>
            ))}
          </ul>
        </ContactCard>
      </ul>
      <Button asChild size="lg" variant="secondary" className="self-start">
        <Link to={productsLink.href}>
          {productsLink.label}
          <Icon name="ArrowRight" />
        </Link>
      </Button>
    </PageSection>
  );
}
