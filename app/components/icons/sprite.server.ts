import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { iconSet } from "~/components/icons/icon-set";

/**
 * The icon sprite: one `<symbol>` per icon of the set, drawn by lucide-react itself (rendered to
 * markup here), without the attributes `Icon` puts on its own `<svg>` (size, stroke, class).
 */
export function renderSprite(): string {
  const symbols = Object.entries(iconSet).map(([name, component]) => {
    const markup = renderToStaticMarkup(createElement(component));
    const inner = /^<svg[^>]*>([\s\S]*)<\/svg>$/.exec(markup)?.[1];
    if (inner === undefined) throw new Error(`icon ${name}: unexpected markup ${markup.slice(0, 80)}`);
    return `<symbol id="icon-${name}" viewBox="0 0 24 24">${inner}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>\n`;
}
