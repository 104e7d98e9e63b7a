/**
 * Drops the custom properties a page's CSS declares but never reads (docs/decisions/0040). The rules
 * Beasties keeps for a page (scripts/build/inline-stylesheet.ts) carry every theme variable, every
 * `@property` registration and the fallback declarations of Tailwind's properties layer, used or not:
 * about a sixth of the CSS a page carries. What the page's rules, its inline `style` attributes or a
 * kept variable read is kept; so is everything else that is not a custom property.
 */
import postcss, { AtRule, type ChildNode, type Declaration, Rule } from "postcss";

const READ = /var\(\s*(--[\w-]+)/g;

function readsOf(text: string): string[] {
  return [...text.matchAll(READ)].map((match) => match[1] ?? "");
}

/** Removes `node`, then each block around it that this leaves empty (a layer that held only it goes too). */
function removeWithEmptiedBlocks(node: ChildNode): void {
  const parent = node.parent;
  node.remove();
  if ((parent instanceof Rule || parent instanceof AtRule) && parent.nodes?.length === 0) {
    removeWithEmptiedBlocks(parent);
  }
}

/** `css` without the custom properties neither it nor `html` reads, and without what that leaves empty. */
export function pruneCustomProperties(css: string, html: string): string {
  const root = postcss.parse(css);
  const declarations: Declaration[] = [];
  const read = new Set<string>(readsOf(html));
  root.walkDecls((declaration) => {
    if (declaration.prop.startsWith("--")) declarations.push(declaration);
    else for (const name of readsOf(declaration.value)) read.add(name);
  });
  // A variable read by a variable that is read is read too.
  for (let grew = true; grew; ) {
    grew = false;
    for (const declaration of declarations) {
      if (!read.has(declaration.prop)) continue;
      for (const name of readsOf(declaration.value)) {
        if (!read.has(name)) {
          read.add(name);
          grew = true;
        }
      }
    }
  }
  for (const declaration of declarations) {
    if (!read.has(declaration.prop)) removeWithEmptiedBlocks(declaration);
  }
  root.walkAtRules("property", (rule: AtRule) => {
    if (!read.has(rule.params.trim())) removeWithEmptiedBlocks(rule);
  });
  return root.toString();
}
