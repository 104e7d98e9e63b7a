import { company } from "./company";
import type { PageInfo } from "./pages";
import type { ProductSectionId } from "./schema";

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

/**
 * The ways to the online quote form from the rest of the site (docs/product.md#path-to-a-quote). None
 * contains "Request a Quote", the name of the e-mail-draft buttons beside which some of them sit.
 */
export const quoteLinks = {
  /** In the header row from the medium width up. */
  header: "Get a Quote",
  /** The same link where the row is narrow (md to xl). */
  headerShort: "Quote",
  /** In the footer's contact column. */
  footer: "Online quote form",
  /** The card at the top of /contact. */
  contactCard: {
    question: "Need a price?",
    linkLabel: "Request a quote online",
    text: "List the items and quantities, attach a drawing or artwork, and get a reference number at once.",
  },
  /** A search that found nothing: the words searched become the first item of a quote request. */
  searchMiss: (query: string) => `Request a quote for “${query}”`,
  searchMissNote: "What you searched for becomes the first item; add quantities and details there.",
} as const;

/**
 * The product area a pasted line is filed under, guessed from its words (app/features/quote/quote-paste.ts).
 * The first group with a word or phrase in the line wins, so the more telling words come first: a
 * "label printer" or "ribbon for 4x6 labels" is equipment, "pallet wrap" is packaging, "pallet labels"
 * are labels. A word also matches its plural ("ribbons", "boxes"). A line with none of these words keeps
 * the area of the form's first row.
 */
export const pastedLineAreas = [
  {
    area: "barcoding",
    words: ["printhead", "print head", "ribbon", "scanner", "printer", "mobile computer", "rfid reader"],
  },
  { area: "labels", words: ["label", "tag", "sticker"] },
  {
    area: "packaging",
    words: [
      "stretch film",
      "stretch wrap",
      "pallet wrap",
      "shrink film",
      "tape",
      "carton",
      "box",
      "mailer",
      "poly bag",
      "strapping",
      "void fill",
    ],
  },
  { area: "die-cut-foams", words: ["foam", "insert"] },
  {
    area: "material-handling",
    words: ["pallet", "cart", "pallet jack", "hand truck", "dolly", "shelving", "rack", "bin"],
  },
] as const satisfies ReadonlyArray<{ area: ProductSectionId; words: readonly string[] }>;

/** Product areas as the sales subject names them: short, so the subject stays readable. */
export const productAreaShortNames = {
  labels: "Labels",
  barcoding: "Barcoding",
  packaging: "Packaging",
  "material-handling": "Material Handling",
  "die-cut-foams": "Foam",
  "warehouse-labeling": "Warehouse Labeling",
  "printer-repair": "Printer Repair",
  "ppe-suits": "PPE",
} as const satisfies Record<ProductSectionId, string>;

/** The quote form's labels, hints, buttons and notices (app/features/quote/). */
export const quoteFormText = {
  contactHeading: "Your details",
  contactLabels: {
    company: { label: "Company", required: true },
    name: { label: "Name", required: true },
    email: { label: "Email", required: true },
    phone: { label: "Phone" },
    postalCode: { label: "Ship-to ZIP/postal code" },
    neededBy: { label: "Needed by" },
    poReference: { label: "PO or reference" },
  },
  errorSummary: { title: "There is a problem" },
  itemsHeading: "Items",
  itemsHint: (maxItems: number) =>
    `1 to ${maxItems} items. Choose the product area to see the details we need.`,
  itemLegend: (number: number) => `Item ${number}`,
  item: {
    area: "Product area",
    areaNone: "Not sure / other",
    description: "Item number or description",
    quantity: "Quantity",
    unit: "Unit",
    notes: "Notes",
  },
  removeItem: (number: number) => `Remove item ${number}`,
  remove: "Remove",
  pasteLabel: "Paste a list (optional)",
  pasteHintBefore: "One item per line, e.g.",
  pasteExamples: ["ITEM-123, 500", "4x6 thermal labels 12 rolls"],
  pasteExamplesJoin: "or",
  pasteHintAfter: "The lines become items when you turn the list into items or send the request.",
  addItem: "Add item",
  pasteRows: "Turn the list into items",
  notesSummary: "Notes (optional)",
  rowsAdded: ({ added, pasted, full }: { added: number; pasted: number; full: boolean }, maxItems: number) =>
    [
      pasted > 0 ? `${pasted} pasted ${pasted === 1 ? "line became an item" : "lines became items"}.` : "",
      added > 0 ? `${added} empty ${added === 1 ? "row was" : "rows were"} added below.` : "",
      full ? `The list is full (${maxItems} items).` : "",
      added === 0 && pasted === 0 && !full ? "There were no pasted lines to turn into items." : "",
    ]
      .filter(Boolean)
      .join(" "),
  rowsAddedFilesNote:
    "What you typed is kept; files are not kept when rows are added, so please choose them again before sending.",
  filesDropped: "What you typed is kept; please choose your files again before sending.",
  tooManyItems: (maxItems: number) => ({
    title: "Too Many Items",
    message: `A request can hold up to ${maxItems} items.`,
  }),
  labelDetails: {
    heading: "Label details",
    fields: {
      width: "Width",
      height: "Height",
      sizeUnit: "Size unit",
      material: "Material (e.g. direct thermal paper, polyester)",
      adhesive: "Adhesive (e.g. permanent, freezer, removable)",
      core: "Core size",
      rollSize: "Outside diameter or labels per roll",
      printer: "Printer make and model",
    },
    sizeUnits: { in: "inches", mm: "millimetres" },
  },
  foamDetails: {
    heading: "Foam and protective packaging details",
    fields: {
      dimensions: "Part dimensions (L × W × H)",
      weight: "Part weight",
      fragility: "Fragility (e.g. glass, electronics, rugged)",
      annualQuantity: "Annual quantity",
    },
  },
  filesHeading: "Drawings and artwork",
  filesLabel: "Attachments (optional)",
  filesHint: (maxFiles: number, fileSize: string, totalSize: string) =>
    `Up to ${maxFiles} files, ${fileSize} each, ${totalSize} in all: PDF, PNG, JPEG, WebP, DXF, DWG, STEP/STP, AI or EPS.`,
  fileProblems: {
    tooMany: (maxFiles: number) => ({
      title: "Too Many Files",
      message: `Please attach at most ${maxFiles} files.`,
    }),
    empty: (name: string) => ({ title: "Empty File", message: `"${name}" is empty (0 bytes).` }),
    tooLarge: (name: string, size: string) => ({
      title: "File Too Large",
      message: `"${name}" is larger than ${size}. Please send a smaller file.`,
    }),
    totalTooLarge: (size: string) => ({
      title: "Attachments Too Large",
      message: `The attachments add up to more than ${size}. Please send fewer or smaller files.`,
    }),
  },
  uploading: (percent: number) => `Uploading: ${percent}%`,
  timeLeft: (seconds: number) =>
    seconds < 60
      ? `about ${Math.max(5, Math.ceil(seconds / 5) * 5)} seconds left`
      : `about ${Math.ceil(seconds / 60)} ${Math.ceil(seconds / 60) === 1 ? "minute" : "minutes"} left`,
  sendingWithoutFiles: "The files are not getting through. Sending your request without them...",
  send: "Send Quote Request",
  sending: "Sending...",
  success: {
    reference: "Your reference:",
    itemsHeading: "Items requested",
    filesHeading: "Files attached",
    noFiles: "No files attached.",
    notArrivedHeading: "Files still to send",
    notArrived:
      "Your line was too slow for these files, so we sent the request without them. Please reply to the acknowledgement e-mail with them attached, quoting your reference:",
    acknowledgement: "We sent an acknowledgement to your e-mail address. Questions? Call",
    another: "Request another quote",
  },
} as const;
