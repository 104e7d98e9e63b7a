import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { articleBodies as builtBodies } from "./article-bodies.server";
import { articleBodies, articles } from "./article-files.server";
import { articles as builtArticles } from "./article-list";
import { loadBrochureDocuments, parseBrochure } from "./brochure-documents.server";
import { brochures } from "./brochures";
import { company } from "./company";
import { home } from "./home";
import { ContentError, loadArticles, parseArticle } from "./markdown.server";

const FILE = "content/articles/sample.md";

const frontMatter = {
  title: '"Label Adhesives Explained: Permanent and Removable"',
  excerpt: "Why labels lift, and how to pick an adhesive.",
  category: "Adhesives",
  tags: "[adhesives, freezer labels]",
  date: "2025-03-18",
  author: "Ridgeline Applications Team",
  readTime: "4 min read",
};

/** An article file: the sample front matter with some fields changed (undefined drops one), then the body. */
function articleSource(body: string, fields: Record<string, string | undefined> = {}): string {
  const merged: Record<string, string | undefined> = { ...frontMatter, ...fields };
  const lines = Object.entries(merged).flatMap(([key, value]) =>
    value === undefined ? [] : [`${key}: ${value}`],
  );
  return `---\n${lines.join("\n")}\n---\n\n${body}`;
}

const BODY = "A first paragraph.\n\n## A section\n\nText.\n";

function failure(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ContentError);
    return (error as Error).message;
  }
  throw new Error("expected a ContentError");
}

const articleFailure = (source: string) => failure(() => parseArticle(FILE, "sample", source));

describe("an article file", () => {
  it("parses to the page's blocks, with the slug from the file name", () => {
    const source = articleSource(
      [
        "The opening paragraph, written",
        "over two lines, at {{companyName}}.",
        "",
        "## Choosing a face stock",
        "",
        "- Paper: cheap and printable.",
        "- Film \\*coated\\*: lasts.",
        "",
        "1. Apply a sample.",
        "2. Let it dwell.",
        "",
        '"Danger" and "Warning" are signal words; 203, 300 or 600 dpi.',
        "",
      ].join("\n"),
    );
    expect(parseArticle(FILE, "sample", source)).toEqual({
      article: {
        slug: "sample",
        title: "Label Adhesives Explained: Permanent and Removable",
        excerpt: "Why labels lift, and how to pick an adhesive.",
        category: "Adhesives",
        readTime: "4 min read",
        author: "Ridgeline Applications Team",
        date: "2025-03-18",
        tags: ["adhesives", "freezer labels"],
      },
      body: [
        { type: "paragraph", text: `The opening paragraph, written over two lines, at ${company.name}.` },
        { type: "heading", text: "Choosing a face stock" },
        { type: "list", items: ["Paper: cheap and printable.", "Film *coated*: lasts."] },
        { type: "list", items: ["Apply a sample.", "Let it dwell."], ordered: true },
        { type: "paragraph", text: '"Danger" and "Warning" are signal words; 203, 300 or 600 dpi.' },
      ],
    });
  });

  it("keeps the key order the pages serialize", () => {
    const { article } = parseArticle(FILE, "sample", articleSource(BODY));
    expect(Object.keys(article)).toEqual([
      "slug",
      "title",
      "excerpt",
      "category",
      "readTime",
      "author",
      "date",
      "tags",
    ]);
  });

  it("names the file, the line and the field when a field is missing", () => {
    const message = articleFailure(articleSource(BODY, { title: undefined }));
    expect(message).toContain(FILE);
    expect(message).toContain("front matter: title: is missing");
  });

  it("refuses an unknown field", () => {
    const message = articleFailure(articleSource(BODY, { image: "face-stock.jpg" }));
    expect(message).toBe(`${FILE}:9: front matter: unknown field "image"`);
  });

  it.each([
    ["2025-02-30", "is not a date in the calendar"],
    ["11/02/2025", "must be a date written YYYY-MM-DD"],
    ["20250211", "must be a date written YYYY-MM-DD"],
    ['""', "must be a date written YYYY-MM-DD"],
  ])("refuses the date %s", (date, reason) => {
    const message = articleFailure(articleSource(BODY, { date }));
    expect(message).toMatch(new RegExp(`^${FILE}:6: front matter: date: `));
    expect(message).toContain(reason);
  });

  it.each([
    ["tags", "adhesives", "tags: must be a list"],
    ["tags", "[]", "tags: must name at least one tag"],
    ["category", "Glue", "category: must be one of: Material Selection, Adhesives"],
    ["readTime", "4", "readTime: must be text"],
    ["readTime", "four minutes", 'readTime: must read like "4 min read"'],
    ["author", '"  "', "author: must not be empty"],
  ])("refuses a wrong %s (%s)", (field, value, expected) => {
    const message = articleFailure(articleSource(BODY, { [field]: value }));
    expect(message).toContain(FILE);
    expect(message).toContain(`front matter: ${expected}`);
  });

  it("reports every bad field at once", () => {
    const message = articleFailure(articleSource(BODY, { date: "soon", excerpt: undefined }));
    expect(message.split("\n")).toHaveLength(2);
    expect(message).toContain("excerpt: is missing");
    expect(message).toContain("date: must be a date");
  });

  it("refuses front matter that is missing or not YAML", () => {
    expect(articleFailure(BODY)).toBe(
      `${FILE}:1: the file must start with front matter between two lines of ---`,
    );
    expect(articleFailure(articleSource(BODY, { title: "A: B: C" }))).toMatch(
      new RegExp(`^${FILE}:2: front matter is not valid YAML: `),
    );
    expect(articleFailure(articleSource(BODY, { author: "one\nauthor: two" }))).toMatch(
      /front matter is not valid YAML: Map keys must be unique/,
    );
  });

  it.each([
    ["<div>Text</div>", "raw HTML is not supported"],
    ["Some <b>bold</b> text.", "raw HTML is not supported"],
    ["Some **bold** text.", "bold text (**...**) is not supported"],
    ["Some *stressed* text.", "emphasis (*...* or _..._) is not supported"],
    ["See [our tips](https://example.com).", "links are not supported"],
    ["![A roll](roll.png)", "images are not supported"],
    ["| a | b |\n|---|---|\n| 1 | 2 |", "tables are not supported"],
    ["> A quote.", "quotes (lines starting with >) are not supported"],
    ["    indented", "code blocks are not supported"],
    ["# A title", "# headings are not supported"],
    ["### A subsection", "### headings are not supported in an article"],
    ["- One\n  - Nested", "lists inside lists are not supported"],
    ["3. Three\n4. Four", "a numbered list must start at 1"],
    ["- [ ] Task", "task lists"],
    ["Tom &amp; Jerry", "HTML entities such as &amp; are not supported"],
    ["Made by {{companyname}}.", "unknown placeholder {{companyname}}"],
    ["Open {{companyName", "a placeholder is not closed"],
    ["Line one  \nline two", "line breaks inside a paragraph are not supported"],
  ])("refuses %j with a clear error", (markdown, reason) => {
    const message = articleFailure(articleSource(`Intro.\n\n${markdown}\n`));
    // Front matter: lines 1-9, a blank line, "Intro." on 11, a blank line: the construct starts on line 13.
    expect(message).toMatch(new RegExp(`^${FILE}:13: `));
    expect(message).toContain(reason);
  });

  it("refuses an article without text and a file name that is not a slug", () => {
    expect(articleFailure(articleSource(""))).toContain("the article has no text");
    expect(
      failure(() => parseArticle("content/articles/My Article.md", "My Article", articleSource(BODY))),
    ).toMatch(/^content\/articles\/My Article\.md: the file name must be the article's slug/);
  });
});

describe("loadArticles", () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  function folder(files: Record<string, string>): string {
    dir = mkdtempSync(path.join(tmpdir(), "articles-"));
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
    return dir;
  }

  it("lists articles by category, then date, and keys the bodies the same way", () => {
    const loaded = loadArticles(
      folder({
        "b.md": articleSource(BODY, { category: "Design", date: "2025-01-01" }),
        "c.md": articleSource(BODY, { category: "Adhesives", date: "2025-06-01" }),
        "a.md": articleSource(BODY, { category: "Adhesives", date: "2025-05-01" }),
      }),
    );
    expect(loaded.articles.map((article) => article.slug)).toEqual(["a", "c", "b"]);
    expect(Object.keys(loaded.articleBodies)).toEqual(["a", "c", "b"]);
  });

  it("names every broken file, with the field", () => {
    const message = failure(() =>
      loadArticles(
        folder({
          "good.md": articleSource(BODY),
          "late.md": articleSource(BODY, { date: "2025-13-01" }),
          "odd.md": articleSource(BODY, { colour: "red" }),
        }),
      ),
    );
    const lines = message.split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/late\.md:6: front matter: date: is not a date in the calendar$/);
    expect(lines[1]).toMatch(/odd\.md:9: front matter: unknown field "colour"$/);
  });

  it("refuses files that are not Markdown", () => {
    expect(failure(() => loadArticles(folder({ "notes.txt": "x", "a.md": articleSource(BODY) })))).toMatch(
      /notes\.txt: only \.md files belong here/,
    );
  });

  it("reads the site's articles, and the build gives the pages the same", () => {
    expect(articles).toHaveLength(8);
    expect(builtArticles).toEqual(articles);
    expect(builtBodies).toEqual(articleBodies);
  });
});

const BROCHURE_FILE = "content/brochures/ghs.md";

function brochureSource(
  body: string,
  fields = "id: ghs\ncategory: labels\nfileName: ridgeline-ghs-chemical-labels.pdf",
): string {
  return `---\n${fields}\n---\n\n${body}`;
}

const productLine = (name: string) => `### ${name}\n\nWhat ${name} is for.\n\n- One\n- Two\n- Three`;
const BROCHURE_BODY = [
  "## Overview",
  "First paragraph.",
  "Second paragraph, {{laminatorMaxInches}} inch.",
  "## Products and options",
  productLine("Drum labels"),
  productLine("Pail labels"),
  productLine("Tote labels"),
  "## How to order",
  "1. Call.\n2. Approve.\n3. Receive.",
].join("\n\n");

describe("a brochure file", () => {
  it("parses to the PDF's overview, product lines and steps", () => {
    const { frontMatter, document } = parseBrochure(BROCHURE_FILE, brochureSource(BROCHURE_BODY));
    expect(frontMatter).toEqual({
      id: "ghs",
      category: "labels",
      fileName: "ridgeline-ghs-chemical-labels.pdf",
    });
    expect(document).toEqual({
      overview: ["First paragraph.", `Second paragraph, ${company.fabrication.laminatorMaxInches} inch.`],
      productLines: ["Drum labels", "Pail labels", "Tote labels"].map((name) => ({
        name,
        description: `What ${name} is for.`,
        options: ["One", "Two", "Three"],
      })),
      howToOrder: ["Call.", "Approve.", "Receive."],
    });
  });

  it("keeps a product lines heading of its own, and fills in {{productAreas}}", () => {
    const source = brochureSource(
      BROCHURE_BODY.replace("## Products and options", "## Our range").replace(
        /### Drum labels[\s\S]*(?=\n\n## How to order)/,
        "{{productAreas}}",
      ),
    );
    const { document } = parseBrochure(BROCHURE_FILE, source);
    expect(document.productLinesHeading).toBe("Our range");
    expect(document.productLines.map((line) => line.name)).toEqual(
      home.categories.cards.map((card) => card.title),
    );
  });

  it.each([
    [BROCHURE_BODY.replace("## Overview", "## Introduction"), 'section 1 must be headed "## Overview"'],
    [BROCHURE_BODY.replace("## How to order\n\n", ""), "the text must have three ## sections"],
    [
      BROCHURE_BODY.replace("1. Call.\n2. Approve.\n3. Receive.", "- Call.\n- Approve.\n- Receive."),
      "holds one numbered list",
    ],
    [BROCHURE_BODY.replace("\n\n- One\n- Two\n- Three", ""), "the bulleted list is missing"],
    [BROCHURE_BODY.replace("\n3. Receive.", ""), '"## How to order": needs at least 3 steps'],
    [
      BROCHURE_BODY.replace("\n\nSecond paragraph, {{laminatorMaxInches}} inch.", ""),
      '"## Overview": needs at least 2 paragraphs',
    ],
    [`Intro.\n\n${BROCHURE_BODY}`, 'the text must start with "## Overview"'],
    [BROCHURE_BODY.replace("First paragraph.", "{{productAreas}}"), "{{productAreas}} must stand alone"],
  ])("refuses a body that the PDF cannot print (%#)", (body, reason) => {
    const message = failure(() => parseBrochure(BROCHURE_FILE, brochureSource(body)));
    expect(message).toMatch(new RegExp(`^${BROCHURE_FILE}`));
    expect(message).toContain(reason);
  });

  it("refuses unknown and missing front matter fields", () => {
    expect(
      failure(() =>
        parseBrochure(BROCHURE_FILE, brochureSource(BROCHURE_BODY, "id: ghs\ncategory: labels\ntitle: GHS")),
      ),
    ).toBe(
      `${BROCHURE_FILE}: front matter: fileName: is missing\n${BROCHURE_FILE}:4: front matter: unknown field "title"`,
    );
    expect(
      failure(() =>
        parseBrochure(
          BROCHURE_FILE,
          brochureSource(BROCHURE_BODY, "id: ghs\ncategory: stickers\nfileName: ghs.pdf"),
        ),
      ),
    ).toMatch(/:3: front matter: category: must be one of: company, labels/);
  });
});

describe("loadBrochureDocuments", () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  const ghs = brochures.filter((brochure) => brochure.id === "ghs");

  it("checks the front matter against the listing and wants a file for every listed brochure", () => {
    dir = mkdtempSync(path.join(tmpdir(), "brochures-"));
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, "ghs.md"),
      brochureSource(
        BROCHURE_BODY,
        "id: ghs\ncategory: printing\nfileName: ridgeline-ghs-chemical-labels.pdf",
      ),
    );
    expect(failure(() => loadBrochureDocuments(dir, ghs))).toMatch(
      /ghs\.md: front matter: category: "printing" here but "labels" in app\/content\/brochures\.ts$/,
    );
    rmSync(path.join(dir, "ghs.md"));
    expect(failure(() => loadBrochureDocuments(dir, ghs))).toMatch(
      /ghs\.md: missing; every brochure in app\/content\/brochures\.ts needs its text$/,
    );
  });

  it("reads the site's brochures, one per listing", () => {
    expect(Object.keys(loadBrochureDocuments())).toEqual(brochures.map((brochure) => brochure.id));
  });
});
