import { type ComponentType, useRef, useState } from "react";
import { Icon } from "~/components/icons/icon";
import type { SearchComboboxProps } from "./search-combobox";

type Combobox = ComponentType<SearchComboboxProps>;

let comboboxModule: Promise<Combobox> | undefined;
/**
 * The suggestions code is fetched once, when a search field is first about to be used, not with every
 * page (docs/decisions/0005-light-header.md). Should the fetch fail, the next focus tries again.
 */
function loadCombobox(): Promise<Combobox> {
  comboboxModule ??= import("./search-combobox").then((module) => module.default);
  comboboxModule.catch(() => {
    comboboxModule = undefined;
  });
  return comboboxModule;
}

/**
 * The site search field. Without JavaScript it is a plain form that asks /search; with it, the same
 * field becomes a combobox with suggestions (search-combobox.tsx) once it is first hovered or focused.
 * The input stays the same element throughout, so focus and typing are never interrupted.
 */
export function SiteSearch({
  id,
  className,
  wide = false,
  onNavigate,
}: {
  /** The input's id, unique on the page. */
  id: string;
  className?: string;
  /** Suggestions wider than the field (in the header), or as wide as it (in the menu). */
  wide?: boolean;
  /** Called when a suggestion or the form takes the visitor elsewhere (the menu closes then). */
  onNavigate?: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [Combobox, setCombobox] = useState<Combobox | null>(null);
  const enhance = () => {
    loadCombobox().then(
      (component) => setCombobox(() => component),
      () => undefined,
    );
  };
  return (
    <search aria-label="Site" className={className}>
      <form action="/search" className="relative">
        <label htmlFor={id} className="sr-only">
          Search the site
        </label>
        <Icon name="Search" className="pointer-events-none absolute top-3 left-2.5 size-4 text-slate-500" />
        <input
          ref={input}
          id={id}
          type="search"
          name="q"
          maxLength={200}
          placeholder="Search"
          autoComplete="off"
          spellCheck={false}
          onFocus={enhance}
          onPointerEnter={enhance}
          className="h-10 w-full rounded-md border-2 border-slate-300 bg-white pr-2 pl-7 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-steel focus-visible:ring-3 focus-visible:ring-steel/30 focus-visible:outline-none"
        />
        {Combobox ? <Combobox input={input} id={id} wide={wide} onNavigate={onNavigate} /> : null}
      </form>
    </search>
  );
}
