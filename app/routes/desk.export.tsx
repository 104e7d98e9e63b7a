import { data, type RouterContextProvider } from "react-router";
import { periodBounds } from "~/features/analytics/report/calendar";
import { readPeriod } from "~/features/analytics/report/period";
import { canSeeAll } from "~/features/desk/access.server";
import { requireStaff, signedInContext } from "~/features/desk/desk-request.server";
import { DOWNLOADS, type Download, downloadTable } from "~/features/desk/exports.server";
import { csvStream } from "~/lib/csv";
import { noScripts } from "~/lib/page-scripts";
import { requestContextOf } from "~/load-context";
import { readerOf } from "~/server/db/read-off-loop.server";
import { dayIn } from "~/server/mail/company-time.server";
import type { Route } from "./+types/desk.export";

export const handle = noScripts;

/*
 * GET (or HEAD) /desk/export/:dataset?from=…&to=…: a CSV download of contact messages, quote requests or
 * newsletter subscribers (docs/desk.md#report-and-downloads), for the owner and managers. A download
 * is not a page, but whoever may not have it gets the desk's page all the same: without a session the
 * sign-in page (401), for a rep or an unknown dataset the 404 page, for a bad period the 400 page. So
 * the file is answered by this route's middleware, which has the desk's session from the layout's, and
 * everything else falls through to the loader, which throws the status the desk's pages show.
 */

type Plan = { status: 400 | 404 } | { dataset: Download; since: string; until: string };

function planOf(
  context: Readonly<RouterContextProvider>,
  request: Request,
  dataset: string | undefined,
): Plan {
  const signedIn = context.get(signedInContext);
  if (!signedIn || !canSeeAll(signedIn.staff)) return { status: 404 };
  const known = DOWNLOADS.find((name) => name === dataset);
  if (!known) return { status: 404 };
  const { services } = requestContextOf(context);
  const today = dayIn(services.now?.() ?? new Date(), services.timeZone);
  const params = new URL(request.url).searchParams;
  const period = readPeriod(params.get("from"), params.get("to"), today);
  if ("error" in period) return { status: 400 };
  return { dataset: known, ...period };
}

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context, params }, next) => {
    const plan = planOf(context, request, params.dataset);
    if ("status" in plan || (request.method !== "GET" && request.method !== "HEAD")) return next();
    const name =
      plan.dataset === "subscribers"
        ? "ridgeline-subscribers.csv"
        : `ridgeline-${plan.dataset}-${plan.since}-to-${plan.until}.csv`;
    const headers = {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "X-Content-Type-Options": "nosniff",
    };
    // HEAD: the download's headers, without reading its rows.
    if (request.method === "HEAD") return new Response(null, { headers });
    const { services } = requestContextOf(context);
    const bounds = periodBounds(plan, services.timeZone);
    // Read off the event loop; the rows are then written a few hundred per turn.
    const table = await downloadTable(readerOf(services.db), plan.dataset, bounds);
    return new Response(csvStream(table.header, table.rows), { headers });
  },
];

export function loader({ request, context, params }: Route.LoaderArgs) {
  requireStaff(context);
  const plan = planOf(context, request, params.dataset);
  throw data(null, { status: "status" in plan ? plan.status : 404 });
}

export default function DeskExport() {
  return null;
}
