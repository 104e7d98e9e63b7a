/*
 * Overdue reminders (docs/desk.md#overdue): a lead still New after the overdue minutes of business time
 * gets one e-mail to its branch (to SALES_EMAIL when it has none). Each instance looks every minute;
 * the reminder is queued in the site's outbox with the dedupe key `desk-overdue:<kind>:<id>`, so it
 * survives a restart, and of two instances finding the same lead only one insert takes the key.
 */
import { sql } from "kysely";
import { bodyLine, headerSafe } from "~/features/leads/email-text.server";
import type { SiteServices } from "~/load-context";
import { writeStatement } from "~/server/db/database.server";
import { isoTime } from "~/server/db/schema.server";
import type { Logger } from "~/server/logger.server";
import { formatReceived } from "~/server/mail/company-time.server";
import { type Email, enqueueMail, MAIL_PRIORITY } from "~/server/mail/outbox.server";
import { type PeriodicOptions, startPeriodicCheck } from "~/server/periodic.server";
import { branchHours, type HoursServices, isOverdue, overdueMinutesOf } from "./hours";
import { syncDeskLeads } from "./inbox.server";
import { type DeskLeadKind, deskTables } from "./tables.server";

export const REMINDER_KIND = "desk_overdue_reminder";
/** Leads received longer ago than this are never reminded (a desk installed on old leads sends nothing for them). */
export const REMINDER_LOOKBACK_MS = 7 * 24 * 60 * 60 * 1000;
/** Leads looked at per check. */
const BATCH = 200;

export type ReminderServices = HoursServices &
  Pick<SiteServices, "db" | "salesEmail" | "mailFrom" | "siteUrl">;

export function reminderDedupeKey(kind: DeskLeadKind, id: number): string {
  return `desk-overdue:${kind}:${id}`;
}

interface OverdueLead {
  kind: DeskLeadKind;
  id: number;
  reference: string | null;
  company: string | null;
  branch: string | null;
  receivedAt: string;
}

/** The reminder's e-mail: which lead, since when, and the desk's link to it. No visitor text in a header. */
export function buildReminder(services: ReminderServices, lead: OverdueLead): Email {
  const branch = services.routing.branches.find((candidate) => candidate.id === lead.branch);
  const name = lead.reference ?? `#${lead.id}`;
  const minutes = overdueMinutesOf(services);
  const what = lead.kind === "quote" ? "Quote request" : "Contact message";
  const zone = branchHours(services, lead.branch).timeZone;
  return {
    kind: REMINDER_KIND,
    from: services.mailFrom,
    to: branch?.email ?? services.salesEmail,
    subject: `Overdue: ${name} is still New after ${minutes} business minutes`,
    text: [
      `${what} ${name}${lead.company ? ` from ${bodyLine(headerSafe(lead.company, 120))}` : ""}`,
      `(${branch ? `routed to ${branch.name}` : "not routed to a branch"}) arrived ${formatReceived(new Date(lead.receivedAt), zone)}`,
      `and nobody has moved it out of New in ${minutes} business minutes.`,
      "",
      `Open it on the sales desk: ${services.siteUrl}/desk/leads/${lead.kind}/${lead.id}`,
      "",
      "Set its status once someone has answered the buyer. This is the only reminder for this lead.",
    ].join("\n"),
    headers: { "Auto-Submitted": "auto-generated" },
    priority: MAIL_PRIORITY.lead,
  };
}

/** The New leads old enough on the clock to be overdue, received within the lookback, not reminded yet. */
async function candidates(services: ReminderServices, now: Date): Promise<OverdueLead[]> {
  const rows = await deskTables(services.db)
    .selectFrom("desk_leads as d")
    .leftJoin("contact_submissions as c", (join) =>
      join.on("d.lead_kind", "=", "contact").onRef("c.id", "=", "d.lead_id"),
    )
    .leftJoin("quote_requests as q", (join) =>
      join.on("d.lead_kind", "=", "quote").onRef("q.id", "=", "d.lead_id"),
    )
    .select((eb) => [
      "d.lead_kind",
      "d.lead_id",
      "d.branch",
      "d.received_at",
      "q.company",
      eb.fn.coalesce("c.reference", "q.reference").as("reference"),
    ])
    .where("d.status", "=", "new")
    // Business time never runs faster than the clock: a lead younger than the overdue minutes is not overdue.
    .where("d.received_at", "<=", isoTime(new Date(now.getTime() - overdueMinutesOf(services) * 60_000)))
    .where("d.received_at", ">=", isoTime(new Date(now.getTime() - REMINDER_LOOKBACK_MS)))
    .where((eb) => eb.or([eb("c.id", "is not", null), eb("q.id", "is not", null)]))
    .where(({ not, exists, selectFrom, ref }) =>
      not(
        exists(
          selectFrom("email_outbox as o")
            .select("o.id")
            .where(
              "o.dedupe_key",
              "=",
              sql<string>`'desk-overdue:' || ${ref("d.lead_kind")} || ':' || cast(${ref("d.lead_id")} as text)`,
            ),
        ),
      ),
    )
    .orderBy("d.received_at")
    .limit(BATCH)
    .execute();
  return rows.map((row) => ({
    kind: row.lead_kind,
    id: Number(row.lead_id),
    reference: row.reference,
    company: row.company,
    branch: row.branch,
    receivedAt: row.received_at,
  }));
}

/**
 * Queues a reminder for every lead overdue at `now` that has none; returns how many this call queued.
 * Leads the desk has not seen yet are given their desk rows first, so a lead nobody opened is reminded too.
 */
export async function queueOverdueReminders(services: ReminderServices, now: Date): Promise<number> {
  await syncDeskLeads(services);
  let queued = 0;
  for (const lead of await candidates(services, now)) {
    if (!isOverdue(services, { status: "new", receivedAt: lead.receivedAt, branch: lead.branch }, now))
      continue;
    const mail = { ...buildReminder(services, lead), dedupeKey: reminderDedupeKey(lead.kind, lead.id) };
    const id = await writeStatement(services.db, (conn) => enqueueMail(conn, mail, now));
    if (id !== null) queued += 1;
  }
  return queued;
}

/** Starts the checks (every minute unless told otherwise); returns the function that stops them. */
export function startOverdueReminders(
  services: ReminderServices & { wakeMailWorker?: () => void },
  logger: Logger,
  options: PeriodicOptions = {},
): () => void {
  const check = async (now: Date) => {
    const queued = await queueOverdueReminders(services, now);
    if (queued === 0) return;
    logger.info({ kind: REMINDER_KIND, queued }, "desk: overdue reminders queued");
    services.wakeMailWorker?.();
  };
  return startPeriodicCheck(
    check,
    (error) => logger.warn({ err: error }, "desk: could not queue the overdue reminders"),
    { ...options, defaultFirstMs: 15_000 },
  );
}
