/*
 * The quote form's own words: loaded with the form only, not with the quote links every page with a
 * script shows (header, footer), which come from quote.ts.
 */
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
    sku: "Part number",
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
    summary: "Label details (optional)",
    fields: {
      width: "Width",
      height: "Height",
      sizeUnit: "Size unit",
      material: "Material (e.g. thermal paper)",
      adhesive: "Adhesive (e.g. freezer grade)",
      core: "Core size",
      rollSize: "Roll OD or labels per roll",
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
