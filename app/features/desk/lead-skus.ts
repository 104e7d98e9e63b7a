import { type SkuRange, skuStatusOf } from "~/lib/sku-status";
import type { SiteServices } from "~/load-context";

/*
 * A quote line's part number on the lead page (docs/desk.md#lead-page): linked to its item page when
 * the active range knows it, flagged as the sales e-mail flags it (unknown; discontinued, with its
 * replacement linked), and plain text when the site holds no catalogue.
 */

export interface SkuLine {
  sku: string;
  /** The item page, relative (`/products/<family>/<sku>`); null when unknown or without a catalogue. */
  path: string | null;
  /** "unknown sku", "discontinued, replaced by X", "discontinued"; null for an active item or without a catalogue. */
  flag: string | null;
  /** A discontinued item's replacement, with its page when the range has it. */
  replacement: { sku: string; path: string | null } | null;
}

/** The active range, or undefined when there is none: no reader, a reader that cannot answer, or no version imported. */
export function activeRange(services: Partial<Pick<SiteServices, "catalogue">>): SkuRange | undefined {
  try {
    const view = services.catalogue?.current();
    return view && view.info.version > 0 ? view : undefined;
  } catch {
    return undefined;
  }
}

export function skuLineOf(range: SkuRange | undefined, sku: string | null): SkuLine | null {
  if (!sku) return null;
  if (!range) return { sku, path: null, flag: null, replacement: null };
  const status = skuStatusOf(range, sku);
  if (!status.known) return { sku, path: null, flag: status.flag, replacement: null };
  const { replacementSku } = status;
  const replacement = replacementSku ? skuStatusOf(range, replacementSku) : null;
  return {
    sku,
    path: status.path,
    flag: status.flag,
    replacement: replacementSku
      ? { sku: replacementSku, path: replacement?.known ? replacement.path : null }
      : null,
  };
}
