import type { SiteServices } from "~/load-context";
import { canSeeAll, type Viewer, visibleTo } from "./access.server";
import { type HoursServices, isOverdue } from "./hours";
import { deskTables } from "./tables.server";

/*
 * Speed to lead (docs/desk.md#speed-to-lead): for the leads first moved out of New in a period, how
 * many, and the median and 90th percentile of their response times in business hours, per branch and
 * per member of staff who made that first move; beside them the leads still New now, and how many of
 * those are overdue. A rep's figures cover the leads they may see (docs/desk.md#roles).
 */

export interface SpeedRow {
  /** A branch id, "unrouted", or a staff address; "all" for the total. */
  key: string;
  answered: number;
  /** Business seconds; null when nothing was answered. */
  median: number | null;
  p90: number | null;
  /** Still New now, and of those overdue. For a member of staff: the New leads assigned to them. */
  open: number;
  overdue: number;
}

export interface SpeedFigures {
  total: SpeedRow;
  byBranch: SpeedRow[];
  byStaff: SpeedRow[];
}

/** Rows read at most per query: a bound on memory whatever the period. */
const MAX_ROWS = 50_000;
export const UNROUTED_KEY = "unrouted";

/** The nearest-rank percentile (p of 100) of sorted values; null for none. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] ?? null;
}

class Tally {
  private readonly times = new Map<string, number[]>();
  private readonly counts = new Map<string, { open: number; overdue: number }>();

  answered(key: string, seconds: number) {
    const list = this.times.get(key) ?? [];
    list.push(seconds);
    this.times.set(key, list);
  }

  open(key: string, overdue: boolean) {
    const count = this.counts.get(key) ?? { open: 0, overdue: 0 };
    count.open += 1;
    if (overdue) count.overdue += 1;
    this.counts.set(key, count);
  }

  row(key: string): SpeedRow {
    const sorted = [...(this.times.get(key) ?? [])].sort((a, b) => a - b);
    const count = this.counts.get(key) ?? { open: 0, overdue: 0 };
    return {
      key,
      answered: sorted.length,
      median: percentile(sorted, 50),
      p90: percentile(sorted, 90),
      ...count,
    };
  }

  keys(): string[] {
    return [...new Set([...this.times.keys(), ...this.counts.keys()])].sort();
  }
}

type SpeedServices = HoursServices & Pick<SiteServices, "db">;

/** Leads first moved out of New in [from, to), with who moved them; each lead once. */
async function answeredIn(services: SpeedServices, viewer: Viewer, from: string, to: string) {
  let query = deskTables(services.db)
    .selectFrom("desk_leads as d")
    .leftJoin("desk_activity as a", (join) =>
      join
        .onRef("a.lead_kind", "=", "d.lead_kind")
        .onRef("a.lead_id", "=", "d.lead_id")
        .onRef("a.at", "=", "d.first_moved_at")
        .on("a.action", "=", "status"),
    )
    .leftJoin("desk_staff as s", "s.id", "a.staff_id")
    .select(["d.lead_kind", "d.lead_id", "d.branch", "d.response_business_seconds", "s.email"])
    .where("d.first_moved_at", ">=", from)
    .where("d.first_moved_at", "<", to)
    .limit(MAX_ROWS);
  if (!canSeeAll(viewer)) query = query.where((eb) => visibleTo(eb, viewer));
  const seen = new Set<string>();
  return (await query.execute()).filter((row) => {
    const key = `${row.lead_kind}:${row.lead_id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Leads still New now (whatever the period: they wait now), with their assignee. */
async function stillNew(services: SpeedServices, viewer: Viewer) {
  let query = deskTables(services.db)
    .selectFrom("desk_leads as d")
    .leftJoin("desk_staff as s", "s.id", "d.assigned_staff_id")
    .leftJoin("contact_submissions as c", (join) =>
      join.on("d.lead_kind", "=", "contact").onRef("c.id", "=", "d.lead_id"),
    )
    .leftJoin("quote_requests as q", (join) =>
      join.on("d.lead_kind", "=", "quote").onRef("q.id", "=", "d.lead_id"),
    )
    .select(["d.branch", "d.received_at", "s.email"])
    .where("d.status", "=", "new")
    // A lead removed from its own table (privacy, retention) waits for nobody.
    .where((eb) => eb.or([eb("c.id", "is not", null), eb("q.id", "is not", null)]))
    .orderBy("d.received_at", "desc")
    .limit(MAX_ROWS);
  if (!canSeeAll(viewer)) query = query.where((eb) => visibleTo(eb, viewer));
  return query.execute();
}

/** The figures for leads answered between `from` and `to` (ISO instants), as `viewer` may see them. */
export async function speedFigures(
  services: SpeedServices,
  viewer: Viewer,
  period: { from: string; to: string },
  now: Date,
): Promise<SpeedFigures> {
  const branches = new Tally();
  const staff = new Tally();
  const all = new Tally();
  for (const row of await answeredIn(services, viewer, period.from, period.to)) {
    const seconds = Number(row.response_business_seconds ?? 0);
    branches.answered(row.branch ?? UNROUTED_KEY, seconds);
    all.answered("all", seconds);
    if (row.email) staff.answered(row.email, seconds);
  }
  for (const row of await stillNew(services, viewer)) {
    const overdue = isOverdue(
      services,
      { status: "new", receivedAt: row.received_at, branch: row.branch },
      now,
    );
    branches.open(row.branch ?? UNROUTED_KEY, overdue);
    all.open("all", overdue);
    if (row.email) staff.open(row.email, overdue);
  }
  const branchOrder = services.routing.branches.map((branch) => branch.id);
  const byBranch = branches
    .keys()
    .sort((a, b) => rank(branchOrder, a) - rank(branchOrder, b))
    .map((key) => branches.row(key));
  return { total: all.row("all"), byBranch, byStaff: staff.keys().map((key) => staff.row(key)) };
}

/** The routing file's order, then unknown branches, unrouted last. */
function rank(order: readonly string[], key: string): number {
  if (key === UNROUTED_KEY) return order.length + 1;
  const index = order.indexOf(key);
  return index < 0 ? order.length : index;
}
