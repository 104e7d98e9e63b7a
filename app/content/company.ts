/**
 * The company's facts, in one place. A real owner edits this file; the phone number and the sales
 * address can also be overridden at build time with SITE_PHONE / SITE_PHONE_E164 / SITE_EMAIL.
 */
const env = import.meta.env ?? {};

export const company = {
  name: "Ridgeline Industrial Supply",
  shortName: "Ridgeline",
  labelRange: "Ridgeline Labels",
  tagline: "Labels, barcoding, packaging and material handling for manufacturers and distributors",
  phone: (env.SITE_PHONE as string | undefined) || "(800) 555-0199",
  phoneE164: (env.SITE_PHONE_E164 as string | undefined) || "+18005550199",
  email: (env.SITE_EMAIL as string | undefined) || "sales@ridgeline-supply.example",
  foundedYear: 2011,
  yearsLabel: "13+ years",
  locations: [
    { city: "Atlanta", state: "Georgia", stateCode: "GA" },
    { city: "Chicago", state: "Illinois", stateCode: "IL" },
    { city: "Dallas", state: "Texas", stateCode: "TX" },
    { city: "Reno", state: "Nevada", stateCode: "NV" },
  ],
  hours: [
    { days: "Monday - Friday", dayCodes: ["Mo", "Tu", "We", "Th", "Fr"], open: "8:00 AM", close: "5:00 PM" },
    { days: "Saturday - Sunday", dayCodes: ["Sa", "Su"], open: null, close: null },
  ],
  hoursNote: "Local time at each location",
  /** Every product area the company supplies, services included. */
  productAreas: [
    "labels",
    "barcoding equipment",
    "packaging supplies",
    "material handling",
    "die cut foams",
    "warehouse labeling",
    "thermal printer repair",
    "protective suits (PPE)",
    "protective packaging",
    "foam fabrication",
    "tool control",
    "inventory management",
  ],
  fabrication: { laminatorMaxInches: "7-1/2", skiverMinInches: "1/8" },
  /** Postal address for e-mail footers (a placeholder the owner replaces). */
  postalAddress: {
    street: "2150 Ridgeline Parkway",
    city: "Atlanta",
    stateCode: "GA",
    postalCode: "30336",
    country: "US",
  },
} as const;

export type Company = typeof company;
export const telHref = `tel:${company.phoneE164}`;

/** A time of day that never wraps between its number and AM/PM: `5:00 PM` with a no-break space. */
export const unbrokenTime = (time: string) => time.replace(/ /g, "\u00a0");

/** Opening hours as shown: `8:00 AM - 5:00 PM`, each time kept on one line; null on a closed day. */
export function hoursRangeText(row: { open: string | null; close: string | null }): string | null {
  return row.open && row.close ? `${unbrokenTime(row.open)} - ${unbrokenTime(row.close)}` : null;
}
