import type { IconName } from "~/components/icons/icon-set";
import { useIconDrawn } from "~/components/icons/icon-sprite";

export type { IconName };

/**
 * A lucide icon, always decorative (the text beside it carries the meaning). It points at its symbol
 * in the sprite the page carries (IconSprite) instead of bringing its drawing in the page's scripts
 * (docs/decisions/0018-icon-sprite.md). Size it with classes (`size-4`); it takes the text colour.
 */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  useIconDrawn(name);
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <use href={`#icon-${name}`} />
    </svg>
  );
}
