import { quoteListPage as text } from "~/content/quote-list-page";
import {
  itemPath,
  QUOTE_LIST_STORAGE_KEY,
  QUOTE_QUANTITY_PARAM,
  QUOTE_SKU_PARAM,
} from "~/lib/catalogue-paths";
import {
  isQuantity,
  parseQuoteList,
  QUOTE_LIST_QUANTITY_MAX,
  type QuoteListEntry,
} from "~/lib/quote-list-entries";
import { linkWholeStylesheet } from "~/lib/whole-stylesheet";
import { VIEW } from "./view-marks";

/**
 * The quote list's page, written from the list the browser keeps (docs/catalogue.md#quote-list): one
 * line per item with its part number (a link to its page), name, an editable quantity and a remove
 * button, then "Request a quote for N items", which submits the page's GET form to /quote with each
 * line's sku and quantity. The list is read through parseQuoteList, so whatever localStorage holds
 * (garbage, thousands of entries, markup in strings) becomes at most 50 checked lines, written back
 * clean; everything stored is shown as text, never as markup. A module of its own, without React, that
 * the page snippet imports on this page only (docs/decisions/0069).
 */

let lines: QuoteListEntry[] = [];

function read(): QuoteListEntry[] {
  try {
    return parseQuoteList(localStorage.getItem(QUOTE_LIST_STORAGE_KEY));
  } catch {
    return [];
  }
}

function save(): void {
  try {
    localStorage.setItem(QUOTE_LIST_STORAGE_KEY, JSON.stringify(lines));
  } catch {
    // Storage full or refused: the page still shows and sends what is on it.
  }
  (window as { ridgelineQuoteList?: { count(): void } }).ridgelineQuoteList?.count();
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  content?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (content !== undefined) node.textContent = content;
  return node;
}

const hidden = (label: string) => element("span", "sr-only", label);

function quantityField(line: QuoteListEntry, index: number): HTMLElement {
  const box = element("div", "flex flex-col gap-1");
  const id = `quote-list-quantity-${index}`;
  const label = element("label", "text-sm font-semibold text-slate-800", text.columns.quantity);
  label.htmlFor = id;
  label.append(hidden(` of ${line.s}`));
  const row = element("div", "flex items-center gap-2");
  const input = element(
    "input",
    "h-11 w-32 rounded-md border-2 border-slate-400 bg-white px-2 text-base text-slate-900 focus-visible:border-steel focus-visible:ring-3 focus-visible:ring-steel/30 focus-visible:outline-none",
  );
  Object.assign(input, {
    id,
    type: "number",
    name: QUOTE_QUANTITY_PARAM,
    required: true,
    min: "1",
    step: "1",
  });
  input.max = String(QUOTE_LIST_QUANTITY_MAX);
  input.inputMode = "numeric";
  input.value = String(line.q);
  input.addEventListener("input", () => {
    const quantity = Number(input.value);
    if (!isQuantity(quantity)) return;
    line.q = quantity;
    save();
  });
  row.append(input);
  if (line.u) row.append(element("span", "text-slate-700", line.u));
  box.append(label, row);
  return box;
}

function lineElement(line: QuoteListEntry, index: number): HTMLLIElement {
  const item = element(
    "li",
    "flex flex-wrap items-end gap-x-6 gap-y-3 rounded-md bg-white p-4 ring-1 ring-mist",
  );
  const what = element("div", "flex min-w-0 flex-1 basis-64 flex-col gap-1");
  const sku = element("p", "font-mono font-semibold break-all text-navy");
  if (line.f) {
    const link = element(
      "a",
      "text-steel underline underline-offset-4 hover:text-navy focus-visible:rounded-sm focus-visible:ring-3 focus-visible:ring-focus focus-visible:outline-none",
      line.s,
    );
    link.href = itemPath(line.f, line.s);
    sku.append(link);
  } else sku.textContent = line.s;
  what.append(sku);
  if (line.n) what.append(element("p", "break-words text-slate-800", line.n));
  const field = element("input", "");
  Object.assign(field, { type: "hidden", name: QUOTE_SKU_PARAM, value: line.s });
  const remove = element(
    "button",
    "inline-flex min-h-11 items-center rounded-md border-2 border-navy bg-white px-4 font-semibold text-navy hover:bg-mist focus-visible:ring-3 focus-visible:ring-focus focus-visible:ring-offset-2 focus-visible:outline-none",
    text.remove,
  );
  remove.type = "button";
  remove.append(hidden(` ${line.s}`));
  remove.dataset.remove = String(index);
  remove.addEventListener("click", () => removeLine(line));
  item.append(what, field, quantityField(line, index), remove);
  return item;
}

function render(): void {
  const form = document.querySelector<HTMLFormElement>(`form[${VIEW.form}]`);
  const list = document.getElementById(VIEW.lines);
  const empty = document.getElementById(VIEW.empty);
  const submit = document.getElementById(VIEW.submit);
  if (!form || !list || !empty || !submit) return;
  document.getElementById(VIEW.noScript)?.setAttribute("hidden", "");
  list.replaceChildren(...lines.map(lineElement));
  submit.textContent = text.request(lines.length);
  form.hidden = lines.length === 0;
  empty.hidden = lines.length > 0;
}

function removeLine(line: QuoteListEntry): void {
  const index = lines.indexOf(line);
  if (index < 0) return;
  lines.splice(index, 1);
  save();
  render();
  const status = document.getElementById(VIEW.status);
  if (status) status.textContent = text.removed(line.s);
  // Focus goes to the next line's button, else the one before, else the empty list's heading.
  const buttons = document.querySelectorAll<HTMLButtonElement>(`#${VIEW.lines} button[data-remove]`);
  const next = buttons[Math.min(index, buttons.length - 1)];
  if (next) next.focus();
  else document.getElementById(VIEW.emptyHeading)?.focus();
}

/** Called by the page snippet on the quote list's page. */
export function start(): void {
  linkWholeStylesheet();
  lines = read();
  save();
  render();
  // Another tab changed the list: show it, unless the visitor is typing in this one.
  window.addEventListener("storage", (event) => {
    if (event.key !== QUOTE_LIST_STORAGE_KEY && event.key !== null) return;
    if (document.activeElement?.closest(`#${VIEW.lines}`)) return;
    lines = read();
    render();
  });
}
