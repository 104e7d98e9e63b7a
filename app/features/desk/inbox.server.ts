import { type Expression, type SqlBool, sql } from "kysely";
import { productSectionIds } from "~/content/ids";
import { routeQuote } from "~/features/leads/routing/routing.server";
import type { SiteServices } from "~/load-context";
import { writeTransaction } from "~/server/db/database.server";
import { isoTime } from "~/server/db/schema.server";
import { canSeeAll, type Viewer, visibleTo } from "./access.server";
import { type HoursServices, isOverdue } from "./hours";
import { type DeskLeadKind, deskTables, LEAD_STATUSES, type LeadStatus } from "./tables.server";

/** Leads per inbox page, and the deepest page the inbox goes to. */
export const PAGE_SIZE = 50;
export const MAX_PAGE = 200;
/** Leads the inbox takes into its own table per request, per kind (see syncDeskLeads). */
const SYNC_BATCH = 500;
/** Lead ids below the desk's last one that are still looked at, for ids committed out of order. */
const SYNC_MARGIN = 1000;
/** The branch filter's value for leads routed to no branch. */
export const UNROUTED = "unrouted";

type Services = Pick<SiteServices, "db" | "routing" | "salesEmail">;
type InboxServices = Services & HoursServices & Pick<SiteServices, "now">;

/**
 * Gives every contact message and quote request the desk has not seen yet its desk row (status New,
 * the quote's branch from the routing file). Leads held as likely spam join once they are released.
 * Runs before the inbox is read; the anti-join is on primary keys, and only new leads are written.
 */
async function lastSynced(services: Services, kind: DeskLeadKind): Promise<number> {
  const row = await deskTables(services.db)
    .selectFrom("desk_leads")
    .select((eb) => eb.fn.max("lead_id").as("last"))
    .where("lead_kind", "=", kind)
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}

/**
 * The leads of one kind the desk has no row for: those above the last one it has (less a margin for
 * ids that committed out of order on PostgreSQL), and the released ones (few: a held lead is deleted
 * unless released). Two range queries on indexes, each joined to the desk's primary key.
 */
async function unsynced<T extends "contact_submissions" | "quote_requests">(services: Services, table: T) {
  const kind: DeskLeadKind = table === "quote_requests" ? "quote" : "contact";
  const floor = Math.max(0, (await lastSynced(services, kind)) - SYNC_MARGIN);
  const base = () =>
    deskTables(services.db)
      // Both lead tables have the columns read here; the type names one of them.
      .selectFrom(`${table} as t` as "contact_submissions as t")
      .leftJoin("desk_leads as d", (join) =>
        join.on("d.lead_kind", "=", kind).onRef("d.lead_id", "=", "t.id"),
      )
      .select(["t.id", "t.created_at"])
      .where("d.lead_id", "is", null)
      .orderBy("t.id")
      .limit(SYNC_BATCH);
  const [recent, released] = await Promise.all([
    base().where("t.id", ">", floor).where("t.held_at", "is", null).execute(),
    base().where("t.held_at", "is not", null).where("t.released_at", "is not", null).execute(),
  ]);
  return [...recent, ...released].map((row) => ({ id: Number(row.id), at: row.created_at }));
}

export async function syncDeskLeads(services: Services): Promise<void> {
  const contacts = await unsynced(services, "contact_submissions");
  const quoteIds = await unsynced(services, "quote_requests");
  const zips =
    quoteIds.length === 0
      ? []
      : await deskTables(services.db)
          .selectFrom("quote_requests")
          .select(["id", "postal_code"])
          .where(
            "id",
            "in",
            quoteIds.map((row) => row.id),
          )
          .execute();
  const zipOf = new Map(zips.map((zip) => [Number(zip.id), zip.postal_code]));
  const quotes = quoteIds.map((row) => ({
    id: row.id,
    created_at: row.at,
    postal_code: zipOf.get(row.id) ?? null,
  }));
  if (contacts.length === 0 && quotes.length === 0) return;
  const rows = [
    ...contacts.map((row) => ({ kind: "contact" as const, id: row.id, at: row.at, branch: null })),
    ...quotes.map((row) => ({
      kind: "quote" as const,
      id: row.id,
      at: row.created_at,
      branch:
        routeQuote(services.routing, { postalCode: row.postal_code, areas: [] }, services.salesEmail).branch
          ?.id ?? null,
    })),
  ];
  await writeTransaction(services.db, (trx) =>
    deskTables(trx)
      .insertInto("desk_leads")
      .values(
        rows.map((row) => ({
          lead_kind: row.kind,
          lead_id: Number(row.id),
          received_at: row.at,
          branch: row.branch,
          status: "new" as const,
          lost_reason: null,
          assigned_staff_id: null,
          first_moved_at: null,
          response_seconds: null,
          response_business_seconds: null,
        })),
      )
      .onConflict((oc) => oc.columns(["lead_kind", "lead_id"]).doNothing())
      .execute(),
  );
}

/** The inbox's age filter: received within the last hour, day, week or 30 days, or longer ago than 30 days. */
export const AGE_FILTERS = {
  hour: { label: "Last hour", ms: 3_600_000 },
  day: { label: "Last 24 hours", ms: 86_400_000 },
  week: { label: "Last 7 days", ms: 7 * 86_400_000 },
  month: { label: "Last 30 days", ms: 30 * 86_400_000 },
  older: { label: "Older than 30 days", ms: 30 * 86_400_000 },
} as const;
export type AgeFilter = keyof typeof AGE_FILTERS;

export interface InboxFilters {
  status: LeadStatus | null;
  /** A product area (a quote with an item in it), or null for all. */
  area: string | null;
  age: AgeFilter | null;
  /** A branch id, UNROUTED, or null for all. */
  branch: string | null;
  /** A reference (C-… or Q-…), an e-mail address, or the start of a company or name. */
  query: string;
  page: number;
}

/** The inbox's filters from its address; anything unknown is left out, the query is bounded. */
export function readInboxFilters(params: URLSearchParams, branches: readonly string[]): InboxFilters {
  const status = params.get("status");
  const branch = params.get("branch");
  const page = Number(params.get("page") ?? "1");
  const area = params.get("area");
  const age = params.get("age") ?? "";
  return {
    status: LEAD_STATUSES.includes(status as LeadStatus) ? (status as LeadStatus) : null,
    area: (productSectionIds as readonly string[]).includes(area ?? "") ? area : null,
    age: Object.hasOwn(AGE_FILTERS, age) ? (age as AgeFilter) : null,
    branch: branch === UNROUTED || (branch !== null && branches.includes(branch)) ? branch : null,
    query: (params.get("q") ?? "").trim().slice(0, 100),
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

export interface InboxRow {
  kind: DeskLeadKind;
  id: number;
  reference: string | null;
  name: string;
  company: string | null;
  email: string;
  branch: string | null;
  status: LeadStatus;
  receivedAt: string;
  assignedTo: string | null;
  /** Still New after the overdue minutes of business time (docs/desk.md#overdue). */
  overdue: boolean;
}

const REFERENCE = /^[CQ]-[A-Z0-9]{6}$/;

/** `text%` for LIKE, with the text's own wildcards taken literally. */
function startsWith(text: string): string {
  return `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Every lead of the desk with what the inbox shows of it; a lead removed from its own table is left out. */
function inboxQuery(services: Services) {
  return (
    deskTables(services.db)
      .selectFrom("desk_leads as d")
      .leftJoin("contact_submissions as c", (join) =>
        join.on("d.lead_kind", "=", "contact").onRef("c.id", "=", "d.lead_id"),
      )
      .leftJoin("quote_requests as q", (join) =>
        join.on("d.lead_kind", "=", "quote").onRef("q.id", "=", "d.lead_id"),
      )
      .leftJoin("desk_staff as s", "s.id", "d.assigned_staff_id")
      .select((eb) => [
        "d.lead_kind",
        "d.lead_id",
        "d.branch",
        "d.status",
        "d.received_at",
        "q.company",
        "s.email as assigned_email",
        eb.fn.coalesce("c.reference", "q.reference").as("reference"),
        eb.fn.coalesce("c.name", "q.name").as("name"),
        eb.fn.coalesce("c.email", "q.email").as("email"),
      ])
      // A lead deleted from its own table (privacy) leaves the desk with it.
      .where((eb) => eb.or([eb("c.id", "is not", null), eb("q.id", "is not", null)]))
  );
}

/** One page of the inbox, newest first, of the leads the viewer may see; `more` when another page follows. */
export async function listInbox(
  services: InboxServices,
  viewer: Viewer,
  filters: InboxFilters,
): Promise<{ rows: InboxRow[]; more: boolean }> {
  const { query } = filters;
  let select = inboxQuery(services);
  if (!canSeeAll(viewer)) select = select.where((eb) => visibleTo(eb, viewer));
  if (filters.status) select = select.where("d.status", "=", filters.status);
  const now = services.now?.() ?? new Date();
  if (filters.age) {
    const since = isoTime(new Date(now.getTime() - AGE_FILTERS[filters.age].ms));
    select = select.where("d.received_at", filters.age === "older" ? "<" : ">=", since);
  }
  if (filters.area) {
    const area = filters.area;
    select = select.where((eb) =>
      eb.and([
        eb("d.lead_kind", "=", "quote"),
        eb("d.lead_id", "in", eb.selectFrom("quote_items").select("request_id").where("area", "=", area)),
      ]),
    );
  }
  if (filters.branch === UNROUTED) select = select.where("d.branch", "is", null);
  else if (filters.branch) select = select.where("d.branch", "=", filters.branch);
  if (query !== "") {
    const upper = query.toUpperCase();
    select = select.where((eb): Expression<SqlBool> => {
      // A reference or an address is looked up in the lead's own table by its index, then in the desk's.
      if (REFERENCE.test(upper)) {
        const kind = upper.startsWith("Q-") ? "quote" : "contact";
        const table = kind === "quote" ? "quote_requests" : "contact_submissions";
        return eb.and([
          eb("d.lead_kind", "=", kind),
          eb("d.lead_id", "in", eb.selectFrom(table).select("id").where("reference", "=", upper)),
        ]);
      }
      if (query.includes("@")) {
        const email = query.toLowerCase();
        return eb.or(
          (["contact_submissions", "quote_requests"] as const).map((table) =>
            eb.and([
              eb("d.lead_kind", "=", table === "quote_requests" ? "quote" : "contact"),
              eb(
                "d.lead_id",
                "in",
                eb
                  .selectFrom(table)
                  .select("id")
                  .where((inner) => inner(inner.fn("lower", ["email"]), "=", email)),
              ),
            ]),
          ),
        );
      }
      const prefix = startsWith(query);
      return eb.or([
        sql<SqlBool>`lower(${eb.ref("q.company")}) like ${prefix} escape '\\'`,
        sql<SqlBool>`lower(${eb.fn.coalesce("c.name", "q.name")}) like ${prefix} escape '\\'`,
      ]);
    });
  }
  const rows = await select
    .orderBy("d.received_at", "desc")
    .orderBy("d.lead_kind")
    .orderBy("d.lead_id", "desc")
    .limit(PAGE_SIZE + 1)
    .offset((filters.page - 1) * PAGE_SIZE)
    .execute();
  return {
    more: rows.length > PAGE_SIZE,
    rows: rows.slice(0, PAGE_SIZE).map((row) => {
      const lead = toInboxRow(row);
      return { ...lead, overdue: isOverdue(services, lead, now) };
    }),
  };
}

function toInboxRow(row: {
  lead_kind: DeskLeadKind;
  lead_id: number;
  reference: string | null;
  name: string | null;
  company: string | null;
  email: string | null;
  branch: string | null;
  status: LeadStatus;
  received_at: string;
  assigned_email: string | null;
}): Omit<InboxRow, "overdue"> {
  return {
    kind: row.lead_kind,
    id: Number(row.lead_id),
    reference: row.reference,
    name: row.name ?? "",
    company: row.company,
    email: row.email ?? "",
    branch: row.branch,
    status: row.status,
    receivedAt: row.received_at,
    assignedTo: row.assigned_email,
  };
}
