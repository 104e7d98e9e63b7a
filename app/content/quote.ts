import { company } from "./company";
import type { PageInfo } from "./pages";

/** The online quote request page (docs/quotes.md). */
export const quotePage = {
  path: "/quote",
  title: `Request a Quote Online | ${company.name}`,
  description:
    "Request a quote for labels, foam inserts, packaging and more: list the items and quantities, add label or foam details, and attach drawings or artwork. You get a reference number at once.",
  keywords: [
    "request a quote",
    "label quote",
    "foam insert quote",
    "packaging quote",
    "custom labels pricing",
  ],
} as const satisfies PageInfo;

export const quoteContent = {
  heading: "Request a Quote",
  lead: "Tell us what you need: list the items and quantities, add the details for labels or foam, and attach a drawing or your artwork. We reply with pricing and lead times, usually within one business day.",
  requiredNote: "Fields marked * are required.",
} as const;
