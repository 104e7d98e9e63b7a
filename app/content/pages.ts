import { company } from "./company";

/** What each page says about itself to search engines and link previews. */
export interface PageInfo {
  path: string;
  title: string;
  description: string;
  keywords: readonly string[];
  ogTitle?: string;
  ogDescription?: string;
}

export const pages = {
  home: {
    path: "/",
    title: `${company.name} | Labels, Barcoding, Packaging & Material Handling`,
    description:
      "Industrial labels, barcode printers and scanners, packaging supplies, protective foam packaging and material handling for manufacturers and distributors. Atlanta, Chicago, Dallas and Reno.",
    keywords: [
      "industrial labels",
      "barcoding equipment",
      "packaging supplies",
      "material handling",
      "die cut foam",
    ],
    ogTitle: `${company.name}: supplies that keep lines and warehouses moving`,
  },
  products: {
    path: "/products",
    title: `Products | ${company.name}`,
    description:
      "Labels, barcoding equipment, packaging supplies, material handling, die-cut foams, warehouse labeling, thermal printer repair and protective suits, with brochures to download.",
    keywords: [
      "thermal labels",
      "thermal ribbons",
      "barcode printers",
      "stretch film",
      "rack labels",
      "printer repair",
    ],
  },
  protectivePackaging: {
    path: "/protective-packaging",
    title: `Protective Packaging & Foam Fabrication | ${company.name}`,
    description:
      "Custom foam inserts, cushioning and protective packaging fabricated to your parts: plank lamination up to 7-1/2 inch, skiving down to 1/8 inch, die cutting and sample kits.",
    keywords: [
      "protective packaging",
      "foam fabrication",
      "foam inserts",
      "polyethylene foam",
      "die cut foam",
    ],
  },
  about: {
    path: "/about",
    title: `About Us | ${company.name}`,
    description: `Since ${company.foundedYear}, ${company.name} has supplied labels, barcoding, packaging and material handling to manufacturers and distributors from Atlanta, Chicago, Dallas and Reno.`,
    keywords: ["industrial supplier", "label supplier", "packaging distributor", "about Ridgeline"],
  },
  resources: {
    path: "/resources",
    title: `Resources: Catalog, Technical Documents & Tips | ${company.name}`,
    description:
      "Download the 2025 stock catalog and 18 product brochures, search technical documents, read practical tips on labels, printing and packaging, and subscribe to our newsletter.",
    keywords: ["stock catalog", "label brochures", "GHS labels", "thermal printing tips", "newsletter"],
  },
  contact: {
    path: "/contact",
    title: `Contact Us | ${company.name}`,
    description: `Call ${company.phone}, e-mail ${company.email} or send us a message. Sales and technical support from Atlanta, Chicago, Dallas and Reno, Monday to Friday.`,
    keywords: ["contact sales", "request a quote", "technical support", "industrial supplies quote"],
  },
  privacy: {
    path: "/privacy",
    title: `Privacy | ${company.name}`,
    description: `What ${company.name} keeps about visitors to this website and for how long, how to ask for a copy or deletion, and why the site sets no cookies.`,
    keywords: ["privacy", "data retention", "no cookies", "delete my data"],
  },
} as const satisfies Record<string, PageInfo>;
