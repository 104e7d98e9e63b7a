import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { runtimeRefusal, SUPPORTED_NODE_MAJOR } from "./runtime.server";

describe("the supported Node.js runtime", () => {
  it("is the one the tests run on", () => {
    expect(process.versions.node.split(".")[0]).toBe(String(SUPPORTED_NODE_MAJOR));
    expect(runtimeRefusal(process.version)).toBeUndefined();
  });

  it("refuses an older or newer major in one line that names both versions", () => {
    for (const version of ["v20.20.2", "v22.22.0", "v26.10.0"]) {
      const refusal = runtimeRefusal(version);
      expect(refusal).toContain(`this is Node.js ${version}`);
      expect(refusal).toContain("Node.js 24 is required");
      expect(refusal).not.toContain("\n");
    }
  });

  it("is what npm scripts run: node_modules/.bin's node comes first on their PATH", () => {
    const result = spawnSync("npm", ["exec", "--", "node", "-p", "process.version"], { encoding: "utf8" });
    expect(result.stdout.trim()).toMatch(new RegExp(`^v${SUPPORTED_NODE_MAJOR}\\.`));
  });
});
