import { QUOTE_LIST_PATH } from "~/content/quote-list";

/**
 * The quote list's page, /quote-list (docs/catalogue.md#quote-list). Its lines come from the browser's
 * storage, so its script writes them; these are its words.
 */
export const quoteListPage = {
  path: QUOTE_LIST_PATH,
  description: "The items you collected from the catalogue for one quote request, kept in this browser.",
  heading: "Quote list",
  lead: "The items you added from the catalogue, kept in this browser only. Change a quantity or remove an item, then ask for one quote for them all.",
  noScript:
    "Your quote list is kept by your browser's JavaScript, which is off or did not load here. Ask for a price with “Request a quote for this item” on an item's page, or with the quote form.",
  quoteForm: "Open the quote form",
  caption: "Items in your quote list",
  columns: { sku: "Part number", item: "Item", quantity: "Quantity", remove: "Remove" },
  quantityLabel: (sku: string) => `Quantity of ${sku}`,
  removeLabel: (sku: string) => `Remove ${sku}`,
  remove: "Remove",
  removed: (sku: string) => `${sku} removed from the quote list`,
  request: (count: number) => `Request a quote for ${count} ${count === 1 ? "item" : "items"}`,
  emptyHeading: "Your quote list is empty",
  empty: "Add items with “Add to quote list” on the catalogue's pages, then come back here.",
  browse: "Browse the products",
} as const;
