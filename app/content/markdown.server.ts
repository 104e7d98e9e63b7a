import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Lexer, type Token, type Tokens } from "marked";
import YAML from "yaml";
import { z } from "zod";
import { type Article, type ArticleBlock, articleCategories } from "./articles";
import { company } from "./company";
import { joinList } from "./ids";

/**
 * Reads the site's Markdown content (`content/` at the repository root; docs/content.md): YAML front matter
 * checked field by field, and a body made of the few Markdown blocks the pages and PDFs can show. Anything
 * else is refused with the file, the line and the field named, so a broken file stops the build instead of
 * changing a page. Build time and Node only: the pages get the parsed result (content-plugin.server.ts).
 */

const root = fileURLToPath(new URL("../../", import.meta.url));
export const contentDir = path.join(root, "content");
export const articlesDir = path.join(contentDir, "articles");

/** A content file the build cannot use; the message starts with the file (and line) at fault. */
export class ContentError extends Error {
  override name = "ContentError";
}

/** How an error names a file: relative to the repository root. */
export function displayPath(file: string): string {
  const relative = path.relative(root, file);
  return relative.startsWith("..") ? file : relative.split(path.sep).join("/");
}

/** The .md files of a folder, sorted; any other file there is a mistake worth naming. */
export function markdownFiles(dir: string): string[] {
  const names = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.startsWith("."))
    .map((entry) => entry.name)
    .sort();
  const other = names.filter((name) => !name.endsWith(".md"));
  if (other.length > 0) {
    throw new ContentError(
      other.map((name) => `${displayPath(path.join(dir, name))}: only .md files belong here`).join("\n"),
    );
  }
  return names.map((name) => path.join(dir, name));
}

/** Runs every file's parse and reports all failures together, so one build run names every broken file. */
export function collectErrors<T>(items: readonly string[], parse: (item: string) => T): T[] {
  const results: T[] = [];
  const problems: string[] = [];
  for (const item of items) {
    try {
      results.push(parse(item));
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      problems.push(error.message);
    }
  }
  if (problems.length > 0) throw new ContentError(problems.join("\n"));
  return results;
}

// ---- Front matter ----

const FENCE = /^---[ \t]*\r?\n([\s\S]*?\r?\n)?---[ \t]*(?:\r?\n|$)/;

export interface FrontMatter<T> {
  data: T;
  body: string;
  /** The line of the file on which the body starts. */
  bodyLine: number;
}

function lineOfField(yamlText: string, field: PropertyKey | undefined): number | undefined {
  if (typeof field !== "string") return undefined;
  const index = yamlText.split("\n").findIndex((line) => line.startsWith(`${field}:`));
  // +2: the opening fence is line 1.
  return index === -1 ? undefined : index + 2;
}

function describeIssue(issue: z.core.$ZodIssue, data: Record<string, unknown>): string {
  if (issue.code === "unrecognized_keys") {
    return issue.keys.map((key) => `unknown field "${key}"`).join("; ");
  }
  const field = issue.path.map(String).join(".");
  const present = issue.path.length === 1 && Object.hasOwn(data, issue.path[0] as string);
  const message = issue.code === "invalid_type" && !present ? "is missing" : issue.message;
  return `${field}: ${message}`;
}

/**
 * Splits the leading `---` fence off a file and checks the YAML inside it against a strict schema: an unknown
 * or missing field, a wrong type or a bad value fails with the file, the line and the field named.
 */
export function readFrontMatter<T>(file: string, source: string, schema: z.ZodType<T>): FrontMatter<T> {
  const text = source.replace(/^\uFEFF/, "");
  const fence = FENCE.exec(text);
  if (!fence) {
    throw new ContentError(`${file}:1: the file must start with front matter between two lines of ---`);
  }
  const yamlText = (fence[1] ?? "").replace(/\r\n/g, "\n");
  let parsed: unknown;
  try {
    parsed = YAML.parse(yamlText);
  } catch (error) {
    const line = error instanceof YAML.YAMLError ? (error.linePos?.[0].line ?? 0) + 1 : 1;
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
    throw new ContentError(
      `${file}:${line}: front matter is not valid YAML: ${reason?.replace(/ at line \d+, column \d+:?$/, "")}`,
    );
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new ContentError(`${file}:2: front matter must be lines of "field: value"`);
  }
  const data = parsed as Record<string, unknown>;
  const result = schema.safeParse(data);
  if (!result.success) {
    throw new ContentError(
      result.error.issues
        .map((issue) => {
          const key = issue.code === "unrecognized_keys" ? issue.keys[0] : issue.path[0];
          const line = lineOfField(yamlText, key);
          return `${file}${line ? `:${line}` : ""}: front matter: ${describeIssue(issue, data)}`;
        })
        .join("\n"),
    );
  }
  return {
    data: result.data,
    body: text.slice(fence[0].length),
    bodyLine: fence[0].split("\n").length,
  };
}

/** Trimmed text that is not empty. */
export const frontMatterText = z
  .string({ error: "must be text" })
  .trim()
  .min(1, { error: "must not be empty" });

/** A date written YYYY-MM-DD that exists in the calendar (2025-02-30 does not). */
export const frontMatterDate = z
  .string({ error: "must be a date written YYYY-MM-DD, like 2025-02-11" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a date written YYYY-MM-DD, like 2025-02-11", abort: true })
  .refine(
    (value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
    },
    { error: "is not a date in the calendar" },
  );

// ---- Body ----

/** A block of the body with the line of the file it starts on, for error messages. */
export interface Located<T extends Token = Token> {
  token: T;
  line: number;
}

const UNSUPPORTED_BLOCKS: Record<string, string> = {
  html: "raw HTML is not supported",
  code: "code blocks are not supported (is the text indented by four spaces?)",
  blockquote: "quotes (lines starting with >) are not supported",
  hr: "horizontal rules (---, ***) are not supported",
  table: "tables are not supported",
  def: "link definitions are not supported",
};

const UNSUPPORTED_INLINE: Record<string, string> = {
  html: "raw HTML is not supported",
  strong: "bold text (**...**) is not supported",
  em: "emphasis (*...* or _..._) is not supported",
  codespan: "code (`...`) is not supported",
  link: "links are not supported",
  image: "images are not supported",
  del: "strikethrough (~~...~~) is not supported",
  br: "line breaks inside a paragraph are not supported: leave a blank line to start a new paragraph",
};

export function unsupportedBlock(file: string, located: Located, what?: string): ContentError {
  const reason = what ?? UNSUPPORTED_BLOCKS[located.token.type] ?? `"${located.token.type}" is not supported`;
  return new ContentError(`${file}:${located.line}: ${reason}`);
}

/** The blocks of a body in order, blank lines left out. */
export function lexBody(body: string, firstLine: number): Located[] {
  const tokens = new Lexer({ gfm: true }).lex(body);
  const blocks: Located[] = [];
  let line = firstLine;
  for (const token of tokens) {
    // Blank lines before a block are part of the raw text of the space token, or lead the block's own raw.
    const leading = /^\n*/.exec(token.raw)?.[0].length ?? 0;
    if (token.type !== "space") blocks.push({ token, line: line + leading });
    line += token.raw.split("\n").length - 1;
  }
  return blocks;
}

/** Values that body text may name as {{name}}, so a company fact is written in one place (company.ts). */
export const placeholders: Record<string, string> = {
  companyName: company.name,
  foundedYear: String(company.foundedYear),
  yearsInBusiness: company.yearsLabel,
  locations: joinList(company.locations.map((location) => `${location.city}, ${location.state}`)),
  laminatorMaxInches: company.fabrication.laminatorMaxInches,
  skiverMinInches: company.fabrication.skiverMinInches,
};

/** Placeholders that stand for whole blocks, read by the code of the one place they may stand. */
const blockPlaceholders: Record<string, string> = {
  productAreas: "must stand alone as the only text of a brochure's product lines section",
};

function substitute(file: string, line: number, text: string): string {
  const filled = text.replace(/\{\{\s*([^{}]*?)\s*\}\}/g, (whole, name: string) => {
    if (Object.hasOwn(placeholders, name)) return placeholders[name] ?? whole;
    if (Object.hasOwn(blockPlaceholders, name)) {
      throw new ContentError(`${file}:${line}: {{${name}}} ${blockPlaceholders[name]}`);
    }
    throw new ContentError(
      `${file}:${line}: unknown placeholder {{${name}}}; the known ones are ${Object.keys(placeholders)
        .map((known) => `{{${known}}}`)
        .join(", ")}`,
    );
  });
  if (/\{\{|\}\}/.test(filled))
    throw new ContentError(`${file}:${line}: a placeholder is not closed: ${text}`);
  return filled;
}

function inlineText(file: string, line: number, tokens: readonly Token[]): string {
  let text = "";
  for (const token of tokens) {
    if (token.type === "text") {
      const nested = (token as Tokens.Text).tokens;
      text += nested && nested.length > 0 ? inlineText(file, line, nested) : (token as Tokens.Text).text;
    } else if (token.type === "escape") {
      text += (token as Tokens.Escape).text;
    } else {
      throw new ContentError(
        `${file}:${line}: ${UNSUPPORTED_INLINE[token.type] ?? `"${token.type}" is not supported`}: ${token.raw}`,
      );
    }
  }
  return text;
}

/**
 * The plain text of a paragraph, heading or list item: a line break inside it is a space, as in HTML, and
 * each {{placeholder}} is filled in. Inline formatting, links and HTML entities are refused: the pages and
 * PDFs print the text as it is.
 */
export function plainText(file: string, line: number, tokens: readonly Token[] | undefined): string {
  const text = inlineText(file, line, tokens ?? [])
    .replace(/[ \t]*\n[ \t]*/g, " ")
    .trim();
  const entity = /&(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/i.exec(text);
  if (entity) {
    throw new ContentError(
      `${file}:${line}: HTML entities such as ${entity[0]} are not supported: type the character itself`,
    );
  }
  if (text === "") throw new ContentError(`${file}:${line}: empty text`);
  return substitute(file, line, text);
}

/** A list's items as plain text; nested lists, task lists and items of several paragraphs are refused. */
export function listItems(file: string, located: Located<Tokens.List>): string[] {
  const list = located.token;
  if (list.ordered && list.start !== 1) {
    throw new ContentError(`${file}:${located.line}: a numbered list must start at 1`);
  }
  let line = located.line;
  return list.items.map((item) => {
    const itemLine = line;
    line += item.raw.split("\n").length - 1;
    if (item.task) throw new ContentError(`${file}:${itemLine}: task lists ([ ] and [x]) are not supported`);
    const blocks = item.tokens.filter((token) => token.type !== "space");
    const [only] = blocks;
    if (blocks.length !== 1 || !only || (only.type !== "text" && only.type !== "paragraph")) {
      const nested = blocks.some((token) => token.type === "list");
      throw new ContentError(
        `${file}:${itemLine}: ${nested ? "lists inside lists are not supported" : "a list item must be one paragraph of text"}`,
      );
    }
    return plainText(file, itemLine, (only as Tokens.Text | Tokens.Paragraph).tokens);
  });
}

// ---- Articles ----

/** What an article's front matter holds; its slug is the file name. */
export const articleFrontMatterSchema = z.strictObject({
  title: frontMatterText,
  excerpt: frontMatterText,
  category: z.enum(articleCategories, { error: `must be one of: ${articleCategories.join(", ")}` }),
  tags: z.array(frontMatterText, { error: "must be a list, like [adhesives, freezer labels]" }).min(1, {
    error: "must name at least one tag",
  }),
  date: frontMatterDate,
  author: frontMatterText,
  readTime: z
    .string({ error: 'must be text like "4 min read"' })
    .regex(/^[1-9]\d* min read$/, { error: 'must read like "4 min read"' }),
});

export interface ArticleFile {
  article: Article;
  body: ArticleBlock[];
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The blocks the article page shows: paragraphs, ## headings and lists (ArticleBody). */
function articleBlock(file: string, located: Located): ArticleBlock {
  const { token, line } = located;
  switch (token.type) {
    case "paragraph":
      return { type: "paragraph", text: plainText(file, line, token.tokens) };
    case "heading":
      if (token.depth !== 2) {
        throw unsupportedBlock(
          file,
          located,
          token.depth === 1
            ? "# headings are not supported: the title comes from the front matter; start sections with ##"
            : `${"#".repeat(token.depth)} headings are not supported in an article: use ## for a section`,
        );
      }
      return { type: "heading", text: plainText(file, line, token.tokens) };
    case "list": {
      const items = listItems(file, located as Located<Tokens.List>);
      // The same shape as before the text moved to Markdown: `ordered` only on numbered lists.
      return token.ordered ? { type: "list", items, ordered: true } : { type: "list", items };
    }
    default:
      throw unsupportedBlock(file, located);
  }
}

/** One article file: `file` names it in errors, `slug` comes from its name. */
export function parseArticle(file: string, slug: string, source: string): ArticleFile {
  if (!SLUG.test(slug)) {
    throw new ContentError(
      `${file}: the file name must be the article's slug in lower-case words joined by hyphens, like choosing-label-adhesive.md`,
    );
  }
  const { data, body, bodyLine } = readFrontMatter(file, source, articleFrontMatterSchema);
  const blocks = lexBody(body, bodyLine).map((located) => articleBlock(file, located));
  if (blocks.length === 0) throw new ContentError(`${file}: the article has no text below its front matter`);
  // Key order as the pages have always serialized an article.
  const article: Article = {
    slug,
    title: data.title,
    excerpt: data.excerpt,
    category: data.category,
    readTime: data.readTime,
    author: data.author,
    date: data.date,
    tags: data.tags,
  };
  return { article, body: blocks };
}

export interface ArticleContent {
  /** In list order: by category (the order of the filter), then by date, then by slug. */
  articles: Article[];
  /** Keyed by slug, in the same order. */
  articleBodies: Record<string, ArticleBlock[]>;
  files: string[];
}

export function loadArticles(dir: string = articlesDir): ArticleContent {
  const files = markdownFiles(dir);
  const parsed = collectErrors(files, (file) =>
    parseArticle(displayPath(file), path.basename(file, ".md"), readFileSync(file, "utf8")),
  );
  if (parsed.length === 0) throw new ContentError(`${displayPath(dir)}: no articles`);
  const rank = (article: Article) => articleCategories.indexOf(article.category);
  parsed.sort(
    (a, b) =>
      rank(a.article) - rank(b.article) ||
      a.article.date.localeCompare(b.article.date) ||
      a.article.slug.localeCompare(b.article.slug),
  );
  const articleBodies: Record<string, ArticleBlock[]> = {};
  for (const { article, body } of parsed) articleBodies[article.slug] = body;
  return { articles: parsed.map(({ article }) => article), articleBodies, files };
}
