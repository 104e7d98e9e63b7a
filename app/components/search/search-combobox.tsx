import { type RefObject, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { SearchSuggestion, SuggestionsResponse } from "~/lib/search-types";

/**
 * Suggestions under a site search field (site-search.tsx), loaded the first time the field is used.
 * The field becomes an ARIA 1.2 combobox with a list popup: typing asks /api/search; Down and Up move
 * through the suggestions (aria-activedescendant, focus stays in the field); Enter opens the one
 * chosen, or the results page for what was typed; Escape closes the list; a status region announces
 * how many suggestions there are. The field is the page's own element: this component adds its
 * attributes and listeners to it and renders only the list and the status.
 */

export interface SearchComboboxProps {
  input: RefObject<HTMLInputElement | null>;
  id: string;
  wide: boolean;
  onNavigate?: () => void;
}

interface Option {
  key: string;
  title: string;
  context?: string;
  url: string;
}

/** Fewer characters than this suggest nothing yet. */
const MIN_LENGTH = 2;
/** Typing pauses this long before a request, so fast typing asks once. */
const DELAY_MS = 120;
const answers = new Map<string, SuggestionsResponse>();

// The words are kept here rather than in content/search.ts: that module belongs to the results page,
// and sharing it would split it into one more file for both.
const copy = {
  label: "Suggestions",
  allResults: (query: string) => `See all results for “${query}”`,
  count: (total: number) =>
    total === 0 ? "No suggestions" : `${total} ${total === 1 ? "suggestion" : "suggestions"}`,
};

/** Site paths go through the router; PDFs are ordinary links (as isSitePath in search-types.ts, inlined: one file fewer to fetch). */
const isSitePath = (url: string) =>
  url.startsWith("/") && !url.startsWith("//") && !/\.pdf(?:[?#]|$)/i.test(url);

const resultsUrl = (query: string) => (query ? `/search?q=${encodeURIComponent(query)}` : "/search");

export default function SearchCombobox({ input, id, wide, onNavigate }: SearchComboboxProps) {
  const navigate = useNavigate();
  const listId = `${id}-suggestions`;
  const [answer, setAnswer] = useState<{ query: string; suggestions: SearchSuggestion[] } | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState("");

  const options: Option[] = answer
    ? [
        ...answer.suggestions.map((suggestion) => ({
          key: suggestion.id,
          title: suggestion.title,
          context: suggestion.context,
          url: suggestion.url,
        })),
        { key: "all", title: copy.allResults(answer.query), url: resultsUrl(answer.query) },
      ]
    : [];
  const expanded = open && options.length > 0;
  const optionId = (index: number) => `${listId}-${index}`;

  const choose = (url: string) => {
    const field = input.current;
    setOpen(false);
    setActive(-1);
    if (field) field.value = "";
    onNavigate?.();
    if (isSitePath(url)) navigate(url);
    else window.location.assign(url);
  };

  // What the field's listeners need from the latest render.
  const latest = useRef({ options, expanded, active, choose });
  useEffect(() => {
    latest.current = { options, expanded, active, choose };
  });

  // The field's combobox state, kept on the element itself.
  useEffect(() => {
    const field = input.current;
    if (!field) return;
    field.setAttribute("role", "combobox");
    field.setAttribute("aria-autocomplete", "list");
    field.setAttribute("aria-controls", listId);
    field.setAttribute("aria-expanded", String(expanded));
    if (expanded && active >= 0) field.setAttribute("aria-activedescendant", optionId(active));
    else field.removeAttribute("aria-activedescendant");
  });

  useEffect(() => {
    const field = input.current;
    if (!field) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let request: AbortController | undefined;

    const show = (query: string, response: SuggestionsResponse) => {
      setAnswer({ query, suggestions: response.suggestions });
      setActive(-1);
      setOpen(true);
      setStatus(copy.count(response.suggestions.length));
    };
    const lookUp = () => {
      const query = field.value.trim();
      clearTimeout(timer);
      request?.abort();
      if (query.length < MIN_LENGTH) {
        setAnswer(null);
        setOpen(false);
        setActive(-1);
        setStatus("");
        return;
      }
      const known = answers.get(query);
      if (known) {
        show(query, known);
        return;
      }
      timer = setTimeout(() => {
        const controller = new AbortController();
        request = controller;
        fetch(`/api/search?q=${encodeURIComponent(query)}`, { signal: controller.signal })
          .then((response) => (response.ok ? (response.json() as Promise<SuggestionsResponse>) : null))
          .then((response) => {
            if (!response) return;
            answers.set(query, response);
            if (field.value.trim() === query) show(query, response);
          })
          // Offline or cut off: the field still submits to /search.
          .catch(() => undefined);
      }, DELAY_MS);
    };

    const onKeyDown = (event: KeyboardEvent) => {
      const { options, expanded, active, choose } = latest.current;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        if (options.length === 0) return;
        event.preventDefault();
        const last = options.length - 1;
        const down = event.key === "ArrowDown";
        setOpen(true);
        if (!expanded) setActive(down ? 0 : last);
        else setActive(down ? (active >= last ? 0 : active + 1) : active <= 0 ? last : active - 1);
      } else if (event.key === "Enter" && expanded && active >= 0) {
        event.preventDefault();
        const option = options[active];
        if (option) choose(option.url);
      } else if (event.key === "Tab") {
        setOpen(false);
      }
    };
    // Escape closes the list and nothing else. Listened for before anything else on the page sees the
    // key (window, capture phase): the mobile menu's dialog closes on an Escape it hears first.
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.target !== field || !latest.current.expanded) return;
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    };
    // Enter without a chosen suggestion: the results page, in the app rather than a full page load.
    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault();
      latest.current.choose(resultsUrl(field.value.trim()));
    };
    const onFocus = () => {
      if (latest.current.options.length > 0) setOpen(true);
    };
    // A click on a suggestion keeps the focus in the field (see onMouseDown below), so a blur means
    // the visitor went elsewhere.
    const onBlur = () => {
      setOpen(false);
      setActive(-1);
    };

    field.addEventListener("input", lookUp);
    field.addEventListener("keydown", onKeyDown);
    field.addEventListener("focus", onFocus);
    field.addEventListener("blur", onBlur);
    field.form?.addEventListener("submit", onSubmit);
    window.addEventListener("keydown", onEscape, true);
    // Words typed while this code was loading are looked up now.
    if (document.activeElement === field) lookUp();
    return () => {
      clearTimeout(timer);
      request?.abort();
      field.removeEventListener("input", lookUp);
      field.removeEventListener("keydown", onKeyDown);
      field.removeEventListener("focus", onFocus);
      field.removeEventListener("blur", onBlur);
      field.form?.removeEventListener("submit", onSubmit);
      window.removeEventListener("keydown", onEscape, true);
    };
  }, [input]);

  return (
    <>
      <div
        id={listId}
        role="listbox"
        aria-label={copy.label}
        hidden={!expanded}
        className={`absolute top-full z-40 mt-1 overflow-hidden rounded-lg bg-white py-1 text-left shadow-lg ring-1 ring-slate-300 ${wide ? "right-0 w-[min(26rem,calc(100vw-2rem))]" : "inset-x-0"}`}
      >
        {options.map((option, index) => (
          // The field keeps the focus and answers the keys (aria-activedescendant); the pointer needs the click.
          // biome-ignore lint/a11y/useKeyWithClickEvents: see above
          <div
            key={option.key}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            tabIndex={-1}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option.url)}
            className={`block cursor-pointer px-3 py-2 ${index === active ? "bg-navy text-white" : "text-navy hover:bg-paper"} ${option.context ? "" : "border-t border-mist font-semibold"}`}
          >
            <span className="block font-semibold">{option.title}</span>
            {option.context ? (
              <span className={`block text-sm ${index === active ? "text-mist" : "text-slate-600"}`}>
                {option.context}
              </span>
            ) : null}
          </div>
        ))}
      </div>
      <div role="status" className="sr-only">
        {status}
      </div>
    </>
  );
}
