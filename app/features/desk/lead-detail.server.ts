import type { Selectable } from "kysely";
import { company } from "~/content/company";
import { isPlainAddress } from "~/features/leads/email-text.server";
import { routeQuote } from "~/features/leads/routing/routing.server";
import type { LeadAttributionTable } from "~/features/leads/tables.server";
import { buildMailtoHref } from "~/lib/mailto";
import type { SiteServices } from "~/load-context";
import { mayView, type Viewer } from "./access.server";
import { leadFileHref } from "./lead-files.server";
import { activeRange, type SkuLine, skuLineOf } from "./lead-skus";
import { type DeskLeadKind, deskTables, type LeadStatus } from "./tables.server";

/*
 * Everything the site holds about one lead, for its page in the desk (docs/desk.md#lead-page): read
 * from the lead's own tables and the desk's, never written here.
 */

export interface LeadField {
  label: string;
  value: string;
}

export interface LeadItem {
  description: string;
  quantity: number;
  unit: string;
  area: string | null;
  notes: string | null;
  sku: SkuLine | null;
}

export interface LeadDetail {
  kind: DeskLeadKind;
  id: number;
  reference: string | null;
  receivedAt: string;
  status: LeadStatus;
  lostReason: string | null;
  branch: string | null;
  assignedStaffId: number | null;
  responseSeconds: number | null;
  responseBusinessSeconds: number | null;
  routing: string;
  fields: LeadField[];
  items: LeadItem[];
  /** A quote's attached files, each with its short-lived link (lead-files.server.ts); null without a key. */
  files: { name: string; bytes: number; href: string | null }[];
  /**
   * For a quote without files older than ATTACHMENT_RETENTION_DAYS: the days after which its files
   * were deleted (a lead page may outlive them while its e-mails are still being sent); null otherwise.
   */
  filesDeletedAfterDays: number | null;
  attribution: LeadField[];
  emails: {
    subject: string;
    to: string;
    status: string;
    at: string;
    sentAt: string | null;
    error: string | null;
  }[];
  webhooks: { event: string; endpoint: string; status: string; lastStatus: number | null; at: string }[];
  activity: { at: string; who: string; action: string; detail: string }[];
  /** A mailto: link that opens an e-mail to the buyer; null when their address cannot be a recipient. */
  replyHref: string | null;
}

/** The reply the lead page's button opens: to the buyer, about their reference, greeting them by name. */
export function replyHref(lead: {
  kind: DeskLeadKind;
  reference: string | null;
  email: string;
  name: string;
}) {
  if (!isPlainAddress(lead.email)) return null;
  const what = lead.kind === "quote" ? "quote request" : "message";
  return buildMailtoHref(lead.email, {
    subject: `Re: your ${what}${lead.reference ? ` ${lead.reference}` : ""} to ${company.name}`,
    body: `Hello ${lead.name.replace(/\s+/g, " ").trim().slice(0, 100)},\n\n`,
  });
}

type Services = Pick<SiteServices, "db" | "routing" | "salesEmail"> &
  Partial<Pick<SiteServices, "catalogue" | "fileLinkSecret" | "now" | "attachmentRetentionDays">>;

/** How long quote files are kept unless ATTACHMENT_RETENTION_DAYS says otherwise. */
const DEFAULT_RETENTION_DAYS = 365;

const present = (fields: [string, string | null | undefined][]): LeadField[] =>
  fields.flatMap(([label, value]) => (value ? [{ label, value }] : []));

/** The details of a JSON object of label or foam answers, as fields. */
function detailsOf(json: string | null, title: string): LeadField[] {
  if (!json) return [];
  try {
    const parsed = JSON.parse(json) as Record<string, unknown>;
    return Object.entries(parsed)
      .filter(([, value]) => value !== null && value !== "")
      .map(([key, value]) => ({ label: `${title}: ${key}`, value: String(value) }));
  } catch {
    return [];
  }
}

async function leadRecord(services: Services, kind: DeskLeadKind, id: number) {
  const desk = deskTables(services.db);
  if (kind === "contact") {
    const row = await desk
      .selectFrom("contact_submissions")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) return null;
    return {
      reference: row.reference,
      email: row.email,
      name: row.name,
      routing: "Contact message: sent to sales, no branch",
      fields: present([
        ["Name", row.name],
        ["E-mail", row.email],
        ["Phone", row.phone],
        ["Message", row.message],
      ]),
    };
  }
  const row = await desk.selectFrom("quote_requests").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const route = routeQuote(services.routing, { postalCode: row.postal_code, areas: [] }, services.salesEmail);
  return {
    reference: row.reference,
    email: row.email,
    name: row.name,
    routing: route.reason,
    fields: [
      ...present([
        ["Company", row.company],
        ["Name", row.name],
        ["E-mail", row.email],
        ["Phone", row.phone],
        ["Ship-to ZIP code", row.postal_code],
        ["Needed by", row.needed_by],
        ["PO reference", row.po_reference],
      ]),
      ...detailsOf(row.label_details, "Labels"),
      ...detailsOf(row.foam_details, "Foam"),
    ],
  };
}

/** The lead, if it exists and the viewer may see it; null otherwise (the page answers 404 either way). */
export async function readLead(
  services: Services,
  viewer: Viewer,
  kind: DeskLeadKind,
  id: number,
): Promise<LeadDetail | null> {
  const desk = deskTables(services.db);
  const state = await desk
    .selectFrom("desk_leads")
    .selectAll()
    .where("lead_kind", "=", kind)
    .where("lead_id", "=", id)
    .executeTakeFirst();
  if (!state || !mayView(viewer, { branch: state.branch, assignedStaffId: state.assigned_staff_id }))
    return null;
  const record = await leadRecord(services, kind, id);
  if (!record) return null;
  const [{ items, files }, attribution, emails, webhooks, activity] = await Promise.all([
    kind === "quote" ? quoteContents(services, id) : { items: [], files: [] },
    desk
      .selectFrom("lead_attribution")
      .selectAll()
      .where("lead_kind", "=", kind)
      .where("lead_id", "=", id)
      .executeTakeFirst(),
    leadEmails(services, record.reference, record.email, state.received_at),
    leadWebhooks(services, record.reference, state.received_at),
    leadActivity(services, kind, id),
  ]);
  return {
    kind,
    id,
    reference: record.reference,
    receivedAt: state.received_at,
    status: state.status,
    lostReason: state.lost_reason,
    branch: state.branch,
    assignedStaffId: state.assigned_staff_id,
    responseSeconds: state.response_seconds,
    responseBusinessSeconds: state.response_business_seconds,
    routing: record.routing,
    fields: record.fields,
    items,
    files,
    filesDeletedAfterDays: kind === "quote" ? deletedAfter(services, files.length, state.received_at) : null,
    attribution: attributionFields(attribution),
    emails,
    webhooks,
    activity,
    replyHref: replyHref({ kind, reference: record.reference, email: record.email, name: record.name }),
  };
}

/** The e-mails queued for the lead: the subject names its reference, or it went to the lead's address since it arrived. */
async function leadEmails(services: Services, reference: string | null, email: string, since: string) {
  const rows = await deskTables(services.db)
    .selectFrom("email_outbox")
    .select(["subject", "to_address", "status", "created_at", "sent_at", "last_error"])
    .where("created_at", ">=", since)
    .where((eb) =>
      eb.or([
        ...(reference ? [eb("subject", "like", `%[${reference}]%`)] : []),
        eb("to_address", "=", email),
      ]),
    )
    .orderBy("created_at")
    .orderBy("id")
    .limit(20)
    .execute();
  return rows.map((row) => ({
    subject: row.subject,
    to: row.to_address,
    status: row.status,
    at: row.created_at,
    sentAt: row.sent_at,
    error: row.last_error,
  }));
}

/** The webhook deliveries whose event names the lead's reference. */
async function leadWebhooks(services: Services, reference: string | null, since: string) {
  if (!reference) return [];
  const rows = await deskTables(services.db)
    .selectFrom("webhook_deliveries")
    .select(["event_type", "endpoint_url", "status", "last_status", "created_at"])
    .where("created_at", ">=", since)
    .where("payload", "like", `%"${reference}"%`)
    .orderBy("created_at")
    .orderBy("id")
    .limit(20)
    .execute();
  return rows.map((row) => ({
    event: row.event_type,
    endpoint: hostOf(row.endpoint_url),
    status: row.status,
    lastStatus: row.last_status,
    at: row.created_at,
  }));
}

async function quoteContents(services: Services, id: number) {
  const desk = deskTables(services.db);
  const [items, files] = await Promise.all([
    desk
      .selectFrom("quote_items")
      .select(["description", "quantity", "unit", "area", "notes", "sku"])
      .where("request_id", "=", id)
      .orderBy("position")
      .limit(200)
      .execute(),
    desk
      .selectFrom("quote_files")
      .innerJoin("stored_files", "stored_files.id", "quote_files.file_id")
      .select(["stored_files.id", "stored_files.file_name", "stored_files.byte_size"])
      .where("quote_files.request_id", "=", id)
      .orderBy("quote_files.position")
      .limit(50)
      .execute(),
  ]);
  const range = activeRange(services);
  const now = services.now?.() ?? new Date();
  return {
    items: items.map((item) => ({
      ...item,
      quantity: Number(item.quantity),
      sku: skuLineOf(range, item.sku),
    })),
    files: files.map((file) => ({
      name: file.file_name,
      bytes: Number(file.byte_size),
      href: leadFileHref(services, id, Number(file.id), now),
    })),
  };
}

/** The retention in days when a quote has no files left and is older than it; null otherwise. */
function deletedAfter(services: Services, files: number, receivedAt: string): number | null {
  const days = services.attachmentRetentionDays ?? DEFAULT_RETENTION_DAYS;
  const age = (services.now?.() ?? new Date()).getTime() - Date.parse(receivedAt);
  return files === 0 && age >= days * 24 * 60 * 60 * 1000 ? days : null;
}

async function leadActivity(services: Services, kind: DeskLeadKind, id: number) {
  const rows = await deskTables(services.db)
    .selectFrom("desk_activity as a")
    .innerJoin("desk_staff as s", "s.id", "a.staff_id")
    .select(["a.at", "a.action", "a.detail", "s.email"])
    .where("a.lead_kind", "=", kind)
    .where("a.lead_id", "=", id)
    .orderBy("a.at")
    .orderBy("a.id")
    .limit(500)
    .execute();
  return rows.map((entry) => ({
    at: entry.at,
    who: entry.email,
    action: entry.action,
    detail: entry.detail,
  }));
}

function attributionFields(row: Selectable<LeadAttributionTable> | undefined): LeadField[] {
  if (!row) return [];
  const campaign = [row.utm_source, row.utm_medium, row.utm_campaign].filter(Boolean).join(" / ");
  return present([
    ["Landing page", row.landing_page],
    ["Referred by", row.referrer_host],
    ["Search engine", row.search_engine],
    ["Campaign", campaign],
    ["Sent from", row.sent_from],
    ["Pages seen", row.pages_seen === null ? null : String(row.pages_seen)],
    ["Ad click", row.click_id ? "yes" : null],
  ]);
}

/** An endpoint's host, for the page (its path may carry a token). */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "(invalid address)";
  }
}
