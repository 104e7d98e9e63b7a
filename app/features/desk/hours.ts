import type { SiteServices } from "~/load-context";
import { afterBusinessMillis, type BusinessHours, DEFAULT_BUSINESS_HOURS } from "./business-time";

/*
 * Whose clock a lead's time is counted on (docs/desk.md#response-time): the business hours the site is
 * configured with (DESK_BUSINESS_HOURS), in the time zone of the branch the lead was routed to, or the
 * company's for a lead with no branch; and when a lead still New is overdue (DESK_OVERDUE_MINUTES).
 */

export type HoursServices = Pick<SiteServices, "routing" | "timeZone" | "desk">;

export const DEFAULT_OVERDUE_MINUTES = 30;

/** The business hours of a branch (null: the company's), on its own clock. */
export function branchHours(services: HoursServices, branch: string | null): BusinessHours {
  const found = services.routing.branches.find((candidate) => candidate.id === branch);
  return {
    ...(services.desk?.hours ?? DEFAULT_BUSINESS_HOURS),
    timeZone: found?.timeZone ?? services.timeZone,
  };
}

export function overdueMinutesOf(services: Pick<SiteServices, "desk">): number {
  return services.desk?.overdueMinutes ?? DEFAULT_OVERDUE_MINUTES;
}

/** The instant a lead that arrived at `receivedAt` becomes overdue if nobody has moved it out of New. */
export function overdueFrom(
  services: HoursServices,
  lead: { receivedAt: string; branch: string | null },
): Date | null {
  return afterBusinessMillis(
    new Date(lead.receivedAt),
    overdueMinutesOf(services) * 60_000,
    branchHours(services, lead.branch),
  );
}

/** A lead still New after the overdue minutes of business time. */
export function isOverdue(
  services: HoursServices,
  lead: { status: string; receivedAt: string; branch: string | null },
  now: Date,
): boolean {
  if (lead.status !== "new") return false;
  const from = overdueFrom(services, lead);
  return from !== null && from.getTime() <= now.getTime();
}
