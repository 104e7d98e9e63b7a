import { company } from "~/content/company";
import { joinList } from "~/content/ids";
import type { HomeContent } from "~/content/schema";

const cities = joinList(company.locations.map((location) => location.city));

export const home = {
  hero: {
    eyebrow: `Industrial supply since ${company.foundedYear}`,
    heading: "Labels, barcoding and packaging that keep your lines moving",
    lead: `${company.name} equips manufacturers and distributors with industrial labels, barcode printers and scanners, packaging supplies, custom foam and material handling products, backed by people who know how they are used on the floor.`,
    primaryCta: { label: "Explore Our Products", href: "/products" },
  },
  introduction: {
    heading: "One supplier for the products that move your goods",
    paragraphs: [
      "Many plants buy labels from one vendor, ribbons from another, boxes and stretch film from a third and foam inserts from whoever can cut them. Every extra vendor adds a purchase order, a lead time to track and another number to call when something goes wrong. We bring those product lines onto one account, handled by one team.",
      `From ${cities}, we support receiving, production, packing and shipping: we match label stock to your printers, set up scanners for your system, size cartons and foam to your parts, and label racks so pickers reach the right location the first time.`,
    ],
  },
  categories: {
    heading: "What we supply",
    lead: "Six product areas on one account. Choose an area to see products, options and brochures.",
    linkLabel: "View products",
    cards: [
      {
        id: "labels",
        title: "Industrial Labels",
        description:
          "Thermal, synthetic and custom printed labels for shipping, inventory, compliance and product identification, matched to your printers and surfaces.",
        image: "labels",
        imageAlt:
          "Illustration of a roll of industrial labels beside a printed shipping label with a barcode",
        href: "/products#labels",
      },
      {
        id: "barcoding",
        title: "Barcoding Equipment",
        description:
          "Desktop and industrial thermal printers, handheld and fixed scanners, mobile computers and the thermal ribbons that go with them.",
        image: "barcoding",
        imageAlt: "Illustration of a thermal label printer next to a handheld barcode scanner",
        href: "/products#barcoding",
      },
      {
        id: "packaging",
        title: "Packaging Supplies",
        description:
          "Corrugated boxes, stretch film, carton sealing tape and void fill for packing benches and shipping docks.",
        image: "packaging",
        imageAlt:
          "Illustration of stacked corrugated shipping boxes, a roll of packing tape and a stretch-wrapped load",
        href: "/products#packaging",
      },
      {
        id: "material-handling",
        title: "Material Handling",
        description:
          "Carts, bins, shelving, tool control and inventory systems that keep parts organized and people moving safely.",
        image: "material-handling",
        imageAlt: "Illustration of a utility cart carrying stacked storage bins",
        href: "/products#material-handling",
      },
      {
        id: "die-cut-foams",
        title: "Die-Cut Foam Packaging",
        description:
          "Custom foam inserts, case liners and trays cut to your parts in polyethylene, polyurethane and anti-static grades.",
        image: "die-cut-foams",
        imageAlt: "Illustration of an open case with a custom foam insert holding parts in cut-out pockets",
        href: "/products#die-cut-foams",
      },
      {
        id: "warehouse-labeling",
        title: "Warehouse Labeling",
        description:
          "Rack labels, floor markers and aisle signs that make every location easy to read and quick to scan.",
        image: "warehouse-labeling",
        imageAlt:
          "Illustration of pallet racking with barcode location labels on the beams and an aisle sign above",
        href: "/products#warehouse-labeling",
      },
    ],
  },
  commitments: {
    heading: "Our commitment to your operation",
    lead: "What you can expect each time you call, order or ask for help.",
    cards: [
      {
        title: "Dependable delivery",
        description:
          "We confirm lead times when you order and tell you early if anything changes, so you plan around real dates.",
        icon: "Truck",
      },
      {
        title: "Products matched to the job",
        description:
          "We ask about surfaces, temperatures, printers and handling before we recommend a label, ribbon or foam, so what arrives works the first time.",
        icon: "ShieldCheck",
      },
      {
        title: "Service after the sale",
        description:
          "Printer repair, setup help and troubleshooting from people who know the equipment we supply.",
        icon: "Wrench",
      },
      {
        title: "A person who answers",
        description:
          "Call or e-mail and reach someone who knows your account and can act on your request, not a ticket queue.",
        icon: "Headset",
      },
    ],
  },
  testimonials: {
    heading: "What our customers say",
    lead: "Feedback from the teams we supply.",
    items: [
      {
        quote: `Our freezer labels used to lift off the cases within days. ${company.shortName} tested two adhesives on our actual cartons, and the labels now stay put from receiving to the store door.`,
        role: "Warehouse Manager",
        business: "Regional food distributor",
        rating: 5,
      },
      {
        quote:
          "They cut foam trays for our machined housings and adjusted the fit after the first sample run. Parts now arrive at our customers the way they left our dock.",
        role: "Plant Manager",
        business: "Automotive parts manufacturer",
        rating: 5,
      },
      {
        quote:
          "Labels, ribbons, boxes and stretch film on one account made reordering simple. When a printer went down, they diagnosed it over the phone and had it repaired without a long wait.",
        role: "Purchasing Lead",
        business: "Industrial equipment distributor",
        rating: 5,
      },
    ],
  },
  getInTouch: {
    heading: "Get in Touch",
    lead: "Tell us what you are working on and we will point you to the right products, samples or specialist.",
    contactHeading: "Contact information",
    contactLabels: { phone: "Phone", email: "Email", locations: "Locations", hours: "Business Hours" },
    formHeading: "Send us a note",
    fields: {
      firstName: { label: "First Name", placeholder: "First name" },
      lastName: { label: "Last Name", placeholder: "Last name" },
      email: { label: "Email", placeholder: "you@company.com" },
      company: { label: "Company", placeholder: "Company name" },
      message: { label: "Message", placeholder: "Products, quantities or the problem you want to solve" },
    },
    submitLabel: "Send Message",
    formNote:
      "Nothing is sent from here: Send Message opens our contact form, where you check your message and send it.",
  },
} satisfies HomeContent;
