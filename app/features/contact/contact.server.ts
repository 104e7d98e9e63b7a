import type { Kysely } from "kysely";
import {
  CONTACT_FAILURE,
  CONTACT_FIELDS,
  CONTACT_SUCCESS,
  type ContactInput,
  isHoneypotFilled,
  parseContact,
} from "~/features/contact/contact";
import { buildContactNotification } from "~/features/contact/contact-email.server";
import { queueAcknowledgement } from "~/features/leads/acknowledgement.server";
import { ATTRIBUTION_FIELD, type Attribution, parseAttribution } from "~/features/leads/attribution";
import { readAttribution, storeAttribution } from "~/features/leads/attribution.server";
import type { FormResult } from "~/features/leads/form-input";
import type { FormApi, FormService } from "~/features/leads/form-request.server";
import { logHeld, type ReleaseOutcome, releaseHeldLead } from "~/features/leads/held.server";
import { newReference, withFreshReference } from "~/features/leads/reference.server";
import { heldColumns, scoreLead } from "~/features/leads/spam.server";
import { queueLeadEvent, wakeWorkersForLead } from "~/features/leads/webhook-events.server";
import type { ContactServices } from "~/load-context";
import { type DB, isoTime } from "~/server/db/schema.server";
import { DEFAULT_SITE_TIME_ZONE } from "~/server/env.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { type RateLimit, tooManyRequests, withinRateLimit } from "~/server/rate-limit.server";
import { wakeWebhookWorker } from "~/server/webhooks/queue.server";

/** Per-client limit of the contact form (docs/product.md#per-client-limits). */
export const CONTACT_CLIENT_LIMIT: RateLimit = { limit: 5, windowMs: 10 * 60 * 1000 };

const success = (reference?: string): FormResult => ({
  ok: true,
  status: 200,
  ...CONTACT_SUCCESS,
  ...(reference ? { reference } : {}),
});

/**
 * Handles one contact form post (docs/product.md#contact-form): validates with the shared schema,
 * then stores the submission and queues the sales notification in one transaction. `clientKey` identifies the client
 * (see clientKeyForIp); it is stored with the submission and keys the per-client limit.
 */
export const submitContact: FormService<ContactServices> = async (deps, input, clientKey, origin) => {
  const { db, logger } = deps;
  const now = deps.now?.() ?? new Date();

  // A filled honeypot gets the normal answer whatever else was sent, so a bot learns nothing
  // (docs/product.md#honeypot).
  if (isHoneypotFilled(input)) {
    logger.info({ clientKey }, "contact form honeypot filled: answered as success, nothing stored or sent");
    // With a reference like a real one's, so the answer does not give the check away.
    return success(newReference("C"));
  }

  const parsed = parseContact(input);
  if (!parsed.success) return { ok: false, status: 400, ...parsed.error, fieldErrors: parsed.fieldErrors };
  const contact = parsed.data;
  const attribution = parseAttribution(input[ATTRIBUTION_FIELD], origin?.refererPath);

  let reference: string;
  let webhooksQueued = 0;
  try {
    // Scored after the checks above, on what was typed and the messages of the last hour.
    const verdict = await scoreLead(
      db,
      "contact",
      { name: contact.name, email: contact.email, message: contact.message, repeatText: contact.message },
      clientKey,
      now,
    );
    // The per-client count, the lead and its two e-mails commit together: one transaction, no await
    // in it but the database's own.
    const stored = await withFreshReference("C", (reference) =>
      withinRateLimit(db, `contact:${clientKey}`, CONTACT_CLIENT_LIMIT, now, async (trx) => {
        const submission = await trx
          .insertInto("contact_submissions")
          .values({
            ...contact,
            reference,
            client_key: clientKey,
            created_at: isoTime(now),
            ...heldColumns(verdict, now),
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await storeAttribution(trx, { kind: "contact", id: submission.id }, attribution, now);
        // Held as likely spam: stored with its reasons, and nothing queued (docs/spam.md).
        if (verdict.held) return { submissionId: submission.id, reference, held: true as const };
        const queued = await queueContactFollowUps(
          trx,
          deps,
          { submissionId: submission.id, reference, receivedAt: now, contact, attribution },
          now,
        );
        return { submissionId: submission.id, reference, ...queued };
      }),
    );
    if (stored.limited) {
      if (!stored.limited.repeated)
        logger.warn({ clientKey, count: stored.limited.count }, "contact form: per-client limit reached");
      return tooManyRequests(stored.limited);
    }
    reference = stored.value.reference;
    if ("held" in stored.value) {
      logHeld(logger, "contact", reference, verdict);
      // The same answer as any success, and no nudge: nothing was queued.
      return { ...success(reference), held: true };
    }
    logger.info(stored.value, "contact submission stored and notification queued");
    webhooksQueued = stored.value.webhooks;
  } catch (error) {
    logger.error({ err: error, clientKey }, "contact submission could not be stored");
    return { ok: false, status: 500, ...CONTACT_FAILURE };
  }

  wakeWorkersForLead(deps, webhooksQueued);
  return success(reference);
};

/** What was queued for a contact message: its notification, acknowledgement and webhook deliveries. */
interface ContactFollowUps {
  outboxId: number | null;
  acknowledgementId: number | null;
  webhooks: number;
}

/** What follows a stored contact message: the sales notification, its webhooks and the acknowledgement. */
export interface ContactLead {
  submissionId: number;
  reference: string;
  receivedAt: Date;
  contact: ContactInput;
  /** How the visitor came (docs/attribution.md), for the notification's "How they found us". */
  attribution: Attribution | null;
}

/**
 * Queues what follows a stored contact message, in the caller's transaction: the form's own path and
 * the release of a held message (releaseHeldContact) both call it, so a release sends exactly what a
 * fresh message would.
 */
export async function queueContactFollowUps(
  trx: Kysely<DB>,
  deps: ContactServices,
  lead: ContactLead,
  now: Date,
): Promise<ContactFollowUps> {
  const mail = buildContactNotification({
    submissionId: lead.submissionId,
    reference: lead.reference,
    receivedAt: lead.receivedAt,
    contact: lead.contact,
    attribution: lead.attribution ?? undefined,
    salesEmail: deps.salesEmail,
    mailFrom: deps.mailFrom,
    timeZone: deps.timeZone ?? DEFAULT_SITE_TIME_ZONE,
  });
  const outboxId = await enqueueMail(trx, mail, now);
  // Beside the sales notification: a held message sends neither until it is released.
  const webhooks = await queueLeadEvent(
    trx,
    deps,
    "contact.created",
    { kind: "contact", id: lead.submissionId },
    contactEventData(lead.reference, lead.contact, deps.salesEmail),
    now,
  );
  const acknowledgementId = await queueAcknowledgement(
    trx,
    deps,
    { kind: "contact", reference: lead.reference, email: lead.contact.email, replyTo: deps.salesEmail },
    now,
  );
  return { outboxId, acknowledgementId, webhooks };
}

/**
 * Sends a held contact message on as if just received (docs/spam.md#commands): marked released and its
 * notification and acknowledgement queued, in one transaction; a message already released is left be.
 */
export async function releaseHeldContact(
  deps: ContactServices,
  reference: string,
): Promise<ReleaseOutcome<ContactFollowUps>> {
  const now = deps.now?.() ?? new Date();
  const outcome = await releaseHeldLead(deps.db, "contact", reference, now, async (trx, id) => {
    const row = await trx
      .selectFrom("contact_submissions")
      .select(["name", "email", "phone", "message", "created_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const { created_at, ...contact } = row;
    return queueContactFollowUps(
      trx,
      deps,
      {
        submissionId: id,
        reference,
        receivedAt: new Date(created_at),
        contact,
        attribution: await readAttribution(trx, "contact", id),
      },
      now,
    );
  });
  if (outcome.status === "released") {
    wakeWebhookWorker(deps.webhooks, outcome.queued.webhooks);
    deps.logger.info(
      { reference, ...outcome.queued },
      "held contact message released and notification queued",
    );
  }
  return outcome;
}

/** The `data` of a contact.created webhook (docs/webhooks.md#contactcreated); attribution is added by queueLeadEvent. */
function contactEventData(
  reference: string,
  contact: { name: string; email: string; phone: string | null; message: string },
  salesEmail: string,
) {
  return {
    reference,
    lead: {
      kind: "contact",
      name: contact.name,
      email: contact.email,
      phone: contact.phone,
      message: contact.message,
    },
    items: [],
    files: [],
    routing: { branch: null, to: [salesEmail], cc: [], reason: "Contact messages go to sales" },
  };
}

/** The contact form as its endpoints take it (/api/contact, and /contact's action without JavaScript). */
export const contactFormApi: FormApi = {
  form: "contact",
  what: "contact form",
  fields: [...CONTACT_FIELDS, ATTRIBUTION_FIELD],
  service: submitContact,
};
