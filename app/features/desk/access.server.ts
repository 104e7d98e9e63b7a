import type { ExpressionBuilder } from "kysely";
import type { DB } from "~/server/db/schema.server";
import type { DeskTables } from "./tables.server";

/** Who is looking: what decides which leads they see (docs/desk.md#roles). */
export interface Viewer {
  id: number;
  role: "owner" | "manager" | "rep";
  branch: string | null;
}

export function canSeeAll(viewer: Viewer): boolean {
  return viewer.role !== "rep";
}

/**
 * A rep sees the leads of their branch, the leads routed to no branch (every contact message, and
 * quotes outside every branch's states) and the leads assigned to them.
 */
export function visibleTo(
  eb: ExpressionBuilder<DB & DeskTables & { d: DeskTables["desk_leads"] }, "d">,
  viewer: Viewer,
) {
  return eb.or([
    eb("d.branch", "is", null),
    ...(viewer.branch ? [eb("d.branch", "=", viewer.branch)] : []),
    eb("d.assigned_staff_id", "=", viewer.id),
  ]);
}

/** The same rule for one lead already read. */
export function mayView(
  viewer: Viewer,
  lead: { branch: string | null; assignedStaffId: number | null },
): boolean {
  return (
    canSeeAll(viewer) ||
    lead.branch === null ||
    lead.branch === viewer.branch ||
    lead.assignedStaffId === viewer.id
  );
}
