import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { iconSet } from "~/components/icons/icon-set";

/**
 * How every lucide icon is stroked. On the symbol, not on each `Icon`'s `<svg>`: the symbol's
 * presentation attributes carry over to each place it is used, so a page says them once per icon it
 * shows instead of once per icon drawn (the larger pages draw forty).
 */
const STROKE =
  'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';

/**
 * The icon sprite: one `<symbol>` per icon of the set, drawn by lucide-react itself (rendered to
 * markup here), with lucide's stroke but without the attributes `Icon` puts on its own `<svg>` (size,
 * class).
 */
export function renderSprite(): string {
  const symbols = Object.entries(iconSet).map(([name, component]) => {
    const markup = renderToStaticMarkup(createElement(component));
    const inner = /^<svg[^>]*>([\s\S]*)<\/svg>$/.exec(markup)?.[1];
    if (inner === undefined) throw new Error(`icon ${name}: unexpected markup ${markup.slice(0, 80)}`);
    return `<symbol id="icon-${name}" viewBox="0 0 24 24" ${STROKE}>${inner}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>\n`;
}
