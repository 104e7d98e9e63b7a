import type { IconName } from "~/components/icons/icon-set";
import { useIconDrawn } from "~/components/icons/icon-sprite";

export type { IconName };

/**
 * A lucide icon, always decorative (the text beside it carries the meaning). It points at its symbol
 * in the sprite the page carries (IconSprite) instead of bringing its drawing in the page's scripts
 * (docs/decisions/0018-icon-sprite.md). Size it with classes (`size-4`); it takes the text colour,
 * which its symbol strokes with.
 */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  useIconDrawn(name);
  return (
    // Stroked by its symbol (sprite.server.ts). Sized 24 until a class sizes it.
    <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" className={className}>
      <use href={`#icon-${name}`} />
    </svg>
  );
}
