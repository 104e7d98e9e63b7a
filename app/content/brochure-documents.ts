import { brochures } from "~/content/brochures";
import { company } from "~/content/company";
import { home } from "~/content/home";
import { joinList } from "~/content/ids";
import { products } from "~/content/products";
import type { Brochure, BrochureDocument, BrochureId, DocumentLabels, ProductLine } from "~/content/schema";

/**
 * The text of each brochure's PDF beyond its listing in brochures.ts, keyed by brochure id. The text here is
 * the brochure itself, not a summary of a file kept elsewhere. Only scripts/build-documents.ts and tests read
 * it; no page imports it, so none of it is sent to the browser.
 */

const laminator = company.fabrication.laminatorMaxInches;
const skiver = company.fabrication.skiverMinInches;
const citiesWithStates = joinList(company.locations.map((location) => `${location.city}, ${location.state}`));

// The company brochure is the line card: it lists the same areas and items as the home and products pages,
// so it is derived from them and cannot fall out of step.
const lineCard: ProductLine[] = home.categories.cards.map((card) => {
  const section = products.sections.find((candidate) => candidate.id === card.id);
  return {
    name: card.title,
    description: card.description,
    options: section ? section.items.map((item) => item.name) : [],
  };
});

/** Fixed wording inside the generated PDFs. */
export const documentLabels = {
  overviewHeading: "Overview",
  productLinesHeading: "Products and options",
  howToOrderHeading: "How to order",
  howToOrderLead: "Here is what happens between your first message and delivery.",
  contactHeading: "Contact us",
  contactLead: "Call or e-mail our sales team with questions, specifications or an order.",
  phoneLabel: "Phone",
  emailLabel: "Email",
  locationsLabel: "Locations",
  hoursLabel: "Business hours",
  closedLabel: "Closed",
  contentsHeading: "Contents",
  catalogIntro:
    "Each section lists the products we stock and supply in that area, the options to specify and the request to send when you are ready to order.",
  benefitsLabel: "Benefits",
  relatedBrochuresLabel: "Related brochures",
  orderingLabel: "To order",
  catalogEyebrow: "Stock catalog",
} satisfies DocumentLabels;

export const brochureDocuments: Record<BrochureId, BrochureDocument> = {
  about: {
    overview: [
      `${company.name} has supplied manufacturers and distributors since ${company.foundedYear}. What began as a label and ribbon business now covers barcoding equipment, packaging supplies, custom foam, warehouse labeling, material handling and protective suits, served from four locations in ${citiesWithStates}.`,
      "We work the way our customers do: practical, on schedule and focused on what happens on the floor. Before we recommend a label we ask about the surface and the temperature; before we quote foam we look at the part; before we label a warehouse we walk the aisles.",
      "This brochure explains the services that come with our products. Each product area has its own brochure with materials, options and ordering details.",
    ],
    productLinesHeading: "What we do for customers",
    productLines: [
      {
        name: "Supply programs",
        description: "One account for the consumables and equipment your plant or warehouse uses every week.",
        options: [
          "Stock labels and thermal ribbons",
          "Barcode printers, scanners and mobile computers",
          "Packaging supplies",
          "Material handling products",
          "Protective suits",
        ],
      },
      {
        name: "Application support",
        description: "Help choosing the product that works in your conditions before you commit to an order.",
        options: [
          "Label material and adhesive testing on your surfaces",
          "Printer, ribbon and label matching",
          "Scanner setup for your system",
          "Carton and cushioning sizing",
        ],
      },
      {
        name: "Service and repair",
        description: "Keeping thermal printers running, from a call about print quality to a bench repair.",
        options: [
          "Troubleshooting by phone and e-mail",
          "Printhead and platen roller replacement",
          "Preventive maintenance",
          "Printer configuration",
        ],
      },
      {
        name: "Fabrication and installation",
        description: "Work we do for you, not just products we ship.",
        options: [
          `Foam lamination up to ${laminator} inch`,
          `Foam skiving down to ${skiver} inch`,
          "Die and contour cutting",
          "Warehouse site assessments and label installation",
        ],
      },
    ],
    howToOrder: [
      "Call or e-mail with the product, the quantity and the delivery date you need.",
      "For custom items, send artwork, drawings, samples or photos; we confirm the specification in writing before production.",
      "Approve the quote and any proof, and we schedule production or shipment.",
      "We keep your specifications on file, so a reorder only needs a quantity and a date.",
    ],
  },
  brochure: {
    overview: [
      "Manufacturers and distributors buy from us because one account covers most of what moves through a plant or warehouse: the labels and ribbons that identify products, the equipment that prints and scans them, the packaging that ships them and the racks, carts and bins that hold them.",
      `Every product area is backed by people who use the products themselves: we test labels on your surfaces, configure printers, cut foam to your parts and walk your aisles. With ${company.yearsLabel} in business and four locations, we plan supply around your schedule.`,
    ],
    productLinesHeading: "Our product range",
    productLines: lineCard,
    howToOrder: [
      "Choose the product areas you need; each has a detailed brochure on our resources page.",
      "Send us your specifications, quantities and delivery dates, or ask for samples first.",
      "Review our quote and approve any proofs or samples.",
      "Place the order and set up reorders against your approved specifications.",
    ],
  },
  healthcare: {
    overview: [
      "Labels in healthcare and laboratory settings carry information that cannot be lost: sample identity, patient details, lot numbers and dates. They go on curved tubes, cold vials, bags and instrument trays, and they are wiped, chilled and handled many times.",
      "We supply paper and synthetic labels with the adhesives and coatings those conditions need, in the sizes and formats your printers and systems already use.",
      "Tell us what the label goes on, how it is stored and how it is printed, and we will send samples to test in your own workflow.",
    ],
    productLines: [
      {
        name: "Specimen and vial labels",
        description: "Small labels that wrap tubes and vials and keep their barcodes scannable.",
        options: [
          "Polypropylene and polyester faces",
          "Freezer and cryogenic adhesives",
          "Wrap-around sizes for tubes and vials",
          "Direct thermal and thermal transfer",
        ],
      },
      {
        name: "Pharmacy labels",
        description: "Prescription, auxiliary and bag labels for retail and hospital pharmacies.",
        options: [
          "Laser sheet and thermal roll formats",
          "Auxiliary warning labels",
          "Fan-fold and roll formats",
          "Permanent and removable adhesives",
        ],
      },
      {
        name: "Patient identification",
        description: "Wristbands and chart labels printed at admission from your system.",
        options: [
          "Thermal wristbands in adult, pediatric and infant sizes",
          "Chart and file labels",
          "Barcode layouts for your system",
        ],
      },
      {
        name: "Laboratory and sterilization labels",
        description:
          "Labels for slides, trays and packs that go through chemical processing or steam sterilization.",
        options: [
          "Solvent-resistant slide labels",
          "Labels that withstand autoclave cycles",
          "Color-coded labels",
          "Write-on surfaces",
        ],
      },
      {
        name: "Asset and equipment labels",
        description: "Durable labels for equipment tracking and maintenance records.",
        options: [
          "Polyester asset tags",
          "Tamper-evident materials",
          "Sequential barcode numbering",
          "Calibration and inspection labels",
        ],
      },
    ],
    howToOrder: [
      "Send the label size, what it goes on and how it is stored: room temperature, refrigerated or frozen.",
      "Tell us the printer make and model, or send artwork for pre-printed labels.",
      "Test our samples in your workflow, including wiping, chilling or processing.",
      "Approve the specification and order in rolls, fan-fold or sheets to suit your printers.",
    ],
  },
  "cannabis-cbd": {
    overview: [
      "Cannabis and CBD packaging carries more information than most consumer products: potency, batch or lot numbers, warnings, testing references and often a QR code that links to test results. It also has to fit small jars, pre-roll tubes, tincture bottles and pouches, and still look good on the shelf.",
      "We print custom labels to your artwork, supply blank labels for printing batch data in-house, and combine the two: pre-printed branding with a clear area for variable data.",
      "Label content rules differ from state to state and change over time. Your compliance team sets the content; we make sure the material, adhesive and print hold up on your containers.",
    ],
    productLines: [
      {
        name: "Branded product labels",
        description: "Shelf-ready labels printed to your artwork.",
        options: [
          "Spot and process color",
          "Matte, gloss and soft-touch laminates",
          "Metallic and clear films",
          "Foil and raised varnish embellishment",
        ],
      },
      {
        name: "Batch and variable data labels",
        description: "Labels for the data that changes with every batch.",
        options: [
          "Blank thermal transfer labels",
          "Pre-printed labels with a blank data area",
          "Sequential numbering",
          "QR codes and barcodes from your data",
        ],
      },
      {
        name: "Tamper-evident seals",
        description: "Seals that show when a package has been opened.",
        options: ["Destructible film seals", "Void-pattern security labels", "Clear seals over closures"],
      },
      {
        name: "Small-container labels",
        description: "Constructions for jars, tubes, droppers and other tight panels.",
        options: [
          "Wrap-around labels for tubes",
          "Lid and base labels for jars",
          "Extended-content fold-out labels",
          "Adhesives for curved and frosted surfaces",
        ],
      },
      {
        name: "Warning and information labels",
        description: "Separate labels applied next to the main label when rules or products change.",
        options: [
          "Sized to your warning symbol artwork",
          "Small formats for narrow panels",
          "Short runs when content changes",
        ],
      },
    ],
    howToOrder: [
      "Send your artwork with the container type and size.",
      "Confirm the required label content with your compliance team; we lay the label out to fit your container.",
      "Approve a digital proof and, if needed, a printed sample on your container.",
      "Order in rolls wound for your applicator or printer; reorders follow the approved specification.",
    ],
  },
  ghs: {
    overview: [
      "Under the Globally Harmonized System, as adopted in the United States by the OSHA Hazard Communication Standard, a shipped chemical container label carries a product identifier, a signal word, hazard statements, pictograms in red diamond borders, precautionary statements and the supplier's details. The label has to stay legible for as long as the container is in use.",
      "We supply blank labels with pre-printed red diamond borders for printing in-house, fully printed labels from your data, and face stocks and adhesives for drums, totes, pails and bottles. For containers stored outdoors or exposed to spills, synthetic faces and aggressive adhesives keep the label on and readable.",
      "We supply the label. The hazard classification and label text come from your safety data sheets.",
    ],
    productLines: [
      {
        name: "Pre-printed pictogram labels",
        description:
          "Blank labels with red diamond borders printed where your layout needs them; you print symbols and text in-house.",
        options: [
          "Layouts with one to several diamond frames",
          "Thermal transfer and laser formats",
          "Sizes from bottles to drums",
          "Polypropylene and polyester faces",
        ],
      },
      {
        name: "Fully printed GHS labels",
        description: "Labels printed from your label content, ready to apply.",
        options: [
          "Multi-language text",
          "Variable data by batch",
          "Sequential numbering",
          "Over-laminate for chemical resistance",
        ],
      },
      {
        name: "Drum and tote labels",
        description: "Large labels for bulk containers that are moved, stacked and stored outdoors.",
        options: [
          "Formats for 55-gallon drums and intermediate bulk containers",
          "Aggressive adhesives for textured plastic and painted steel",
          "Weather-resistant synthetic faces",
          "Removable options for reused containers",
        ],
      },
      {
        name: "Workplace container labels",
        description: "Labels for spray bottles and transfer containers filled on site.",
        options: [
          "Write-on labels",
          "Pre-printed with your product names",
          "Small sizes for bottles",
          "Water- and solvent-resistant faces",
        ],
      },
      {
        name: "In-house printing systems",
        description: "Printers, ribbons and software for printing GHS labels on demand.",
        options: [
          "Thermal transfer printers",
          "Resin ribbons for chemical resistance",
          "Label design software",
          "Setup help with your label data",
        ],
      },
    ],
    howToOrder: [
      "List the containers you label: type, size, material and where they are stored.",
      "Choose pre-printed, blank or fully printed labels and tell us how you print today.",
      "For printed labels, send the label content from your safety data sheets; we return a proof for review.",
      "Test samples on your containers, including contact with the chemicals they hold.",
      "Order the approved labels in rolls or sheets; we keep the specification on file.",
    ],
  },
  "label-application": {
    overview: [
      "Hand-applied labels are slow and land in a different spot on every box, and scanners and customers notice. Label application equipment ranges from simple dispensers that peel the label for the operator to print-and-apply systems that print variable data and place the label on a moving carton.",
      "We help you match the applicator to your product, line speed and label, and we supply labels wound for the equipment: core size, roll diameter, wind direction and gap all set to what the machine expects.",
      "Start with a description of what you label and how fast; we recommend the simplest method that keeps up.",
    ],
    productLines: [
      {
        name: "Label dispensers",
        description: "Bench-top dispensers that peel each label so operators apply it faster.",
        options: [
          "Manual and electric models",
          "Adjustable for label width",
          "Works with clear and die-cut labels",
        ],
      },
      {
        name: "Semi-automatic applicators",
        description: "Bench-top applicators for bottles, jars and flat products in short and medium runs.",
        options: [
          "Wrap-around application for round containers",
          "Front and back labels for flat panels",
          "Foot-pedal or sensor start",
          "Quick changeover between sizes",
        ],
      },
      {
        name: "Print-and-apply systems",
        description: "In-line systems that print variable data and apply the label to cartons or pallets.",
        options: [
          "Tamp, blow and wipe-on application",
          "Carton side, top or corner-wrap labels",
          "Pallet labels on adjacent sides",
          "Data from your warehouse or ERP system",
        ],
      },
      {
        name: "Labels for automatic application",
        description: "Label rolls made to run cleanly through applicators.",
        options: [
          "Core size and roll diameter to suit",
          "Wind direction and label orientation",
          "Gap and sensor mark placement",
          "Liners chosen for high-speed peeling",
        ],
      },
    ],
    howToOrder: [
      "Describe the product, the label size and where the label goes on the product.",
      "Tell us your line speed and whether the label data changes for each item.",
      "We recommend equipment and, where possible, test it with your product and labels.",
      "Order the equipment and matching labels together so setup starts with the right media.",
    ],
  },
  digital: {
    overview: [
      "Digital printing reproduces your artwork straight from the file, without printing plates. That makes it the economical choice for short runs, many versions, seasonal designs, market tests and labels that change often.",
      "Every label in a run can be different: sequential numbers, barcodes, batch codes or names print together with full-color graphics in a single pass.",
      "We finish digital labels with laminates, varnishes and die cutting to the shape you need, on rolls ready for your applicator or printer.",
    ],
    productLines: [
      {
        name: "Short-run color labels",
        description: "Full-color labels without plate costs.",
        options: [
          "Process color printing",
          "Paper and film stocks",
          "Many versions in one order",
          "Prototype quantities for market tests",
        ],
      },
      {
        name: "Variable data labels",
        description: "Labels where each one carries different data.",
        options: [
          "Sequential numbering",
          "Barcodes and QR codes from your data file",
          "Lot-specific or personalized text",
        ],
      },
      {
        name: "Finishing",
        description: "Protection and shape after printing.",
        options: [
          "Gloss and matte laminates",
          "Spot varnish",
          "Custom die-cut shapes",
          "Slitting and rewinding to your roll specification",
        ],
      },
      {
        name: "Materials",
        description: "Face stocks and adhesives for the product and its environment.",
        options: [
          "Semi-gloss and textured papers",
          "White, clear and metallic films",
          "Freezer and removable adhesives",
        ],
      },
    ],
    howToOrder: [
      "Send print-ready artwork as a PDF with fonts outlined, plus a dieline if the shape is custom.",
      "For variable data, send a data file prepared as our Variable Data File Guidelines describe.",
      "Approve the digital proof; we print and finish to the approved file.",
      "Tell us the quantity per version, the roll format and the delivery date.",
    ],
  },
  "data-file": {
    overview: [
      "Variable data labels are only as accurate as the file they are printed from. A stray space, a dropped leading zero or an extra header row can put the wrong number on thousands of labels.",
      "These guidelines explain how to lay out the file, which formats we accept and what to check before you send it, so your labels print right the first time.",
    ],
    productLinesHeading: "Preparing your file",
    productLines: [
      {
        name: "File formats",
        description: "Send structured data that we can use without retyping.",
        options: [
          "CSV (comma-separated values) preferred",
          "Excel workbook with the data on one sheet",
          "Tab-delimited text",
          "UTF-8 encoding for accented and special characters",
        ],
      },
      {
        name: "File layout",
        description: "One clean table, one row per label.",
        options: [
          "One record per label",
          "A single header row with clear field names",
          "No merged cells or blank rows",
          "Leading zeros kept by formatting the column as text",
        ],
      },
      {
        name: "Barcodes and numbering",
        description: "Tell us exactly what each code should contain.",
        options: [
          "Name the symbology: Code 128, GS1-128, Data Matrix or QR",
          "Include check digits or ask us to calculate them",
          "Give start and end numbers for sequences",
          "Point out any duplicates that are intended",
        ],
      },
      {
        name: "Print order and quantities",
        description: "How the labels should come off the roll.",
        options: [
          "Sort the file in the order labels should print",
          "Copies per record",
          "Labels per roll and where rolls should break",
          "A separate file for each version",
        ],
      },
      {
        name: "Checking the proof",
        description: "What to review before you approve.",
        options: [
          "Proof of the first, last and sample records",
          "Record count compared with your file",
          "Test scans of the proofed barcodes",
        ],
      },
    ],
    howToOrder: [
      "Prepare the file using these guidelines and name it with your company and job name.",
      "Send it with the artwork and tell us the record count.",
      "Review the proof and the test scans.",
      "Approve, and we print in the order of your file.",
    ],
  },
  design: {
    overview: [
      "Good label design starts with the container and the printer, not the artwork. The label has to fit the panel, wrap a curve without lifting, leave room for barcodes and their quiet zones, and reproduce your colors on the chosen stock.",
      "This guide covers size and shape, artwork files, color, barcode placement and legibility. Our prepress team checks every file and tells you about problems before anything is printed.",
    ],
    productLinesHeading: "Design guidelines",
    productLines: [
      {
        name: "Size and shape",
        description: "Fit the label to the flat area of the container.",
        options: [
          "Measure the flat label panel, not the whole container",
          "Keep clear of seams and tight curves",
          "Standard shapes avoid custom die charges",
          "Rounded corners resist lifting",
        ],
      },
      {
        name: "Artwork files",
        description: "Files that print as you designed them.",
        options: [
          "Vector PDF or AI with fonts outlined",
          "Images at 300 dpi at final size",
          "Bleed of 1/16 inch beyond the die line",
          "Dieline on its own layer",
        ],
      },
      {
        name: "Color",
        description: "Consistent color from run to run.",
        options: [
          "Pantone references for brand colors",
          "CMYK for photographs and process images",
          "White ink layer under art on clear and metallic films",
          "A printed proof for critical colors",
        ],
      },
      {
        name: "Barcodes",
        description: "Codes that scan the first time.",
        options: [
          "Quiet zones on both sides",
          "Minimum size for the symbology",
          "Dark bars on a light background",
          "Orientation matched to the print direction",
        ],
      },
      {
        name: "Text and legibility",
        description: "Required text that can actually be read.",
        options: [
          "Minimum type sizes for required text",
          "High contrast for warnings",
          "Simple sans-serif fonts at small sizes",
        ],
      },
    ],
    howToOrder: [
      "Share the container or a sample along with your draft artwork.",
      "We review the file and suggest changes for printing and scanning.",
      "Approve the proof and choose the quantity and roll format.",
      "We keep the approved file on record for identical reorders.",
    ],
  },
  ribbons: {
    overview: [
      "A thermal transfer ribbon melts ink onto the label under the printhead. The right ribbon depends on the label face and on what the printed label will face afterwards: scuffing, heat, moisture or chemicals.",
      "Wax ribbons suit paper labels for shipping and general use. Wax/resin adds smudge and scratch resistance on coated papers and many synthetics. Resin ribbons bond to polyester and polypropylene for labels that must survive solvents, heat and abrasion.",
      "We supply ribbons in the widths, lengths and core sizes your printers take, wound ink-in or ink-out to match the printer.",
    ],
    productLines: [
      {
        name: "Wax ribbons",
        description: "The everyday ribbon for paper labels.",
        options: [
          "Paper labels and tags",
          "Shipping and warehouse labels",
          "High print speeds",
          "Economical for high volumes",
        ],
      },
      {
        name: "Wax/resin ribbons",
        description: "More durable print on coated papers and synthetics.",
        options: [
          "Coated paper and synthetic labels",
          "Smudge and scratch resistance",
          "Product and retail labels",
          "Moderate chemical resistance",
        ],
      },
      {
        name: "Resin ribbons",
        description: "The most durable print, for harsh conditions.",
        options: [
          "Polyester and polypropylene labels",
          "Solvent and heat resistance",
          "Asset, chemical and electronics labels",
          "Fine text and small barcodes",
        ],
      },
      {
        name: "Color ribbons",
        description: "Colored print for identification and color coding.",
        options: [
          "Safety and hazard labeling",
          "Color coding in warehouses",
          "Brand colors on product labels",
        ],
      },
      {
        name: "Sizes and compatibility",
        description: "Ribbons that fit and run in your printers.",
        options: [
          "Widths matched to the label width",
          "Lengths matched to label rolls",
          "Ink-in and ink-out winding",
          "Cores for desktop and industrial printers",
        ],
      },
    ],
    howToOrder: [
      "Tell us the printer make and model and the label material.",
      "Describe what the printed label must withstand.",
      "We recommend a ribbon grade and size and can send a sample roll for a print test.",
      "Order by the case; we record the ribbon against your printer for easy reorders.",
    ],
  },
  flexo: {
    overview: [
      "Flexographic printing transfers ink from plates onto the label stock at high speed. Once the plates are made, each additional label costs little, which makes flexo the economical choice for long runs and repeat orders of the same design.",
      "Flexo reproduces spot colors precisely, prints on paper, films and foils, and combines printing with lamination, varnish, die cutting and slitting in a single pass.",
      "We keep your plates and specifications on file, so every repeat run matches the last.",
    ],
    productLines: [
      {
        name: "Product labels",
        description: "Brand labels for retail and industrial products.",
        options: [
          "Spot colors matched to Pantone references",
          "Four-color process",
          "Paper, film and foil stocks",
          "Gloss, matte and textured finishes",
        ],
      },
      {
        name: "Industrial and warning labels",
        description: "Labels that must stay legible in tough conditions.",
        options: [
          "Durable synthetic faces",
          "Aggressive and high-temperature adhesives",
          "Safety colors",
          "Over-laminates for abrasion resistance",
        ],
      },
      {
        name: "Specialty constructions",
        description: "Labels that do more than one layer can.",
        options: [
          "Extended-content booklet labels",
          "Two-sided printing on clear labels",
          "Peel-and-reveal coupons",
          "Tamper-evident materials",
        ],
      },
      {
        name: "Finishing",
        description: "Converting to the format your line needs.",
        options: [
          "Custom die-cut shapes",
          "Perforations and kiss cuts",
          "Fan-fold or roll formats",
          "Slitting to your core size and wind direction",
        ],
      },
    ],
    howToOrder: [
      "Send artwork, the label size, material preferences and your annual quantity.",
      "We quote plates and printing separately, so you see one-time and running costs.",
      "Approve the proof; plates are made and the job is scheduled.",
      "Reorder against the approved specification and the stored plates.",
    ],
  },
  "flex-pack": {
    overview: [
      "Flexible packaging replaces rigid containers with film: stand-up pouches, flat pouches, bags and roll stock for form-fill-seal machines. It weighs less, ships flat and gives a large printable surface.",
      "Barrier layers protect contents from moisture, oxygen and light, and features such as zippers, tear notches and hang holes make the package easier to use and display.",
      "We help you choose the structure, size and features, then print to your artwork.",
    ],
    productLines: [
      {
        name: "Stand-up pouches",
        description: "Pouches that stand on the shelf and reclose after opening.",
        options: [
          "Zipper closures",
          "Tear notches and hang holes",
          "Clear windows",
          "Matte or gloss finishes",
        ],
      },
      {
        name: "Flat and three-side seal pouches",
        description: "Simple pouches for single servings, samples and parts.",
        options: ["Single-serve and sample packs", "Heat-sealable films", "Easy-open tear notches"],
      },
      {
        name: "Roll stock",
        description: "Printed film for your form-fill-seal equipment.",
        options: [
          "Printed film on rolls",
          "Registration marks for your machine",
          "Core and roll sizes to your specification",
        ],
      },
      {
        name: "Barrier films",
        description: "Film structures matched to what the package holds.",
        options: [
          "Moisture barrier",
          "Oxygen and aroma barrier",
          "Metallized and foil layers that block light",
          "Clear high-barrier films",
        ],
      },
      {
        name: "Poly bags",
        description: "Bags for kitting, parts and bulk products.",
        options: [
          "Flat and gusseted bags",
          "Reclosable zip bags",
          "Printed or plain",
          "Anti-static bags for electronics",
        ],
      },
    ],
    howToOrder: [
      "Describe the product, its fill weight or volume and how it will be filled and sealed.",
      "Choose the format and features; we suggest a film structure and send blank samples to test.",
      "Send artwork and approve the proof against the final dieline.",
      "Confirm quantity and delivery; repeat orders run from the approved specification.",
    ],
  },
  "protective-packaging": {
    overview: [
      "Products that are heavy, fragile or finished need packaging that holds them still and absorbs shock. We design custom foam inserts, trays, end caps and case liners around your part and fabricate them from sheet and plank.",
      `Our fabrication includes a plank laminator for blocks up to ${laminator} inch thick and a skiver that splits foam down to ${skiver} inch, along with die cutting and contour cutting for shapes that follow the product.`,
      "Send the part, a drawing or photos with dimensions and weight, and we will propose a material and design, cut a sample and quote production.",
    ],
    productLines: [
      {
        name: "Custom foam inserts",
        description: "Inserts with a pocket for every part, tool or instrument.",
        options: [
          "Multi-layer inserts with cut-out pockets",
          "Fitted to your existing case",
          "Finger notches for easy removal",
          "Contrasting color layers for visual checks",
        ],
      },
      {
        name: "Trays, end caps and corners",
        description: "Foam that holds parts away from the carton walls.",
        options: [
          "Die-cut trays for multiple parts",
          "End caps for long items",
          "Corner blocks for heavy cartons",
          "Returnable dunnage",
        ],
      },
      {
        name: "Foam materials",
        description: "The right density and cell structure for the part.",
        options: [
          "Polyethylene plank",
          "Polyurethane and convoluted foam",
          "Cross-linked polyethylene",
          "Anti-static grades",
          "Expanded polystyrene",
        ],
      },
      {
        name: "Fabrication",
        description: "How raw foam becomes a finished part.",
        options: [
          `Lamination up to ${laminator} inch`,
          `Skiving down to ${skiver} inch`,
          "Die cutting",
          "Contour cutting",
          "Adhesive backing and bonding",
        ],
      },
      {
        name: "Cushioning supplies",
        description: "Stock cushioning when a custom insert is not needed.",
        options: ["Bubble rolls and bags", "Air pillows", "Foam rolls and sheets", "Corrugated inserts"],
      },
    ],
    howToOrder: [
      "Send the part or a drawing with dimensions, weight and any sensitive surfaces.",
      "Tell us the box or case size and how the product ships.",
      "We propose a design and material and cut a sample for you to test.",
      "Approve the sample and order production quantities; we keep the design on file for repeats.",
    ],
  },
  warehouse: {
    overview: [
      "A distribution center runs on accurate locations, readable labels, working scanners and a steady supply of packaging. When any one of those fails, picking slows down and errors climb.",
      "We supply the pieces that keep a warehouse flowing and help you plan them together: labels that match your location scheme, scanners that read them from the right distance, printers and ribbons for shipping labels, and the packaging and handling equipment at the dock.",
    ],
    productLines: [
      {
        name: "Location labeling",
        description: "Labels that connect every location to your warehouse system.",
        options: [
          "Rack and beam labels",
          "Retroreflective long-range labels",
          "Floor and bulk location labels",
          "Cold storage labels",
        ],
      },
      {
        name: "Signage and visual management",
        description: "Signs that guide people and vehicles through the building.",
        options: ["Hanging aisle signs", "Dock door signs", "Floor marking", "Safety and traffic signs"],
      },
      {
        name: "Barcoding and mobile data",
        description: "Hardware that captures every move.",
        options: [
          "Handheld and long-range scanners",
          "Mobile and vehicle-mounted computers",
          "Mobile printers",
          "Shipping label printers",
        ],
      },
      {
        name: "Shipping and packing",
        description: "Supplies for the pack bench and the dock.",
        options: ["Shipping labels", "Corrugated boxes", "Stretch film and tape", "Void fill"],
      },
      {
        name: "Material handling",
        description: "Equipment for moving and storing goods.",
        options: ["Carts and hand trucks", "Bins and totes", "Shelving", "Pallet jacks"],
      },
    ],
    howToOrder: [
      "Share a layout drawing or your location list, and tell us your warehouse system and scanners.",
      "Request a site assessment; we review racking, floors, lighting and scanning distances.",
      "Approve a plan covering labels, signage and equipment, with samples where useful.",
      "Schedule delivery and, if needed, installation around your operating hours.",
    ],
  },
  "warehouse-install": {
    overview: [
      "A relabeling project succeeds or fails on detail: every location in the system needs a label in the right place, at the right height and in the right order. Mistakes show up later as mis-picks.",
      "We plan the installation from your location data, print labels in install sequence, remove old labels and adhesive, and place new labels to one consistent standard. Work is scheduled in zones around your shifts so operations continue.",
      "Before we leave, we scan-check the installed locations and walk the site with your team.",
    ],
    productLinesHeading: "The installation service",
    productLines: [
      {
        name: "Site survey",
        description: "What we check before quoting.",
        options: [
          "Rack types, beam sizes and levels",
          "Lighting and scanning distances",
          "Floor condition for floor labels",
          "Cold areas and their temperatures",
        ],
      },
      {
        name: "Installation planning",
        description: "A plan your operations team can work around.",
        options: [
          "Location list checked against your system",
          "Install sequence by aisle",
          "Zone-by-zone schedule",
          "Lift and access requirements",
        ],
      },
      {
        name: "Removal and surface preparation",
        description: "A clean surface so new labels stay on.",
        options: [
          "Old label and adhesive removal",
          "Cleaning of beams and floors",
          "Preparation of cold surfaces",
        ],
      },
      {
        name: "Installation",
        description: "Labels placed to one standard across the building.",
        options: [
          "Rack and beam labels",
          "Retroreflective labels on upper levels",
          "Floor labels",
          "Hanging and wall signs",
        ],
      },
      {
        name: "Verification",
        description: "Proof that every label is in the right place.",
        options: [
          "Scan check of installed labels",
          "Walkthrough with your team",
          "Spare labels for damaged locations",
        ],
      },
    ],
    howToOrder: [
      "Send your location list, a layout drawing and the scanners you use.",
      "Schedule a site survey with our team.",
      "Approve the installation plan, the schedule and label samples.",
      "We print, install and verify; you sign off after the walkthrough.",
    ],
  },
  "warehouse-labeling": {
    overview: [
      "Location labels tie physical space to your warehouse management system. They need to be readable at a glance, scannable from where your operators stand and durable enough to outlast forklift traffic, cleaning and temperature swings.",
      "We print from your location data with the barcode symbology, text, colors and arrows your process needs, and recommend materials and adhesives for each area of the building.",
    ],
    productLines: [
      {
        name: "Rack and beam labels",
        description: "Labels for every level of pallet rack.",
        options: [
          "Single and multi-level labels",
          "Color coding by level",
          "Directional arrows",
          "Magnetic and adhesive mounting",
        ],
      },
      {
        name: "Long-range labels",
        description: "Labels for upper levels, read from the floor or a lift truck.",
        options: [
          "Retroreflective materials",
          "Large barcodes for reading at distance",
          "Placards for upper levels",
        ],
      },
      {
        name: "Bin and shelf labels",
        description: "Small labels for pick faces, shelves and bins.",
        options: [
          "Small formats for shelving and bins",
          "Label holders and inserts",
          "Magnetic labels for changing locations",
        ],
      },
      {
        name: "Floor labels",
        description: "Labels for bulk storage and staging areas without racking.",
        options: [
          "Heavy-duty floor label materials",
          "Bulk and staging location labels",
          "Textured surface options",
        ],
      },
      {
        name: "Cold storage labels",
        description: "Labels for coolers and freezers.",
        options: [
          "Adhesives for application in the freezer",
          "Labels for frosted beams",
          "Materials that stay flexible in the cold",
        ],
      },
      {
        name: "Aisle signs",
        description: "Signs that make the layout readable from a distance.",
        options: [
          "Hanging signs",
          "End-of-aisle markers",
          "Double-sided printing",
          "Sizes for your ceiling height and aisle width",
        ],
      },
    ],
    howToOrder: [
      "Send your location list with the barcode content and the text to print.",
      "Tell us the rack type, beam height and scanning distance for each area.",
      "Approve a printed sample in your facility, including a scan test.",
      "Order in install sequence; labels arrive sorted by aisle.",
    ],
  },
  rfid: {
    overview: [
      "RFID tags are read by radio rather than by line of sight. A reader can identify many tagged items at once, even inside a carton, without anyone aiming a scanner at each barcode. That makes RFID useful for receiving whole pallets, counting inventory quickly and tracking assets that move between sites.",
      "Tag performance depends on what the tag is attached to: metal and liquids change how a tag reads. We help you choose the inlay and construction for your items, then encode and print labels to your data, or supply printers that encode in-house.",
      "Most projects start with a small pilot that proves read performance in your own facility before a full rollout.",
    ],
    productLines: [
      {
        name: "RFID shipping and carton labels",
        description: "Paper labels with an RFID inlay, printed and encoded together.",
        options: [
          "Paper labels with UHF inlays",
          "Barcode and text printed on the same label",
          "Encoded to your numbering scheme",
        ],
      },
      {
        name: "Durable and on-metal tags",
        description: "Constructions for surfaces where standard labels read poorly.",
        options: [
          "Tags for metal assets and racks",
          "Hard tags for returnable containers",
          "Constructions for products that contain liquids",
        ],
      },
      {
        name: "Asset tracking tags",
        description: "Tags for tools, equipment and IT assets.",
        options: [
          "Tamper-evident constructions",
          "Mounting by adhesive, rivet or cable tie",
          "Materials for outdoor use",
        ],
      },
      {
        name: "RFID printers and readers",
        description: "Equipment for encoding and reading tags in-house.",
        options: [
          "Printers that encode while they print",
          "Handheld readers",
          "Fixed readers for dock doors",
          "Setup help",
        ],
      },
      {
        name: "Encoding service",
        description: "Labels delivered already encoded.",
        options: [
          "Encoding from your data file",
          "Verification of every encoded tag",
          "Reports of the encoded numbers",
        ],
      },
    ],
    howToOrder: [
      "Describe what you want to tag, what it is made of and where it will be read.",
      "We recommend tags and send samples for a read test in your facility.",
      "Send your encoding data as described in our Variable Data File Guidelines.",
      "Approve a pilot run, then order production quantities.",
    ],
  },
  "rfid-spec-sheet": {
    overview: [
      "Every RFID label order comes down to a set of choices, and defining them up front avoids reprints and read problems. This sheet lists the specification points we confirm with you before production.",
      "If you are unsure of any point, send a sample of the item to be tagged and describe how it will be read; we will recommend values and test them.",
    ],
    productLinesHeading: "Specification points",
    productLines: [
      {
        name: "Inlay",
        description: "The chip and antenna inside the label.",
        options: [
          "Frequency band (UHF for most supply chain uses)",
          "Chip type and memory size",
          "Antenna size and shape",
          "Dry or wet inlay",
        ],
      },
      {
        name: "Face stock and print",
        description: "The printable surface over the inlay.",
        options: [
          "Direct thermal or thermal transfer paper",
          "Synthetic faces for durability",
          "Pre-printed logos or colors",
          "Printed barcode and text",
        ],
      },
      {
        name: "Adhesive",
        description: "Matched to the surface and the temperature.",
        options: [
          "Permanent for cartons",
          "Freezer grade for cold chain",
          "Removable for returnable items",
          "Aggressive for textured plastics",
        ],
      },
      {
        name: "Size and layout",
        description: "Where everything sits on the label.",
        options: [
          "Label width and length",
          "Inlay position on the label",
          "Print keep-out area",
          "Corner radius",
        ],
      },
      {
        name: "Encoding",
        description: "What is written to the chip.",
        options: [
          "Data standard and numbering scheme",
          "Serialization rules",
          "Lock and password settings",
          "Verification and reporting",
        ],
      },
      {
        name: "Roll format",
        description: "How the labels are delivered.",
        options: ["Core size", "Outside roll diameter", "Labels per roll", "Wind direction"],
      },
    ],
    howToOrder: [
      "Fill in each specification point, or mark the ones you want us to recommend.",
      "Send the completed sheet with samples of the items to be tagged.",
      "Approve the test results and the proof.",
      "Order production rolls; we keep the specification on file for reorders.",
    ],
  },
};

/** A brochure's listing together with the text of its PDF. */
export type DocumentedBrochure = Brochure & BrochureDocument;

export const documentedBrochures: DocumentedBrochure[] = brochures.map((brochure) => ({
  ...brochure,
  ...brochureDocuments[brochure.id],
}));

export function getDocumentedBrochure(id: string): DocumentedBrochure | undefined {
  return documentedBrochures.find((brochure) => brochure.id === id);
}
