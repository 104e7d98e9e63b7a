import { company } from "~/content/company";
import { productSectionTitles } from "~/content/product-sections";
import type { ProductsContent } from "~/content/schema";

const laminator = company.fabrication.laminatorMaxInches;
const skiver = company.fabrication.skiverMinInches;

/** The /products sections after the supplies: foam fabrication, warehouse labeling and the services. */
export const servicesAndFabricationSections = [
  {
    id: "die-cut-foams",
    title: productSectionTitles["die-cut-foams"],
    description: [
      "Foam cut to the shape of your part protects it in shipping, in storage and on the line. We convert polyethylene, polyurethane, cross-linked and anti-static foams into inserts, trays, case liners and end caps, working from your part, drawing or sample.",
      `Our fabrication includes plank lamination up to ${laminator} inch thick and skiving down to ${skiver} inch, so the thickness is set by what your part needs rather than by a stock sheet.`,
    ],
    items: [
      {
        name: "Custom case inserts",
        description:
          "Layered foam inserts with cut-out pockets for instruments, tools and kits, fitted to the case you already use.",
        benefits: [
          "Every item has a visible place, so a missing piece is noticed",
          "Holds contents still to prevent rubbing and impact damage",
          "Presents a kit neatly to your customer",
        ],
      },
      {
        name: "Shipping trays and end caps",
        description:
          "Die-cut trays, corner blocks and end caps that hold the part away from the carton walls and absorb shock.",
        benefits: [
          "Protects parts through drops and vibration in transit",
          "Packs faster and more consistently than loose fill or wrap",
          "Suits returnable packaging that makes repeat trips",
        ],
      },
      {
        name: "Polyethylene plank components",
        description:
          "Closed-cell polyethylene plank fabricated into blocks, rails and cushions for heavier and denser products.",
        benefits: ["Resists moisture and most chemicals", "Holds its shape under repeated loads"],
      },
      {
        name: "Polyurethane foam components",
        description:
          "Soft open-cell polyurethane for lightweight and delicate items, including convoluted liners for cases and boxes.",
        benefits: [
          "Gentle on painted, polished and optical surfaces",
          "Light and economical for low-weight items",
        ],
      },
      {
        name: "Anti-static foam",
        description:
          "Anti-static and conductive foams for circuit boards, electronic assemblies and static-sensitive components.",
        benefits: [
          "Helps protect static-sensitive electronics in handling and shipping",
          "Available in polyethylene and polyurethane grades",
        ],
      },
      {
        name: "Laminated and skived foam",
        description: `Foam laminated up to ${laminator} inch thick or skived down to ${skiver} inch for deep inserts, thin liners and layered parts.`,
        benefits: [
          "Thickness matched to the part, not to a stock sheet",
          "Densities or colors combined in one piece",
        ],
      },
    ],
    brochureIds: ["protective-packaging"],
    inquiry: "foam-quote",
    ctaLabel: "Request a Foam Quote",
  },
  {
    id: "warehouse-labeling",
    title: productSectionTitles["warehouse-labeling"],
    description: [
      "Location labels are how pickers, drivers and your warehouse system agree on where things are. We supply rack, bin and floor labels and aisle signs printed with the barcodes, human-readable text, colors and arrows your layout needs.",
      "Labels are printed from a location list you provide or that we build with you, and packed in install order so crews can work aisle by aisle. We can also survey the site and install the labels.",
    ],
    items: [
      {
        name: "Rack and beam labels",
        description:
          "Single and multi-level labels for pallet rack beams, with color coding and directional arrows so operators scan the right level every time.",
      },
      {
        name: "Retroreflective long-range labels",
        description:
          "Reflective labels for upper rack levels that long-range scanners read from the floor or a lift truck, without raising the operator to the location.",
      },
      {
        name: "Cold storage labels",
        description:
          "Labels with adhesives made to be applied and to hold in coolers and freezers, including on cold beams that cannot be warmed first.",
      },
      {
        name: "Floor labels and markers",
        description:
          "Durable floor labels for bulk and staging locations, and floor marking shapes for aisles, walkways and hazard zones.",
      },
      {
        name: "Aisle and location signage",
        description:
          "Hanging aisle signs, end-of-aisle markers and dock door signs, readable at a distance and coordinated with your label scheme.",
      },
      {
        name: "Label installation",
        description:
          "Site survey, location mapping and installation, with old labels removed and new ones placed in sequence around your operating hours.",
      },
    ],
    brochureIds: ["warehouse-labeling", "warehouse-install", "warehouse"],
    inquiry: "site-assessment",
    ctaLabel: "Schedule a Site Assessment",
  },
  {
    id: "printer-repair",
    title: productSectionTitles["printer-repair"],
    description: [
      "A printer that streaks, skips or jams stops the dock. We troubleshoot and repair desktop, industrial and mobile thermal printers, replace worn printheads and platen rollers, and set printers back up for your labels and ribbons.",
      "Tell us the make, model and symptom and we will advise whether a fix over the phone, a replacement part or a bench repair is the right next step.",
    ],
    items: [
      {
        name: "Diagnostics and troubleshooting",
        description:
          "Help by phone and e-mail with print quality, calibration, media sensing and connectivity problems before anything is shipped.",
      },
      {
        name: "Printhead replacement",
        description:
          "Replacement printheads for faded print, white lines and voids, with advice on ribbon and label choices that extend head life.",
      },
      {
        name: "Platen rollers and wear parts",
        description:
          "New platen rollers, tear bars, cutters and peel assemblies for printers that slip, skew or jam.",
      },
      {
        name: "Preventive maintenance",
        description:
          "Scheduled cleaning, inspection and adjustment that catch wear before it becomes downtime, plus cleaning supplies for daily care.",
      },
      {
        name: "Setup and configuration",
        description:
          "Darkness, speed, media type and network settings configured so labels print correctly from your software.",
      },
    ],
    brochureIds: [],
    inquiry: "repair",
    ctaLabel: "Request a Repair",
  },
  {
    id: "ppe-suits",
    title: productSectionTitles["ppe-suits"],
    description: [
      "Disposable and limited-use protective clothing for dusty, dirty and wet work: coveralls, lab coats, sleeves, hoods and shoe covers for manufacturing, maintenance, painting, food processing and cleanroom support.",
      "Tell us the hazard and the protection level your safety program specifies, and we will match garments to it and set up a reorder that keeps every size in stock on your shelf.",
    ],
    items: [
      {
        name: "Disposable coveralls",
        description:
          "Hooded and collared coveralls with elastic wrists and ankles for dry particulates, light splash and general dirty work.",
      },
      {
        name: "Liquid-splash suits",
        description:
          "Coveralls in coated or film-laminated fabrics with bound or taped seams for tasks with liquid splash exposure.",
      },
      {
        name: "Lab coats and frocks",
        description:
          "Disposable lab coats and frocks for laboratories, inspection areas, visitors and food handling.",
      },
      {
        name: "Sleeves, hoods and aprons",
        description: "Sleeve covers, hoods and aprons for added protection where a full suit is not needed.",
      },
      {
        name: "Shoe and boot covers",
        description:
          "Shoe and boot covers, with skid-resistant soles available, for clean areas and wet floors.",
      },
    ],
    brochureIds: [],
    inquiry: "ppe",
    ctaLabel: "Request PPE Pricing",
  },
] satisfies ProductsContent["sections"];
