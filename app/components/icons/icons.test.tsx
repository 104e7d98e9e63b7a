import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Icon } from "~/components/icons/icon";
import { iconSet } from "~/components/icons/icon-set";
import { IconSprite, IconsProvider } from "~/components/icons/icon-sprite";
import { renderSprite } from "~/components/icons/sprite.server";

const sprite = readFileSync(new URL("./icons.svg", import.meta.url), "utf8");

describe("icon sprite", () => {
  it("is the one `npm run icons` writes from the icon set", () => {
    expect(sprite, "the sprite is out of date: run `npm run icons`").toBe(renderSprite());
  });

  it("draws every icon of the set once, each as lucide draws it", () => {
    const ids = [...sprite.matchAll(/<symbol id="icon-([^"]+)"/g)].map((match) => match[1]);
    expect(ids).toEqual(Object.keys(iconSet));
    // A path of lucide's own phone, as its component renders it.
    const phone = renderToStaticMarkup(<iconSet.Phone />);
    const path = /<path[^>]*>/.exec(phone)?.[0] ?? "no path";
    expect(sprite).toContain(`<symbol id="icon-Phone" viewBox="0 0 24 24" fill="none" stroke="currentColor"`);
    expect(sprite).toContain(`stroke-linejoin="round">${path}`);
  });

  it("gives each icon a hidden svg that points at its symbol and takes its size from classes", () => {
    const markup = renderToStaticMarkup(<Icon name="Phone" className="size-4 text-steel" />);
    expect(markup).toMatch(/^<svg aria-hidden="true" [^>]*class="size-4 text-steel">/);
    expect(markup).toMatch(/<use href="#icon-Phone"><\/use><\/svg>$/);
  });

  it("writes into the page, hidden, the symbols of the icons the page drew and no others", () => {
    const markup = renderToStaticMarkup(
      <IconsProvider>
        <Icon name="Phone" />
        <p>
          <Icon name="Mail" /> <Icon name="Phone" />
        </p>
        <IconSprite />
      </IconsProvider>,
    );
    const written = /<div hidden="">(.*)<\/div>$/.exec(markup)?.[1] ?? "";
    expect([...written.matchAll(/<symbol id="icon-(\w+)"/g)].map((match) => match[1])).toEqual([
      "Phone",
      "Mail",
    ]);
    for (const name of ["Phone", "Mail"]) {
      const symbol = new RegExp(`<symbol id="icon-${name}"[\\s\\S]*?</symbol>`).exec(sprite)?.[0];
      expect(written).toContain(symbol);
    }
  });
});
