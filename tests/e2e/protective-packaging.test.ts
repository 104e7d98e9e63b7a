import { expect, test } from "@playwright/test";
import { company } from "../../app/content/company";
import { inquiries } from "../../app/content/inquiries";
import { protectivePackaging as content } from "../../app/content/protective-packaging";
import { decodeMailto } from "./content-support";
import { openForEachTest } from "./support";

interface LocationData {
  "@type": string;
  address: { "@type": string; addressLocality: string; addressRegion: string; addressCountry: string };
  openingHoursSpecification: Array<{ dayOfWeek: string[]; opens: string; closes: string }>;
}

/** The JSON-LD blocks exactly as the server sends them, before any script runs. */
function servedJsonLd(html: string): string[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => match[1] ?? "",
  );
}

test("the served HTML carries the business data as JSON-LD in the head", async ({ request }) => {
  const response = await request.get("/protective-packaging");
  expect(response.status()).toBe(200);
  const html = await response.text();
  const head = html.slice(0, html.indexOf("</head>"));
  const blocks = servedJsonLd(head);
  expect(blocks).toHaveLength(1);
  const raw = blocks[0] ?? "";
  // Serialised with <, > and & escaped, so no text inside can end the script element.
  expect(raw).not.toMatch(/[<>]/);

  const data = JSON.parse(raw) as {
    "@context": string;
    name: string;
    url: string;
    telephone: string;
    email: string;
    location: LocationData[];
    knowsAbout: string[];
    makesOffer: Array<{ itemOffered: { name: string } }>;
  };
  expect(data["@context"]).toBe("https://schema.org");
  expect(data.name).toBe(company.name);
  expect(data.url).toMatch(/^https?:\/\/[^/]+\/$/);
  expect(data.telephone).toBe(company.phoneE164);
  expect(data.email).toBe(company.email);
  expect(data.location).toHaveLength(4);
  expect(data.location.map((location) => location.address)).toEqual(
    company.locations.map((location) => ({
      "@type": "PostalAddress",
      addressLocality: location.city,
      addressRegion: location.stateCode,
      addressCountry: "US",
    })),
  );
  for (const location of data.location) {
    expect(location.openingHoursSpecification).toEqual([
      expect.objectContaining({ opens: "08:00", closes: "17:00" }),
    ]);
  }
  expect(data.knowsAbout).toContain("Foam fabrication");
  expect(data.makesOffer.length).toBeGreaterThan(0);
});

test.describe("page", () => {
  openForEachTest("/protective-packaging");

  test("the hero's two buttons open the quote and sample kit drafts", async ({ page }) => {
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(content.hero.heading);
    for (const id of [content.hero.primaryInquiry, content.hero.secondaryInquiry]) {
      const inquiry = inquiries[id];
      const link = page
        .getByRole("region", { name: content.hero.heading })
        .getByRole("link", { name: inquiry.label });
      const href = await link.getAttribute("href");
      expect(decodeMailto(href ?? "")).toEqual({
        to: company.email,
        subject: inquiry.subject,
        body: inquiry.body,
      });
    }
    await expect(page.getByRole("link", { name: "Get a Free Quote" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Request a Sample Kit" })).toBeVisible();
  });

  test("shows the introduction, the materials list and the applications", async ({ page }) => {
    const intro = page.getByRole("region", { name: content.intro.heading });
    for (const paragraph of content.intro.paragraphs) await expect(intro.getByText(paragraph)).toBeVisible();

    const materials = page.getByRole("region", { name: content.materials.heading });
    await expect(materials.getByRole("listitem")).toHaveCount(content.materials.items.length);
    await expect(materials.getByRole("heading", { level: 3 })).toHaveText(
      content.materials.items.map((item) => item.name),
    );

    const applications = page.getByRole("region", { name: content.applications.heading });
    await expect(applications.getByRole("heading", { level: 3 })).toHaveText(
      content.applications.items.map((item) => item.name),
    );
  });

  test("states the fabrication limits: lamination up to 7-1/2 inch, skiving down to 1/8 inch", async ({
    page,
  }) => {
    const fabrication = page.getByRole("region", { name: content.fabrication.heading });
    await expect(fabrication.getByRole("heading", { level: 3 })).toHaveText(
      content.fabrication.items.map((item) => item.title),
    );
    await expect(fabrication).toContainText("up to 7-1/2 inch");
    await expect(fabrication).toContainText("down to 1/8 inch");
  });

  test("links to the stock catalogue on /resources", async ({ page }) => {
    const block = page.getByRole("region", { name: content.catalogLink.heading });
    await expect(block.getByText(content.catalogLink.text)).toBeVisible();
    const link = block.getByRole("link", { name: content.catalogLink.linkLabel });
    await expect(link).toHaveAttribute("href", "/resources");
    await link.click();
    await expect(page).toHaveURL("/resources");
  });

  test("the video link opens in a new tab, safely, and says so", async ({ page }) => {
    const link = page.getByRole("link", { name: `${content.video.linkLabel} (${content.video.newTabNote})` });
    await expect(link).toHaveAttribute("href", content.video.url);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  });

  test("shows none of the structured data on the page", async ({ page }) => {
    await expect(page.getByRole("main")).not.toContainText("schema.org");
    await expect(page.getByRole("main")).not.toContainText("PostalAddress");
  });
});
