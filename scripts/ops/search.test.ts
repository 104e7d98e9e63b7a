import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { beforeEach, describe, expect, it } from "vitest";
import { recordSearchMiss } from "~/features/search/misses.server";
import { captureCli, itRefusesWithUsage, NO_DATABASE, repoRoot, tsxBin } from "../../tests/support/cli";
import { freshDatabaseEach, testDialects } from "../../tests/support/databases";
import { main, parseCommand, USAGE } from "./search";

const run = promisify(execFile);
/** The keyed hash of a visitor's address, as the search page counts misses under it. */
const CLIENT = "0123456789abcdef0123456789abcdef";

describe("search command arguments", () => {
  itRefusesWithUsage(main, USAGE, [
    [],
    ["hits"],
    ["misses", "extra"],
    ["misses", "--since", "2026-02-30"],
    ["misses", "--since", "last week"],
    ["misses", "--since"],
    ["misses", "--bogus"],
  ]);

  it("reads both forms of --since", () => {
    expect(parseCommand(["misses", "--since=2026-03-01"])).toEqual({ kind: "misses", since: "2026-03-01" });
    expect(parseCommand(["misses"])).toEqual({ kind: "misses", since: undefined });
  });

  it("says so when the SQLite file does not exist, instead of reporting an empty database", async () => {
    const { out, io } = captureCli({ DATABASE_URL: NO_DATABASE });
    expect(await main(["misses"], io)).toBe(1);
    expect(out.stderr).toMatch(/no database at/);
  });
});

describe.each(testDialects)("search misses report on $name", (dialect) => {
  const t = freshDatabaseEach(dialect);
  beforeEach(async () => {
    const at = (day: string, time = "09:15") => new Date(`2026-03-${day}T${time}:00.000Z`);
    await recordSearchMiss(t.db, CLIENT, "Ribbon for ZT-410", at("01"));
    await recordSearchMiss(t.db, CLIENT, "ribbon for zt 410", at("05", "14:40"));
    await recordSearchMiss(t.db, CLIENT, "forklift batteries", at("02"));
    await recordSearchMiss(t.db, CLIENT, "4 X 6 pallet tags", at("06"));
    await recordSearchMiss(t.db, CLIENT, "4x6 pallet tags", at("06", "10:00"));
    await recordSearchMiss(t.db, CLIENT, "4×6 pallet tags", at("07"));
  });

  it("prints the misses, most frequent first, with counts and when they were last searched", async () => {
    const { out, io } = captureCli({ DATABASE_URL: t.url });
    expect(await main(["misses"], io)).toBe(0);
    expect(out.stdout.split("\n")).toEqual([
      "count  last seen (UTC)   query",
      "    3  2026-03-07 09:15  4x6 pallet tags",
      "    2  2026-03-05 14:40  ribbon for zt410",
      "    1  2026-03-02 09:15  forklift batteries",
      "",
    ]);
    expect(out.stderr).toBe("");
  });

  it("--since keeps the queries searched on or after that day", async () => {
    const { out, io } = captureCli({ DATABASE_URL: t.url });
    expect(await main(["misses", "--since", "2026-03-05"], io)).toBe(0);
    expect(out.stdout).toContain("4x6 pallet tags");
    expect(out.stdout).toContain("ribbon for zt410");
    expect(out.stdout).not.toContain("forklift");
  });

  it("says when there is nothing to report", async () => {
    const { out, io } = captureCli({ DATABASE_URL: t.url });
    expect(await main(["misses", "--since", "2027-01-01"], io)).toBe(0);
    expect(out.stdout).toBe("No searches without results.\n");
  });

  it("runs as npm run search -- misses", async () => {
    const { stdout } = await run(tsxBin, ["scripts/ops/search.ts", "misses"], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: t.url, LOG_LEVEL: "silent" },
    });
    expect(stdout).toContain("    3  2026-03-07 09:15  4x6 pallet tags");
  });
});
