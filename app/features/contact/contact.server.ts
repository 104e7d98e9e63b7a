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
import type { ContactSubmissionTable } from "~/features/contact/tables.server";
import { ATTRIBUTION_FIELD, type Attribution } from "~/features/leads/attribution/attribution";
import { readAttribution } from "~/features/leads/attribution/attribution.server";
import type { FormInput, FormResult } from "~/features/leads/form-input";
import { type ReleaseOutcome, releaseHeldLead } from "~/features/leads/held.server";
import { queueAcknowledgement } from "~/features/leads/intake/acknowledgement.server";
import type { FormApi, FormService } from "~/features/leads/intake/form-request.server";
import { runIntake } from "~/features/leads/intake/intake.server";
import type { LeadForm } from "~/features/leads/intake/intake-form.server";
import { queueLeadEvent } from "~/features/leads/intake/webhook-events.server";
import type { ContactServices } from "~/load-context";
import { type Arg, onlyRow, prepared } from "~/server/db/prepared.server";
import type { DB } from "~/server/db/schema.server";
import { DEFAULT_SITE_TIME_ZONE } from "~/server/env.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { type RateLimit, tooManyRequests } from "~/server/rate-limit.server";
import { wakeWebhookWorker } from "~/server/webhooks/queue.server";

/** Per-client limit of the contact form (docs/product.md#per-client-limits). */
export const CONTACT_CLIENT_LIMIT: RateLimit = { limit: 5, windowMs: 10 * 60 * 1000 };

const success = (reference?: string): FormResult => ({
  ok: true,
  status: 200,
  ...CONTACT_SUCCESS,
  ...(reference ? { reference } : {}),
});

/** The submission's insert, compiled once (every contact lead runs it). */
const insertSubmission = prepared((db, arg: Arg<Omit<ContactSubmissionTable, "id" | "released_at">>) =>
  db
    .insertInto("contact_submissions")
    .values({
      name: arg("name"),
      email: arg("email"),
      phone: arg("phone"),
      message: arg("message"),
      client_key: arg("client_key"),
      created_at: arg("created_at"),
      reference: arg("reference"),
      held_at: arg("held_at"),
      held_reasons: arg("held_reasons"),
      message_hash: arg("message_hash"),
    })
    .returning("id"),
);

/** The contact form as the lead intake runs it (intake.server.ts): only what is the form's own. */
const contactForm: LeadForm<
  ContactServices,
  FormInput,
  ContactInput,
  { id: number },
  ContactFollowUps,
  FormResult
> = {
  kind: "contact",
  referencePrefix: "C",
  names: { form: "contact form", lead: "contact submission" },
  // Counted with the message, in its transaction: only a message that is stored counts.
  limit: { per: "lead", key: (clientKey) => `contact:${clientKey}`, rule: CONTACT_CLIENT_LIMIT },
  isHoneypotFilled,
  parse(_deps, input) {
    const parsed = parseContact(input);
    if (parsed.success) return { ok: true, lead: parsed.data };
    return {
      ok: false,
      answer: { ok: false, status: 400, ...parsed.error, fieldErrors: parsed.fieldErrors },
    };
  },
  attributionField: (input) => input[ATTRIBUTION_FIELD],
  spamInput: (contact) => ({
    name: contact.name,
    email: contact.email,
    message: contact.message,
    repeatText: contact.message,
  }),
  insert: async (trx, contact, columns) =>
    onlyRow(
      await insertSubmission(trx, {
        name: contact.name,
        email: contact.email,
        phone: contact.phone ?? null,
        message: contact.message,
        ...columns,
      }),
      "the contact submission's insert",
    ),
  followUps: (trx, deps, stored, now) =>
    queueContactFollowUps(
      trx,
      deps,
      {
        submissionId: stored.id,
        reference: stored.reference,
        receivedAt: stored.receivedAt,
        contact: stored.lead,
        attribution: stored.attribution,
      },
      now,
    ),
  logFacts: (stored, queued) => ({ submissionId: stored.id, reference: stored.reference, ...queued }),
  answers: {
    accepted: (reference) => success(reference),
    limited: (limited) => tooManyRequests(limited),
    failed: () => ({ ok: false, status: 500, ...CONTACT_FAILURE }),
  },
};

/**
 * Handles one contact form post (docs/product.md#contact-form) through the lead intake: the shared
 * schema's checks, then the submission, its attribution and its follow-ups stored in one transaction
 * with the per-client count. `clientKey` identifies the client (see clientKeyForIp); it is stored with
 * the submission and keys the per-client limit.
 */
export const submitContact: FormService<ContactServices> = (deps, input, clientKey, origin) =>
  runIntake(contactForm, deps, input, clientKey, origin);

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
