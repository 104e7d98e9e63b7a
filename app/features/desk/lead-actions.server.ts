import type { Selectable } from "kysely";
import type { SiteServices } from "~/load-context";
import { writeTransaction } from "~/server/db/database.server";
import { isoTime } from "~/server/db/schema.server";
import { mayView, type Viewer } from "./access.server";
import { businessSecondsBetween } from "./business-time";
import { branchHours } from "./hours";
import {
  type DeskDatabase,
  type DeskLeadKind,
  type DeskTables,
  deskTables,
  LEAD_STATUSES,
  type LeadStatus,
} from "./tables.server";

/*
 * What staff change on a lead (docs/desk.md#lead-page): its status, who has it, notes. Each change
 * and its entry in the append-only activity log are written in one transaction.
 */

export const STATUS_LABELS: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  quoted: "Quoted",
  won: "Won",
  lost: "Lost",
  spam: "Spam",
};

export const MAX_NOTE_LENGTH = 4000;
export const MAX_REASON_LENGTH = 300;

type Services = Pick<SiteServices, "db" | "routing" | "timeZone" | "desk" | "now">;

export type LeadChange =
  | { action: "status"; status: LeadStatus; reason: string }
  | { action: "assign"; staffId: number | null }
  | { action: "note"; text: string };

export type ChangeOutcome = "done" | "not-found" | "unchanged" | { invalid: string };

/** A change from a lead page's form, checked and bounded; an error message for a field that is wrong. */
export function readLeadChange(form: URLSearchParams): LeadChange | { invalid: string } {
  const action = form.get("intent");
  if (action === "status") {
    const status = form.get("status") as LeadStatus;
    if (!LEAD_STATUSES.includes(status)) return { invalid: "Choose a status." };
    const reason = (form.get("reason") ?? "").trim();
    if (reason.length > MAX_REASON_LENGTH)
      return { invalid: `Keep the reason under ${MAX_REASON_LENGTH} characters.` };
    if (status === "lost" && reason === "") return { invalid: "Say why the lead was lost." };
    return { action, status, reason: status === "lost" ? reason : "" };
  }
  if (action === "assign") {
    const value = form.get("staff") ?? "";
    if (value === "") return { action, staffId: null };
    const staffId = Number(value);
    return Number.isSafeInteger(staffId) && staffId > 0
      ? { action, staffId }
      : { invalid: "Choose a member of staff." };
  }
  if (action === "note") {
    const text = (form.get("note") ?? "").trim();
    if (text === "") return { invalid: "Write the note first." };
    if (text.length > MAX_NOTE_LENGTH) return { invalid: `Keep a note under ${MAX_NOTE_LENGTH} characters.` };
    return { action, text };
  }
  return { invalid: "Unknown change." };
}

type LeadState = Selectable<DeskTables["desk_leads"]>;

interface ChangeScope {
  desk: DeskDatabase;
  state: LeadState;
  log(action: "status" | "assign" | "note", detail: string): Promise<unknown>;
}

async function assign({ desk, state, log }: ChangeScope, staffId: number | null): Promise<ChangeOutcome> {
  let detail = "Unassigned";
  if (staffId !== null) {
    const staff = await desk
      .selectFrom("desk_staff")
      .select("email")
      .where("id", "=", staffId)
      .where("disabled_at", "is", null)
      .executeTakeFirst();
    if (!staff) return { invalid: "Choose a member of staff." };
    detail = `Assigned to ${staff.email}`;
  }
  if (state.assigned_staff_id === staffId) return "unchanged";
  await desk
    .updateTable("desk_leads")
    .set({ assigned_staff_id: staffId })
    .where("lead_kind", "=", state.lead_kind)
    .where("lead_id", "=", state.lead_id)
    .execute();
  await log("assign", detail);
  return "done";
}

async function moveStatus(
  services: Services,
  { desk, state, log }: ChangeScope,
  change: { status: LeadStatus; reason: string },
  now: Date,
): Promise<ChangeOutcome> {
  if (state.status === change.status && (change.status !== "lost" || state.lost_reason === change.reason)) {
    return "unchanged";
  }
  const firstMove = state.first_moved_at === null && state.status === "new" && change.status !== "new";
  const received = new Date(state.received_at);
  await desk
    .updateTable("desk_leads")
    .set({
      status: change.status,
      lost_reason: change.status === "lost" ? change.reason : null,
      ...(firstMove
        ? {
            first_moved_at: isoTime(now),
            response_seconds: Math.max(0, Math.floor((now.getTime() - received.getTime()) / 1000)),
            response_business_seconds: businessSecondsBetween(
              received,
              now,
              branchHours(services, state.branch),
            ),
          }
        : {}),
    })
    .where("lead_kind", "=", state.lead_kind)
    .where("lead_id", "=", state.lead_id)
    .execute();
  const reason = change.status === "lost" ? `: ${change.reason}` : "";
  await log("status", `${STATUS_LABELS[state.status]} → ${STATUS_LABELS[change.status]}${reason}`);
  return "done";
}

/** Applies a change by `viewer` to a lead they may see; the first move out of New records the response time. */
export async function changeLead(
  services: Services,
  viewer: Viewer,
  lead: { kind: DeskLeadKind; id: number },
  change: LeadChange,
): Promise<ChangeOutcome> {
  const now = services.now?.() ?? new Date();
  return writeTransaction(services.db, async (trx): Promise<ChangeOutcome> => {
    const desk = deskTables(trx);
    const state = await desk
      .selectFrom("desk_leads")
      .selectAll()
      .where("lead_kind", "=", lead.kind)
      .where("lead_id", "=", lead.id)
      .executeTakeFirst();
    if (!state || !mayView(viewer, { branch: state.branch, assignedStaffId: state.assigned_staff_id })) {
      return "not-found";
    }
    const log = (action: "status" | "assign" | "note", detail: string) =>
      desk
        .insertInto("desk_activity")
        .values({
          lead_kind: lead.kind,
          lead_id: lead.id,
          staff_id: viewer.id,
          at: isoTime(now),
          action,
          detail,
        })
        .execute();
    const scope: ChangeScope = { desk, state, log };
    if (change.action === "note") {
      await log("note", change.text);
      return "done";
    }
    if (change.action === "assign") return assign(scope, change.staffId);
    return moveStatus(services, scope, change, now);
  });
}

/** Active staff, for the lead page's assignment list. */
export async function assignableStaff(services: Pick<SiteServices, "db">) {
  const rows = await deskTables(services.db)
    .selectFrom("desk_staff")
    .select(["id", "email", "role", "branch"])
    .where("disabled_at", "is", null)
    .orderBy("email")
    .limit(500)
    .execute();
  return rows.map((row) => ({ id: Number(row.id), email: row.email, role: row.role, branch: row.branch }));
}
