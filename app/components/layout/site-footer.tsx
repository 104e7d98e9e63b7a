import { Link } from "react-router";
import { EmailAddress } from "~/components/email-address";
import { Icon } from "~/components/icons/icon";
import { company, hoursRangeText, telHref } from "~/content/company";
import { mainNavigation, privacyLink } from "~/content/navigation";
import { quoteLinks, quotePage } from "~/content/quote";
import { Logo } from "./logo";

export function SiteFooter() {
  return (
    <footer className="bg-navy text-mist">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div className="flex flex-col gap-4">
          <Logo inverted />
          <p className="text-sm leading-relaxed">{company.tagline}.</p>
        </div>
        <FooterNavigation />
        <FooterContact />
        <FooterLocations />
      </div>
      <FooterLegal />
    </footer>
  );
}

/** The site's main pages, each loading as a whole document. */
function FooterNavigation() {
  return (
    <nav aria-label="Footer">
      <h2 className="text-sm font-bold uppercase tracking-wide text-white">Explore</h2>
      <ul className="mt-4 flex flex-col gap-2 text-sm">
        {mainNavigation.map((item) => (
          <li key={item.href}>
            <Link to={item.href} reloadDocument className="rounded-sm hover:text-white hover:underline">
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The ways to reach the company: the quote request, phone, email and weekday hours. */
function FooterContact() {
  const weekdays = company.hours[0];
  return (
    <div>
      <h2 className="text-sm font-bold uppercase tracking-wide text-white">Contact</h2>
      <ul className="mt-4 flex flex-col gap-3 text-sm">
        <li>
          <a href={quotePage.path} className="inline-flex items-center gap-2 rounded-sm hover:text-white">
            <Icon name="FileText" className="size-4 text-amber" />
            {quoteLinks.footer}
          </a>
        </li>
        <li>
          <a href={telHref} className="inline-flex items-center gap-2 rounded-sm hover:text-white">
            <Icon name="Phone" className="size-4 text-amber" />
            {company.phone}
          </a>
        </li>
        <li>
          <a
            href={`mailto:${company.email}`}
            className="inline-flex items-center gap-2 rounded-sm hover:text-white"
          >
            <Icon name="Mail" className="size-4 shrink-0 text-amber" />
            <span>
              <EmailAddress email={company.email} />
            </span>
          </a>
        </li>
        {weekdays ? (
          <li className="inline-flex items-start gap-2">
            <Icon name="Clock" className="mt-0.5 size-4 shrink-0 text-amber" />
            <span>
              {weekdays.days}, {hoursRangeText(weekdays)}
              <br />
              Saturday and Sunday closed
            </span>
          </li>
        ) : null}
      </ul>
    </div>
  );
}

/** The branches' cities. */
function FooterLocations() {
  return (
    <div>
      <h2 className="text-sm font-bold uppercase tracking-wide text-white">Locations</h2>
      <ul className="mt-4 flex flex-col gap-2 text-sm">
        {company.locations.map((location) => (
          <li key={location.city} className="inline-flex items-center gap-2">
            <Icon name="MapPin" className="size-4 text-amber" />
            {location.city}, {location.state}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The copyright line and the privacy link. */
function FooterLegal() {
  return (
    <div className="border-t border-white/15">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-5 text-sm sm:px-6 lg:px-8">
        <p>
          © <span suppressHydrationWarning>{new Date().getFullYear()}</span> {company.name}. All rights
          reserved.
        </p>
        <a href={privacyLink.href} className="rounded-sm underline hover:text-white">
          {privacyLink.label}
        </a>
      </div>
    </div>
  );
}
