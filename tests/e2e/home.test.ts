import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { home } from "../../app/content/home";
import { openForEachTest, viewports } from "./support";

test.describe("page", () => {
  openForEachTest("/");

  test("shows the sections in the documented order", async ({ page }) => {
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(home.hero.heading);
    await expect(main.getByRole("heading", { level: 2 })).toHaveText([
      home.introduction.heading,
      home.categories.heading,
      home.commitments.heading,
      home.testimonials.heading,
      home.getInTouch.heading,
    ]);
  });

  test("the hero has a button to /products", async ({ page }) => {
    const hero = page.getByRole("region", { name: home.hero.heading });
    const button = hero.getByRole("link", { name: home.hero.primaryCta.label });
    await expect(button).toHaveAttribute("href", "/products");
    await button.click();
    await expect(page).toHaveURL("/products");
  });

  test("introduces the company", async ({ page }) => {
    const intro = page.getByRole("region", { name: home.introduction.heading });
    for (const paragraph of home.introduction.paragraphs)
      await expect(intro.getByText(paragraph)).toBeVisible();
  });

  test("shows six category cards, each with an image, a title and a description", async ({ page }) => {
    const categories = page.getByRole("region", { name: home.categories.heading });
    const cards = categories.getByRole("article");
    await expect(cards).toHaveCount(6);
    for (const [index, card] of home.categories.cards.entries()) {
      const article = cards.nth(index);
      await expect(article.getByRole("img", { name: card.imageAlt })).toBeAttached();
      await expect(article.getByRole("heading", { level: 3 })).toHaveText(card.title);
      await expect(article.getByText(card.description)).toBeVisible();
      await expect(article.getByRole("link")).toHaveAttribute("href", card.href);
    }
  });

  test("shows the commitment cards", async ({ page }) => {
    const commitments = page.getByRole("region", { name: home.commitments.heading });
    await expect(commitments.getByRole("heading", { level: 3 })).toHaveText(
      home.commitments.cards.map((card) => card.title),
    );
  });

  test("shows three testimonials with five stars and a text alternative", async ({ page }) => {
    const testimonials = page.getByRole("region", { name: home.testimonials.heading });
    const figures = testimonials.locator("figure");
    await expect(figures).toHaveCount(3);
    for (const [index, item] of home.testimonials.items.entries()) {
      const figure = figures.nth(index);
      await expect(figure.getByRole("img", { name: "5 out of 5", exact: true })).toBeVisible();
      await expect(figure.getByText(item.quote)).toBeVisible();
      await expect(figure.getByText(item.role)).toBeVisible();
    }
  });

  test("Get in Touch has the contact details and the message form's fields", async ({ page }) => {
    const section = page.getByRole("region", { name: home.getInTouch.heading });
    const { fields } = home.getInTouch;
    for (const field of [fields.firstName, fields.lastName, fields.company]) {
      await expect(section.getByLabel(field.label, { exact: true })).toBeVisible();
    }
    await expect(section.getByLabel(fields.email.label, { exact: true })).toHaveAttribute("type", "email");
    await expect(section.getByRole("textbox", { name: fields.message.label, exact: true })).toBeVisible();
    await expect(section.getByRole("button", { name: home.getInTouch.submitLabel })).toBeVisible();
    await expect(section.getByRole("link", { name: /\(\d{3}\) \d{3}-\d{4}/ })).toHaveAttribute(
      "href",
      /^tel:\+/,
    );
  });

  test("every image has loaded, has alt text and reserves its size", async ({ page }) => {
    const images = page.locator("img");
    const count = await images.count();
    expect(count).toBeGreaterThanOrEqual(7);
    for (let index = 0; index < count; index++) {
      const image = images.nth(index);
      // Lazy images load once they come near the viewport.
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
        .toBe(true);
      expect((await image.getAttribute("alt"))?.trim()).toBeTruthy();
      expect(Number(await image.getAttribute("width"))).toBeGreaterThan(0);
      expect(Number(await image.getAttribute("height"))).toBeGreaterThan(0);
    }
  });
});

for (const [label, viewport] of Object.entries(viewports)) {
  test.describe(`testimonial stars at ${viewport.width} px (${label})`, () => {
    test.use({ viewport });

    test("are drawn filled: the middle of each star is painted the star's colour", async ({ page }) => {
      await page.goto("/");
      const stars = page.getByRole("img", { name: "5 out of 5", exact: true }).first();
      await stars.scrollIntoViewIfNeeded();
      const box = await stars.boundingBox();
      if (!box) throw new Error("the stars are not drawn");
      const { data, info } = await sharp(await stars.screenshot())
        .raw()
        .toBuffer({ resolveWithObject: true });
      // The centre of each of the five stars, whose outline alone would leave it the card's white.
      for (let star = 0; star < 5; star++) {
        const x = Math.round(((star + 0.5) / 5) * info.width);
        const y = Math.round(info.height * 0.55);
        const at = (y * info.width + x) * info.channels;
        const [r = 255, g = 255, b = 255] = [data[at], data[at + 1], data[at + 2]];
        expect(r + g + b, `star ${star + 1} at ${x},${y}`).toBeLessThan(600);
        expect(r - b, `star ${star + 1} is amber`).toBeGreaterThan(80);
      }
    });
  });
}
