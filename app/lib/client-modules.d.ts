// The addresses client-modules-plugin.server.ts gives the pages (docs/decisions/0068).

declare module "virtual:client-modules" {
  /** The header search's suggestions (app/components/search/suggestions.ts). */
  export const siteSearchModule: string;
  /** The quote list's page (app/features/catalogue/quote-list/quote-list-view.ts). */
  export const quoteListModule: string;
  /** The desk's passkey ceremony (app/features/desk/passkeys-client.ts), on the desk's sign-in and sessions pages. */
  export const deskPasskeysModule: string;
}
