import type { SiteServices } from "~/load-context";
import { checkFileLink, fileDownload, purposeKey, signFileLink } from "~/server/webhooks/file-links.server";
import { mayView, type Viewer } from "./access.server";
import { deskTables } from "./tables.server";

/*
 * A quote's attached files, opened from its lead page (docs/desk.md#lead-files): the page links each
 * file to `/desk/leads/quote/<id>/files/<file id>?expires=…&sig=…`, and that address serves the file
 * only to a signed-in member of staff who may see the lead, and only for an hour after the page was
 * shown (decision 0080). The signature is the platform's file-link signature under a key of the desk's
 * own, bound to the lead rather than the file's name, so a link of the desk is refused at `/files` and
 * a webhook's link here.
 */

/** How long a file link on a lead page works: long enough to read the page, short enough to die in a pasted chat. */
export const DESK_FILE_LINK_LIFETIME_MS = 60 * 60 * 1000;

type FileServices = Pick<SiteServices, "db"> & Partial<Pick<SiteServices, "fileLinkSecret" | "now">>;

function deskFileKey(fileLinkSecret: string): string {
  return purposeKey(fileLinkSecret, "desk lead file links v1");
}

/** What the signature binds a desk link to besides the file's id: its lead. */
const boundTo = (requestId: number) => `quote ${requestId}`;

/** The link to one of a quote's files, valid for DESK_FILE_LINK_LIFETIME_MS from `now`; null without a key. */
export function leadFileHref(
  services: Partial<Pick<SiteServices, "fileLinkSecret">>,
  requestId: number,
  fileId: number,
  now: Date,
): string | null {
  if (!services.fileLinkSecret) return null;
  const key = deskFileKey(services.fileLinkSecret);
  const { expires, sig } = signFileLink(
    key,
    { id: fileId, name: boundTo(requestId) },
    now,
    DESK_FILE_LINK_LIFETIME_MS,
  );
  return `/desk/leads/quote/${requestId}/files/${fileId}?expires=${expires}&sig=${sig}`;
}

export type LeadFileAnswer = { status: 403 | 404 | 410; reason?: "expired" | "invalid" } | { file: Response };

const ID = /^[1-9]\d{0,9}$/;

/**
 * Answers a desk file link for `viewer`: 404 when the lead is not a quote they may see (as its page
 * does), 403 when the link is tampered with or has expired, 410 when the file is no longer attached
 * (housekeeping deleted it); otherwise the file, as an attachment.
 */
export async function readLeadFile(
  services: FileServices,
  viewer: Viewer,
  params: { kind?: string; id?: string; fileId?: string },
  search: URLSearchParams,
): Promise<LeadFileAnswer> {
  if (params.kind !== "quote" || !ID.test(params.id ?? "") || !ID.test(params.fileId ?? ""))
    return { status: 404 };
  const requestId = Number(params.id);
  const fileId = Number(params.fileId);
  if (requestId > 2 ** 31 || fileId > 2 ** 31) return { status: 404 };
  const desk = deskTables(services.db);
  const state = await desk
    .selectFrom("desk_leads")
    .select(["branch", "assigned_staff_id"])
    .where("lead_kind", "=", "quote")
    .where("lead_id", "=", requestId)
    .executeTakeFirst();
  if (!state || !mayView(viewer, { branch: state.branch, assignedStaffId: state.assigned_staff_id }))
    return { status: 404 };
  if (!services.fileLinkSecret) return { status: 403, reason: "invalid" };
  const check = checkFileLink(
    deskFileKey(services.fileLinkSecret),
    {
      fileId: String(fileId),
      name: boundTo(requestId),
      expires: search.get("expires"),
      sig: search.get("sig"),
    },
    services.now?.() ?? new Date(),
  );
  if (check !== "ok") return { status: 403, reason: check };
  const file = await desk
    .selectFrom("quote_files")
    .innerJoin("stored_files", "stored_files.id", "quote_files.file_id")
    .select(["stored_files.file_name", "stored_files.byte_size", "stored_files.content"])
    .where("quote_files.request_id", "=", requestId)
    .where("quote_files.file_id", "=", fileId)
    .executeTakeFirst();
  if (!file) return { status: 410 };
  return { file: fileDownload({ ...file, byte_size: Number(file.byte_size) }) };
}
