import { readFileSync } from "node:fs";
import path from "node:path";
import type { Tokens } from "marked";
import { z } from "zod";
import { brochures } from "./brochures";
import { home } from "./home";
import {
  ContentError,
  collectErrors,
  contentDir,
  displayPath,
  type Located,
  lexBody,
  listItems,
  markdownFiles,
  plainText,
  readFrontMatter,
  unsupportedBlock,
} from "./markdown.server";
import { products } from "./products";
import {
  type Brochure,
  type BrochureDocument,
  type BrochureId,
  brochureCategories,
  brochureDocumentSchema,
  brochureIds,
  type DocumentLabels,
  type ProductLine,
} from "./schema";

/**
 * The text of each brochure's PDF beyond its listing in brochures.ts: one Markdown file per brochure in
 * content/brochures (docs/content.md). The text there is the brochure itself, not a summary of a file kept
 * elsewhere. Only scripts/build/build-documents.ts and tests read this module; no page imports it, so none of it
 * is sent to the browser.
 */

export const brochuresDir = path.join(contentDir, "brochures");

/** Fixed wording inside the generated PDFs. */
export const documentLabels = {
  overviewHeading: "Overview",
  productLinesHeading: "Products and options",
  howToOrderHeading: "How to order",
  howToOrderLead: "Here is what happens between your first message and delivery.",
  contactHeading: "Contact us",
  contactLead: "Call or e-mail our sales team with questions, specifications or an order.",
  phoneLabel: "Phone",
  emailLabel: "Email",
  locationsLabel: "Locations",
  hoursLabel: "Business hours",
  closedLabel: "Closed",
  contentsHeading: "Contents",
  catalogIntro:
    "Each section lists the products we stock and supply in that area, the options to specify and the request to send when you are ready to order.",
  benefitsLabel: "Benefits",
  relatedBrochuresLabel: "Related brochures",
  orderingLabel: "To order",
  catalogEyebrow: "Stock catalog",
} satisfies DocumentLabels;

// The company brochure is the line card: it lists the same areas and items as the home and products pages,
// so its Markdown says {{productAreas}} and the list is derived from them and cannot fall out of step.
const productAreas: ProductLine[] = home.categories.cards.map((card) => {
  const section = products.sections.find((candidate) => candidate.id === card.id);
  return {
    name: card.title,
    description: card.description,
    options: section ? section.items.map((item) => item.name) : [],
  };
});

/** What a brochure's front matter holds; it must agree with the brochure's listing in brochures.ts. */
export const brochureFrontMatterSchema = z.strictObject({
  id: z.enum(brochureIds, { error: "must be the id of a brochure listed in app/content/brochures.ts" }),
  category: z.enum(brochureCategories, { error: `must be one of: ${brochureCategories.join(", ")}` }),
  fileName: z
    .string({ error: "must be a file name like ridgeline-ghs-chemical-labels.pdf" })
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*\.pdf$/, {
      error: "must be lower-case words joined by hyphens, ending in .pdf",
    }),
});

export type BrochureFrontMatter = z.infer<typeof brochureFrontMatterSchema>;

interface Section {
  heading: string;
  line: number;
  blocks: Located[];
}

/** The body's ## sections; ### headings stay inside their section. */
function sectionsOf(file: string, blocks: readonly Located[]): Section[] {
  const sections: Section[] = [];
  for (const located of blocks) {
    const { token, line } = located;
    if (token.type === "heading" && token.depth === 1) {
      throw unsupportedBlock(file, located, "# headings are not supported: start each section with ##");
    }
    if (token.type === "heading" && token.depth === 2) {
      sections.push({ heading: plainText(file, line, token.tokens), line, blocks: [] });
      continue;
    }
    const current = sections.at(-1);
    if (!current)
      throw new ContentError(
        `${file}:${line}: the text must start with "## ${documentLabels.overviewHeading}"`,
      );
    current.blocks.push(located);
  }
  return sections;
}

function paragraphs(file: string, section: Section): string[] {
  return section.blocks.map((located) => {
    if (located.token.type !== "paragraph") {
      throw unsupportedBlock(file, located, `only paragraphs belong under "## ${section.heading}"`);
    }
    return plainText(file, located.line, located.token.tokens);
  });
}

/** `### Name`, a paragraph describing it and a bulleted list of its options, for each product line. */
function productLines(file: string, section: Section): ProductLine[] {
  const [first] = section.blocks;
  if (
    section.blocks.length === 1 &&
    first?.token.type === "paragraph" &&
    first.token.text.trim() === "{{productAreas}}"
  ) {
    return productAreas;
  }
  const lines: ProductLine[] = [];
  const shape = `each product line is a ### heading, one paragraph and one bulleted list`;
  for (const [index, heading] of section.blocks.entries()) {
    if (index % 3 !== 0) continue;
    const description = section.blocks[index + 1];
    const list = section.blocks[index + 2];
    if (heading.token.type !== "heading" || heading.token.depth !== 3) {
      throw unsupportedBlock(file, heading, shape);
    }
    if (description?.token.type !== "paragraph") {
      throw unsupportedBlock(file, description ?? heading, `${shape}: the paragraph is missing`);
    }
    if (list?.token.type !== "list" || list.token.ordered) {
      throw unsupportedBlock(file, list ?? description, `${shape}: the bulleted list is missing`);
    }
    lines.push({
      name: plainText(file, heading.line, heading.token.tokens),
      description: plainText(file, description.line, description.token.tokens),
      options: listItems(file, list as Located<Tokens.List>),
    });
  }
  return lines;
}

function steps(file: string, section: Section): string[] {
  const [list, ...rest] = section.blocks;
  if (list?.token.type !== "list" || !list.token.ordered || rest.length > 0) {
    throw new ContentError(
      `${file}:${section.line}: "## ${section.heading}" holds one numbered list (1. 2. 3.) and nothing else`,
    );
  }
  return listItems(file, list as Located<Tokens.List>);
}

const NOUNS: Record<string, string> = {
  overview: "paragraphs",
  productLines: "product lines (### headings)",
  options: "items in its list",
  howToOrder: "steps",
};

/** A schema issue in the words of the Markdown: which section, which product line. */
function describeIssue(issue: z.core.$ZodIssue, document: BrochureDocument, headings: string[]): string {
  const [key, index, field] = issue.path;
  const section =
    key === "overview" ? headings[0] : key === "howToOrder" ? headings[2] : (headings[1] ?? "product lines");
  const line = typeof index === "number" ? document.productLines[index] : undefined;
  const where = line && key === "productLines" ? `"## ${section}", "### ${line.name}"` : `"## ${section}"`;
  const noun = NOUNS[String(field ?? key)] ?? "entries";
  if (issue.code === "too_small" && issue.origin === "array") {
    return `${where}: needs at least ${issue.minimum} ${noun}`;
  }
  if (issue.code === "too_big" && issue.origin === "array") {
    return `${where}: has more than ${issue.maximum} ${noun}`;
  }
  return `${where}: ${issue.message}`;
}

export interface BrochureFile {
  frontMatter: BrochureFrontMatter;
  document: BrochureDocument;
}

/**
 * One brochure file: three ## sections in order, "Overview" (paragraphs), the product lines (under a heading
 * of the brochure's choosing) and "How to order" (a numbered list).
 */
export function parseBrochure(file: string, source: string): BrochureFile {
  const { data, body, bodyLine } = readFrontMatter(file, source, brochureFrontMatterSchema);
  const sections = sectionsOf(file, lexBody(body, bodyLine));
  const expected = [documentLabels.overviewHeading, undefined, documentLabels.howToOrderHeading];
  if (sections.length !== expected.length) {
    throw new ContentError(
      `${file}: the text must have three ## sections, "${documentLabels.overviewHeading}", the product lines and "${documentLabels.howToOrderHeading}"; it has ${sections.length}`,
    );
  }
  sections.forEach((section, index) => {
    const heading = expected[index];
    if (heading !== undefined && section.heading !== heading) {
      throw new ContentError(
        `${file}:${section.line}: section ${index + 1} must be headed "## ${heading}" (the PDF prints that wording; it is set in app/content/brochure-documents.server.ts)`,
      );
    }
  });
  const [overview, lines, order] = sections as [Section, Section, Section];
  const document: BrochureDocument = {
    overview: paragraphs(file, overview),
    // The usual heading is the PDF's default, so only a brochure's own wording is kept.
    ...(lines.heading === documentLabels.productLinesHeading ? {} : { productLinesHeading: lines.heading }),
    productLines: productLines(file, lines),
    howToOrder: steps(file, order),
  };
  const result = brochureDocumentSchema.safeParse(document);
  if (!result.success) {
    const headings = sections.map((section) => section.heading);
    throw new ContentError(
      result.error.issues.map((issue) => `${file}: ${describeIssue(issue, document, headings)}`).join("\n"),
    );
  }
  return { frontMatter: data, document };
}

/** Every brochure's text, checked against the listing: one file per listed brochure, agreeing with it. */
export function loadBrochureDocuments(
  dir: string = brochuresDir,
  listing: readonly Brochure[] = brochures,
): Record<BrochureId, BrochureDocument> {
  const files = markdownFiles(dir);
  const parsed = collectErrors(files, (file) => {
    const name = displayPath(file);
    const brochure = parseBrochure(name, readFileSync(file, "utf8"));
    const { id, category, fileName } = brochure.frontMatter;
    const listed = listing.find((candidate) => candidate.id === id);
    const problems: string[] = [];
    if (path.basename(file, ".md") !== id) problems.push(`the file must be named ${id}.md, after its id`);
    if (listed && listed.category !== category) {
      problems.push(
        `front matter: category: "${category}" here but "${listed.category}" in app/content/brochures.ts`,
      );
    }
    if (listed && listed.fileName !== fileName) {
      problems.push(
        `front matter: fileName: "${fileName}" here but "${listed.fileName}" in app/content/brochures.ts`,
      );
    }
    if (problems.length > 0)
      throw new ContentError(problems.map((problem) => `${name}: ${problem}`).join("\n"));
    return { id, document: brochure.document };
  });
  const missing = listing.filter((brochure) => !parsed.some((entry) => entry.id === brochure.id));
  if (missing.length > 0) {
    throw new ContentError(
      missing
        .map(
          (brochure) =>
            `${displayPath(path.join(dir, `${brochure.id}.md`))}: missing; every brochure in app/content/brochures.ts needs its text`,
        )
        .join("\n"),
    );
  }
  // In listing order, like the pages list them.
  return Object.fromEntries(
    listing.flatMap((brochure) => {
      const entry = parsed.find((candidate) => candidate.id === brochure.id);
      return entry ? [[brochure.id, entry.document]] : [];
    }),
  ) as Record<BrochureId, BrochureDocument>;
}

export const brochureDocuments: Record<BrochureId, BrochureDocument> = loadBrochureDocuments();

/** A brochure's listing together with the text of its PDF. */
export type DocumentedBrochure = Brochure & BrochureDocument;

export const documentedBrochures: DocumentedBrochure[] = brochures.map((brochure) => ({
  ...brochure,
  ...brochureDocuments[brochure.id],
}));

export function getDocumentedBrochure(id: string): DocumentedBrochure | undefined {
  return documentedBrochures.find((brochure) => brochure.id === id);
}
