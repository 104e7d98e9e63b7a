import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/*
 * No function in app/ or scripts/ is longer than 80 lines (tests aside): a longer one is split into
 * named steps. The TypeScript compiler finds every function body (declarations, methods, arrow
 * functions, function expressions, constructors and accessors); a function's length runs from its
 * first line to its last, the functions inside it included. The only exceptions are in ALLOWED, each
 * with its reason.
 */

const root = fileURLToPath(new URL("..", import.meta.url));
const MAX_FUNCTION_LINES = 80;

/**
 * Functions allowed over the limit, as `file:name`. A data table (rows of data a function returns or
 * builds, with no logic to split) may stay whole; nothing else is allowed.
 */
const ALLOWED: ReadonlyMap<string, string> = new Map([
  // Data tables: rows of data with no logic in them.
  [
    "scripts/ops/catalogue-starter-supplies.ts:handlingItems",
    "data table: the starter range's material-handling items",
  ],
  // Shipped migrations: the schema's steps as released, never edited afterwards.
  [
    "app/site/migrations/0001-0008-shipped.server.ts:shippedMigrations",
    "data table: the first eight migrations as shipped",
  ],
  [
    "app/site/migrations/0001-0008-shipped.server.ts:up",
    "data table: a shipped migration's tables and indexes",
  ],
  ["app/site/migrations/0017-desk.server.ts:desk", "data table: a shipped migration's tables and indexes"],
  ["app/site/migrations/0017-desk.server.ts:up", "data table: a shipped migration's tables and indexes"],
]);

const SOURCE = /\.(?:ts|tsx|mts|mjs)$/;
/** Tests and what only tests use: their own fixtures, helpers and suites. */
const TEST_CODE = /(?:\.test\.tsx?$|\/testing\/)/;

function sources(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
    .map((file) => path.posix.join(folder, file.split(path.sep).join("/")))
    .filter((file) => SOURCE.test(file) && !TEST_CODE.test(file) && !file.startsWith("app/generated/"));
}

interface LongFunction {
  /** `file:name`, the key ALLOWED uses. */
  key: string;
  lines: number;
}

/** The name a function goes by: its own, its variable's, its property's or its method's. */
function nameOf(node: ts.Node, source: ts.SourceFile): string {
  const named = node as { name?: ts.Node };
  if (named.name && !ts.isComputedPropertyName(named.name)) return named.name.getText(source);
  if (ts.isConstructorDeclaration(node)) return "constructor";
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return parent.name.getText(source);
  if (ts.isExportAssignment(parent)) return "default";
  const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  return `<anonymous at line ${line}>`;
}

/** Every function in `text` longer than `max` lines. */
function longFunctions(file: string, text: string, max = MAX_FUNCTION_LINES): LongFunction[] {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > max) found.push({ key: `${file}:${nameOf(node, source)}`, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("functions (no function over 80 lines in app/ or scripts/)", () => {
  it("finds a long function wherever it is written", () => {
    const body = Array.from({ length: 81 }, (_, i) => `  step(${i});`).join("\n");
    const text = [
      `export function declared() {\n${body}\n}`,
      `export const arrow = () => {\n${body}\n};`,
      `class Reader {\n  method() {\n${body}\n  }\n}`,
      `export function short() {\n  return 1;\n}`,
    ].join("\n");
    expect(longFunctions("app/example.ts", text).map((found) => found.key)).toEqual([
      "app/example.ts:declared",
      "app/example.ts:arrow",
      "app/example.ts:method",
    ]);
  });

  it("keeps every function in app/ and scripts/ to 80 lines, but for the allowed ones", () => {
    const over = [...sources("app"), ...sources("scripts")]
      .flatMap((file) => longFunctions(file, readFileSync(path.join(root, file), "utf8")))
      .filter((found) => !ALLOWED.has(found.key))
      .map((found) => `${found.key} (${found.lines} lines)`);
    expect(over).toEqual([]);
  });

  it("allows only functions that are still over the limit", () => {
    const over = new Set(
      [...sources("app"), ...sources("scripts")].flatMap((file) =>
        longFunctions(file, readFileSync(path.join(root, file), "utf8")).map((found) => found.key),
      ),
    );
    expect([...ALLOWED.keys()].filter((key) => !over.has(key))).toEqual([]);
  });
});
