import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOGUE_CHECK_MS } from "~/features/catalogue/catalogue.server";
import { STARTER_SOURCE } from "~/features/catalogue/import.server";
import { csvOf, labelRow } from "~/features/catalogue/testing/fixtures.server";
import { listVersions } from "~/features/catalogue/versions.server";
import { parseEnv } from "~/server/env.server";
import { siteCatalogue } from "~/site/catalogue.server";
import { type Services, startServices } from "~/site/services.server";
import { main as catalogueCommand } from "../../scripts/ops/catalogue";
import { captureCli } from "../support/cli";
import { silentLogger, type TestDatabase, testDialects } from "../support/databases";

/*
 * Two server instances on one PostgreSQL database, as the site runs them behind a load balancer: they
 * start together on an empty database and load the starter range once; an import from the command
 * line on a third machine is then served by both within the check interval, without a restart.
 */

const postgres = testDialects.find((dialect) => dialect.name === "postgres");
if (!postgres) throw new Error("no PostgreSQL test dialect");

describe("two instances on PostgreSQL", () => {
  let database: TestDatabase;
  let instances: Services[] = [];
  let dir = "";

  beforeAll(async () => {
    database = await postgres.create();
    dir = mkdtempSync(path.join(tmpdir(), "ridgeline-instances-"));
    const env = parseEnv({
      DATABASE_URL: database.url,
      MAIL_DIR: path.join(dir, "mail"),
      LOG_LEVEL: "silent",
    });
    instances = await Promise.all(
      [1, 2].map(() => {
        const catalogue = siteCatalogue();
        return startServices(env, silentLogger, { catalogue: catalogue.open, jobs: [catalogue.job] });
      }),
    );
  });
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.close()));
    await database?.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it("load the starter range once, then both serve an imported version within the check interval", async () => {
    const versions = await listVersions(database.db);
    expect(versions.map((version) => version.source)).toEqual([STARTER_SOURCE]);
    for (const instance of instances)
      expect(instance.site.catalogue.current().info.version).toBe(versions[0]?.version);

    const file = path.join(dir, "range.csv");
    writeFileSync(file, csvOf([labelRow("NEW-4X6-1"), labelRow("NEW-4X6-2")], { bom: true, crlf: true }));
    const cli = captureCli({ DATABASE_URL: database.url });
    const imported = Date.now();
    expect(await catalogueCommand(["import", file], cli.io)).toBe(0);

    await expect
      .poll(() => instances.map((instance) => instance.site.catalogue.current().item("new-4x6-2")?.sku), {
        timeout: CATALOGUE_CHECK_MS + 5_000,
        interval: 200,
      })
      .toEqual(["NEW-4X6-2", "NEW-4X6-2"]);
    expect(Date.now() - imported).toBeLessThan(CATALOGUE_CHECK_MS + 5_000);
  }, 60_000);
});
