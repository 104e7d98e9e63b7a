import type { Database } from "~/server/db/schema.server";
import type { Viewer } from "./access.server";
import type { HoursServices } from "./hours";
import { type SpeedRow, speedFigures, UNROUTED_KEY } from "./speed.server";

/*
 * The desk's speed to lead as the report shows it (docs/report.md#speed-to-lead): every lead's figures
 * (the report is the owner's and managers'), labelled with branch names, for the composition root to
 * hand to the report and the weekly digest. The shape is the report's SpeedSection, which the desk
 * does not import: features meet only in the composition root
 * (docs/decisions/0073-speed-to-lead-handed-to-the-report.md).
 */

export interface LabelledSpeedRow extends Omit<SpeedRow, "key"> {
  label: string;
}

/** Sees every lead, as the owner does; the report is never a rep's. */
const EVERY_LEAD: Viewer = { id: 0, role: "owner", branch: null };

/** What a branch key reads as: its name from the routing file, "Unrouted", or the key itself. */
export function branchLabel(services: Pick<HoursServices, "routing">, key: string): string {
  if (key === UNROUTED_KEY) return "Unrouted";
  return services.routing.branches.find((branch) => branch.id === key)?.name ?? key;
}

/**
 * Reads the figures of the leads answered in [from, to) through `db` (the caller's reader: the digest
 * reads off the event loop), with the branches and business hours of `services`.
 */
export function reportSpeedSource(services: HoursServices) {
  return async (db: Database, bounds: { from: string; to: string }, now: Date) => {
    const figures = await speedFigures({ ...services, db }, EVERY_LEAD, bounds, now);
    const labelled = (row: SpeedRow, label: string): LabelledSpeedRow => {
      const { key: _key, ...rest } = row;
      return { ...rest, label };
    };
    return {
      total: labelled(figures.total, "All leads"),
      byBranch: figures.byBranch.map((row) => labelled(row, branchLabel(services, row.key))),
      byStaff: figures.byStaff.map((row) => labelled(row, row.key)),
    };
  };
}
