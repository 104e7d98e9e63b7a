import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { productSectionIds } from "~/content/ids";
import { parseYamlFile } from "~/lib/yaml-file";
import { EnvError } from "~/server/env.server";
import { isReservedAttributeKey, MAKE_ATTRIBUTE } from "./columns";
import type { CatalogueAttribute, CatalogueFamily } from "./model";

/*
 * The families file (content/catalogue/families.yaml, docs/catalogue.md#the-families-file): every family
 * of the range, its product area and its attributes in display order. Read and checked when the server
 * starts and before every import; a mistake stops either, named with its line.
 */

/** Where the server and the import read it: content/ in the working folder (the release's folder). */
export const FAMILIES_FILE = path.join("content", "catalogue", "families.yaml");

const KEY = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;
const SLUG = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const ONE_LINE = /^[^\p{Cc}\u2028\u2029]+$/u;

const line = (max: number) =>
  z
    .string({ message: "is required" })
    .trim()
    .min(1, "is required")
    .max(max, `must be at most ${max} characters`)
    .regex(ONE_LINE, "must be one line without control characters");

const attributeSchema = z
  .strictObject({
    key: z
      .string({ message: "is required" })
      .regex(KEY, "must be lower-case letters and digits, words joined by underscores (e.g. face_stock)")
      .refine((key) => !isReservedAttributeKey(key), {
        message: "is one of the item columns (sku, name, unit, pack, …): choose another key",
      }),
    label: line(60),
    type: z.enum(["number", "choice", "text"], { message: "must be number, choice or text" }),
    unit: line(20).optional(),
    choices: z
      .array(line(60), { message: "must be a list of values" })
      .min(1, "must list at least one value")
      .optional(),
    filter: z.boolean({ message: "must be true or false" }).default(false),
    column: z.boolean({ message: "must be true or false" }).default(false),
    optional: z.boolean({ message: "must be true or false" }).default(false),
  })
  .superRefine((attribute, ctx) => {
    const problem = attributeProblem(attribute);
    if (problem) ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message });
  });

function attributeProblem(attribute: {
  key: string;
  type: string;
  unit?: string;
  choices?: string[];
}): { field: string; message: string } | undefined {
  if (attribute.type === "choice" && !attribute.choices)
    return { field: "choices", message: "is required for a choice: list the values a cell may hold" };
  if (attribute.type !== "choice" && attribute.choices)
    return { field: "choices", message: "is only for type choice" };
  if (attribute.choices && new Set(attribute.choices).size !== attribute.choices.length)
    return { field: "choices", message: "lists a value twice" };
  if (attribute.unit !== undefined && attribute.type !== "number")
    return { field: "unit", message: "is only for type number" };
  // The size search reads a family's width and height as inches (docs/catalogue.md#search-keys).
  if ((attribute.key === "width" || attribute.key === "height") && attribute.type === "number") {
    if (attribute.unit !== "in") return { field: "unit", message: "must be in: sizes are in inches" };
  }
  if (attribute.key === MAKE_ATTRIBUTE && attribute.type === "number")
    return { field: "type", message: "must be choice or text for make" };
  return undefined;
}

const familySchema = z.strictObject({
  slug: z
    .string({ message: "is required" })
    .regex(
      SLUG,
      "must be lower-case letters and digits, words joined by hyphens (e.g. direct-thermal-labels)",
    ),
  name: line(80),
  area: z.enum(productSectionIds, { message: `must be a product area: ${productSectionIds.join(", ")}` }),
  description: line(400),
  attributes: z
    .array(attributeSchema, { message: "must be a list of attributes" })
    .min(1, "must list at least one attribute")
    .superRefine((attributes, ctx) => {
      const seen = new Set<string>();
      attributes.forEach((attribute, index) => {
        if (seen.has(attribute.key))
          ctx.addIssue({ code: "custom", path: [index, "key"], message: `"${attribute.key}" is used twice` });
        seen.add(attribute.key);
      });
    }),
});

const familiesFileSchema = z
  .strictObject({
    families: z.array(familySchema, { message: "must be a list of families" }).min(1, "must list a family"),
  })
  .superRefine((file, ctx) => {
    const seen = new Set<string>();
    file.families.forEach((family, index) => {
      if (seen.has(family.slug))
        ctx.addIssue({
          code: "custom",
          path: ["families", index, "slug"],
          message: `"${family.slug}" is used twice`,
        });
      seen.add(family.slug);
    });
  });

/** A mistake in the families file: the server does not start, and an import does not run. */
export class FamiliesError extends EnvError {
  constructor(problems: string[]) {
    super(problems);
    this.name = "FamiliesError";
    this.message = `Invalid catalogue families:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`;
  }
}

/** The families file's text as families, or a FamiliesError naming every mistake as `FILE:LINE: where: problem`. */
export function parseFamilies(text: string, file: string = FAMILIES_FILE): CatalogueFamily[] {
  const result = parseYamlFile(text, file, familiesFileSchema);
  if (!result.ok) throw new FamiliesError(result.problems);
  return result.data.families.map((family) => ({
    ...family,
    attributes: family.attributes.map(
      (attribute): CatalogueAttribute => ({
        key: attribute.key,
        label: attribute.label,
        type: attribute.type,
        ...(attribute.unit !== undefined ? { unit: attribute.unit } : {}),
        ...(attribute.choices !== undefined ? { choices: attribute.choices } : {}),
        filter: attribute.filter,
        column: attribute.column,
        optional: attribute.optional,
      }),
    ),
  }));
}

/** Reads and checks the families file (at start, and before an import). */
export function loadFamilies(file: string = FAMILIES_FILE): CatalogueFamily[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const reason = error instanceof Error && "code" in error ? String(error.code) : "unreadable";
    throw new FamiliesError([`${file}: cannot be read (${reason}); it is read from the working folder`]);
  }
  return parseFamilies(text, file);
}
