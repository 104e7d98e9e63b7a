import { catalog } from "~/content/brochures";
import { company } from "~/content/company";
import type { ProtectivePackagingContent } from "~/content/schema";

const laminator = company.fabrication.laminatorMaxInches;
const skiver = company.fabrication.skiverMinInches;

export const protectivePackaging = {
  hero: {
    heading: "Protective Packaging and Foam Fabrication",
    lead: "Custom foam inserts, trays and cushioning cut to your parts, so products arrive the way they left your dock. Send us a part, a drawing or a description and we will recommend a material and quote it.",
    primaryInquiry: "foam-quote",
    secondaryInquiry: "foam-sample-kit",
  },
  intro: {
    heading: "Packaging designed around your part",
    paragraphs: [
      "Stock cushioning protects many products. Parts with sharp edges, finished surfaces, sensitive electronics or a lot of weight in a small package need foam cut to fit. We design the insert around the part's weight, shape and weak points, then choose a foam density that absorbs shock without crushing or letting the part shift.",
      "We fabricate for shipping cartons, reusable cases, returnable dunnage and in-plant handling trays, in production runs sized to your usage.",
    ],
  },
  materials: {
    heading: "Materials we work with",
    lead: "Each material behaves differently. We recommend one based on the part's weight and surface and on how it will be handled, shipped and stored.",
    items: [
      {
        name: "Polyethylene plank",
        description:
          "Closed-cell, resilient foam that resists moisture and many chemicals. The usual choice for heavier parts, blocking and bracing, and reusable dunnage.",
      },
      {
        name: "Polyurethane foam",
        description:
          "Soft open-cell foam, including convoluted profiles, for lightweight, delicate and finished items that need gentle cushioning.",
      },
      {
        name: "Cross-linked polyethylene",
        description:
          "Fine-cell foam with a smooth surface for presentation cases and finished parts. It cuts cleanly for detailed pockets.",
      },
      {
        name: "Anti-static foam",
        description:
          "Polyethylene and polyurethane grades that limit static charge build-up, for circuit boards and electronic assemblies.",
      },
      {
        name: "Expanded polystyrene (EPS)",
        description:
          "Light, rigid foam for insulated shipping containers and economical blocking of bulky items.",
      },
      {
        name: "Corrugated inserts",
        description:
          "Die-cut corrugated partitions and pads, alone or combined with foam, for lighter parts and easily recycled packs.",
      },
      {
        name: "Bubble and air pillows",
        description:
          "Air-filled cushioning for void fill and surface protection when a custom insert is more than the product needs.",
      },
      {
        name: "Foam rolls and sheets",
        description:
          "Thin polyethylene foam in rolls and sheets for surface protection, interleaving and wrapping.",
      },
    ],
  },
  fabrication: {
    heading: "Fabrication capabilities",
    lead: "We convert sheet and plank into finished parts, from a single prototype to repeat production runs.",
    items: [
      {
        title: `Plank lamination up to ${laminator} inch`,
        description: `Layers of plank are bonded into blocks up to ${laminator} inch thick for deep cavities and heavy parts.`,
      },
      {
        title: `Skiving down to ${skiver} inch`,
        description: `Plank and bun stock are split to exact thicknesses down to ${skiver} inch for thin liners, pads and layered inserts.`,
      },
      {
        title: "Die cutting",
        description:
          "Steel-rule die cutting for repeatable parts in volume, from simple pads to multi-cavity trays.",
      },
      {
        title: "Contour cutting",
        description:
          "Pockets, curves and profiles that follow the part, cut by CNC and water-jet style methods as the design calls for.",
      },
      {
        title: "Bonding and assembly",
        description:
          "Pressure-sensitive adhesive backing, bonding of different densities and colors, and assembly into your cases or boxes.",
      },
      {
        title: "Samples before production",
        description:
          "A sample insert is cut and fitted to your part before the production run, so the fit is proven first.",
      },
    ],
  },
  applications: {
    heading: "Where our foam is used",
    lead: "Custom foam suits any product that is fragile, heavy, valuable or shipped more than once.",
    items: [
      {
        name: "Electronics and controls",
        description: "Circuit boards, sensors and control modules in anti-static foam.",
      },
      {
        name: "Automotive and machined parts",
        description: "Housings, shafts and finished components kept apart so surfaces do not touch.",
      },
      {
        name: "Medical and laboratory equipment",
        description: "Instruments and devices held securely in clean, fitted inserts.",
      },
      {
        name: "Tool and instrument cases",
        description: "Cases with a shaped pocket for every tool, gauge and accessory.",
      },
      {
        name: "Industrial spare parts",
        description: "Heavy or awkward spares blocked and braced for shipping and storage.",
      },
      {
        name: "Returnable dunnage",
        description: "Trays and racks that carry parts between plants and lines, trip after trip.",
      },
    ],
  },
  catalogLink: {
    heading: "Stock foam and packaging catalog",
    text: `Standard foam products, packaging supplies and the rest of our stock lines are in the ${catalog.title} on our resources page.`,
    linkLabel: "View the stock catalog",
    href: "/resources",
  },
  video: {
    heading: "See how foam is fabricated",
    text: "Curious how a block of foam becomes a fitted insert? These videos show lamination, skiving and contour cutting step by step.",
    linkLabel: "Watch foam fabrication videos on YouTube",
    newTabNote: "opens in a new tab",
    url: "https://www.youtube.com/results?search_query=foam+fabrication+process",
  },
  // Read by search engines from the page head (schema.org JSON-LD), never shown on the page.
  structuredData: {
    description: company.tagline,
    knowsAbout: [
      "Industrial labels",
      "Barcoding equipment",
      "Packaging supplies",
      "Material handling",
      "Die-cut foams",
      "Warehouse labeling",
      "Thermal printer repair",
      "Protective suits (PPE)",
      "Protective packaging",
      "Foam fabrication",
      "Tool control",
      "Inventory management",
    ],
  },
} satisfies ProtectivePackagingContent;
