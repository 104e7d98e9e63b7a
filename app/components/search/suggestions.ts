import type { SearchSuggestion, SuggestionsResponse } from "~/lib/search-types";
import { linkWholeStylesheet } from "~/lib/whole-stylesheet";

/**
 * The header search's suggestions (docs/search.md, docs/decisions/0068): a module of its own, without
 * React, that the page snippet imports when a site search field is first focused, on every page. Each
 * field (`input[data-site-search]`, in the header and in the mobile menu) then becomes an ARIA 1.2
 * combobox with a list popup: typing asks /api/search; Down and Up move through the suggestions
 * (aria-activedescendant, focus stays in the field); Enter opens the one chosen, or, with none chosen,
 * the form goes to /search as it does without scripts; Escape closes the list; the field's status
 * region announces how many suggestions there are. The listbox and the status region are in the page's
 * HTML already (site-search.tsx); this fills them. Everything listens on the document, so it holds
 * whichever fields the page has, and survives React re-rendering a page with scripts.
 */

const FIELD = "input[data-site-search]";
/** Fewer characters than this suggest nothing yet. */
const MIN_LENGTH = 2;
/** Typing pauses this long before a request, so fast typing asks once. */
const DELAY_MS = 120;
/** Longest answer read, in characters: eight suggestions take a few hundred. */
const ANSWER_MAX = 64_000;

const copy = {
  allResults: (query: string) => `See all results for “${query}”`,
  count: (total: number) =>
    total === 0 ? "No suggestions" : `${total} ${total === 1 ? "suggestion" : "suggestions"}`,
};

interface Option {
  title: string;
  context?: string;
  url: string;
}

interface FieldState {
  options: Option[];
  active: number;
  open: boolean;
  timer?: ReturnType<typeof setTimeout>;
  request?: AbortController;
}

const answers = new Map<string, SuggestionsResponse>();
const states = new WeakMap<HTMLInputElement, FieldState>();

const resultsUrl = (query: string) => `/search?q=${encodeURIComponent(query)}`;

function stateOf(field: HTMLInputElement): FieldState {
  let state = states.get(field);
  if (!state) {
    state = { options: [], active: -1, open: false };
    states.set(field, state);
  }
  return state;
}

const listOf = (field: HTMLInputElement) => document.getElementById(`${field.id}-suggestions`);
const statusOf = (field: HTMLInputElement) => document.getElementById(`${field.id}-status`);

/** The field as a combobox (once), and its expanded and active option as the state says. */
function paint(field: HTMLInputElement): void {
  const state = stateOf(field);
  const list = listOf(field);
  if (!list) return;
  const expanded = state.open && state.options.length > 0;
  field.setAttribute("role", "combobox");
  field.setAttribute("aria-autocomplete", "list");
  field.setAttribute("aria-controls", list.id);
  field.setAttribute("aria-expanded", String(expanded));
  list.hidden = !expanded;
  const options = [...list.children] as HTMLElement[];
  options.forEach((option, index) => {
    const selected = index === state.active;
    option.setAttribute("aria-selected", String(selected));
    option.classList.toggle("bg-navy", selected);
    option.classList.toggle("text-white", selected);
    option.classList.toggle("text-navy", !selected);
    option.querySelector("[data-context]")?.classList.toggle("text-mist", selected);
    option.querySelector("[data-context]")?.classList.toggle("text-slate-600", !selected);
  });
  const active = options[state.active];
  if (expanded && active) {
    field.setAttribute("aria-activedescendant", active.id);
    active.scrollIntoView({ block: "nearest" });
  } else field.removeAttribute("aria-activedescendant");
}

function optionElement(field: HTMLInputElement, option: Option, index: number): HTMLElement {
  const element = document.createElement("div");
  element.id = `${field.id}-suggestion-${index}`;
  element.setAttribute("role", "option");
  element.tabIndex = -1;
  element.className = `block cursor-pointer px-3 py-2 text-navy hover:bg-paper ${option.context ? "" : "border-t border-mist font-semibold"}`;
  const title = document.createElement("span");
  title.className = "block font-semibold";
  title.textContent = option.title;
  element.append(title);
  if (option.context) {
    const context = document.createElement("span");
    context.className = "block text-sm text-slate-600";
    context.dataset.context = "";
    context.textContent = option.context;
    element.append(context);
  }
  // The field keeps the focus (a press would otherwise blur it and close the list first).
  element.addEventListener("mousedown", (event) => event.preventDefault());
  element.addEventListener("click", () => choose(field, option.url));
  return element;
}

/** Only what /api/search answers is shown: text, and addresses on this site or https. */
function suggestionsOf(response: unknown): SearchSuggestion[] {
  const list = (response as SuggestionsResponse | null)?.suggestions;
  if (!Array.isArray(list)) return [];
  return list
    .filter(
      (item): item is SearchSuggestion =>
        typeof item?.title === "string" &&
        typeof item.url === "string" &&
        (/^\/(?!\/)/.test(item.url) || item.url.startsWith("https://")),
    )
    .slice(0, 12);
}

function show(field: HTMLInputElement, query: string, response: SuggestionsResponse): void {
  const state = stateOf(field);
  const suggestions = suggestionsOf(response);
  state.options = [
    ...suggestions.map((item) => ({
      title: item.title,
      context: typeof item.context === "string" ? item.context : undefined,
      url: item.url,
    })),
    { title: copy.allResults(query), url: resultsUrl(query) },
  ];
  state.active = -1;
  // An answer that arrives after the visitor left the field waits for the next focus.
  state.open = document.activeElement === field;
  const list = listOf(field);
  list?.replaceChildren(...state.options.map((option, index) => optionElement(field, option, index)));
  const status = statusOf(field);
  if (status) status.textContent = copy.count(suggestions.length);
  paint(field);
}

function close(field: HTMLInputElement): void {
  const state = stateOf(field);
  state.open = false;
  state.active = -1;
  paint(field);
}

/** Opens a suggestion: a document load, as every link of the header is (docs/decisions/0023). */
function choose(field: HTMLInputElement, url: string): void {
  close(field);
  const menu = field.closest("dialog");
  if (menu?.matches(":popover-open")) menu.hidePopover();
  else menu?.close();
  window.location.assign(url);
}

function lookUp(field: HTMLInputElement): void {
  const state = stateOf(field);
  const query = field.value.trim();
  clearTimeout(state.timer);
  state.request?.abort();
  if (query.length < MIN_LENGTH) {
    state.options = [];
    listOf(field)?.replaceChildren();
    const status = statusOf(field);
    if (status) status.textContent = "";
    close(field);
    return;
  }
  const known = answers.get(query);
  if (known) {
    show(field, query, known);
    return;
  }
  state.timer = setTimeout(() => {
    const controller = new AbortController();
    state.request = controller;
    fetch(`/api/search?q=${encodeURIComponent(query)}`, { signal: controller.signal })
      .then((response) => (response.ok ? response.text() : ""))
      .then((text) => {
        if (!text || text.length > ANSWER_MAX) return;
        const answer = JSON.parse(text) as SuggestionsResponse;
        answers.set(query, answer);
        if (field.value.trim() === query) show(field, query, answer);
      })
      // Offline, cut off or a bad answer: the field still submits to /search.
      .catch(() => undefined);
  }, DELAY_MS);
}

function onKeyDown(event: KeyboardEvent): void {
  const field = event.target;
  if (!(field instanceof HTMLInputElement) || !field.matches(FIELD)) return;
  const state = stateOf(field);
  const expanded = state.open && state.options.length > 0;
  if (event.key === "ArrowDown" || event.key === "ArrowUp") {
    if (state.options.length === 0) return;
    event.preventDefault();
    const last = state.options.length - 1;
    const down = event.key === "ArrowDown";
    if (!expanded) state.active = down ? 0 : last;
    else if (down) state.active = state.active >= last ? 0 : state.active + 1;
    else state.active = state.active <= 0 ? last : state.active - 1;
    state.open = true;
    paint(field);
  } else if (event.key === "Enter" && expanded && state.active >= 0) {
    event.preventDefault();
    const option = state.options[state.active];
    if (option) choose(field, option.url);
  } else if (event.key === "Escape" && expanded) {
    // Escape closes the list and nothing else: heard first (window, capture phase), before the
    // mobile menu's dialog would close on it.
    event.preventDefault();
    event.stopPropagation();
    close(field);
  } else if (event.key === "Tab") close(field);
}

const asField = (target: EventTarget | null) =>
  target instanceof HTMLInputElement && target.matches(FIELD) ? target : undefined;

let started = false;

/** Called by the page snippet once this module has loaded; the field being focused is served at once. */
export function start(): void {
  if (started) return;
  started = true;
  linkWholeStylesheet();
  document.addEventListener("input", (event) => {
    const field = asField(event.target);
    if (field) lookUp(field);
  });
  window.addEventListener("keydown", onKeyDown, true);
  document.addEventListener("focusin", (event) => {
    const field = asField(event.target);
    if (!field) return;
    paint(field);
    if (stateOf(field).options.length > 0) {
      stateOf(field).open = true;
      paint(field);
    }
  });
  // A press on a suggestion keeps the focus in the field, so a blur means the visitor went elsewhere.
  document.addEventListener("focusout", (event) => {
    const field = asField(event.target);
    if (field) close(field);
  });
  for (const field of document.querySelectorAll<HTMLInputElement>(FIELD)) {
    // The status region is in the page before anything is said in it, so the count is announced.
    statusOf(field)?.setAttribute("role", "status");
    paint(field);
  }
  // Words typed while this module was loading are looked up now.
  const focused = asField(document.activeElement);
  if (focused?.value.trim()) lookUp(focused);
}
