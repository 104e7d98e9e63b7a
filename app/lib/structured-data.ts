import { company } from "~/content/company";
import { protectivePackaging } from "~/content/protective-packaging";
import { absoluteUrl } from "~/lib/site";

/**
 * schema.org data about the business, for search engines. It is rendered through the route's `meta`
 * export ("script:ld+json"), which React Router serialises with `<`, `>`, `&`, U+2028 and U+2029
 * escaped, so no text in it can close the script element.
 */

const dayNames: Record<string, string> = {
  Mo: "Monday",
  Tu: "Tuesday",
  We: "Wednesday",
  Th: "Thursday",
  Fr: "Friday",
  Sa: "Saturday",
  Su: "Sunday",
};

/** "8:00 AM" -> "08:00", the 24-hour form schema.org's `opens` / `closes` expect. */
export function to24Hour(time: string): string {
  const match = /^(\d{1,2}):(\d{2})\s*(AM|PM)$/i.exec(time.trim());
  if (!match) throw new Error(`Unreadable time "${time}"`);
  const [, hours, minutes, period] = match;
  const hour = (Number(hours) % 12) + (period?.toUpperCase() === "PM" ? 12 : 0);
  return `${String(hour).padStart(2, "0")}:${minutes}`;
}

function openingHours() {
  return company.hours.flatMap((entry) =>
    entry.open && entry.close
      ? [
          {
            "@type": "OpeningHoursSpecification",
            dayOfWeek: entry.dayCodes.map((code) => dayNames[code] ?? code),
            opens: to24Hour(entry.open),
            closes: to24Hour(entry.close),
          },
        ]
      : [],
  );
}

export function buildBusinessJsonLd(origin: string) {
  const url = absoluteUrl("/", origin);
  const hours = openingHours();
  const { materials, fabrication, structuredData } = protectivePackaging;
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": `${url}#organization`,
    name: company.name,
    url,
    logo: absoluteUrl("/icon-512.png", origin),
    description: structuredData.description,
    telephone: company.phoneE164,
    email: company.email,
    foundingDate: String(company.foundedYear),
    location: company.locations.map((location) => ({
      "@type": "LocalBusiness",
      name: `${company.name}, ${location.city}`,
      url,
      telephone: company.phoneE164,
      email: company.email,
      address: {
        "@type": "PostalAddress",
        addressLocality: location.city,
        addressRegion: location.stateCode,
        addressCountry: "US",
      },
      openingHoursSpecification: hours,
    })),
    knowsAbout: structuredData.knowsAbout,
    makesOffer: [
      ...fabrication.items.map((item) => ({
        "@type": "Offer",
        itemOffered: { "@type": "Service", name: item.title, description: item.description },
      })),
      ...materials.items.map((item) => ({
        "@type": "Offer",
        itemOffered: { "@type": "Product", name: item.name, description: item.description },
      })),
    ],
  };
}
