import { QUOTE_LIST_MAX, QUOTE_LIST_SKU_MAX } from "~/lib/catalogue-paths";

/**
 * The quote list as the browser keeps it (docs/catalogue.md#quote-list): a JSON array in localStorage of
 * `{ s: sku, q: quantity, n?: name, u?: unit, f?: family slug }`. Whatever is stored there may have been
 * edited by hand, so it is read entry by entry: an entry without a usable sku or quantity is left out,
 * a name, unit or family that is not what the site writes is dropped from its entry, the same sku twice
 * is one line with the quantities added, and at most QUOTE_LIST_MAX lines are kept.
 */

export interface QuoteListEntry {
  /** The part number, 1 to QUOTE_LIST_SKU_MAX characters. */
  s: string;
  /** A whole quantity from 1 to QUOTE_LIST_QUANTITY_MAX. */
  q: number;
  /** The item's name, as its page shows it. */
  n?: string;
  /** Its unit of sale ("case", "roll"). */
  u?: string;
  /** Its family's slug, for the link back to its page. */
  f?: string;
}

export const QUOTE_LIST_QUANTITY_MAX = 10_000_000;
/** Longer than this, the stored text is not even parsed (50 full lines take under 20,000 characters). */
export const QUOTE_LIST_STORED_MAX = 64_000;
const NAME_MAX = 200;
const UNIT_MAX = 20;
const FAMILY_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+){0,12}$/;

const isText = (value: unknown, max: number): value is string =>
  typeof value === "string" && value.trim() !== "" && value.length <= max;

export function isQuantity(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= QUOTE_LIST_QUANTITY_MAX;
}

function entryOf(value: unknown): QuoteListEntry | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
  const { s, q, n, u, f } = value as Record<string, unknown>;
  if (!isText(s, QUOTE_LIST_SKU_MAX) || !isQuantity(q)) return undefined;
  const entry: QuoteListEntry = { s, q };
  if (isText(n, NAME_MAX)) entry.n = n;
  if (isText(u, UNIT_MAX)) entry.u = u;
  if (typeof f === "string" && f.length <= 80 && FAMILY_SLUG.test(f)) entry.f = f;
  return entry;
}

/** The list read from what localStorage held (null when nothing). Never throws. */
export function parseQuoteList(stored: string | null): QuoteListEntry[] {
  if (stored === null || stored.length > QUOTE_LIST_STORED_MAX) return [];
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const lines: QuoteListEntry[] = [];
  for (const raw of value.slice(0, QUOTE_LIST_MAX * 4)) {
    const entry = entryOf(raw);
    if (!entry) continue;
    const same = lines.find((line) => line.s === entry.s);
    if (same) same.q = Math.min(same.q + entry.q, QUOTE_LIST_QUANTITY_MAX);
    else if (lines.length < QUOTE_LIST_MAX) lines.push(entry);
  }
  return lines;
}
