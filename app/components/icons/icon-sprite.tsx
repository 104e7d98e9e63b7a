import sprite from "~/components/icons/icons.svg?raw";

/**
 * Written into the HTML by the server only: the browser build gets an empty string in its place
 * (`import.meta.env.SSR` is false there, so the sprite stays out of the scripts). React keeps the
 * markup the server sent for an element set with dangerouslySetInnerHTML, and sets it again only when
 * the string changes, which in the browser it never does.
 */
const markup = { __html: import.meta.env.SSR ? sprite : "" };

/** The symbols Icon draws, once per page, hidden: every page has them, however it was reached. */
export function IconSprite() {
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: our own sprite file, generated at build time from lucide-react; no visitor input reaches it
    <div hidden dangerouslySetInnerHTML={markup} suppressHydrationWarning />
  );
}
