/*
 * Which folder of app/ may import which (docs/architecture.md#layers). A file's rule is the first
 * whose `files` matches it; an import is allowed when its target matches one of the rule's `imports`.
 * `<own>` stands for the importing file's own feature folder. Packages and Node modules are not checked.
 */

export interface LayerRule {
  /** What the rule is about, as a failure names it. */
  layer: string;
  files: RegExp;
  imports: readonly string[];
}

const PLATFORM = "app/server/";
const FEATURES = "app/features/";
const LEADS = "app/features/leads/";
const SHARED = ["app/lib/", "app/content/", "app/generated/", "app/load-context.ts"];

export const LAYER_RULES: readonly LayerRule[] = [
  {
    layer: "the platform (database, HTTP, mail, configuration, logging) imports no feature",
    files: /^app\/server\//,
    imports: [PLATFORM, ...SHARED],
  },
  {
    // Tests are not part of the site's module graph: a feature's test may set up a case that crosses
    // features (a quote and a contact message sharing the hourly acknowledgement, say).
    layer: "a feature's tests may use other features, never the other way round",
    files: /^app\/features\/[^/]+\/.*\.test\.tsx?$/,
    imports: [FEATURES, PLATFORM, "app/components/", ...SHARED],
  },
  {
    layer: "the shared lead plumbing imports no feature",
    files: /^app\/features\/leads\//,
    imports: [LEADS, PLATFORM, "app/components/", ...SHARED],
  },
  {
    layer: "a feature imports other features only through the shared lead plumbing",
    files: /^app\/features\/[^/]+\//,
    imports: ["<own>", LEADS, PLATFORM, "app/components/", ...SHARED],
  },
  {
    layer: "shared components import no feature and no server module",
    files: /^app\/components\//,
    imports: ["app/components/", "app/lib/", "app/content/"],
  },
  {
    layer: "a content test may also check content against the icon sprite",
    files: /^app\/content\/[^/]+\.test\.tsx?$/,
    imports: ["app/content/", "app/lib/", "app/generated/", "app/components/icons/"],
  },
  {
    layer: "content imports only content and the small helpers of app/lib",
    files: /^app\/content\//,
    imports: ["app/content/", "app/lib/", "app/generated/"],
  },
  {
    // The stylesheet's URL, for the pages that link it (app/lib/page-stylesheet.tsx).
    layer: "app/lib imports only app/lib, content and the site's stylesheet",
    files: /^app\/lib\//,
    imports: ["app/lib/", "app/content/", "app/generated/", "app/app.css"],
  },
  {
    // The composition root, the route modules and the app's entries put the pieces together.
    layer: "the composition root, routes and entries may import anything",
    files: /^app\/(?:site\/|routes\/|root(?:\.test)?\.tsx|entry\.|routes\.ts|load-context\.ts|env\.d\.ts)/,
    imports: ["app/"],
  },
];

function ownFeature(file: string): string | undefined {
  const match = /^app\/features\/[^/]+\//.exec(file);
  return match?.[0];
}

/** The rule a file of app/ falls under; undefined for a file no rule names (the test lists those). */
export function ruleFor(file: string): LayerRule | undefined {
  return LAYER_RULES.find((rule) => rule.files.test(file));
}

/**
 * Every import of `file` its rule forbids, as "file imports target: rule" lines. `imports` are
 * repository paths (resolved specifiers); those outside app/ (packages, Node) are not passed in.
 */
export function layerViolations(file: string, imports: readonly string[]): string[] {
  const rule = ruleFor(file);
  if (!rule) return [`${file}: no layer rule names this file`];
  const own = ownFeature(file);
  const allowed = rule.imports.map((prefix) => (prefix === "<own>" ? (own ?? "\0") : prefix));
  return imports
    .filter((target) => target.startsWith("app/"))
    .filter((target) => !allowed.some((prefix) => target === prefix || target.startsWith(prefix)))
    .map((target) => `${file} imports ${target}: ${rule.layer}`);
}

export const FEATURE_ROOT = FEATURES;

/**
 * Every import loop among the given files, each as the files in the loop ("a -> b -> a"). Type-only
 * imports count: a loop of types still ties two modules so that neither can be read or moved alone.
 * A depth-first search that reports each loop once, from its first file in the given order.
 */
export function importLoops(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const loops: string[] = [];
  const state = new Map<string, "open" | "done">();
  const trail: string[] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    trail.push(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      const seen = state.get(target);
      if (seen === "open") loops.push([...trail.slice(trail.indexOf(target)), target].join(" -> "));
      else if (seen === undefined) visit(target);
    }
    trail.pop();
    state.set(file, "done");
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return loops;
}

/**
 * The feature folders under app/features/, every one of them: the test fails when a folder is
 * missing or one is not listed (and docs/architecture.md must name each).
 */
export const FEATURE_FOLDERS = [
  "analytics",
  "catalogue",
  "contact",
  "desk",
  "leads",
  "newsletter",
  "privacy",
  "quote",
  "search",
] as const;

/** What the platform must not name: the features' tables, webhook events and forms. */
export interface FeatureNames {
  tables: readonly string[];
  events: readonly string[];
  forms: readonly string[];
}

/** Every table a migration creates (`createTable("name")`). */
export function tablesCreated(migrations: string): string[] {
  return [...migrations.matchAll(/createTable\(\s*["']([a-z_]+)["']/g)].map((match) => match[1] ?? "");
}

/** The tables the platform's DB interface declares itself (`name: SomeTable;` inside `interface DB {`). */
export function platformTables(schema: string): string[] {
  const body = /export interface DB \{([^}]*)\}/.exec(schema)?.[1] ?? "";
  return [...body.matchAll(/^\s*([a-z_]+):/gm)].map((match) => match[1] ?? "");
}

/** The string items of `export const NAME = [ ... ] as const` in a source text. */
export function constList(text: string, name: string): string[] {
  const body = new RegExp(`export const ${name}\\s*=\\s*\\[([^\\]]*)\\]`).exec(text)?.[1] ?? "";
  return [...body.matchAll(/["']([^"']+)["']/g)].map((match) => match[1] ?? "");
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Where a platform file names a feature: a feature's table or event anywhere in it (code or
 * comment), or a form's name as a string literal. As "file: names table x" lines.
 */
export function featureNamings(file: string, text: string, names: FeatureNames): string[] {
  const found: string[] = [];
  for (const table of names.tables)
    if (new RegExp(`\\b${escapeRegExp(table)}\\b`).test(text))
      found.push(`${file}: names the table ${table}`);
  for (const event of names.events)
    if (new RegExp(`(?<![\\w.])${escapeRegExp(event)}(?![\\w])`).test(text))
      found.push(`${file}: names the event ${event}`);
  for (const form of names.forms)
    if (new RegExp(`["'\`]${escapeRegExp(form)}["'\`]`).test(text))
      found.push(`${file}: names the form "${form}"`);
  return found;
}
