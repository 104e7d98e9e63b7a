import type { SiteServices } from "~/load-context";
import { writeStatement } from "~/server/db/database.server";
import { isoTime } from "~/server/db/schema.server";
import type { Viewer } from "./access.server";
import { syncDeskLeads } from "./inbox.server";
import { type DeskLeadKind, deskTables } from "./tables.server";

/*
 * Held spam on the desk (docs/desk.md#held-spam): the owner and managers release or delete leads the
 * spam rules held. The release itself is the leads' own (the same code as `npm run leads -- release`);
 * the desk adds the lead to its inbox and the release to the lead's activity log.
 */

/** Reps do not see held leads: what is released or deleted is the owner's and the managers' call. */
export function mayManageHeld(viewer: Pick<Viewer, "role">): boolean {
  return viewer.role === "owner" || viewer.role === "manager";
}

/** A reference as the held page posts it: `C-` or `Q-` and six letters or digits. */
export function readHeldReference(value: string | null): { kind: DeskLeadKind; reference: string } | null {
  const reference = (value ?? "").trim().toUpperCase();
  if (!/^[CQ]-[A-Z0-9]{6}$/.test(reference)) return null;
  return { kind: reference.startsWith("Q-") ? "quote" : "contact", reference };
}

/** After a release: the lead joins the desk, and its activity log says who released it. */
export async function logRelease(
  services: Pick<SiteServices, "db" | "routing" | "salesEmail">,
  viewer: Viewer,
  lead: { kind: DeskLeadKind; reference: string },
  now: Date,
): Promise<void> {
  await syncDeskLeads(services);
  const table = lead.kind === "quote" ? "quote_requests" : "contact_submissions";
  const row = await deskTables(services.db)
    .selectFrom(table)
    .select("id")
    .where("reference", "=", lead.reference)
    .executeTakeFirst();
  if (!row) return;
  await writeStatement(services.db, (conn) =>
    deskTables(conn)
      .insertInto("desk_activity")
      .values({
        lead_kind: lead.kind,
        lead_id: Number(row.id),
        staff_id: viewer.id,
        at: isoTime(now),
        action: "release",
        detail: "Released from held spam: sent on to sales",
      })
      .execute(),
  );
}
