import { data, redirect } from "react-router";
import type { StagedMeta } from "~/features/catalogue/upload/staging.server";
import { applyRunning, applyStaged } from "~/features/catalogue/upload/uploads.server";
import { rollback } from "~/features/catalogue/versions.server";
import { DeskFrame } from "~/features/desk/desk-frame";
import { readDeskForm } from "~/features/desk/desk-request.server";
import { requireRangeManager } from "~/features/desk/range-access.server";
import { RangeView } from "~/features/desk/range-view";
import { noScripts } from "~/lib/page-scripts";
import { requestContextOf } from "~/load-context";
import { rangePage, rangeStaging } from "~/site/desk-range.server";
import type { Route } from "./+types/desk.range";

export const handle = noScripts;

const VERSION = /^[1-9]\d{0,9}$/;

/** The result line after a change, from the redirect's query. */
function noticeOf(params: URLSearchParams): { text: string; failed: boolean } | null {
  const version = params.get("version") ?? "";
  const number = VERSION.test(version) ? version : null;
  switch (params.get("done")) {
    case "applied":
      return number
        ? {
            text: `Applied: version ${number} is active. The site serves it within 15 seconds.`,
            failed: false,
          }
        : null;
    case "rolled-back":
      return number
        ? {
            text: `Rolled back: version ${number} is active again. The site serves it within 15 seconds.`,
            failed: false,
          }
        : null;
    case "gone":
      return {
        text: "That checked file is no longer here (it is kept an hour, for the sign-in that uploaded it): upload it again. Nothing changed.",
        failed: true,
      };
    case "changed":
      return {
        text: "The file no longer passes the check: upload it again to see why. Nothing changed.",
        failed: true,
      };
    case "not-rolled-back":
      return number
        ? { text: `Version ${number} is not kept or is already active. Nothing changed.`, failed: true }
        : null;
    default:
      return null;
  }
}

/** GET /desk/range: the catalogue's versions and the upload form (docs/desk.md#the-range). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return rangePage(context, noticeOf(new URL(request.url).searchParams));
}

/** The running instance serves the new active version now; the others within their check interval. */
async function refreshCatalogue(catalogue: unknown): Promise<void> {
  if (typeof catalogue === "object" && catalogue !== null && "refresh" in catalogue) {
    const { refresh } = catalogue as { refresh: () => Promise<boolean> };
    await refresh.call(catalogue);
  }
}

/** POST /desk/range: Apply a checked upload, or make a kept version active again. */
export async function action({ request, context }: Route.ActionArgs) {
  const { staff, session } = requireRangeManager(context);
  const { services } = requestContextOf(context);
  const form = await readDeskForm(request, 1024);
  const intent = form.get("intent");
  const now = services.now?.() ?? new Date();
  if (intent === "apply") {
    const id = form.get("upload") ?? "";
    const meta = await rangeStaging.find(id, session.idHash, now);
    // A second press while the first Apply runs (its file no longer found) waits for it and answers as it does.
    const running = applyRunning(rangeStaging, id, session.idHash);
    if (!running && !meta) throw redirect("/desk/range?done=gone", 303);
    const applied = await (running ??
      applyStaged(
        services.db,
        rangeStaging,
        { id, meta: meta as StagedMeta },
        { families: services.catalogue.current().families, email: staff.email },
      ));
    if (!applied.ok) throw redirect(`/desk/range?done=${applied.reason}`, 303);
    services.logger.info(
      { version: applied.version.version, items: applied.version.itemCount, staff: staff.email },
      "catalogue: imported on the desk",
    );
    await refreshCatalogue(services.catalogue);
    throw redirect(`/desk/range?done=applied&version=${applied.version.version}`, 303);
  }
  const version = form.get("version") ?? "";
  if (intent !== "rollback" || !VERSION.test(version)) throw data({ badRequest: true }, { status: 400 });
  const result = await rollback(services.db, Number(version));
  if (!result.ok) throw redirect(`/desk/range?done=not-rolled-back&version=${version}`, 303);
  services.logger.info(
    { from: result.from.version, to: result.to.version, staff: staff.email },
    "catalogue: rolled back on the desk",
  );
  await refreshCatalogue(services.catalogue);
  throw redirect(`/desk/range?done=rolled-back&version=${result.to.version}`, 303);
}

export default function DeskRange({ loaderData }: Route.ComponentProps) {
  const { staff, ...page } = loaderData;
  return (
    <DeskFrame title="Range" staff={staff}>
      <RangeView {...page} check={null} />
    </DeskFrame>
  );
}
