/** The header's quote-list link (kept apart from the catalogue pages' copy, which every page would otherwise ship). */
export const quoteListHeaderLabel = "Quote list";
