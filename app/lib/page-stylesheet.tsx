/**
 * The site's stylesheet, carried in the page itself where it fits the first round trip, so the page
 * paints without waiting for a second request (docs/decisions/0038-stylesheet-in-the-page.md):
 *
 * a prerendered page gets, at build time, the rules its HTML uses in a `<style>` that names the whole
 * stylesheet in `data-stylesheet` (scripts/build/inline-stylesheet.ts). Pages too large for that, pages
 * rendered on request and the development server link the stylesheet.
 *
 * A page that hydrates must render what the server sent: in the browser this reads the `<style>` the
 * document arrived with, once, before hydration.
 */
import stylesheetHref from "~/app.css?url";
import { PAGE_STYLE_ID } from "./page-style-id";

interface InlineStyle {
  css: string;
  /** Set when the CSS is the part of the stylesheet this page's HTML uses: the whole stylesheet's URL. */
  subsetOf?: string;
}

function servedStyle(): InlineStyle | undefined {
  if (typeof document === "undefined") return undefined;
  const element = document.getElementById(PAGE_STYLE_ID);
  if (!(element instanceof HTMLStyleElement)) return undefined;
  return { css: element.textContent ?? "", subsetOf: element.dataset.stylesheet };
}

// Read once, when this module loads: before hydration, while the document is as the server sent it.
const served = servedStyle();

export function PageStylesheet() {
  if (!served) return <link rel="stylesheet" href={stylesheetHref} />;
  return (
    <style
      id={PAGE_STYLE_ID}
      data-stylesheet={served.subsetOf}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own stylesheet, built with the site.
      dangerouslySetInnerHTML={{ __html: served.css }}
    />
  );
}

/**
 * A page that carries only the rules its HTML uses needs the whole stylesheet before its scripts
 * render anything else (toasts, field errors, dialogs): loads it and resolves once it has loaded or
 * failed, or after `timeoutMs`. Resolves at once where the page has the whole stylesheet.
 */
export function wholeStylesheetLoaded(timeoutMs = 3000): Promise<void> {
  const href = served?.subsetOf;
  if (!href || document.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`)) {
    return Promise.resolve();
  }
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  const loaded = new Promise<void>((resolve) => {
    link.addEventListener("load", () => resolve(), { once: true });
    link.addEventListener("error", () => resolve(), { once: true });
    setTimeout(resolve, timeoutMs);
  });
  document.head.append(link);
  return loaded;
}
