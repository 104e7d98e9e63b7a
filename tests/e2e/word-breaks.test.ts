import { expect, type Locator, type Page, test } from "@playwright/test";
import { company } from "../../app/content/company";
import { viewports } from "./support";

/*
 * Words are never broken in the middle (docs/product.md#contact-details): the sales address wraps only
 * before its `@`, and a time such as "5:00 PM" stays on one line. Each element is also squeezed to a
 * narrow column, to show where it may break when a phone's column is narrower still.
 */

/** The element's text as the browser lays it out, one string per line. */
function renderedLines(element: Locator): Promise<string[]> {
  return element.evaluate((root) => {
    const lines: { top: number; text: string }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (!rect) continue;
        const line = lines.find((candidate) => Math.abs(candidate.top - rect.top) < rect.height / 2);
        if (line) line.text += text[i];
        else lines.push({ top: rect.top, text: text[i] ?? "" });
      }
    }
    return lines.sort((a, b) => a.top - b.top).map((line) => line.text.trim());
  });
}

const [local, domain] = company.email.split("@") as [string, string];

/** The address is whole on one line, or broken once, before its `@`. */
async function expectAddressWhole(element: Locator): Promise<void> {
  const lines = (await renderedLines(element)).filter(Boolean);
  expect([[company.email], [local, `@${domain}`]]).toContainEqual(lines);
}

async function squeeze(element: Locator, width: number): Promise<void> {
  await element.evaluate((el, px) => {
    (el as HTMLElement).style.display = "inline-block";
    (el as HTMLElement).style.width = `${px}px`;
  }, width);
}

async function openMenu(page: Page): Promise<Locator> {
  await page.goto("/about");
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu).toBeVisible();
  return menu;
}

test.describe("at 375 px", () => {
  test.use({ viewport: viewports.phone });

  test("the menu's sales address breaks only before its @", async ({ page }) => {
    const menu = await openMenu(page);
    const link = menu.getByRole("link", { name: company.email });
    await expectAddressWhole(link);
    for (const width of [200, 120]) {
      await squeeze(link, width);
      const lines = (await renderedLines(link)).filter(Boolean);
      expect(lines, `at ${width} px`).toEqual([local, `@${domain}`]);
    }
  });

  test("the home contact card's address and hours break only at sensible points", async ({ page }) => {
    await page.goto("/");
    const card = page.getByRole("region", { name: "Get in Touch" }).locator("dl");
    const link = card.getByRole("link", { name: company.email });
    await expectAddressWhole(link);
    await squeeze(link, 120);
    expect((await renderedLines(link)).filter(Boolean)).toEqual([local, `@${domain}`]);

    const hours = card.locator("dd").filter({ hasText: "PM" });
    for (const width of [320, 200, 140, 90]) {
      await squeeze(hours, width);
      const lines = await renderedLines(hours);
      for (const time of ["8:00 AM", "5:00 PM"]) {
        expect(
          lines.some((line) => line.replace(/\u00a0/g, " ").includes(time)),
          `${time} on one line at ${width} px: ${JSON.stringify(lines)}`,
        ).toBe(true);
      }
    }
  });

  test("the footer's address breaks only before its @", async ({ page }) => {
    await page.goto("/about");
    const link = page.getByRole("contentinfo").getByRole("link", { name: company.email });
    await expectAddressWhole(link);
  });
});

test("the address reads and copies as one", async ({ page }) => {
  await page.goto("/");
  const link = page.getByRole("region", { name: "Get in Touch" }).getByRole("link", { name: company.email });
  await expect(link).toHaveText(company.email);
  await expect(link).toHaveAttribute("href", `mailto:${company.email}`);
});
