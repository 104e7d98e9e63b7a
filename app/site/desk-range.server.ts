import type { IncomingMessage } from "node:http";
import type { RouterContextProvider } from "react-router";
import { CSV_LIMITS } from "~/features/catalogue/csv-read.server";
import { Staging } from "~/features/catalogue/upload/staging.server";
import {
  type CatalogueUpload,
  catalogueStreamedPost,
  catalogueUploadOf,
} from "~/features/catalogue/upload/upload.server";
import { checkStaged } from "~/features/catalogue/upload/uploads.server";
import { listVersions } from "~/features/catalogue/versions.server";
import { rangeUploader, requireRangeManager } from "~/features/desk/range-access.server";
import type { RangeCheck, RangeViewProps } from "~/features/desk/range-view";
import { requestContextOf, type SiteServices } from "~/load-context";
import type { StreamedPost } from "~/server/http/pipeline.server";

/*
 * The desk's range page (docs/desk.md#the-range) put together from the desk (who may, the page) and the
 * catalogue (the upload, its check, the versions): features do not import each other, so this does.
 */

export const RANGE_UPLOAD_PATH = "/desk/range/upload";

/** The staging folder the upload and Apply share (docs/decisions/0076). */
export const rangeStaging = new Staging();

const MAX_MEGABYTES = CSV_LIMITS.maxBytes / 1024 / 1024;

/** The upload's post, read before React Router for a signed-in owner or manager only. */
export function rangeStreamedPost(services: Pick<SiteServices, "db" | "siteUrl" | "now">): StreamedPost {
  const now = services.now ?? (() => new Date());
  return catalogueStreamedPost({
    uploader: (req: IncomingMessage) =>
      rangeUploader(req, { db: services.db, siteUrl: services.siteUrl, now }),
    staging: rangeStaging,
    now,
  });
}

export interface RangePageData extends Omit<RangeViewProps, "check"> {
  staff: { email: string; role: string; branch: string | null };
}

/** The page's data: who is signed in and the versions kept. */
export async function rangePage(
  context: Readonly<RouterContextProvider>,
  notice: RangeViewProps["notice"] = null,
): Promise<RangePageData> {
  const { staff } = requireRangeManager(context);
  const { services } = requestContextOf(context);
  return {
    staff: { email: staff.email, role: staff.role, branch: staff.branch },
    timeZone: services.timeZone,
    versions: await listVersions(services.db),
    notice,
    maxMegabytes: MAX_MEGABYTES,
  };
}

const STATUS_OF: Record<RangeCheck["status"], number> = {
  checked: 200,
  invalid: 422,
  refused: 400,
  "too-large": 413,
  "no-file": 400,
  malformed: 400,
};

/** The upload's check, and the status the page answers with (413 over the size limit, 422 with mistakes). */
export async function checkUpload(
  context: Readonly<RouterContextProvider>,
): Promise<{ check: RangeCheck; status: number }> {
  const { session } = requireRangeManager(context);
  const provider = requestContextOf(context);
  const upload: CatalogueUpload = catalogueUploadOf(provider) ?? { status: "malformed" };
  let check: RangeCheck;
  if (upload.status === "staged") {
    const { services } = provider;
    const meta = await rangeStaging.find(upload.id, session.idHash, services.now?.() ?? new Date());
    check = meta
      ? await checkStaged(
          services.db,
          rangeStaging,
          { id: upload.id, meta },
          services.catalogue.current().families,
        )
      : { status: "malformed" };
  } else if (upload.status === "unread") check = { status: "malformed" };
  else check = upload;
  return { check, status: STATUS_OF[check.status] };
}
