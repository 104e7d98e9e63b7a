/**
 * `npm run catalogue -- import FILE.csv [--dry-run] | export [FILE] | versions | rollback [--to N]`:
 * the company's range in and out of the database DATABASE_URL names (docs/catalogue.md).
 */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { loadVersionItems } from "~/features/catalogue/catalogue.server";
import { CSV_LIMITS } from "~/features/catalogue/csv-read.server";
import { exportCatalogueCsv } from "~/features/catalogue/export.server";
import { FamiliesError, loadFamilies } from "~/features/catalogue/families.server";
import { formatRowError, importCatalogue } from "~/features/catalogue/import.server";
import {
  activeVersion,
  listVersions,
  rollback,
  type StoredVersion,
} from "~/features/catalogue/versions.server";
import type { Database } from "~/server/db/schema.server";
import { migrate } from "~/site/migrations.server";
import { type CommandIo, readArguments, runCommand, runIfInvoked, UsageError, writeOutput } from "./cli";

export const USAGE = `Usage:
  npm run catalogue -- import FILE.csv [--dry-run]   check a CSV and make it the new active version
  npm run catalogue -- export [FILE]                 the active version as CSV (standard output without FILE)
  npm run catalogue -- versions                      the versions kept, newest first
  npm run catalogue -- rollback [--to N]             make the previous version (or version N) active

Works on the database that DATABASE_URL names, with the families of content/catalogue/families.yaml
(docs/catalogue.md). An import names every bad row with its row, column and reason and then changes
nothing; --dry-run checks without writing. Running sites serve a new active version within 15 seconds.
Exit codes: 0 done, 1 a mistake or failure, 2 bad arguments.
`;

type CatalogueCommand =
  | { verb: "import"; file: string; dryRun: boolean }
  | { verb: "export"; out?: string }
  | { verb: "versions" }
  | { verb: "rollback"; to?: number };

function parseCommand(argv: string[]): CatalogueCommand | "help" {
  const { values, positionals } = readArguments(argv, {
    "dry-run": { type: "boolean" },
    to: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) return "help";
  const [verb, argument, ...extra] = positionals;
  if (extra.length > 0) throw new UsageError(`unexpected '${extra.join(" ")}'`);
  if (values["dry-run"] && verb !== "import") throw new UsageError("--dry-run applies to import only");
  if (values.to !== undefined && verb !== "rollback") throw new UsageError("--to applies to rollback only");
  switch (verb) {
    case "import":
      if (!argument) throw new UsageError("import needs the CSV file");
      return { verb, file: argument, dryRun: values["dry-run"] === true };
    case "export":
      return argument ? { verb, out: argument } : { verb };
    case "versions":
    case "rollback":
      if (argument !== undefined) throw new UsageError(`unexpected '${argument}'`);
      if (verb === "versions") return { verb };
      if (values.to === undefined) return { verb };
      if (!/^[1-9]\d{0,9}$/.test(values.to))
        throw new UsageError(`--to needs a version number, got '${values.to}'`);
      return { verb, to: Number(values.to) };
    default:
      throw new UsageError("expected import, export, versions or rollback");
  }
}

const when = (iso: string) => iso.slice(0, 16).replace("T", " ");

/** The versions as a table, newest first. */
export function formatVersions(versions: readonly StoredVersion[]): string {
  if (versions.length === 0)
    return "catalogue: no version yet (the site loads the starter range at its first start)\n";
  const lines = versions.map(
    (version) =>
      `${String(version.version).padStart(7)}  ${when(version.importedAt)}  ${String(version.itemCount).padStart(6)}  ${version.source}${version.active ? "  (active)" : ""}`,
  );
  return `VERSION  IMPORTED (UTC)     ITEMS  SOURCE\n${lines.join("\n")}\n`;
}

async function runImport(
  db: Database,
  command: { file: string; dryRun: boolean },
  io: CommandIo,
): Promise<number> {
  const name = path.basename(command.file);
  const size = await stat(command.file).then(
    (info) => (info.isFile() ? info.size : undefined),
    () => undefined,
  );
  if (size === undefined) {
    io.stderr.write(`catalogue: no file ${path.resolve(command.file)}\n`);
    return 1;
  }
  // Refused before a byte is parsed; the reader counts the bytes again as they arrive.
  if (size > CSV_LIMITS.maxBytes) {
    io.stderr.write(`catalogue: ${name} is larger than 50 MB; nothing was imported\n`);
    return 1;
  }
  const families = loadFamilies();
  await migrate(db);
  const result = await importCatalogue(db, createReadStream(command.file), {
    families,
    name,
    dryRun: command.dryRun,
  });
  switch (result.status) {
    case "refused":
      io.stderr.write(`catalogue: ${result.refusal}; nothing was imported\n`);
      return 1;
    case "invalid": {
      for (const error of result.errors) io.stderr.write(`${formatRowError(name, error)}\n`);
      const count = result.errors.length;
      io.stderr.write(
        `catalogue: ${count} ${count === 1 ? "mistake" : "mistakes"} in ${name}; nothing was imported\n`,
      );
      return 1;
    }
    case "checked":
      io.stdout.write(
        `catalogue: ${name} is valid (${result.itemCount} items); nothing was imported (--dry-run)\n`,
      );
      return 0;
    case "imported":
      io.stdout.write(
        `catalogue: imported ${name} as version ${result.version.version} (${result.version.itemCount} items); it is active now\n`,
      );
      return 0;
  }
}

async function runExport(db: Database, out: string | undefined, io: CommandIo): Promise<number> {
  await migrate(db);
  const active = await activeVersion(db);
  if (!active) {
    io.stderr.write("catalogue: no version to export yet\n");
    return 1;
  }
  const text = exportCatalogueCsv(loadFamilies(), await loadVersionItems(db, active.version));
  await writeOutput(io, "catalogue", {
    text,
    out,
    what: `version ${active.version} (${active.itemCount} items)`,
  });
  return 0;
}

async function runRollback(db: Database, to: number | undefined, io: CommandIo): Promise<number> {
  await migrate(db);
  const result = await rollback(db, to);
  if (!result.ok) {
    io.stderr.write(`catalogue: ${result.reason}; nothing changed\n`);
    return 1;
  }
  io.stdout.write(
    `catalogue: version ${result.to.version} (${result.to.source}, ${result.to.itemCount} items) is active again; version ${result.from.version} is kept (rollback --to ${result.from.version} returns to it)\n`,
  );
  return 0;
}

/** Runs the command line; resolves with the exit code (2 for bad arguments, 1 for failures). */
export function main(argv: string[], io: CommandIo): Promise<number> {
  return runCommand(
    {
      name: "catalogue",
      usage: USAGE,
      parse: parseCommand,
      async run(db, command, { io: out }) {
        switch (command.verb) {
          case "import":
            return runImport(db, command, out);
          case "export":
            return runExport(db, command.out, out);
          case "versions":
            await migrate(db);
            out.stdout.write(formatVersions(await listVersions(db)));
            return 0;
          case "rollback":
            return runRollback(db, command.to, out);
        }
      },
      // A mistake in the families file is named line by line, as the server names it.
      describeFailure: (error) =>
        error instanceof FamiliesError
          ? `catalogue: ${error.message}`
          : `catalogue failed: ${error instanceof Error ? error.message : String(error)}`,
    },
    argv,
    io,
  );
}

runIfInvoked(import.meta.url, main);
