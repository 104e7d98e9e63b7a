import { data } from "react-router";
import { DeskFrame } from "~/features/desk/desk-frame";
import { RangeView } from "~/features/desk/range-view";
import { noScripts } from "~/lib/page-scripts";
import { checkUpload, rangePage } from "~/site/desk-range.server";
import type { Route } from "./+types/desk.range-upload";

export const handle = noScripts;

/** GET /desk/range/upload: the range page itself (the upload's answer is only for its POST). */
export async function loader({ context }: Route.LoaderArgs) {
  return rangePage(context);
}

/**
 * POST /desk/range/upload: the catalogue file, read into the staging folder before React Router
 * (upload.server.ts), checked here as a dry run; the page lists its mistakes or offers Apply.
 */
export async function action({ context }: Route.ActionArgs) {
  const { check, status } = await checkUpload(context);
  return data({ check }, { status });
}

export default function DeskRangeUpload({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, ...page } = loaderData;
  return (
    <DeskFrame title="Range" staff={staff}>
      <RangeView {...page} check={actionData?.check ?? null} />
    </DeskFrame>
  );
}
