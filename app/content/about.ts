import { company } from "~/content/company";
import { joinList } from "~/content/ids";
import type { AboutContent } from "~/content/schema";

const cities = joinList(company.locations.map((location) => location.city));
const citiesWithStates = joinList(company.locations.map((location) => `${location.city}, ${location.state}`));

export const about = {
  hero: {
    heading: `About ${company.name}`,
    lead: `Since ${company.foundedYear}, we have supplied labels, barcoding, packaging and material handling products to manufacturers and distributors, together with the know-how to put them to work.`,
    cta: { label: "Explore Our Products", href: "/products" },
  },
  story: {
    heading: "Our story",
    paragraphs: [
      `${company.name} started in ${company.foundedYear} supplying labels and thermal ribbons to plants that needed them to work from the first roll. Customers kept asking for more of what moved through their docks, so the range grew: barcode printers and scanners, packaging supplies, material handling equipment and custom foam fabrication.`,
      `With ${company.yearsLabel} in business, we now serve customers from four locations, in ${citiesWithStates}. Every location works from the same product range and the same habit: ask how a product will be used before recommending it.`,
      "We still repair the printers we sell, cut foam to the part in front of us and walk warehouse aisles before quoting rack labels. That hands-on approach is what keeps customers coming back.",
    ],
    highlights: [
      // Three different facts: when we started, where we are, and how much we cover.
      { value: String(company.foundedYear), label: "Year founded" },
      { value: String(company.locations.length), label: "Locations across the US" },
      { value: String(company.productAreas.length), label: "Product and service areas on one account" },
    ],
  },
  mission: {
    heading: "Our mission",
    text: "To keep our customers' production and shipping running by supplying the right labels, equipment and packaging, matched to each application and backed by people who answer the phone.",
  },
  values: {
    heading: "What we value",
    items: [
      {
        title: "Straight answers",
        description:
          "We tell you what will work, what will not and when it will arrive, even when it is not what you hoped to hear.",
        icon: "Handshake",
      },
      {
        title: "Fit for purpose",
        description:
          "We recommend products for your surfaces, temperatures and equipment, not whatever is easiest to sell.",
        icon: "Target",
      },
      {
        title: "Practical problem solving",
        description:
          "We test samples, visit sites and adjust designs until the solution works on your floor.",
        icon: "Lightbulb",
      },
      {
        title: "Long-term relationships",
        description:
          "We keep your specifications on file and learn your operation, so every reorder is easier than the last.",
        icon: "Users",
      },
    ],
  },
  reasons: {
    heading: `Why choose ${company.shortName}`,
    items: [
      {
        title: "One source, many product lines",
        description:
          "Labels, barcoding equipment, packaging, custom foam, material handling and protective suits on one account.",
        icon: "Boxes",
      },
      {
        title: "Four locations",
        description: `Teams in ${cities}, close to the plants and warehouses they serve.`,
        icon: "MapPin",
      },
      {
        title: "Service built in",
        description:
          "Thermal printer repair, warehouse site assessments and label installation alongside the products.",
        icon: "Wrench",
      },
      {
        title: "Custom fabrication",
        description: `Foam laminated up to ${company.fabrication.laminatorMaxInches} inch thick and skived down to ${company.fabrication.skiverMinInches} inch, cut to fit your parts.`,
        icon: "Layers",
      },
    ],
  },
  contact: {
    heading: "Talk to our team",
    text: "Call, e-mail or reach out to one of our locations. We will help you find the right product or the right person.",
    cards: {
      phone: {
        title: "Call us",
        description: "Speak with sales or technical support during business hours.",
      },
      email: {
        title: "Email us",
        description:
          "Send specifications, drawings or questions at any time. We reply during business hours.",
      },
      locations: {
        title: "Our locations",
        description: "Sales and support teams close to the plants and warehouses they serve.",
      },
    },
    productsLink: { label: "View Our Products", href: "/products" },
  },
} satisfies AboutContent;
