import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from "react";
import type { IconName } from "~/components/icons/icon-set";
import sprite from "~/components/icons/icons.svg?raw";
import spriteUrl from "~/components/icons/icons.svg?url";

/**
 * The icons drawn so far in this render, so the page carries the symbols it uses and no others: the
 * whole sprite made the larger pages' HTML cross the first round trip of a slow connection
 * (docs/decisions/0018-icon-sprite.md). Server only; null in the browser.
 */
const IconsDrawn = createContext<Set<IconName> | null>(null);

/** Collects the icons of everything inside it, for the IconSprite inside it, after them. */
export function IconsProvider({ children }: { children: ReactNode }) {
  const [drawn] = useState(() => (import.meta.env.SSR ? new Set<IconName>() : null));
  return <IconsDrawn.Provider value={drawn}>{children}</IconsDrawn.Provider>;
}

/** Called by Icon as it renders. */
export function useIconDrawn(name: IconName): void {
  useIconsDrawn([name]);
}

/** For markup that draws these icons without rendering an Icon here (a page's template). */
export function useIconsDrawn(names: readonly IconName[]): void {
  const drawn = useContext(IconsDrawn);
  for (const name of names) drawn?.add(name);
}

/** Each symbol of the sprite by its icon's name; the server build alone has the sprite's text. */
const symbols = new Map(
  import.meta.env.SSR
    ? [...sprite.matchAll(/<symbol id="icon-([^"]+)"[\s\S]*?<\/symbol>/g)].map((match) => [
        match[1],
        match[0],
      ])
    : [],
);

/**
 * The browser build's markup: an empty string, always the same one. React keeps the markup the server
 * sent for an element set with dangerouslySetInnerHTML and sets it again only when the string changes,
 * which here it never does.
 */
const browserMarkup = { __html: "" };

/**
 * The symbols Icon points at, hidden, after the page's content. The server writes those the page drew;
 * once the page has hydrated, the whole sprite (one cached file) replaces them, so a page reached by
 * client-side navigation finds every symbol it needs.
 */
export function IconSprite() {
  const drawn = useContext(IconsDrawn);
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    fetch(spriteUrl)
      .then((response) =>
        response.ok ? response.text() : Promise.reject(new Error(String(response.status))),
      )
      .then(
        (whole) => {
          if (holder.current) holder.current.innerHTML = whole;
        },
        // The page keeps its own symbols; only icons of pages reached without a reload would be blank.
        () => undefined,
      );
  }, []);
  const markup = drawn
    ? {
        __html: `<svg xmlns="http://www.w3.org/2000/svg">${[...drawn].map((name) => symbols.get(name) ?? "").join("")}</svg>`,
      }
    : browserMarkup;
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: our own sprite file, generated at build time from lucide-react; no visitor input reaches it
    <div ref={holder} hidden dangerouslySetInnerHTML={markup} suppressHydrationWarning />
  );
}
