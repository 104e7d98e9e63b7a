/** What the quote list's page (quote-list-page.tsx) and its script (quote-list-view.ts) both name. */
export const VIEW = {
  form: "data-quote-list-view",
  noScript: "quote-list-no-script",
  lines: "quote-list-lines",
  empty: "quote-list-empty",
  emptyHeading: "quote-list-empty-heading",
  status: "quote-list-status",
  submit: "quote-list-submit",
} as const;
