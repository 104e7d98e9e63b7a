import { expect, test } from "@playwright/test";
import { articleBodies, articles } from "../../app/content/article-files.server";
import { inquiries } from "../../app/content/inquiries";
import { expectNoAxeViolations, viewports, waitForHydration } from "./support";

const origin = "http://localhost:3000";
const pathOf = (slug: string) => `/resources/articles/${slug}`;

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

function metaContent(html: string, attribute: "name" | "property", key: string): string | undefined {
  const match = new RegExp(`<meta[^>]*${attribute}="${key}"[^>]*content="([^"]*)"`, "i").exec(html);
  return match?.[1] === undefined ? undefined : decodeEntities(match[1]);
}

function jsonLdScripts(html: string): string[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => match[1] ?? "",
  );
}

for (const article of articles) {
  test(`${article.slug}: served with its own metadata, Article JSON-LD and the full text`, async ({
    page,
    request,
  }) => {
    const path = pathOf(article.slug);
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status()).toBe(200);
    const html = await response.text();

    expect(decodeEntities(/<title>([^<]+)<\/title>/.exec(html)?.[1] ?? "")).toBe(
      `${article.title} | Ridgeline Industrial Supply`,
    );
    expect(metaContent(html, "name", "description")).toBe(article.excerpt);
    expect(/<link[^>]*rel="canonical"[^>]*href="([^"]+)"/.exec(html)?.[1]).toBe(`${origin}${path}`);
    expect(metaContent(html, "property", "og:type")).toBe("article");
    expect(metaContent(html, "property", "og:url")).toBe(`${origin}${path}`);
    expect(decodeEntities(/<h1[^>]*>([^<]+)<\/h1>/.exec(html)?.[1] ?? "")).toBe(article.title);

    const scripts = jsonLdScripts(html);
    expect(scripts).toHaveLength(1);
    const [script = ""] = scripts;
    // Nothing in the data can end the script element early.
    expect(script).not.toMatch(/[<>]/);
    const data = JSON.parse(script);
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Article",
      headline: article.title,
      description: article.excerpt,
      datePublished: article.date,
      keywords: article.tags.join(", "),
      author: { "@type": "Organization", name: article.author },
      publisher: {
        "@type": "Organization",
        name: "Ridgeline Industrial Supply",
        logo: { url: `${origin}/icon-512.png` },
      },
      mainEntityOfPage: { "@id": `${origin}${path}` },
    });

    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(article.title);
    const words = ((await page.getByTestId("article-body").textContent()) ?? "").split(/\s+/).filter(Boolean);
    expect(words.length).toBeGreaterThanOrEqual(500);
    const headings = (articleBodies[article.slug] ?? [])
      .filter((block) => block.type === "heading")
      .map((block) => block.text);
    await expect(page.getByTestId("article-body").getByRole("heading", { level: 2 })).toHaveText(headings);
  });
}

test("the JSON-LD escapes characters that are special in HTML", async ({ request }) => {
  const html = await (await request.get(pathOf("storing-labels-and-ribbons"))).text();
  const [script = ""] = jsonLdScripts(html);
  expect(script).toContain('"articleSection":"Storage \\u0026 Handling"');
  expect(JSON.parse(script).articleSection).toBe("Storage & Handling");
});

test("the article shows its category, details and tags, and ends with a call to action", async ({ page }) => {
  const article = articles[1];
  if (!article) throw new Error("expected articles");
  await page.goto(pathOf(article.slug));
  await waitForHydration(page);
  const header = page.locator("article header");
  await expect(header.getByText(article.category, { exact: true })).toBeVisible();
  await expect(header.getByText(article.author)).toBeVisible();
  await expect(header.getByText(article.readTime)).toBeVisible();
  await expect(header.locator("time")).toHaveAttribute("datetime", article.date);
  await expect(header.locator("time")).toHaveText("March 18, 2025");
  await expect(header.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText(article.tags);
  await expect(page.getByTestId("article-body").locator("ul, ol")).toHaveCount(
    (articleBodies[article.slug] ?? []).filter((block) => block.type === "list").length,
  );
  await expect(page.getByTestId("article-body").locator("ol")).toHaveCount(1);

  const quote = page.getByRole("link", { name: "Request a Quote" });
  const url = new URL((await quote.getAttribute("href")) ?? "");
  expect(url.protocol).toBe("mailto:");
  expect(url.searchParams.get("subject")).toBe(inquiries.quote.subject);
  await expect(page.getByRole("main").getByRole("link", { name: "Contact Us" })).toHaveAttribute(
    "href",
    "/contact",
  );
});

test("Back to Resources returns to the tips list", async ({ page }) => {
  await page.goto(pathOf("choosing-label-face-stock"));
  await waitForHydration(page);
  const back = page.getByRole("link", { name: "Back to Resources" });
  await expect(back).toHaveCount(2);
  await back.last().click();
  await expect(page).toHaveURL("/resources#tips-articles");
  await expect(page.getByRole("heading", { level: 2, name: "Tips Articles" })).toBeInViewport();
});

test("the browser's back button returns from an article to the filtered list", async ({ page }) => {
  await page.goto("/resources?aq=barcode");
  await waitForHydration(page);
  await page.getByRole("link", { name: /^Read Article\W+Designing Barcode Labels/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Designing Barcode Labels That Scan the First Time",
  );
  await page.goBack();
  await expect(page).toHaveURL("/resources?aq=barcode");
  await expect(page.getByLabel("Search articles")).toHaveValue("barcode");
});

test("an unknown slug answers 404 with the not-found page", async ({ page, request }) => {
  const response = await request.get("/resources/articles/no-such-article");
  expect(response.status()).toBe(404);
  const html = await response.text();
  expect(html).toContain("Oops! Page not found");
  expect(html).toContain('content="noindex"');
  expect(jsonLdScripts(html)).toEqual([]);

  const pageResponse = await page.goto("/resources/articles/no-such-article");
  expect(pageResponse?.status()).toBe(404);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Browse all tips articles" }).click();
  await expect(page).toHaveURL("/resources#tips-articles");
});

for (const [label, viewport] of Object.entries(viewports)) {
  test(`axe on an article page (${label})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto(pathOf("troubleshooting-label-printing-problems"));
    await waitForHydration(page);
    await expectNoAxeViolations(page);
  });
}
