import { gzipSync } from "node:zlib";
import { expect, type Page, type Request, test } from "@playwright/test";
import { servedSize } from "../../scripts/lib/chromium";
import { viewports, waitForHydration } from "./support";

/**
 * Size budgets, in KB of 1,024 bytes. Every figure is the body our server sends for the URL when the
 * client accepts gzip (so `Content-Encoding: gzip` where the server has a gzip variant, the plain file
 * where it has none, as for already-compressed images). The browser may receive brotli, which is
 * smaller still; gzip is the budget because every client can take it.
 */
const KB = 1024;
const budget = { script: 150 * KB, stylesheet: 20 * KB, image: 250 * KB } as const;
type Kind = keyof typeof budget;

function kindOf(request: Request): Kind | undefined {
  const type = request.resourceType();
  const { pathname } = new URL(request.url());
  if (type === "script" || pathname.endsWith(".js")) return "script";
  if (type === "stylesheet" || pathname.endsWith(".css")) return "stylesheet";
  if (type === "image") return "image";
  return undefined;
}

/** Records every script, stylesheet and image URL the page requests from now on. */
function recordRequests(page: Page): Record<Kind, Set<string>> {
  const seen: Record<Kind, Set<string>> = { script: new Set(), stylesheet: new Set(), image: new Set() };
  page.on("request", (request) => {
    const kind = kindOf(request);
    if (kind && request.url().startsWith("http")) seen[kind].add(request.url());
  });
  return seen;
}

async function sizes(urls: Iterable<string>, encoding: "gzip" | "br"): Promise<Map<string, number>> {
  const list = [...urls];
  const bytes = await Promise.all(list.map((url) => servedSize(url, encoding)));
  return new Map(list.map((url, index) => [url, bytes[index] ?? 0]));
}

const sum = (measured: Map<string, number>) => [...measured.values()].reduce((a, b) => a + b, 0);

async function total(urls: Iterable<string>, encoding: "gzip" | "br"): Promise<number> {
  return sum(await sizes(urls, encoding));
}

/** The CSS the page carries in its `<style id="page-css">` (decision 0038), gzip bytes; 0 if none. */
async function inlineCssBytes(page: Page): Promise<number> {
  const css = await page.evaluate(() => document.getElementById("page-css")?.textContent ?? "");
  return css === "" ? 0 : gzipSync(css).length;
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** Largest first, so a failure shows where the bytes go. */
function breakdown(measured: Map<string, number>): string {
  return [...measured]
    .sort(([, a], [, b]) => b - a)
    .map(([url, bytes]) => `  ${kb(bytes).padStart(9)}  ${new URL(url).pathname}`)
    .join("\n");
}

function report(label: string, text: string): void {
  test.info().annotations.push({ type: "size", description: `${label}: ${text}` });
  console.info(`[size] ${label}: ${text}`);
}

/** Scrolls a screen at a time to the bottom, so every lazy image comes near the viewport, then waits for all. */
async function loadEveryImage(page: Page): Promise<void> {
  for (;;) {
    const atBottom = await page.evaluate(async () => {
      window.scrollBy(0, window.innerHeight);
      // Two frames: the lazy-load observer runs after layout of the new scroll position.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    });
    if (atBottom) break;
  }
  await expect
    .poll(() => page.evaluate(() => [...document.images].filter((image) => !image.complete).length))
    .toBe(0);
  await page.waitForLoadState("networkidle");
}

/**
 * Decision 0023: the pages that need no script load none, on a first visit and on a return one (from
 * the cache); their only inline scripts are JSON-LD (data), the speculation rules and the attribution snippet
 * (docs/attribution.md), the two together at most 1 KB. The pages with forms load theirs on the visitor's first interaction: nothing before it.
 */
const noScriptPages = [
  "/",
  "/products",
  "/protective-packaging",
  "/about",
  "/privacy",
  "/resources/articles/choosing-label-face-stock",
  "/search?q=labels",
  "/no-such-page",
] as const;
const formPages = [
  "/contact",
  "/resources",
  "/quote",
  "/newsletter/confirm",
  "/newsletter/unsubscribe",
] as const;
const inlineScriptBudget = 1 * KB;

/**
 * The page's inline scripts: bytes of the speculation rules, bytes of each classic script (the
 * attribution snippet, docs/attribution.md), and the types of all of them.
 */
function inlineScripts(page: Page): Promise<{ bytes: number; classic: number[]; types: string[] }> {
  return page.evaluate(() => {
    const inline = [...document.querySelectorAll("script:not([src])")];
    const size = (script: Element) => new TextEncoder().encode(script.textContent ?? "").length;
    const typed = (type: string | null) => inline.filter((script) => script.getAttribute("type") === type);
    return {
      bytes: typed("speculationrules").reduce((total, script) => total + size(script), 0),
      classic: typed(null).map(size),
      types: inline.map((script) => script.getAttribute("type") ?? "classic"),
    };
  });
}

test.describe("JavaScript and CSS at first load, 375 px", () => {
  test.use({ viewport: viewports.phone });

  for (const path of noScriptPages) {
    test(`${path}: no script file, first and return visit; inline <= 1 KB; CSS <= 20 KB (gzip)`, async ({
      page,
    }) => {
      const seen = recordRequests(page);
      await page.goto(path, { waitUntil: "networkidle" });
      const styles = await sizes(seen.stylesheet, "gzip");
      const inlineCss = await inlineCssBytes(page);
      const inline = await inlineScripts(page);
      report(
        path,
        `JS 0.0 KB (${seen.script.size} files); inline ${inline.bytes} B + ${inline.classic.join(" + ")} B (${inline.types.join(", ")}); ` +
          `CSS ${kb(sum(styles))} gzip in ${seen.stylesheet.size} files, ${kb(inlineCss)} gzip inline`,
      );
      expect([...seen.script], "script files at first load").toEqual([]);
      expect(await page.locator('link[rel="modulepreload"]').count(), "module preload hints").toBe(0);
      expect(
        inline.types.filter((type) => !["application/ld+json", "speculationrules", "classic"].includes(type)),
        "inline scripts other than JSON-LD, speculation rules and the attribution snippet",
      ).toEqual([]);
      // Every page carries the page snippet (the quote list's count and the modules' loader, decision
      // 0068) and the attribution snippet; the home page also its Get in Touch form's carry-over
      // (docs/decisions/0043). Each under 1 KB.
      const home = path === "/";
      expect(
        inline.classic,
        home
          ? "the page snippet, the attribution snippet and the home form's carry-over"
          : "two inline scripts: the page snippet and the attribution snippet",
      ).toHaveLength(home ? 3 : 2);
      for (const bytes of inline.classic)
        expect(bytes, "each inline snippet").toBeLessThanOrEqual(inlineScriptBudget);
      expect(
        // The attribution snippet is the page's last inline script (root.tsx).
        inline.bytes + (inline.classic.at(-1) ?? 0),
        "speculation rules and attribution snippet, bytes together",
      ).toBeLessThanOrEqual(inlineScriptBudget);
      expect(seen.stylesheet.size + inlineCss, "the page has its CSS, linked or inline").toBeGreaterThan(0);
      expect
        .soft(sum(styles) + inlineCss, `CSS of ${path}:\n${breakdown(styles)}\n  inline ${kb(inlineCss)}\n`)
        .toBeLessThanOrEqual(budget.stylesheet);

      // The return visit: the same tab comes back to the page, with the cache warm.
      await page.goto("about:blank");
      await page.goto(path, { waitUntil: "networkidle" });
      await page.mouse.move(10, 10);
      await page.keyboard.press("Tab");
      await page.waitForLoadState("networkidle");
      expect([...seen.script], "script files on the return visit and after interacting").toEqual([]);
    });
  }

  for (const path of formPages) {
    test(`${path}: no script before the first interaction; then JS <= 150 KB, CSS <= 20 KB (gzip)`, async ({
      page,
    }) => {
      const seen = recordRequests(page);
      await page.goto(path, { waitUntil: "networkidle" });
      const before = await sizes(seen.script, "gzip");
      await waitForHydration(page);
      const scripts = await sizes(seen.script, "gzip");
      const styles = await sizes(seen.stylesheet, "gzip");
      const js = sum(scripts);
      const jsBrotli = await total(seen.script, "br");
      report(
        path,
        `JS ${kb(sum(before))} before the first interaction; ${kb(js)} gzip (${kb(jsBrotli)} br) in ` +
          `${seen.script.size} files after it; CSS ${kb(sum(styles))} gzip in ${seen.stylesheet.size} files`,
      );
      expect([...before.keys()], "scripts before the first interaction").toEqual([]);
      expect(seen.script.size, "the page loads its scripts on interaction").toBeGreaterThan(0);
      expect.soft(js, `JS of ${path}, gzip:\n${breakdown(scripts)}\n`).toBeLessThanOrEqual(budget.script);
      expect
        .soft(sum(styles), `CSS of ${path}:\n${breakdown(styles)}\n`)
        .toBeLessThanOrEqual(budget.stylesheet);
    });
  }
});

/**
 * Decision 0068: the modules a page loads on demand without React. A search field's first focus loads
 * the suggestions, the quote list's page its own module: each a single small file.
 */
const moduleBudget = 4 * KB;

test.describe("modules loaded on demand, 1280 px", () => {
  test.use({ viewport: viewports.desktop });

  test("the search suggestions on a field's first focus, and the quote list's page: one file each, <= 4 KB", async ({
    page,
  }) => {
    const seen = recordRequests(page);
    await page.goto("/about", { waitUntil: "networkidle" });
    expect([...seen.script], "before the focus").toEqual([]);
    await page.locator("#header-search").focus();
    await expect(page.locator("#header-search")).toHaveAttribute("role", "combobox");
    const search = await sizes(seen.script, "gzip");
    seen.script.clear();
    await page.goto("/quote-list", { waitUntil: "networkidle" });
    const list = await sizes(seen.script, "gzip");
    report("modules", `suggestions ${kb(sum(search))}, quote list ${kb(sum(list))} gzip`);
    for (const [name, measured] of [
      ["suggestions", search],
      ["quote list", list],
    ] as const) {
      expect(measured.size, `${name}: one file`).toBe(1);
      expect(sum(measured), `${name}:\n${breakdown(measured)}`).toBeLessThanOrEqual(moduleBudget);
    }
  });
});

/**
 * The two widths the site is tested at, at the project's 1x density, plus a 375 px phone at 3x: the
 * srcset then picks the largest candidates a phone visitor can get, the heaviest case.
 */
const imageCases = [
  { label: "375 px", viewport: viewports.phone, deviceScaleFactor: 1 },
  { label: "375 px at 3x", viewport: viewports.phone, deviceScaleFactor: 3 },
  { label: "1280 px", viewport: viewports.desktop, deviceScaleFactor: 1 },
] as const;

test("home page images, scrolled to the bottom: <= 250 KB at each width and all together", async ({
  browser,
}) => {
  const loaded = new Set<string>();
  for (const { label, viewport, deviceScaleFactor } of imageCases) {
    const context = await browser.newContext({
      viewport,
      deviceScaleFactor,
      baseURL: test.info().project.use.baseURL,
    });
    try {
      const page = await context.newPage();
      const seen = recordRequests(page);
      await page.goto("/", { waitUntil: "networkidle" });
      await loadEveryImage(page);

      const bytes = await total(seen.image, "gzip");
      report(`/ images at ${label}`, `${kb(bytes)} in ${seen.image.size} files`);
      expect(seen.image.size, "the home page shows images").toBeGreaterThan(0);
      expect(bytes, `images at ${label}`).toBeLessThanOrEqual(budget.image);
      for (const url of seen.image) loaded.add(url);
    } finally {
      await context.close();
    }
  }
  // A visitor who resizes or rotates a tablet may fetch several sets: together they fit too.
  const all = await total(loaded, "gzip");
  report("/ images at all widths together", `${kb(all)} in ${loaded.size} files`);
  expect(all, "images at all widths together").toBeLessThanOrEqual(budget.image);
});
