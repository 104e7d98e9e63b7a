import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/*
 * The repository stands on its own: the rules the code relies on are written in docs/ (product.md,
 * the decision records), and nothing points at documents kept elsewhere. These tests keep it so.
 */

const root = fileURLToPath(new URL("..", import.meta.url));

/** Folders whose files are checked, besides the files at the top level. */
const SOURCE_FOLDERS = ["app", "scripts", "tests", "docs", ".ci"];
/** Build output, generated files, data and reports: not written by hand. */
const SKIPPED_FOLDERS = new Set([
  "node_modules",
  "build",
  "reports",
  "data",
  "generated",
  ".react-router",
  "test-results",
  "playwright-report",
  ".cache",
]);
const SKIPPED_FILES = new Set(["package-lock.json"]);
const BINARY = /\.(?:png|jpe?g|webp|avif|gif|ico|pdf|woff2?|ttf|otf|zip|gz|br|db|sqlite)$/i;

function walk(folder: string, found: string[]): void {
  for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const relative = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name) && !entry.name.startsWith("build-")) walk(relative, found);
    } else if (entry.isFile() && !SKIPPED_FILES.has(entry.name) && !BINARY.test(entry.name)) {
      found.push(relative);
    }
  }
}

/** Every hand-written text file the checks cover, as paths relative to the repository root. */
function repositoryFiles(): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (entry.isFile() && !SKIPPED_FILES.has(entry.name) && !BINARY.test(entry.name)) found.push(entry.name);
  }
  for (const folder of SOURCE_FOLDERS) if (existsSync(path.join(root, folder))) walk(folder, found);
  return found
    .filter((file) => !readFileSync(path.join(root, file)).includes(0))
    .sort((a, b) => a.localeCompare(b));
}

const read = (file: string) => readFileSync(path.join(root, file), "utf8");

// Every pattern is put together from pieces, so this file does not match its own patterns.
const piece = (...parts: string[]) => parts.join("");
const SPEC = piece("sp", "ec");
const FORBIDDEN: readonly { what: string; pattern: RegExp }[] = [
  { what: "the outside decision list", pattern: new RegExp(`\\b${piece("DECI", "SIONS")}\\b`) },
  {
    // A capital D and a number used as a decision reference; a run of hex bytes ("C5 D0 ...") is not one.
    what: "a decision number",
    pattern: new RegExp(`(?<![0-9A-F]{2} )\\b${piece("D")}[1-9][0-9]?\\b(?! [0-9A-F]{2}\\b)`),
  },
  { what: "the outside product description", pattern: new RegExp(`\\bthe ${SPEC}\\b`, "i") },
  { what: "the outside product description", pattern: new RegExp(`\\b${SPEC}'s\\b`, "i") },
  { what: "the outside product description", pattern: new RegExp(piece("product-", SPEC), "i") },
  {
    what: "an outside brief",
    pattern: new RegExp(`\\b(?:${piece("CON", "TENT")}|${piece("ST", "ACK")}|${piece("ST", "YLE")})\\.md\\b`),
  },
  { what: "the outside folder", pattern: new RegExp(`(?<![\\w.-])${piece("sha", "red")}/`) },
];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]*>/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** The anchors a Markdown file offers: explicit `<a id>` / `<a name>` and its headings' slugs. */
function markdownAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    for (const match of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1] ?? "");
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = headingSlug(heading[1] ?? "");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

interface DocLink {
  from: string;
  line: number;
  doc: string;
  anchor: string;
}

/** Links to an anchor of a Markdown file in docs/: `docs/<file>.md#<anchor>` anywhere, and relative links in Markdown. */
function docLinks(file: string, text: string): DocLink[] {
  const links: DocLink[] = [];
  text.split("\n").forEach((line, index) => {
    for (const match of line.matchAll(/(?<![\w/.-])docs\/([\w./-]+\.md)#([\w-]+)/g)) {
      links.push({ from: file, line: index + 1, doc: `docs/${match[1]}`, anchor: match[2] ?? "" });
    }
    if (!file.endsWith(".md")) return;
    for (const match of line.matchAll(/\]\(([^()\s#]*)#([^()\s]+)\)/g)) {
      const target = match[1] ?? "";
      if (/^[a-z]+:/i.test(target) || (target !== "" && !target.endsWith(".md"))) continue;
      const doc =
        target === "" ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), target));
      links.push({ from: file, line: index + 1, doc, anchor: match[2] ?? "" });
    }
  });
  return links;
}

describe("the repository", () => {
  const files = repositoryFiles();

  it("covers the code, the tests, the docs and the README", () => {
    for (const file of [
      "README.md",
      "server.ts",
      "vitest.config.ts",
      "docs/product.md",
      "app/root.tsx",
      "tests/repository.test.ts",
    ]) {
      expect(files).toContain(file);
    }
    expect(files.some((file) => file.startsWith("scripts/"))).toBe(true);
    expect(files.some((file) => file.startsWith("node_modules/") || file.startsWith("app/generated/"))).toBe(
      false,
    );
  });

  it("cites no document kept outside it", () => {
    const hits: string[] = [];
    for (const file of files) {
      read(file)
        .split("\n")
        .forEach((line, index) => {
          for (const { what, pattern } of FORBIDDEN) {
            if (pattern.test(line)) hits.push(`${file}:${index + 1}: ${what}: ${line.trim().slice(0, 140)}`);
          }
        });
    }
    expect(
      hits,
      "point to an anchor of docs/product.md or a record in docs/decisions/ instead, or state the rule",
    ).toEqual([]);
  });

  it("links only to anchors its docs have", () => {
    const anchorsOf = new Map<string, Set<string> | null>();
    const anchors = (doc: string) => {
      if (!anchorsOf.has(doc)) {
        const file = path.join(root, doc);
        anchorsOf.set(doc, existsSync(file) && statSync(file).isFile() ? markdownAnchors(read(doc)) : null);
      }
      return anchorsOf.get(doc);
    };
    const broken: string[] = [];
    let checked = 0;
    for (const file of files) {
      for (const link of docLinks(file, read(file))) {
        checked++;
        const offered = anchors(link.doc);
        if (!offered) broken.push(`${link.from}:${link.line}: ${link.doc} does not exist`);
        else if (!offered.has(link.anchor)) {
          broken.push(`${link.from}:${link.line}: ${link.doc} has no anchor #${link.anchor}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
    expect(broken).toEqual([]);
  });
});

describe("docs/decisions", () => {
  const folder = "docs/decisions";
  const records = readdirSync(path.join(root, folder))
    .filter((name) => /^\d{4}-[\w-]+\.md$/.test(name) && !name.startsWith("0000-"))
    .sort();
  const index = readFileSync(path.join(root, folder, "README.md"), "utf8");

  it("lists every record in its index, by number and file", () => {
    expect(records.length).toBeGreaterThan(40);
    const missing = records.filter((name) => !index.includes(`[${name.slice(0, 4)}](${name})`));
    expect(missing).toEqual([]);
  });

  it("gives every record a date and a status, and no two records one number", () => {
    const undated = records.filter((name) => {
      const head = readFileSync(path.join(root, folder, name), "utf8")
        .split("\n")
        .slice(0, 8)
        .join("\n");
      return !/Date: \d{4}-\d{2}-\d{2}/.test(head) || !/Status: \S/.test(head);
    });
    expect(undated).toEqual([]);
    const numbers = records.map((name) => name.slice(0, 4));
    expect(numbers.filter((number, at) => numbers.indexOf(number) !== at)).toEqual([]);
  });
});

describe("the README's first screen", () => {
  // What a newcomer sees before scrolling (about 25 lines): what this is, the two commands, where the
  // site and its mail are, what the tests need and how long they take; the configuration comes after.
  const lines = read("README.md").split("\n");
  // Read as prose: line breaks as spaces, emphasis marks dropped.
  const firstScreen = lines.slice(0, 25).join(" ").replace(/\*\*/g, "").replace(/\s+/g, " ");

  it("says what it is, how to run it and test it, where the site and the mail are", () => {
    expect(lines[0]).toMatch(/^# Ridgeline Industrial Supply/);
    for (const needed of ["npm install && npm start", "npm test", "http://localhost:3000", "./data/mail/"])
      expect(firstScreen).toContain(needed);
  });

  it("says what npm test needs and how long it takes, before the configuration table", () => {
    for (const needed of ["127.0.0.1:5432", "PostgreSQL", "Chromium"]) expect(firstScreen).toContain(needed);
    expect(firstScreen).toMatch(/about \d+ minutes on a 2-core machine/);
    expect(lines.indexOf("## Configuration")).toBeGreaterThan(
      lines.findIndex((line) => line.includes("2-core machine")),
    );
  });
});

describe("markdownAnchors", () => {
  it("offers explicit anchors and GitHub's heading slugs, numbering repeats", () => {
    const anchors = markdownAnchors(
      [
        '<a id="contact-form"></a>',
        "## Contact form",
        "### Limits and checks (`/quote`)",
        "## Notes",
        "## Notes",
        "```sh",
        "# not a heading",
        "```",
      ].join("\n"),
    );
    expect([...anchors].sort()).toEqual(["contact-form", "limits-and-checks-quote", "notes", "notes-1"]);
  });
});
