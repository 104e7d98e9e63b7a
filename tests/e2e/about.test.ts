import { expect, test } from "@playwright/test";
import { about } from "../../app/content/about";
import { company } from "../../app/content/company";
import { openForEachTest } from "./support";

test.describe("page", () => {
  openForEachTest("/about");

  test("shows every section in order", async ({ page }) => {
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(about.hero.heading);
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText([
      about.story.heading,
      about.mission.heading,
      about.values.heading,
      about.reasons.heading,
      about.contact.heading,
    ]);
  });

  test("tells the story since 2011 (13+ years) and the mission", async ({ page }) => {
    const story = page.getByRole("region", { name: about.story.heading });
    for (const paragraph of about.story.paragraphs) await expect(story.getByText(paragraph)).toBeVisible();
    await expect(story).toContainText(String(company.foundedYear));
    await expect(story).toContainText(company.yearsLabel);
    const mission = page.getByRole("region", { name: about.mission.heading });
    await expect(mission.getByText(about.mission.text)).toBeVisible();
  });

  test("the story's three figures say three different things: founded, locations, product areas", async ({
    page,
  }) => {
    const figures = page.getByRole("region", { name: about.story.heading }).locator("dl > div");
    await expect(figures).toHaveCount(3);
    await expect(figures.locator("dd")).toHaveText([
      String(company.foundedYear),
      String(company.locations.length),
      String(company.productAreas.length),
    ]);
    // The year and the years in business are one fact: it is shown once among the figures.
    await expect(figures.filter({ hasText: company.yearsLabel })).toHaveCount(0);
    const labels = await figures.locator("dt").allInnerTexts();
    expect(new Set(labels).size).toBe(3);
  });

  test("lists four values and four reasons to choose", async ({ page }) => {
    for (const block of [about.values, about.reasons]) {
      const region = page.getByRole("region", { name: block.heading });
      await expect(region.getByRole("listitem")).toHaveCount(4);
      await expect(region.getByRole("heading", { level: 3 })).toHaveText(
        block.items.map((item) => item.title),
      );
      for (const item of block.items) await expect(region.getByText(item.description)).toBeVisible();
    }
  });

  test("contact cards call, e-mail and name the four locations", async ({ page }) => {
    const contact = page.getByRole("region", { name: about.contact.heading });
    const { cards } = about.contact;
    await expect(contact.getByRole("heading", { level: 3 })).toHaveText([
      cards.phone.title,
      cards.email.title,
      cards.locations.title,
    ]);
    await expect(contact.getByRole("link", { name: company.phone })).toHaveAttribute(
      "href",
      `tel:${company.phoneE164}`,
    );
    await expect(contact.getByRole("link", { name: company.email })).toHaveAttribute(
      "href",
      `mailto:${company.email}`,
    );
    for (const location of company.locations) {
      await expect(contact.getByText(`${location.city}, ${location.stateCode}`)).toBeVisible();
    }
  });

  test("has buttons to /products that work", async ({ page }) => {
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: about.hero.cta.label })).toHaveAttribute("href", "/products");
    const contactButton = main.getByRole("link", { name: about.contact.productsLink.label });
    await expect(contactButton).toHaveAttribute("href", "/products");
    await contactButton.click();
    await expect(page).toHaveURL("/products");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Products");
  });
});
