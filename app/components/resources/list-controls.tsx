import type { ReactNode } from "react";
import { Icon } from "~/components/icons/icon";
import { type CountNoun, countLabel } from "~/content/resources";
import { cn } from "~/lib/cn";

export interface CategoryOption<Category extends string> {
  value: Category;
  label: string;
}

/** The search box and the category buttons above one list. */
export function ListControls<Category extends string>({
  id,
  name,
  searchLabel,
  searchPlaceholder,
  query,
  onQueryChange,
  filterLabel,
  options,
  category,
  onCategoryChange,
}: {
  /** Prefix for element ids, unique on the page. */
  id: string;
  /** Names the search landmark; distinct from the input's label so each is found by its own name. */
  name: string;
  searchLabel: string;
  searchPlaceholder: string;
  query: string;
  onQueryChange: (value: string) => void;
  filterLabel: string;
  options: ReadonlyArray<CategoryOption<Category>>;
  category: Category;
  onCategoryChange: (value: Category) => void;
}) {
  const inputId = `${id}-search`;
  return (
    <div className="flex flex-col gap-5 rounded-xl bg-white p-5 shadow-sm ring-1 ring-mist sm:p-6">
      <search aria-label={name}>
        <label htmlFor={inputId} className="mb-1.5 block font-semibold text-navy">
          {searchLabel}
        </label>
        <div className="relative">
          <Icon
            name="Search"
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500"
          />
          <input
            id={inputId}
            type="search"
            value={query}
            onChange={(event) => onQueryChange(event.target.value)}
            placeholder={searchPlaceholder}
            autoComplete="off"
            spellCheck={false}
            className="w-full rounded-md border-2 border-slate-300 bg-white py-2.5 pr-3 pl-10 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-steel focus-visible:ring-3 focus-visible:ring-steel/30 focus-visible:outline-none"
          />
        </div>
      </search>
      <fieldset className="min-w-0">
        <legend className="mb-2 text-sm font-semibold text-slate-700">{filterLabel}</legend>
        <div className="flex flex-wrap gap-2">
          {options.map((option) => {
            const pressed = option.value === category;
            return (
              <button
                key={option.value}
                type="button"
                aria-pressed={pressed}
                onClick={() => onCategoryChange(option.value)}
                className={cn(
                  "inline-flex min-h-10 items-center rounded-full border-2 px-4 text-sm font-semibold transition-colors focus-visible:ring-3 focus-visible:ring-focus focus-visible:ring-offset-2 focus-visible:outline-none",
                  pressed
                    ? "border-navy bg-navy text-white"
                    : "border-slate-300 bg-white text-slate-800 hover:border-steel hover:text-navy",
                )}
              >
                {option.label}
              </button>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}

/** The number of results, announced politely to screen readers whenever it changes. */
export function ResultCount({
  count,
  noun,
  className,
}: {
  count: number;
  noun: CountNoun;
  className?: string;
}) {
  return (
    <p aria-live="polite" className={cn("text-sm font-semibold text-slate-700", className)}>
      {countLabel(count, noun)}
    </p>
  );
}

/** Shown in place of the list when nothing matches. */
export function EmptyResults({
  children,
  onClear,
  clearLabel,
}: {
  children: ReactNode;
  onClear: () => void;
  clearLabel: string;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border-2 border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <Icon name="Search" className="size-8 text-slate-500" />
      {children}
      <button
        type="button"
        onClick={onClear}
        className="mt-2 rounded-md font-semibold text-steel underline underline-offset-4 hover:text-navy"
      >
        {clearLabel}
      </button>
    </div>
  );
}

/** What a filtered list needs of its filter (see useListFilter). */
export interface ListFilterState<Category extends string> {
  query: string;
  category: Category | "all";
  setQuery(value: string): void;
  setCategory(value: Category | "all"): void;
  clear(): void;
}

/** One list of /resources under its controls: the count, then the results or, when none match, `empty`. */
export function FilteredList<Category extends string>({
  id,
  copy,
  options,
  filter,
  count,
  empty,
  children,
}: {
  id: string;
  copy: {
    heading: string;
    searchLabel: string;
    searchPlaceholder: string;
    filterLabel: string;
    count: CountNoun;
    clearLabel: string;
  };
  options: ReadonlyArray<CategoryOption<Category | "all">>;
  filter: ListFilterState<Category>;
  count: number;
  empty: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <ListControls
        id={id}
        name={copy.heading}
        searchLabel={copy.searchLabel}
        searchPlaceholder={copy.searchPlaceholder}
        query={filter.query}
        onQueryChange={filter.setQuery}
        filterLabel={copy.filterLabel}
        options={options}
        category={filter.category}
        onCategoryChange={filter.setCategory}
      />
      <div className="flex flex-col gap-4">
        <ResultCount count={count} noun={copy.count} />
        {count > 0 ? (
          children
        ) : (
          <EmptyResults onClear={filter.clear} clearLabel={copy.clearLabel}>
            {empty}
          </EmptyResults>
        )}
      </div>
    </>
  );
}
