import { describe, expect, it } from "vitest";
import { captureCli, itRefusesWithUsage } from "../../tests/support/cli";
import { freshDatabaseEach, testDialects } from "../../tests/support/databases";
import { main as staff, USAGE } from "./staff";

describe("staff arguments", () => {
  itRefusesWithUsage(staff, USAGE, [
    [],
    ["add"],
    ["add", "not-an-address", "--role", "owner"],
    ["add", "rep@example.test", "--role", "rep"],
    ["add", "boss@example.test", "--role", "king"],
    ["add", "boss@example.test", "--role", "owner", "--branch", "reno"],
    ["list", "extra"],
    ["list", "--role", "rep"],
    ["disable"],
  ]);
});

describe.each(testDialects)("npm run staff on $name", (dialect) => {
  const t = freshDatabaseEach(dialect);
  const run = async (argv: string[]) => {
    const cli = captureCli({ DATABASE_URL: t.url });
    const code = await staff(argv, cli.io);
    return { code, ...cli.out };
  };

  it("adds an owner and a rep of a branch, lists them, disables one, and refuses a branch the routing has not", async () => {
    const owner = await run(["add", "Owner@Example.test", "--role", "owner"]);
    expect(owner).toMatchObject({ code: 0, stderr: "" });
    expect(owner.stdout).toBe("staff: owner@example.test added as owner; they sign in at /desk\n");
    const rep = await run(["add", "rep@example.test", "--role", "rep", "--branch", "Dallas"]);
    expect(rep.stderr).toBe("");
    expect(rep.stdout).toContain("rep@example.test added as rep (dallas)");
    const unknown = await run(["add", "x@example.test", "--role", "rep", "--branch", "boston"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("--branch must be one of atlanta, chicago, dallas, reno");

    const list = await run(["list"]);
    expect(list.stdout).toMatch(/^owner@example\.test\s+owner\s+-\s+\d{4}-\d\d-\d\d\s+-$/m);
    expect(list.stdout).toMatch(/^rep@example\.test\s+rep\s+dallas\s+\d{4}-\d\d-\d\d\s+-$/m);
    expect(list.stdout).not.toContain("x@example.test");

    expect((await run(["disable", "REP@example.test"])).stdout).toContain("rep@example.test disabled");
    expect((await run(["list"])).stdout).toMatch(
      /^rep@example\.test\s+rep\s+dallas\s+\S+\s+\d{4}-\d\d-\d\d$/m,
    );
    const missing = await run(["disable", "nobody@example.test"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("no member of staff nobody@example.test");

    // Adding a disabled address again enables it, with its new role.
    expect((await run(["add", "rep@example.test", "--role", "manager"])).stdout).toContain(
      "rep@example.test updated as manager",
    );
    expect((await run(["list"])).stdout).toMatch(/^rep@example\.test\s+manager\s+-\s+\S+\s+-$/m);
  });
});
