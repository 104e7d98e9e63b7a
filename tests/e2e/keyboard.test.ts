import { expect, type Locator, type Page, test } from "@playwright/test";
import { mainNavigation } from "../../app/content/navigation";
import { viewports, waitForHydration } from "./support";

interface FocusState {
  description: string;
  isTarget: boolean;
  indicator: boolean;
  inHeader: boolean;
  top: number;
  bottom: number;
  headerBottom: number;
  viewportHeight: number;
  /** The element itself is what paints at the middle of its top edge, so nothing covers it there. */
  topEdgeShows: boolean;
}

/**
 * Where the focused element is and whether it shows a focus indicator (an outline or a ring), and
 * whether it is the target. Self-contained: Playwright runs it in the page.
 */
function measureFocus(target: Element | null): FocusState | null {
  const element = document.activeElement;
  if (!(element instanceof HTMLElement) || element === document.body) return null;
  const alphaOf = (color: string): number => {
    if (color === "transparent") return 0;
    const slash = color.match(/\/\s*([\d.]+)(%?)\s*\)$/);
    if (slash) return Number(slash[1]) / (slash[2] ? 100 : 1);
    const rgba = color.match(/^rgba\([^)]*,\s*([\d.]+)\)$/);
    return rgba ? Number(rgba[1]) : 1;
  };
  const style = getComputedStyle(element);
  const outline =
    style.outlineStyle !== "none" &&
    Number.parseFloat(style.outlineWidth) >= 1 &&
    alphaOf(style.outlineColor) > 0;
  // Tailwind rings are box-shadows with a spread; a plain drop shadow has none.
  const shadows = style.boxShadow.matchAll(
    /((?:[a-z]+\([^)]*\))|transparent|#[0-9a-f]+)\s+(-?[\d.]+)px\s+(-?[\d.]+)px\s+(-?[\d.]+)px\s+(-?[\d.]+)px/gi,
  );
  const ring = [...shadows].some((shadow) => Number(shadow[5]) >= 2 && alphaOf(shadow[1] ?? "") > 0);
  const header = document.querySelector("body > header");
  const rect = element.getBoundingClientRect();
  const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + 1);
  const label = (element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40);
  return {
    description: `${element.tagName.toLowerCase()} "${label}"`,
    isTarget: element === target,
    indicator: outline || ring,
    inHeader: Boolean(header?.contains(element)),
    top: rect.top,
    bottom: rect.bottom,
    headerBottom: header?.getBoundingClientRect().bottom ?? 0,
    viewportHeight: window.innerHeight,
    topEdgeShows: hit !== null && (hit === element || element.contains(hit)),
  };
}

/** The focused element shows a focus indicator, is on screen and is not covered by the sticky header. */
function expectShown(state: FocusState | null): void {
  if (!state) throw new Error("nothing has focus");
  expect(state.indicator, `${state.description} shows no focus indicator`).toBe(true);
  expect(state.bottom > 0 && state.top < state.viewportHeight, `${state.description} is off screen`).toBe(
    true,
  );
  expect(
    state.inHeader || state.top >= state.headerBottom - 1 || state.topEdgeShows,
    `${state.description} is hidden behind the sticky header`,
  ).toBe(true);
}

async function expectVisibleFocus(page: Page): Promise<void> {
  expectShown(await page.evaluate(measureFocus, null));
}

/** Presses Tab until the target has focus, checking every element focused on the way. */
async function tabTo(page: Page, target: Locator, maxPresses = 200): Promise<void> {
  for (let press = 0; press < maxPresses; press += 1) {
    await page.keyboard.press("Tab");
    const state = await target.evaluate(measureFocus);
    expectShown(state);
    if (state?.isTarget) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

// Walking a long page takes a hundred key presses; a DOM snapshot for each would make the trace
// the slowest part of the test, so failures keep the action log without snapshots.
test.use({ trace: { mode: "retain-on-failure", snapshots: false, screenshots: false } });

const visibleToast = (page: Page) => page.locator("[data-sonner-toast][data-visible='true']");

test.describe("at 1280 px", () => {
  test.use({ viewport: viewports.desktop });

  test("Tab goes through the header in order: skip link, logo, the six links, the phone number", async ({
    page,
  }) => {
    await open(page, "/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const expected = [
      page.getByRole("link", { name: "Skip to main content" }),
      page.getByRole("link", { name: "Ridgeline Industrial Supply, home" }),
      ...mainNavigation.map((item) => nav.getByRole("link", { name: item.label, exact: true })),
      page.getByTestId("header-phone"),
    ];
    for (const target of expected) {
      await page.keyboard.press("Tab");
      await expect(target).toBeFocused();
      await expectVisibleFocus(page);
    }
  });

  test("the skip link moves focus to the main content", async ({ page }) => {
    await open(page, "/products");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator("#main")).toBeFocused();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.querySelector("#main")?.contains(document.activeElement))).toBe(
      true,
    );
    await expectVisibleFocus(page);
  });

  test("contact form: Name, Email, Phone, Message, Send Message; Enter on the button validates", async ({
    page,
  }) => {
    await open(page, "/contact");
    const fields = [
      page.getByRole("textbox", { name: "Name", exact: true }),
      page.getByRole("textbox", { name: "Email", exact: true }),
      page.getByRole("textbox", { name: "Phone (optional)", exact: true }),
      page.getByRole("textbox", { name: "Message", exact: true }),
    ];
    const send = page.getByRole("button", { name: "Send Message" });
    const [name, ...rest] = fields;
    if (!name) throw new Error("expected the Name field");
    await tabTo(page, name);
    for (const target of [...rest, send]) {
      await page.keyboard.press("Tab");
      await expect(target).toBeFocused();
      await expectVisibleFocus(page);
    }
    await page.keyboard.press("Enter");
    await expect(visibleToast(page).locator("[data-title]")).toHaveText("Name Required");
    await expect(name).toBeFocused();
  });

  test("newsletter form: the address, then Subscribe; Enter on the button validates", async ({ page }) => {
    await open(page, "/resources");
    const email = page.getByRole("textbox", { name: "Email address" });
    await tabTo(page, email);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Subscribe", exact: true })).toBeFocused();
    await expectVisibleFocus(page);
    await page.keyboard.press("Enter");
    await expect(visibleToast(page).locator("[data-title]")).toHaveText("Email Required");
  });

  test("document and article filters: Tab to a category, Space presses it", async ({ page }) => {
    await open(page, "/resources");
    const filters = [
      ["Filter documents by category", "All", "Company"],
      ["Filter articles by category", "All Categories", "Material Selection"],
    ] as const;
    for (const [groupName, all, first] of filters) {
      const group = page.getByRole("group", { name: groupName });
      const allButton = group.getByRole("button", { name: all, exact: true });
      const button = group.getByRole("button", { name: first, exact: true });
      await tabTo(page, button);
      await expect(button).toHaveAttribute("aria-pressed", "false");
      await page.keyboard.press("Space");
      await expect(button).toHaveAttribute("aria-pressed", "true");
      await expect(allButton).toHaveAttribute("aria-pressed", "false");
      await expect(button).toBeFocused();
      await expectVisibleFocus(page);
      await page.keyboard.press("Shift+Tab");
      await expect(allButton).toBeFocused();
      await page.keyboard.press("Space");
      await expect(allButton).toHaveAttribute("aria-pressed", "true");
      await expect(button).toHaveAttribute("aria-pressed", "false");
      await expect(allButton).toBeFocused();
      await expectVisibleFocus(page);
    }
  });
});

test.describe("mobile menu at 375 px", () => {
  test.use({ viewport: viewports.phone });

  test("opens with Enter or Space, keeps Tab inside, closes on Escape and returns focus", async ({
    page,
  }) => {
    await open(page, "/");
    const trigger = page.getByRole("button", { name: "Open menu" });
    const menu = page.getByRole("dialog", { name: "Menu" });
    await tabTo(page, trigger, 5);

    for (const key of ["Enter", "Space"]) {
      await page.keyboard.press(key);
      await expect(menu).toBeVisible();
      // Checked where the panel comes to rest, not halfway through its slide-in.
      await expect.poll(() => menu.evaluate((panel) => panel.getAnimations().length)).toBe(0);
      const close = menu.getByRole("button", { name: "Close menu" });
      await expect(close).toBeFocused();

      const stops = await menu.locator("a[href], button:not([disabled]), input:not([type=hidden])").count();
      for (let press = 1; press < stops; press += 1) {
        await page.keyboard.press("Tab");
        expect(await menu.evaluate((panel) => panel.contains(document.activeElement))).toBe(true);
        await expectVisibleFocus(page);
      }
      // Past the last control, a modal <dialog> (decision 0023) lets focus go to the browser's own
      // controls, never to the page behind it; the next Tab comes round to the first control again.
      await page.keyboard.press("Tab");
      expect(
        await page.evaluate(() => {
          const active = document.activeElement;
          return !active || active === document.body || Boolean(active.closest("dialog"));
        }),
        "focus stays out of the page behind the menu",
      ).toBe(true);
      if (!(await menu.evaluate((panel) => panel.contains(document.activeElement)))) {
        await page.keyboard.press("Tab");
      }
      await expect(close).toBeFocused();
      await page.keyboard.press("Shift+Tab");
      await expect(menu.getByRole("link", { name: "Get Quote" })).toBeFocused();

      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(trigger).toBeFocused();
      await expectVisibleFocus(page);
    }
  });
});
