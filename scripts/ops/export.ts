import {
  ATTRIBUTION_CSV_HEADER,
  attributionCsvCells,
  readAttributions,
} from "~/features/leads/attribution/attribution.server";
import { type Database, SUBSCRIPTION_RECORD_COLUMNS } from "~/server/db/schema.server";
import { checkSince, commandMain, readArguments, runIfInvoked, UsageError, writeOutput } from "./cli";
import { toCsv } from "./export-csv";

export const USAGE = `Usage:
  npx tsx scripts/ops/export.ts leads export [--since YYYY-MM-DD] [--out FILE]
  npx tsx scripts/ops/export.ts subscribers export [--all] [--out FILE]

Writes CSV (RFC 4180) from the database that DATABASE_URL names (default sqlite:./data/site.db).
  --since YYYY-MM-DD  only leads received on or after that day (UTC)
  --all               subscribers: pending and unsubscribed too, with a status column
  --out FILE          write to FILE instead of standard output
`;

export type ExportCommand =
  | { kind: "leads"; since?: string; out?: string }
  | { kind: "subscribers"; out?: string; all?: boolean }
  | { kind: "help" };

const readArgs = (argv: string[]) =>
  readArguments(argv, {
    since: { type: "string" },
    out: { type: "string" },
    all: { type: "boolean" },
    help: { type: "boolean", short: "h" },
  });

export function parseCommand(argv: string[]): ExportCommand {
  const { values, positionals } = readArgs(argv);
  if (values.help) return { kind: "help" };
  const [subject, verb, ...extra] = positionals;
  if ((subject !== "leads" && subject !== "subscribers") || verb !== "export" || extra.length > 0) {
    throw new UsageError("expected 'leads export' or 'subscribers export'");
  }
  if (values.out !== undefined && values.out.trim() === "") throw new UsageError("--out needs a file name");
  if (subject === "subscribers") {
    if (values.since !== undefined) throw new UsageError("--since applies to leads only");
    return values.all
      ? { kind: "subscribers", out: values.out, all: true }
      : { kind: "subscribers", out: values.out };
  }
  if (values.all) throw new UsageError("--all applies to subscribers only");
  checkSince(values.since);
  return { kind: "leads", since: values.since, out: values.out };
}

export async function buildCsv(db: Database, command: Exclude<ExportCommand, { kind: "help" }>) {
  if (command.kind === "subscribers") {
    // Consent records (docs/newsletter.md): confirmed subscribers, or everyone with --all.
    const rows = await db
      .selectFrom("newsletter_subscriptions")
      .select(SUBSCRIPTION_RECORD_COLUMNS)
      .$if(!command.all, (qb) => qb.where("status", "=", "confirmed"))
      .orderBy("id")
      .execute();
    const consent = (row: (typeof rows)[number]) => [
      row.subscribed_at,
      row.confirmed_at,
      row.consent_version,
      row.client_key,
    ];
    const csv = command.all
      ? toCsv(
          [
            "id",
            "email",
            "status",
            "subscribed_at",
            "confirmed_at",
            "consent_version",
            "client_key",
            "unsubscribed_at",
          ],
          rows.map((row) => [row.id, row.email, row.status, ...consent(row), row.unsubscribed_at]),
        )
      : toCsv(
          ["id", "email", "subscribed_at", "confirmed_at", "consent_version", "client_key"],
          rows.map((row) => [row.id, row.email, ...consent(row)]),
        );
    return { csv, count: rows.length };
  }
  const rows = await db
    .selectFrom("contact_submissions")
    .select(["id", "created_at", "name", "email", "phone", "message", "reference"])
    // Messages held aside as likely spam are not leads until released (docs/spam.md).
    .where((eb) => eb.or([eb("held_at", "is", null), eb("released_at", "is not", null)]))
    .$if(command.since !== undefined, (qb) => qb.where("created_at", ">=", `${command.since}T00:00:00.000Z`))
    .orderBy("id")
    .execute();
  // How each visitor came (docs/attribution.md); empty for leads from before it was kept.
  const attribution = await readAttributions(
    db,
    "contact",
    rows.map((row) => row.id),
  );
  const csv = toCsv(
    ["id", "received_at", "name", "email", "phone", "message", "reference", ...ATTRIBUTION_CSV_HEADER],
    rows.map((row) => [
      row.id,
      row.created_at,
      row.name,
      row.email,
      row.phone,
      row.message,
      row.reference,
      ...attributionCsvCells(attribution.get(row.id)),
    ]),
  );
  return { csv, count: rows.length };
}

/** Runs the command line; resolves with the exit code (2 for bad arguments, 1 for failures). */
export const main = commandMain({
  name: "export",
  usage: USAGE,
  parse: parseCommand,
  async run(db, command, { io: out }) {
    const { csv, count } = await buildCsv(db, command);
    await writeOutput(out, "export", { text: csv, out: command.out, what: `${count} ${command.kind}` });
    return 0;
  },
});

runIfInvoked(import.meta.url, main);
