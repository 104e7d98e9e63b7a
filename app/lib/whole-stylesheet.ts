import { PAGE_STYLE_ID } from "./page-style-id";

/**
 * For the small browser modules (docs/decisions/0068): a prerendered page carries only the rules its own
 * HTML uses (docs/decisions/0038), so before a module shows anything new it links the whole stylesheet
 * the page's `<style>` names. Nothing to do where the page links it already.
 */
export function linkWholeStylesheet(): void {
  const style = document.getElementById(PAGE_STYLE_ID);
  const href = style instanceof HTMLStyleElement ? style.dataset.stylesheet : undefined;
  if (!href || document.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  document.head.append(link);
}
