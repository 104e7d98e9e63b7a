import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  constList,
  FEATURE_FOLDERS,
  FEATURE_ROOT,
  featureNamings,
  importLoops,
  LAYER_RULES,
  layerViolations,
  platformTables,
  tablesCreated,
} from "./architecture-rules";

/*
 * Keeps docs/architecture.md true. Every repository path it names must exist, and in its Mermaid
 * pictures a solid arrow `a --> b` must join two files where a imports b directly; a dotted arrow
 * `a -.-> b` is a hand-over without an import (HTTP, a database row, the React Router build) and only
 * needs its boxes to exist. The test reads everything from the document, so changing the pictures
 * needs no change here.
 */

const root = fileURLToPath(new URL("..", import.meta.url));
const DOC = "docs/architecture.md";
const doc = readFileSync(path.join(root, DOC), "utf8");

/** A path of this repository as the document writes it: under a source folder, or a top-level file. */
const REPOSITORY_PATH =
  /^(?:(?:app|scripts|tests|docs|public|art)\/[\w./[\]+-]*|[\w.-]+\.(?:ts|tsx|mjs|json|md))$/;
/** Generated at build time, so absent from a fresh checkout. */
const GENERATED = /^(?:app\/generated\/|build\/)/;
const SOURCE_EXTENSIONS = [".ts", ".tsx", ".mts", ".mjs", ".js"];

const exists = (file: string) => existsSync(path.join(root, file));
const isFile = (file: string) => exists(file) && statSync(path.join(root, file)).isFile();
const isFolder = (file: string) => exists(file) && statSync(path.join(root, file)).isDirectory();

/** The file an import specifier names, relative to the root; undefined for packages and Node modules. */
function resolveImport(fromFile: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith("~/")) base = `app/${specifier.slice(2)}`;
  else if (specifier.startsWith("./") || specifier.startsWith("../")) {
    base = path.posix.join(path.posix.dirname(fromFile), specifier);
  } else return undefined;
  const candidates = [
    base,
    ...SOURCE_EXTENSIONS.map((extension) => `${base}${extension}`),
    ...SOURCE_EXTENSIONS.map((extension) => `${base}/index${extension}`),
  ];
  return candidates.find(isFile) ?? base;
}

/** Every module a source file imports directly: static imports and re-exports, type-only ones included, and dynamic imports. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(root, file), "utf8");
  const specifiers = [
    ...text.matchAll(/\bfrom\s*["']([^"']+)["']/g),
    ...text.matchAll(/\bimport\s*\(\s*["']([^"']+)["']\s*\)/g),
    ...text.matchAll(/\bimport\s+["']([^"']+)["']/g),
  ].map((match) => match[1] ?? "");
  return specifiers.flatMap((specifier) => resolveImport(file, specifier) ?? []);
}

/** Text in backticks, and the path at the start of each Mermaid box label. */
function namedPaths(): string[] {
  const names = [...doc.matchAll(/`([^`\n]+)`/g)].map((match) => (match[1] ?? "").trim());
  for (const picture of mermaidBlocks()) names.push(...parsePicture(picture.text).nodes.values());
  return [...new Set(names.filter((name) => REPOSITORY_PATH.test(name) && !GENERATED.test(name)))];
}

interface Picture {
  /** Line of the document where the block starts. */
  line: number;
  text: string;
}

function mermaidBlocks(): Picture[] {
  const blocks: Picture[] = [];
  const lines = doc.split("\n");
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]?.trim() !== "```mermaid") continue;
    const start = i + 1;
    while (i + 1 < lines.length && lines[i + 1]?.trim() !== "```") i++;
    blocks.push({ line: start + 1, text: lines.slice(start, i + 1).join("\n") });
    i++;
  }
  return blocks;
}

interface Edge {
  from: string;
  to: string;
  solid: boolean;
  line: string;
}

const NODE = /^(\w+)\s*[[({>]{1,2}\s*"([^"]*)"\s*[\])}]{1,2}$/;
const EDGE = /^(\w+)\s*(-->|-\.->)\s*(?:\|[^|]*\|\s*)?(\w+)$/;
const OTHER = /^(?:flowchart|graph|subgraph|end$|classDef|class |style |linkStyle|direction |%%)/;

/** The boxes (id → the path its label starts with, or "" when it names no file) and arrows of a picture. */
function parsePicture(text: string): { nodes: Map<string, string>; edges: Edge[]; unreadable: string[] } {
  const nodes = new Map<string, string>();
  const edges: Edge[] = [];
  const unreadable: string[] = [];
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "" || OTHER.test(line)) continue;
    const node = NODE.exec(line);
    const edge = EDGE.exec(line);
    if (node) {
      const first = (node[2] ?? "").split("<br>")[0]?.trim() ?? "";
      nodes.set(node[1] ?? "", REPOSITORY_PATH.test(first) ? first : "");
    } else if (edge) {
      edges.push({ from: edge[1] ?? "", to: edge[3] ?? "", solid: edge[2] === "-->", line });
    } else unreadable.push(line);
  }
  return { nodes, edges, unreadable };
}

describe(DOC, () => {
  const pictures = mermaidBlocks();

  it("has a picture of the request path and one of the lead path", () => {
    expect(pictures.length).toBeGreaterThanOrEqual(2);
    expect(doc).toMatch(/<a id="request-path"><\/a>/);
    expect(doc).toMatch(/<a id="lead-path"><\/a>/);
  });

  it("names only files and folders that exist", () => {
    const paths = namedPaths();
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((name) => !exists(name))).toEqual([]);
  });

  it.each(pictures.map((picture) => [picture.line, picture] as const))(
    "keeps the picture at line %i true to the imports",
    (_line, picture) => {
      const { nodes, edges, unreadable } = parsePicture(picture.text);
      expect(unreadable, 'write one `id["path"]` box or one `a --> b` / `a -.-> b` arrow per line').toEqual(
        [],
      );
      expect(edges.some((edge) => edge.solid)).toBe(true);
      const problems: string[] = [];
      for (const edge of edges) {
        const from = nodes.get(edge.from);
        const to = nodes.get(edge.to);
        if (from === undefined || to === undefined) {
          problems.push(`${edge.line}: an arrow between boxes that are not defined`);
          continue;
        }
        if (!edge.solid) continue;
        if (from === "" || to === "" || !isFile(from) || !(isFile(to) || isFolder(to))) {
          problems.push(`${edge.line}: a solid arrow joins a file to a file (or folder) of this repository`);
          continue;
        }
        const imports = importsOf(from);
        const target = to.replace(/\/$/, "");
        const imported = imports.some((file) => file === target || file.startsWith(`${target}/`));
        if (!imported) problems.push(`${edge.line}: ${from} does not import ${to}`);
      }
      expect(problems).toEqual([]);
    },
  );
});

/** Every source file under app/, as a repository path (generated files left out). */
function appSources(folder = "app"): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const file = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return GENERATED.test(`${file}/`) ? [] : appSources(file);
    return SOURCE_EXTENSIONS.some((extension) => file.endsWith(extension)) ? [file] : [];
  });
}

describe("layers (tests/architecture-rules.ts)", () => {
  const sources = appSources();

  it("every file under app/ keeps to its layer's imports", () => {
    expect(sources.length).toBeGreaterThan(100);
    expect(sources.flatMap((file) => layerViolations(file, importsOf(file)))).toEqual([]);
  });

  it("names the file, the import and the rule when a rule is broken", () => {
    expect(
      layerViolations("app/server/http/pipeline.server.ts", [
        "app/server/http/responses.server.ts",
        "app/features/quote/upload/quote-gate.server.ts",
      ]),
    ).toEqual([
      "app/server/http/pipeline.server.ts imports app/features/quote/upload/quote-gate.server.ts: the platform (database, HTTP, mail, configuration, logging) imports no feature",
    ]);
    expect(
      layerViolations("app/features/quote/server/quote.server.ts", [
        "app/features/quote/email/quote-email.server.ts",
        "app/features/leads/intake/reference.server.ts",
        "app/features/contact/contact.server.ts",
      ]),
    ).toEqual([
      "app/features/quote/server/quote.server.ts imports app/features/contact/contact.server.ts: a feature imports other features only through the shared lead plumbing",
    ]);
    expect(
      layerViolations("app/components/ui/button.tsx", ["app/features/search/engine.server.ts"]),
    ).toHaveLength(1);
  });

  it("has no import loop", () => {
    const graph = new Map(sources.map((file) => [file, importsOf(file)] as const));
    expect(importLoops(graph)).toEqual([]);
  });

  it("names each import loop by its files", () => {
    const graph = new Map([
      ["app/server/db/a.server.ts", ["app/server/db/b.server.ts"]],
      ["app/server/db/b.server.ts", ["app/server/db/c.server.ts", "app/lib/x.ts"]],
      ["app/server/db/c.server.ts", ["app/server/db/a.server.ts"]],
      ["app/lib/x.ts", []],
    ]);
    expect(importLoops(graph)).toEqual([
      "app/server/db/a.server.ts -> app/server/db/b.server.ts -> app/server/db/c.server.ts -> app/server/db/a.server.ts",
    ]);
    expect(
      importLoops(
        new Map([
          ["app/lib/x.ts", ["app/lib/y.ts"]],
          ["app/lib/y.ts", []],
        ]),
      ),
    ).toEqual([]);
  });

  it("holds one folder per feature, each with its own files, and the docs name each", () => {
    const folders = readdirSync(path.join(root, FEATURE_ROOT), { withFileTypes: true });
    // Every listed feature is a folder, and no folder is unlisted: a missing feature fails here.
    expect(
      folders
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort(),
    ).toEqual([...FEATURE_FOLDERS]);
    for (const feature of FEATURE_FOLDERS) {
      expect(isFolder(`${FEATURE_ROOT}${feature}`), feature).toBe(true);
      expect(
        sources.some((file) => file.startsWith(`${FEATURE_ROOT}${feature}/`)),
        feature,
      ).toBe(true);
      expect(doc, `${DOC} names ${feature}`).toMatch(new RegExp(`\\b${feature}\\b`));
    }
    expect(LAYER_RULES.length).toBeGreaterThan(5);
  });

  it("keeps every file under app/ to 400 lines", () => {
    const long = sources
      .map((file) => [file, readFileSync(path.join(root, file), "utf8").split("\n").length] as const)
      .filter(([, lines]) => lines > 400)
      .map(([file, lines]) => `${file}: ${lines} lines`);
    expect(long).toEqual([]);
  });
});

/** The features' tables (created by a migration, not declared by the platform), events and forms. */
function featureNames() {
  const read = (file: string) => readFileSync(path.join(root, file), "utf8");
  const migrations = readdirSync(path.join(root, "app/site/migrations"))
    .map((name) => read(`app/site/migrations/${name}`))
    .join("\n");
  const platform = platformTables(read("app/server/db/schema.server.ts"));
  return {
    tables: tablesCreated(migrations).filter((table) => !platform.includes(table)),
    events: [
      ...constList(read("app/features/leads/intake/webhook-events.server.ts"), "LEAD_EVENTS"),
      ...constList(read("app/features/newsletter/subscriptions.server.ts"), "SUBSCRIBER_EVENTS"),
    ],
    forms: constList(read("app/features/leads/tables.server.ts"), "LEAD_KINDS"),
  };
}

describe("the platform names no feature (app/server/)", () => {
  const names = featureNames();

  it("finds the features' tables, events and forms where the features declare them", () => {
    expect(names.tables).toEqual(
      expect.arrayContaining(["contact_submissions", "quote_requests", "desk_leads"]),
    );
    expect(names.tables).not.toContain("email_outbox");
    expect(names.events).toEqual([
      "contact.created",
      "quote.created",
      "subscriber.confirmed",
      "subscriber.unsubscribed",
    ]);
    expect(names.forms).toEqual(["contact", "quote", "newsletter"]);
  });

  it("no file under app/server/ names a feature's table, event or form", () => {
    const platform = appSources("app/server");
    expect(platform.length).toBeGreaterThan(30);
    const text = (file: string) => readFileSync(path.join(root, file), "utf8");
    expect(platform.flatMap((file) => featureNamings(file, text(file), names))).toEqual([]);
  });

  it("names the file and what it names", () => {
    expect(
      featureNamings(
        "app/server/x.server.ts",
        'db.selectFrom("quote_requests"); queue("contact.created"); kind === "newsletter"; // a contact form',
        names,
      ),
    ).toEqual([
      "app/server/x.server.ts: names the table quote_requests",
      "app/server/x.server.ts: names the event contact.created",
      'app/server/x.server.ts: names the form "newsletter"',
    ]);
  });
});
