/**
 * The id of the `<style>` that carries a page's CSS: written by the build (scripts/build/inline-stylesheet.ts)
 * and by the server, read in the browser before hydration (app/lib/page-stylesheet.tsx).
 */
export const PAGE_STYLE_ID = "page-css";
