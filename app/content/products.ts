import { company } from "~/content/company";
import { productSectionTitles } from "~/content/product-sections";
import { servicesAndFabricationSections } from "~/content/products-services";
import type { ProductsContent } from "~/content/schema";

export const products = {
  hero: {
    heading: "Our Products",
    lead: "Labels, barcoding equipment, packaging, custom foam, material handling and warehouse labeling, plus thermal printer repair and protective suits. Browse by area, download a brochure, or ask us to quote exactly what you need.",
    inquiry: "general",
    inquiryLabel: "Ask a Question",
  },
  sectionNav: { label: "Jump to a product area" },
  benefitsLabel: "Benefits",
  sections: [
    {
      id: "labels",
      title: productSectionTitles.labels,
      description: [
        "Labels that stay readable and stay put: on corrugated in a freezer, on drums in a chemical store, on parts that see oil and heat. We supply stock and custom labels in paper and synthetic face materials, with the adhesive chosen for the surface and the temperature.",
        `Order stock sizes from the ${company.labelRange} range or have labels printed to your artwork on a flexographic or digital press, wound on the core and in the direction your printer or applicator expects.`,
      ],
      items: [
        {
          name: "Direct thermal labels",
          description:
            "Ribbon-free labels for shipping, receiving and short-life inventory tags, in standard and top-coated paper for better resistance to moisture, scuffing and light.",
        },
        {
          name: "Thermal transfer labels",
          description:
            "Paper and synthetic labels printed with a ribbon for long-life, high-contrast barcodes on products, parts and assets. Each stock is paired with a compatible ribbon.",
        },
        {
          name: "Synthetic and durable labels",
          description:
            "Polypropylene, polyester and vinyl faces for labels exposed to water, oil, chemicals, abrasion or weather, with permanent, aggressive and high-temperature adhesives.",
        },
        {
          name: "Custom printed labels",
          description:
            "Product, brand and warning labels printed to your artwork in spot or process color, with lamination, varnish, sequential numbering and variable data available.",
        },
        {
          name: "GHS and chemical labels",
          description:
            "Container labels laid out for the GHS label elements, on face stocks and adhesives suited to drums, totes and bottles that see spills and rough handling.",
        },
        {
          name: "Specialty adhesive labels",
          description:
            "Freezer-grade, removable, repositionable and high-tack adhesives for cold storage, reusable totes, textured or curved surfaces and low-energy plastics.",
        },
      ],
      brochureIds: [
        "ghs",
        "healthcare",
        "cannabis-cbd",
        "label-application",
        "flexo",
        "digital",
        "design",
        "data-file",
      ],
      inquiry: "sample",
      ctaLabel: "Request Label Samples",
    },
    {
      id: "barcoding",
      title: productSectionTitles.barcoding,
      description: [
        "Printers, scanners and mobile computers set up to work with your labels, your software and your network. We help you choose between desktop and industrial printers, direct thermal and thermal transfer, and corded, cordless or fixed scanning, based on your volume and environment.",
        "We also supply the thermal ribbons and label stock that keep the equipment running, and RFID labels with printers that encode them, so supplies and hardware are matched from the start.",
      ],
      items: [
        {
          name: "Desktop thermal printers",
          description:
            "Compact printers for shipping stations, labs and offices with moderate daily volumes, printing direct thermal or thermal transfer labels and tags.",
        },
        {
          name: "Industrial thermal printers",
          description:
            "Metal-frame printers for production lines and distribution centers running long shifts, large rolls and wide labels, with cutter, peeler and rewinder options.",
        },
        {
          name: "Mobile printers",
          description:
            "Belt- and cart-mounted printers for labeling at the rack, the dock or the pallet, paired with mobile computers over Bluetooth or Wi-Fi.",
        },
        {
          name: "Barcode scanners",
          description:
            "Handheld, presentation and fixed-mount scanners for 1D and 2D codes, including rugged models for cold rooms and forklifts and readers for damaged or low-contrast codes.",
        },
        {
          name: "Mobile computers",
          description:
            "Rugged handheld and wearable computers with built-in scanners for receiving, picking, cycle counting and proof of delivery, configured for your warehouse software.",
        },
        {
          name: "Thermal transfer ribbons",
          description:
            "Wax, wax/resin and resin ribbons in the widths and lengths your printers take, matched to the label face so barcodes survive scuffing, heat and chemicals.",
        },
      ],
      brochureIds: ["ribbons", "rfid", "rfid-spec-sheet"],
      inquiry: "consultation",
      ctaLabel: "Talk to a Barcoding Specialist",
    },
    {
      id: "packaging",
      title: productSectionTitles.packaging,
      description: [
        "The supplies a packing line or shipping dock goes through every day: corrugated boxes, stretch film, tape, void fill and strapping. We size cartons to your products, match film and tape to your equipment, and set reorder quantities that fit your storage space.",
      ],
      items: [
        {
          name: "Corrugated shipping boxes",
          description:
            "Regular slotted cartons, die-cut mailers and custom sizes in single- and double-wall board, plain or printed, sized to your products to cut void fill and dimensional weight.",
        },
        {
          name: "Stretch film",
          description:
            "Hand and machine film in cast and blown grades, pre-stretched film for easier hand wrapping, and colored or vented film for identification and produce loads.",
        },
        {
          name: "Carton sealing tape",
          description:
            "Hot-melt, acrylic and natural rubber tapes for hand dispensers and case sealers, plus water-activated paper tape for secure, tamper-evident closures.",
        },
        {
          name: "Void fill and cushioning",
          description:
            "Kraft paper, bubble, air pillows and loose fill to block and brace products inside the carton and absorb impact in transit.",
        },
        {
          name: "Strapping and edge protection",
          description:
            "Polypropylene and polyester strapping with tools and seals, plus edge boards and corner protectors that stabilize pallet loads.",
        },
        {
          name: "Poly bags and flexible packaging",
          description:
            "Flat, reclosable and gusseted poly bags and printed pouches for parts kitting, food and consumer products.",
        },
      ],
      brochureIds: ["flex-pack", "protective-packaging"],
      inquiry: "quote",
      ctaLabel: "Request a Packaging Quote",
    },
    {
      id: "material-handling",
      title: productSectionTitles["material-handling"],
      description: [
        "Equipment that keeps parts and products organized and moving from the receiving dock to the workstation to the shipping lane: carts, containers, storage, and the systems that keep tools and inventory under control.",
        "Tool control and inventory management tie into our labeling and foam work: shadow foam for tool drawers, labeled bins for kanban, and barcode labels for cycle counting.",
      ],
      items: [
        {
          name: "Carts and hand trucks",
          description:
            "Utility carts, platform trucks and hand trucks in steel and plastic, with caster and handle options suited to your loads and floors.",
        },
        {
          name: "Storage bins and containers",
          description:
            "Stackable and hanging bins, totes and dividable containers for parts storage, kitting and line-side supply, in colors that support visual management.",
        },
        {
          name: "Shelving and workstation storage",
          description:
            "Shelving units, bin rails and louvered panels that organize parts at the workstation and in the stockroom.",
        },
        {
          name: "Pallet handling",
          description:
            "Pallet jacks and pallet stands for moving and presenting loads at the dock and in production areas.",
        },
        {
          name: "Tool control",
          description:
            "Shadow foam drawer inserts cut to your tools, shadow boards and labeled tool positions, so a missing tool is spotted at a glance before it becomes lost time or debris.",
        },
        {
          name: "Inventory management",
          description:
            "Kanban cards, two-bin systems, bin and location labels and barcode cycle-count setups that keep stock levels visible and reorders on time.",
        },
      ],
      brochureIds: ["warehouse"],
      inquiry: "quote",
      ctaLabel: "Request a Material Handling Quote",
    },
    ...servicesAndFabricationSections,
  ],
  brochureList: { heading: "Brochures and spec sheets", previewLabel: "Preview", downloadLabel: "Download" },
  resourcesLink: {
    text: "Looking for the stock catalog, technical documents or application tips?",
    label: "Browse all resources",
    href: "/resources",
  },
  ghsCallout: {
    heading: "Labeling chemicals under GHS?",
    text: "Our GHS brochure covers the label elements, face stocks and adhesives for drums, totes and bottles, and our compliance articles explain what a workplace chemical label has to show.",
    linkLabel: "View GHS resources",
    href: "/resources",
  },
  closing: {
    heading: "Not sure what you need?",
    text: "Send us the application, the quantities and your timing. We will recommend products, send samples where they help and quote the order.",
    quoteLabel: "Request a Quote",
    quoteInquiry: "quote",
    consultationLabel: "Schedule a Consultation",
    consultationInquiry: "consultation",
  },
} satisfies ProductsContent;
