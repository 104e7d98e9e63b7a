import { expect, test } from "@playwright/test";
import { company } from "../../app/content/company";
import { privacyLink } from "../../app/content/navigation";
import { defaultAttachmentRetentionDays, privacy } from "../../app/content/privacy";
import { viewports } from "./support";

for (const [name, viewport] of Object.entries(viewports)) {
  test.describe(`at ${viewport.width} px (${name})`, () => {
    test.use({ viewport });

    test("the footer's Privacy link reaches the page", async ({ page }) => {
      await page.goto("/about");
      const link = page.getByRole("contentinfo").getByRole("link", { name: privacyLink.label });
      await link.scrollIntoViewIfNeeded();
      await expect(link).toBeVisible();
      await link.click();
      await expect(page).toHaveURL("/privacy");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(privacy.hero.heading);
    });
  });
}

test.describe("page", () => {
  test.use({ viewport: viewports.phone });

  test("shows every section, the retention period and the company's address", async ({ page }) => {
    await page.goto("/privacy");
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(
      privacy.sections.map((section) => section.heading),
    );
    const main = page.getByRole("main");
    await expect(main).toContainText(`${defaultAttachmentRetentionDays} days after they arrive`);
    await expect(main).toContainText("sets no cookies");
    const mail = main.getByRole("link", { name: company.email });
    await expect(mail).toHaveAttribute("href", `mailto:${company.email}`);
  });

  test("sets no cookie and loads no script", async ({ page, context }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    const response = await page.goto("/privacy");
    expect(response?.headers()["set-cookie"]).toBeUndefined();
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => document.cookie)).toBe("");
    expect(await context.cookies()).toEqual([]);
    expect(scripts).toEqual([]);
    expect(
      await page.evaluate(
        () => document.querySelectorAll("script[type=module], script[src], link[rel=modulepreload]").length,
      ),
    ).toBe(0);
  });
});
