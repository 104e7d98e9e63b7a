import type { ItemValues } from "~/features/quote/quote";

/** What a stored request held, for the buyer's proof on the success panel. */
export interface SentSummary {
  items: Array<Pick<ItemValues, "description" | "quantity" | "unit">>;
  /** The names of the files attached. */
  files: string[];
  /** The files chosen that did not arrive: the buyer sends them by replying to the acknowledgement. */
  filesNotArrived: string[];
}

export function sentSummary(
  items: readonly ItemValues[],
  files: readonly string[],
  filesNotArrived: readonly string[],
): SentSummary {
  return {
    items: items.map(({ description, quantity, unit }) => ({ description, quantity, unit })),
    files: [...files],
    filesNotArrived: [...filesNotArrived],
  };
}
