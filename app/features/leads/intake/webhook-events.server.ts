import { type Kysely, sql } from "kysely";
import type { QuoteRoute } from "~/features/leads/routing/routing.server";
import type { SiteServices } from "~/load-context";
import { type DB, isoTime } from "~/server/db/schema.server";
import { queueWebhooks, type WebhookEvent, wakeWebhookWorker } from "~/server/webhooks/queue.server";
import type { LeadKind } from "../tables.server";

/**
 * What the lead features share of their webhooks (docs/webhooks.md#payloads): how a lead's visitor
 * came (lead_attribution, null when the lead has no row) and how a route reads in a payload. Each
 * feature builds its own event's `data` and queues it with queueLeadEvent, in the transaction that
 * stores the lead, beside the sales notification: a lead that sends no notification sends no webhook.
 */

/** The lead forms' webhook events (docs/webhooks.md#events), one per form. */
export const LEAD_EVENTS = ["contact.created", "quote.created"] as const;
export type LeadEvent = (typeof LEAD_EVENTS)[number];

/** The attribution row of a lead, without its key columns; null when none was recorded. */
export async function attributionOf(
  trx: Kysely<DB>,
  kind: LeadKind,
  leadId: number,
): Promise<Record<string, unknown> | null> {
  const row = await trx
    .selectFrom("lead_attribution")
    .selectAll()
    .where("lead_kind", "=", kind)
    .where("lead_id", "=", leadId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    landingPage: row.landing_page,
    referrerHost: row.referrer_host,
    searchEngine: row.search_engine,
    utmSource: row.utm_source,
    utmMedium: row.utm_medium,
    utmCampaign: row.utm_campaign,
    utmTerm: row.utm_term,
    utmContent: row.utm_content,
    clickId: row.click_id === 1,
    sentFrom: row.sent_from,
    pagesSeen: row.pages_seen,
    secondsToLead: row.seconds_to_lead,
    recordedAt: row.created_at,
  };
}

/** Where a lead went: the branch (quotes routed by ship-to ZIP) and the addresses notified. */
export function routingOf(route: Pick<QuoteRoute, "branch" | "to" | "cc" | "reason">) {
  return {
    branch: route.branch ? { id: route.branch.id, name: route.branch.name, email: route.branch.email } : null,
    to: [...route.to],
    cc: [...route.cc],
    reason: route.reason,
  };
}

/**
 * Queues a lead's event for every configured endpoint, with its attribution added to `data`.
 * Returns how many deliveries were queued (nudge the worker with them after the commit).
 */
export async function queueLeadEvent(
  trx: Kysely<DB>,
  deps: Pick<SiteServices, "webhooks">,
  event: LeadEvent | WebhookEvent,
  lead: { kind: LeadKind; id: number },
  data: Record<string, unknown>,
  now: Date,
): Promise<number> {
  if (!deps.webhooks || deps.webhooks.endpoints.length === 0) return 0;
  const attribution = await attributionOf(trx, lead.kind, lead.id);
  return queueWebhooks(trx, deps.webhooks, event, { ...data, attribution, occurredAt: isoTime(now) }, now);
}

/**
 * The webhook deliveries whose lead is this address (for a privacy export or deletion): the payloads
 * that mention it, then only those whose `data.lead.email` is it.
 */
export async function webhookDeliveriesAbout(
  trx: Kysely<DB>,
  email: string,
): Promise<Array<{ id: number; event_type: string; status: string; created_at: string }>> {
  const address = email.trim().toLowerCase();
  const rows = await trx
    .selectFrom("webhook_deliveries")
    .select(["id", "event_type", "status", "created_at", "payload"])
    .where(sql<string>`lower(payload)`, "like", `%${address}%`)
    .orderBy("id")
    .execute();
  return rows
    .filter((row) => {
      const lead = (JSON.parse(row.payload) as { data?: { lead?: { email?: unknown } } }).data?.lead;
      return typeof lead?.email === "string" && lead.email.trim().toLowerCase() === address;
    })
    .map(({ payload: _payload, ...row }) => row);
}

/**
 * After a lead's transaction commits: wakes the webhook worker for the deliveries it queued and the mail
 * worker for its e-mails. A failing nudge is logged, not thrown: the lead is stored, and the worker's
 * poll sends it anyway.
 */
export function wakeWorkersForLead(
  deps: Pick<SiteServices, "logger"> & Partial<Pick<SiteServices, "webhooks" | "wakeMailWorker">>,
  webhooks: number,
): void {
  wakeWebhookWorker(deps.webhooks, webhooks);
  try {
    deps.wakeMailWorker?.();
  } catch (error) {
    deps.logger.error({ err: error }, "waking the mail worker failed");
  }
}
