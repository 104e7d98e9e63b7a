import { releaseHeldContact } from "~/features/contact/contact.server";
import {
  type HeldLead,
  kindOfReference,
  listHeldLeads,
  type ReleaseOutcome,
} from "~/features/leads/held.server";
import { loadRouting } from "~/features/leads/routing/routing.server";
import { releaseHeldQuote } from "~/features/quote/server/quote-follow-ups.server";
import type { Database } from "~/server/db/schema.server";
import type { Logger } from "~/server/logger.server";
import { readSiteMailSettings, type SiteMailSettings } from "~/server/mail/site-mail-settings.server";
import { migrate } from "~/site/migrations.server";
import { type CommandIo, readArguments, runCommand, runIfInvoked, UsageError } from "./cli";
import { main as runExport } from "./export";

export const USAGE = `Usage:
  npm run leads -- export [--since YYYY-MM-DD] [--out FILE]   contact messages as CSV (not held ones)
  npm run leads -- held            list the leads held aside as likely spam
  npm run leads -- release REF     send a held lead on as if just received (C-… or Q-…)

Works on the database that DATABASE_URL names (docs/spam.md). A release queues the sales notification
and the acknowledgement once, addressed as the site that last started on that database addresses its
mail (not by this command's SALES_EMAIL or BRANCH_EMAIL_*); the running site's mail worker sends them. Releasing the same reference
again does nothing. Held leads not released are deleted after 30 days.
`;

type LeadsCommand = { verb: "held" } | { verb: "release"; reference: string };

function parseCommand(argv: string[]): LeadsCommand | "help" {
  const { values, positionals } = readArguments(argv, { help: { type: "boolean", short: "h" } });
  if (values.help) return "help";
  const [verb, reference, ...extra] = positionals;
  if (verb === "held" && reference === undefined) return { verb };
  if (verb === "release" && reference !== undefined && extra.length === 0) {
    const normalised = reference.trim().toUpperCase();
    if (!kindOfReference(normalised))
      throw new UsageError(`'${reference}' is not a reference like C-7K3M9P or Q-8CJWGX`);
    return { verb, reference: normalised };
  }
  throw new UsageError("expected 'held' or 'release REF'");
}

const shorten = (text: string, length: number) =>
  text.length > length ? `${text.slice(0, length - 1)}…` : text;

/** One line per held lead: reference, kind, received, reasons, company or name shortened. */
export function formatHeld(leads: readonly HeldLead[]): string {
  if (leads.length === 0) return "leads: no held leads\n";
  const lines = leads.map((lead) =>
    [
      lead.reference.padEnd(9),
      lead.kind.padEnd(7),
      lead.receivedAt.slice(0, 16).replace("T", " "),
      lead.reasons
        .map((reason) => reason.code)
        .join(",")
        .padEnd(28),
      shorten(lead.who.replace(/\s+/g, " "), 30),
    ].join("  "),
  );
  const header = ["REFERENCE".padEnd(9), "KIND   ", "RECEIVED (UTC)  ", "REASONS".padEnd(28), "WHO"].join(
    "  ",
  );
  return `${header}\n${lines.join("\n")}\n${leads.length} held\n`;
}

/** The services a release queues with: the running site's addresses, never this command's own. */
function services(db: Database, site: SiteMailSettings, logger: Logger) {
  return {
    db,
    logger,
    salesEmail: site.salesEmail,
    mailFrom: site.mailFrom,
    timeZone: site.timeZone,
    visitorMailPerHour: site.visitorMailPerHour,
    routing: loadRouting({ BRANCH_EMAILS: site.branchEmails }),
    siteUrl: site.siteUrl,
    fileLinkSecret: site.fileLinkSecret,
  };
}

const NO_SITE_SETTINGS =
  "leads: the site has not started on this database yet, so where its mail goes is not known; start it once, then release\n";

function releaseMessage(reference: string, outcome: ReleaseOutcome<unknown>): { text: string; code: number } {
  switch (outcome.status) {
    case "released":
      return {
        text: `leads: ${reference} released: its notification and acknowledgement are queued\n`,
        code: 0,
      };
    case "already-released":
      return {
        text: `leads: ${reference} was already released (${outcome.releasedAt}); nothing queued\n`,
        code: 0,
      };
    case "not-held":
      return { text: `leads: ${reference} was not held; nothing queued\n`, code: 1 };
    case "not-found":
      return { text: `leads: no lead ${reference}\n`, code: 1 };
  }
}

/** Runs the command line; resolves with the exit code (2 for bad arguments, 1 for failures). */
export function main(argv: string[], io: CommandIo): Promise<number> {
  if (argv[0] === "export") return runExport(["leads", ...argv], io);
  return runCommand(
    {
      name: "leads",
      usage: USAGE,
      parse: parseCommand,
      async run(db, command, { io: out, logger }) {
        await migrate(db);
        if (command.verb === "held") {
          out.stdout.write(formatHeld(await listHeldLeads(db)));
          return 0;
        }
        const site = await readSiteMailSettings(db);
        if (!site) {
          out.stderr.write(NO_SITE_SETTINGS);
          return 1;
        }
        const deps = services(db, site, logger);
        const outcome =
          kindOfReference(command.reference) === "quote"
            ? await releaseHeldQuote(deps, command.reference)
            : await releaseHeldContact(deps, command.reference);
        const { text, code } = releaseMessage(command.reference, outcome);
        (code === 0 ? out.stdout : out.stderr).write(text);
        return code;
      },
    },
    argv,
    io,
  );
}

runIfInvoked(import.meta.url, main);
