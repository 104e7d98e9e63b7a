/** The header's quote-list link (kept apart from the list page's words, which every page would otherwise ship). */
export const quoteListHeaderLabel = "Quote list";
/** The quote list's page (docs/catalogue.md#quote-list). */
export const QUOTE_LIST_PATH = "/quote-list";
