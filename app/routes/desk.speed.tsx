import { DeskFrame } from "~/features/desk/desk-frame";
import { requireStaff } from "~/features/desk/desk-request.server";
import { overdueMinutesOf } from "~/features/desk/hours";
import { syncDeskLeads } from "~/features/desk/inbox.server";
import { type SpeedRow, speedFigures, UNROUTED_KEY } from "~/features/desk/speed.server";
import { SpeedView } from "~/features/desk/speed-view";
import { noScripts } from "~/lib/page-scripts";
import { DEFAULT_WEEKLY_HOURS, describeWeeklyHours } from "~/lib/weekly-hours";
import { requestContextOf } from "~/load-context";
import type { Route } from "./+types/desk.speed";

export const handle = noScripts;

const CHOICES = [7, 30, 90] as const;

/** GET /desk/speed?days=30: speed to lead over the last 7, 30 or 90 days (docs/desk.md#speed-to-lead). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = requestContextOf(context);
  const { staff } = requireStaff(context);
  const asked = Number(new URL(request.url).searchParams.get("days"));
  const days = CHOICES.find((choice) => choice === asked) ?? 30;
  const now = services.now?.() ?? new Date();
  await syncDeskLeads(services);
  const figures = await speedFigures(
    services,
    staff,
    { from: new Date(now.getTime() - days * 86_400_000).toISOString(), to: now.toISOString() },
    now,
  );
  const branchName = (key: string) =>
    key === UNROUTED_KEY
      ? "Unrouted"
      : (services.routing.branches.find((branch) => branch.id === key)?.name ?? key);
  const labelled = (rows: SpeedRow[], label: (key: string) => string) =>
    rows.map(({ key, ...row }) => ({ ...row, label: label(key) }));
  return {
    staff: { email: staff.email, role: staff.role, branch: staff.branch },
    days,
    choices: CHOICES,
    overdueMinutes: overdueMinutesOf(services),
    hours: describeWeeklyHours(services.desk?.hours ?? DEFAULT_WEEKLY_HOURS),
    total: { ...figures.total, label: "All" },
    byBranch: labelled(figures.byBranch, branchName),
    byStaff: labelled(figures.byStaff, (key) => key),
  };
}

export default function DeskSpeed({ loaderData }: Route.ComponentProps) {
  const { staff, ...figures } = loaderData;
  return (
    <DeskFrame title="Speed to lead" staff={staff}>
      <SpeedView {...figures} />
    </DeskFrame>
  );
}
