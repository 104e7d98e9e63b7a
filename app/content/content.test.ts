import { describe, expect, it } from "vitest";
import { iconSet } from "~/components/icons/icon-set";
import { about } from "~/content/about";
import { brochureDocuments, documentedBrochures, documentLabels } from "~/content/brochure-documents.server";
import { brochureCategoryLabels, brochures, catalog, getBrochure } from "~/content/brochures";
import { company } from "~/content/company";
import { contact } from "~/content/contact";
import { home } from "~/content/home";
import { inquiries } from "~/content/inquiries";
import { privacyLink } from "~/content/navigation";
import { pages } from "~/content/pages";
import { defaultAttachmentRetentionDays, privacy } from "~/content/privacy";
import { products } from "~/content/products";
import { protectivePackaging } from "~/content/protective-packaging";
import {
  aboutContentSchema,
  brochureCategories,
  brochureCategoryLabelsSchema,
  brochureDocumentSchema,
  brochureDocumentsSchema,
  brochureIds,
  brochureSchema,
  brochuresSchema,
  catalogSchema,
  contactContentSchema,
  documentLabelsSchema,
  homeCategoryIds,
  homeContentSchema,
  iconNames,
  inquiriesSchema,
  joinList,
  productSectionIds,
  productsContentSchema,
  protectivePackagingContentSchema,
} from "~/content/schema";

const allContent = {
  home,
  products,
  inquiries,
  brochures,
  brochureDocuments,
  catalog,
  brochureCategoryLabels,
  documentLabels,
  protectivePackaging,
  about,
  contact,
  privacy,
};

/** Every string in a value, with the path that leads to it, so a failure names the offending field. */
function collectStrings(
  value: unknown,
  path: string,
  out: Array<[string, string]> = [],
): Array<[string, string]> {
  if (typeof value === "string") {
    out.push([path, value]);
  } else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) collectStrings(item, `${path}[${index}]`, out);
  } else if (value !== null && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) collectStrings(child, `${path}.${key}`, out);
  }
  return out;
}

function duplicates(values: readonly string[]): string[] {
  return values.filter((value, index) => values.indexOf(value) !== index);
}

describe("content schemas", () => {
  it.each([
    ["home", homeContentSchema, home],
    ["products", productsContentSchema, products],
    ["inquiries", inquiriesSchema, inquiries],
    ["brochures", brochuresSchema, brochures],
    ["brochureDocuments", brochureDocumentsSchema, brochureDocuments],
    ["catalog", catalogSchema, catalog],
    ["brochureCategoryLabels", brochureCategoryLabelsSchema, brochureCategoryLabels],
    ["documentLabels", documentLabelsSchema, documentLabels],
    ["protectivePackaging", protectivePackagingContentSchema, protectivePackaging],
    ["about", aboutContentSchema, about],
    ["contact", contactContentSchema, contact],
  ] as const)("%s parses with its schema", (_name, schema, data) => {
    const result = schema.safeParse(data);
    expect(result.error?.issues ?? []).toEqual([]);
  });

  it("has no empty or blank strings anywhere", () => {
    const blank = collectStrings(allContent, "content").filter(([, value]) => value.trim() === "");
    expect(blank).toEqual([]);
  });

  it("has no placeholder copy", () => {
    // Written as a word list so this check does not itself read as a leftover marker.
    const markers = ["lorem ipsum", "coming soon", "to" + "do", "tbd"];
    const placeholder = new RegExp(`\\b(${markers.join("|")})\\b`, "i");
    const placeholders = collectStrings(allContent, "content").filter(([, value]) => placeholder.test(value));
    expect(placeholders).toEqual([]);
  });

  it("names only icons the site's icon sprite draws", () => {
    expect(iconNames.filter((name) => !(name in iconSet))).toEqual([]);
  });
});

describe("home", () => {
  it("shows the six category cards in order, each linking to its products section", () => {
    expect(home.categories.cards.map((card) => card.id)).toEqual([...homeCategoryIds]);
    for (const card of home.categories.cards) {
      expect(card.image).toBe(card.id);
      expect(card.href).toBe(`/products#${card.id}`);
      expect(productSectionIds).toContain(card.id);
    }
  });

  it("has exactly three five-star testimonials attributed by role and business", () => {
    expect(home.testimonials.items).toHaveLength(3);
    for (const testimonial of home.testimonials.items) {
      expect(testimonial.rating).toBe(5);
      expect(testimonial.role.length).toBeGreaterThan(0);
      expect(testimonial.business.length).toBeGreaterThan(0);
    }
  });

  it("sends the hero button to /products and labels the form fields as documented", () => {
    expect(home.hero.primaryCta).toEqual({ label: "Explore Our Products", href: "/products" });
    const { fields } = home.getInTouch;
    expect(
      [fields.firstName, fields.lastName, fields.email, fields.company, fields.message].map((f) => f.label),
    ).toEqual(["First Name", "Last Name", "Email", "Company", "Message"]);
    expect(home.getInTouch.submitLabel).toBe("Send Message");
  });
});

describe("products", () => {
  it("has all eight anchors in order", () => {
    expect(products.sections.map((section) => section.id)).toEqual([...productSectionIds]);
  });

  it("has unique section ids and unique item names", () => {
    expect(duplicates(products.sections.map((section) => section.id))).toEqual([]);
    const names = products.sections.flatMap((section) => section.items.map((item) => item.name));
    expect(duplicates(names)).toEqual([]);
  });

  it("lists benefits on the die-cut foam items and nowhere else", () => {
    for (const section of products.sections) {
      for (const item of section.items) {
        const benefits: readonly string[] | undefined = "benefits" in item ? item.benefits : undefined;
        if (section.id === "die-cut-foams") expect(benefits?.length ?? 0).toBeGreaterThanOrEqual(2);
        else expect(benefits).toBeUndefined();
      }
    }
  });

  it("links only to brochures that exist", () => {
    for (const section of products.sections) {
      for (const id of section.brochureIds) expect(getBrochure(id), `${section.id} -> ${id}`).toBeDefined();
    }
  });

  it("states the fabrication limits from the company facts", () => {
    const foam = products.sections.find((section) => section.id === "die-cut-foams");
    const text = JSON.stringify(foam);
    expect(text).toContain(`${company.fabrication.laminatorMaxInches} inch`);
    expect(text).toContain(`${company.fabrication.skiverMinInches} inch`);
  });
});

describe("inquiries", () => {
  it("defines every referenced inquiry", () => {
    const referenced = [
      products.hero.inquiry,
      products.closing.quoteInquiry,
      products.closing.consultationInquiry,
      ...products.sections.map((section) => section.inquiry),
      protectivePackaging.hero.primaryInquiry,
      protectivePackaging.hero.secondaryInquiry,
    ];
    for (const id of referenced) expect(Object.keys(inquiries)).toContain(id);
  });

  it("words the custom quote exactly as the resources page needs it", () => {
    expect(inquiries["custom-quote"].subject).toBe("Custom Quote Request");
    expect(inquiries["custom-quote"].body).toMatch(/custom quote for industrial supplies/i);
  });

  it("labels the protective packaging buttons as documented", () => {
    expect(inquiries["foam-quote"].label).toBe("Get a Free Quote");
    expect(inquiries["foam-sample-kit"].label).toBe("Request a Sample Kit");
  });

  it("writes multi-line bodies with prompts to fill in", () => {
    for (const [id, inquiry] of Object.entries(inquiries)) {
      expect(inquiry.body.split("\n").length, id).toBeGreaterThan(5);
      expect(inquiry.body, id).toMatch(/^[A-Z][^\n]*:$/m);
    }
  });
});

describe("brochures", () => {
  it("has exactly the 18 documents, each id once", () => {
    expect(brochures).toHaveLength(18);
    expect(brochures.map((brochure) => brochure.id).sort()).toEqual([...brochureIds].sort());
  });

  it("has unique file names", () => {
    expect(duplicates(brochures.map((brochure) => brochure.fileName))).toEqual([]);
    expect(brochures.map((brochure) => brochure.fileName)).not.toContain(catalog.fileName);
  });

  it("uses only the listed categories and fills every one", () => {
    for (const brochure of brochures) expect(brochureCategories).toContain(brochure.category);
    for (const category of brochureCategories) {
      expect(
        brochures.some((brochure) => brochure.category === category),
        category,
      ).toBe(true);
      expect(brochureCategoryLabels[category]).toBeTruthy();
    }
    expect(brochureCategoryLabels["warehouse-labeling"]).toBe("Warehouse Labeling");
    expect(brochureCategoryLabels.rfid).toBe("RFID");
  });

  it("files protective-packaging under packaging", () => {
    expect(getBrochure("protective-packaging")?.category).toBe("packaging");
  });

  it("finds a brochure by id and returns undefined for an unknown id", () => {
    expect(getBrochure("ghs")?.fileName).toBe("ridgeline-ghs-chemical-labels.pdf");
    expect(getBrochure("no-such-brochure")).toBeUndefined();
  });

  it("each brochure parses on its own", () => {
    for (const brochure of brochures)
      expect(brochureSchema.safeParse(brochure).success, brochure.id).toBe(true);
  });

  it("has the content of its PDF for every brochure and for no other id", () => {
    expect(Object.keys(brochureDocuments).sort()).toEqual([...brochureIds].sort());
    for (const brochure of brochures)
      expect(brochureDocumentSchema.safeParse(brochureDocuments[brochure.id]).success, brochure.id).toBe(
        true,
      );
    expect(
      brochureDocumentsSchema.safeParse({ ...brochureDocuments, "no-such-brochure": brochureDocuments.ghs })
        .success,
    ).toBe(false);
    const { ghs: _ghs, ...missingOne } = brochureDocuments;
    expect(brochureDocumentsSchema.safeParse(missingOne).success).toBe(false);
  });

  it("joins each listing with its PDF content in listing order", () => {
    expect(documentedBrochures.map((brochure) => brochure.id)).toEqual(
      brochures.map((brochure) => brochure.id),
    );
    for (const documented of documentedBrochures) {
      const listed = getBrochure(documented.id);
      expect(listed, documented.id).toBeDefined();
      expect(documented).toEqual({ ...listed, ...brochureDocuments[documented.id] });
    }
  });

  it("lists the company brochure's product lines from the home and products pages", () => {
    expect(brochureDocuments.brochure.productLines).toEqual(
      home.categories.cards.map((card) => ({
        name: card.title,
        description: card.description,
        options: products.sections.find((section) => section.id === card.id)?.items.map((item) => item.name),
      })),
    );
  });

  it("names the catalogue as the resources page shows it", () => {
    expect(catalog.title).toBe("2025 End User Online Catalog");
    expect(catalog.fileName).toBe("2025-end-user-online-catalog.pdf");
  });
});

describe("pages", () => {
  it("protective packaging states the fabrication limits and links out over https", () => {
    const text = JSON.stringify(protectivePackaging.fabrication);
    expect(text).toContain(`up to ${company.fabrication.laminatorMaxInches} inch`);
    expect(text).toContain(`down to ${company.fabrication.skiverMinInches} inch`);
    expect(protectivePackaging.video.url).toMatch(/^https:\/\//);
  });

  it("about tells the story from the founding year and names all four locations", () => {
    const story = about.story.paragraphs.join(" ");
    expect(story).toContain(String(company.foundedYear));
    expect(story).toContain(company.yearsLabel);
    for (const location of company.locations) expect(story).toContain(location.city);
  });

  it("contact has the documented support cards and form heading", () => {
    expect(contact.form.heading).toBe("Send Us a Message");
    expect(contact.support.cards.map((card) => card.title)).toEqual([
      "Technical Support",
      "Sales Consultation",
      "Email for Fastest Response",
    ]);
    expect(contact.support.cards[1].href).toBe("/contact");
  });

  it("privacy states the retention periods, no cookies, and where to write", () => {
    const text = JSON.stringify(privacy);
    expect(text).toContain(`${defaultAttachmentRetentionDays} days after they arrive`);
    expect(text).toContain("30 days");
    expect(text).toContain("180 days");
    expect(text).toContain("double opt-in");
    expect(text).toContain("sets no cookies");
    expect(privacy.emailHref).toBe(`mailto:${company.email}`);
    expect(pages.privacy.path).toBe(privacyLink.href);
  });

  it("repeats no phone number or e-mail address outside the company facts", () => {
    const strings = collectStrings(allContent, "content").map(([, value]) => value);
    const phoneLike = strings.filter((value) => /\(\d{3}\)\s?\d{3}-\d{4}|@[a-z0-9-]+\.[a-z]/i.test(value));
    const allowed = [`mailto:${company.email}`];
    expect(
      phoneLike.filter((value) => !allowed.includes(value) && !value.includes("you@company.com")),
    ).toEqual([]);
  });
});

describe("joinList", () => {
  it("joins with commas and a final 'and'", () => {
    expect(joinList([])).toBe("");
    expect(joinList(["Atlanta"])).toBe("Atlanta");
    expect(joinList(["Atlanta", "Reno"])).toBe("Atlanta and Reno");
    expect(joinList(["Atlanta", "Chicago", "Dallas", "Reno"])).toBe("Atlanta, Chicago, Dallas and Reno");
  });
});
