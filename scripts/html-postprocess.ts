/**
 * Prerendered pages drop React Router's `<link rel="modulepreload">` hints. The pages are complete
 * without JavaScript (forms included), so the first paint should not wait behind ~100 KB of script
 * downloads competing with the HTML, the stylesheet and the hero image on a slow phone connection.
 * The module script still imports the same files right after the HTML is parsed, so the page
 * hydrates a round trip or two later instead. See docs/decisions/0007-paint-before-scripts.md.
 */
export function withoutModulePreloads(html: string): string {
  return html.replace(/<link rel="modulepreload" href="[^"]*"\s*\/?>/g, "");
}
