import { productSectionTitles } from "~/content/product-sections";
import { DeskFrame } from "~/features/desk/desk-frame";
import { requireStaff } from "~/features/desk/desk-request.server";
import {
  AGE_FILTERS,
  type AgeFilter,
  listInbox,
  readInboxFilters,
  syncDeskLeads,
  UNROUTED,
} from "~/features/desk/inbox.server";
import { InboxView } from "~/features/desk/inbox-view";
import { STATUS_LABELS } from "~/features/desk/lead-actions.server";
import { LEAD_STATUSES } from "~/features/desk/tables.server";
import { noScripts } from "~/lib/page-scripts";
import { requestContextOf } from "~/load-context";
import type { Route } from "./+types/desk._index";

export const handle = noScripts;

/** GET /desk: the inbox, newest first, of the leads this member of staff may see. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = requestContextOf(context);
  const { staff } = requireStaff(context);
  const branches = services.routing.branches;
  const filters = readInboxFilters(
    new URL(request.url).searchParams,
    branches.map((branch) => branch.id),
  );
  await syncDeskLeads(services);
  const { rows, more } = await listInbox(services, staff, filters);
  return {
    staff: { email: staff.email, role: staff.role, branch: staff.branch },
    now: (services.now?.() ?? new Date()).toISOString(),
    filters,
    more,
    rows: rows.map((row) => ({ ...row, status: STATUS_LABELS[row.status] })),
    statuses: LEAD_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
    branches: [
      ...branches.map((branch) => ({ value: branch.id, label: branch.name })),
      { value: UNROUTED, label: "Unrouted" },
    ],
    areas: Object.entries(productSectionTitles).map(([value, label]) => ({ value, label })),
    ages: (Object.keys(AGE_FILTERS) as AgeFilter[]).map((value) => ({
      value,
      label: AGE_FILTERS[value].label,
    })),
  };
}

export default function DeskInbox({ loaderData }: Route.ComponentProps) {
  const { staff, ...inbox } = loaderData;
  return (
    <DeskFrame title="Inbox" staff={staff}>
      <InboxView {...inbox} />
    </DeskFrame>
  );
}
