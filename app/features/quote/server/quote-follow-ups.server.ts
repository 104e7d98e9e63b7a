import type { Kysely } from "kysely";
import type { Attribution } from "~/features/leads/attribution/attribution";
import { readAttribution } from "~/features/leads/attribution/attribution.server";
import { type ReleaseOutcome, releaseHeldLead } from "~/features/leads/held.server";
import { queueAcknowledgement } from "~/features/leads/intake/acknowledgement.server";
import { queueLeadEvent } from "~/features/leads/intake/webhook-events.server";
import { defaultRouting, type QuoteRoute, routeQuote } from "~/features/leads/routing/routing.server";
import type { QuoteServices } from "~/load-context";
import type { DB } from "~/server/db/schema.server";
import { DEFAULT_SITE_TIME_ZONE } from "~/server/env.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { wakeWebhookWorker } from "~/server/webhooks/queue.server";
import { buildQuoteNotification } from "../email/quote-email.server";
import { quoteMailFiles } from "../email/quote-email-files.server";
import { quoteEventData } from "../email/quote-webhook.server";
import { FOAM_FIELD_NAMES, LABEL_FIELD_NAMES, type QuoteInput } from "../quote";
import { skuFactsOf } from "./quote-skus.server";

/** What queuing a quote's follow-ups uses of the services (not the form's secret). */
export type QuoteFollowUpServices = Omit<QuoteServices, "formSecret">;

/** A stored quote request, as what follows it needs it. */
export interface QuoteLead {
  requestId: number;
  reference: string;
  receivedAt: Date;
  quote: QuoteInput;
  /** The stored files, in order: attached to the notification (linked above 10 MB in all), linked from the webhook. */
  files: ReadonlyArray<{ id: number; name: string; contentType: string; size: number }>;
  /** How the visitor came (docs/attribution.md), for the notification's "How they found us". */
  attribution: Attribution | null;
  /** Files the buyer chose that did not arrive; not stored, so empty on a release. */
  filesNotArrived: readonly string[];
}

export interface QuoteFollowUps {
  outboxId: number | null;
  acknowledgementId: number | null;
  /** Webhook deliveries queued (one per endpoint). */
  webhooks: number;
}

/** The branch that answers a request, or SALES_EMAIL alone (docs/quotes.md#routing). */
export function routeOf(deps: QuoteFollowUpServices, quote: QuoteInput): QuoteRoute {
  return routeQuote(
    deps.routing ?? defaultRouting(),
    { postalCode: quote.postalCode, areas: quote.items.map((item) => item.area) },
    deps.salesEmail,
  );
}

/**
 * Queues what follows a stored quote request, in the caller's transaction: the notification to the
 * branch (with the files), the quote.created webhooks and the buyer's acknowledgement. The form's own path and the release of a
 * held request both call it, so a release sends exactly what a fresh request would.
 */
export async function queueQuoteFollowUps(
  trx: Kysely<DB>,
  deps: QuoteFollowUpServices,
  lead: QuoteLead,
  now: Date,
): Promise<QuoteFollowUps> {
  const route = routeOf(deps, lead.quote);
  const { files, attachmentFileIds } = quoteMailFiles(lead.files, deps, now);
  const skus = skuFactsOf(deps, lead.quote.items);
  const mail = buildQuoteNotification({
    skus,
    requestId: lead.requestId,
    reference: lead.reference,
    receivedAt: lead.receivedAt,
    quote: lead.quote,
    fileNames: lead.files.map((file) => file.name),
    files,
    route,
    filesNotArrived: [...lead.filesNotArrived],
    attribution: lead.attribution ?? undefined,
    mailFrom: deps.mailFrom,
    timeZone: deps.timeZone ?? DEFAULT_SITE_TIME_ZONE,
  });
  const outboxId = await enqueueMail(trx, { ...mail, attachmentFileIds }, now);
  // Beside the sales notification: a held request sends neither until it is released.
  const webhooks = await queueLeadEvent(
    trx,
    deps,
    "quote.created",
    { kind: "quote", id: lead.requestId },
    quoteEventData(
      deps,
      { reference: lead.reference, quote: lead.quote, route, skus },
      lead.files,
      lead.filesNotArrived,
      now,
    ),
    now,
  );
  const acknowledgementId = await queueAcknowledgement(
    trx,
    deps,
    {
      kind: "quote",
      reference: lead.reference,
      email: lead.quote.email,
      // The buyer's reply reaches the branch that answers, or sales.
      replyTo: route.branch?.email ?? deps.salesEmail,
      branchName: route.branch?.name,
    },
    now,
  );
  return { outboxId, acknowledgementId, webhooks };
}

function details<K extends string>(json: string | null, names: readonly K[]): Record<K, string | null> {
  const stored: Partial<Record<K, string | null>> = json ? JSON.parse(json) : {};
  return Object.fromEntries(names.map((name) => [name, stored[name] ?? null])) as Record<K, string | null>;
}

/** A stored request read back as the checked input it was stored from. */
async function storedLead(trx: Kysely<DB>, id: number, reference: string): Promise<QuoteLead> {
  const row = await trx
    .selectFrom("quote_requests")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  const items = await trx
    .selectFrom("quote_items")
    .select(["area", "description", "quantity", "unit", "notes", "label_details", "sku"])
    .where("request_id", "=", id)
    .orderBy("position")
    .execute();
  const files = await trx
    .selectFrom("quote_files")
    .innerJoin("stored_files", "stored_files.id", "quote_files.file_id")
    .select([
      "quote_files.file_id",
      "stored_files.file_name",
      "stored_files.content_type",
      "stored_files.byte_size",
    ])
    .where("quote_files.request_id", "=", id)
    .orderBy("quote_files.position")
    .execute();
  const quote = {
    company: row.company,
    name: row.name,
    email: row.email,
    phone: row.phone,
    postalCode: row.postal_code,
    neededBy: row.needed_by,
    poReference: row.po_reference,
    // Label details per item; a request stored before they were kept per item has one set for all.
    items: items.map(({ label_details, ...item }) => ({
      ...item,
      labels: details(label_details ?? row.label_details, LABEL_FIELD_NAMES),
    })),
    foam: details(row.foam_details, FOAM_FIELD_NAMES),
  } as QuoteInput; // As stored from a QuoteInput that passed the schema (submitQuote).
  return {
    requestId: id,
    reference,
    receivedAt: new Date(row.created_at),
    quote,
    files: files.map((file) => ({
      id: file.file_id,
      name: file.file_name,
      contentType: file.content_type,
      size: file.byte_size,
    })),
    filesNotArrived: [],
    attribution: await readAttribution(trx, "quote", id),
  };
}

/**
 * Sends a held quote request on as if just received (docs/spam.md#commands): marked released and its
 * notification (with its files) and acknowledgement queued in one transaction; a request already
 * released is left be.
 */
export async function releaseHeldQuote(
  deps: QuoteFollowUpServices,
  reference: string,
): Promise<ReleaseOutcome<QuoteFollowUps>> {
  const now = deps.now?.() ?? new Date();
  const outcome = await releaseHeldLead(deps.db, "quote", reference, now, async (trx, id) =>
    queueQuoteFollowUps(trx, deps, await storedLead(trx, id, reference), now),
  );
  if (outcome.status === "released") {
    wakeWebhookWorker(deps.webhooks, outcome.queued.webhooks);
    deps.logger.info({ reference, ...outcome.queued }, "held quote request released and notification queued");
  }
  return outcome;
}
