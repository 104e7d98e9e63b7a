import { Icon } from "~/components/icons/icon";
import { cn } from "~/lib/cn";

/**
 * Left to the suggestions module: React renders these two empty and never compares what is put in
 * them, so the module may fill them before or after a page with scripts hydrates.
 */
const FILLED_BY_MODULE = { __html: "" };

/**
 * The site search field, on every page. Without JavaScript it is a plain form that asks /search. With
 * it, the page snippet imports the suggestions module (suggestions.ts) the first time a search field is
 * focused, and the same field becomes a combobox over the listbox and status region below
 * (docs/decisions/0068). Until then the page loads no script file for it.
 */
export function SiteSearch({
  id,
  className,
  wide = false,
}: {
  /** The input's id, unique on the page. */
  id: string;
  className?: string;
  /** Suggestions wider than the field (in the header), or as wide as it (in the menu). */
  wide?: boolean;
}) {
  return (
    <search aria-label="Site" className={className}>
      <form action="/search" className="relative">
        <label htmlFor={id} className="sr-only">
          Search the site
        </label>
        <Icon name="Search" className="pointer-events-none absolute top-3 left-2.5 size-4 text-slate-500" />
        <input
          id={id}
          type="search"
          name="q"
          maxLength={200}
          placeholder="Search"
          autoComplete="off"
          spellCheck={false}
          data-site-search=""
          className="h-10 w-full rounded-md border-2 border-slate-300 bg-white pr-2 pl-7 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-steel focus-visible:ring-3 focus-visible:ring-steel/30 focus-visible:outline-none"
        />
        <div
          id={`${id}-suggestions`}
          role="listbox"
          aria-label="Suggestions"
          hidden
          className={cn(
            "absolute top-full z-40 mt-1 max-h-[70vh] overflow-y-auto rounded-lg bg-white py-1 text-left shadow-lg ring-1 ring-slate-300",
            wide ? "right-0 w-[min(26rem,calc(100vw-2rem))]" : "inset-x-0",
          )}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: empty; the suggestions module fills it.
          dangerouslySetInnerHTML={FILLED_BY_MODULE}
        />
        {/* A status region once the module starts (it adds the role): a page whose search is never
            focused has no empty live region of its own. */}
        <div
          id={`${id}-status`}
          className="sr-only"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: empty; the suggestions module fills it.
          dangerouslySetInnerHTML={FILLED_BY_MODULE}
        />
      </form>
    </search>
  );
}
