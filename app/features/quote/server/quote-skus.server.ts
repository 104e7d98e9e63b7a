import { attributeRows } from "~/lib/catalogue-paths";
import { absoluteUrl } from "~/lib/site";
import { skuStatusOf } from "~/lib/sku-status";
import type { SiteServices } from "~/load-context";
import type { QuoteInput } from "../quote";

/**
 * What sales learn of a quote line's part number (docs/quotes.md#part-numbers): its item page and its
 * attributes when the active range has it; a flag when it does not, or when the item is discontinued.
 * The sku itself is always kept as posted: a request is never refused for it.
 */
export interface SkuFacts {
  sku: string;
  /** The item page, absolute; null when the range does not know the sku. */
  url: string | null;
  attributes: Array<[string, string]>;
  /** "unknown sku", "discontinued, replaced by X", "discontinued"; null for an active item. */
  flag: string | null;
}

/** One entry per item, null for an item without a sku. Without a catalogue, skus are shown unlinked and unflagged. */
export function skuFactsOf(
  deps: Partial<Pick<SiteServices, "catalogue" | "siteUrl">>,
  items: QuoteInput["items"],
): Array<SkuFacts | null> {
  const view = deps.catalogue?.current();
  return items.map(({ sku }) => {
    if (!sku) return null;
    if (!view) return { sku, url: null, attributes: [], flag: null };
    const status = skuStatusOf(view, sku);
    if (!status.known) return { sku, url: null, attributes: [], flag: status.flag };
    const attributes = attributeRows(status.family.attributes, status.item.attributes);
    const { flag, path } = status;
    return { sku, url: deps.siteUrl ? absoluteUrl(path, deps.siteUrl) : path, attributes, flag };
  });
}
