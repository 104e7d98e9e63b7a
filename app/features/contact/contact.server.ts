import {
  CONTACT_FAILURE,
  CONTACT_FIELDS,
  CONTACT_SUCCESS,
  isHoneypotFilled,
  parseContact,
} from "~/features/contact/contact";
import { buildContactNotification } from "~/features/contact/contact-email.server";
import { queueAcknowledgement } from "~/features/leads/acknowledgement.server";
import type { FormInput, FormResult } from "~/features/leads/form-input";
import type { FormApi } from "~/features/leads/form-request.server";
import { newReference, withFreshReference } from "~/features/leads/reference.server";
import type { ContactServices } from "~/load-context";
import { isoTime } from "~/server/db/schema.server";
import { DEFAULT_SITE_TIME_ZONE } from "~/server/env.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { type RateLimit, tooManyRequests, withinRateLimit } from "~/server/rate-limit.server";

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
export async function submitContact(
  deps: ContactServices,
  input: FormInput,
  clientKey: string,
): Promise<FormResult> {
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

  let reference: string;
  try {
    // The per-client count, the lead and its two e-mails commit together: one transaction, no await
    // in it but the database's own.
    const stored = await withFreshReference("C", (reference) =>
      withinRateLimit(db, `contact:${clientKey}`, CONTACT_CLIENT_LIMIT, now, async (trx) => {
        const submission = await trx
          .insertInto("contact_submissions")
          .values({ ...contact, reference, client_key: clientKey, created_at: isoTime(now) })
          .returning("id")
          .executeTakeFirstOrThrow();
        const mail = buildContactNotification({
          submissionId: submission.id,
          reference,
          receivedAt: now,
          contact,
          salesEmail: deps.salesEmail,
          mailFrom: deps.mailFrom,
          timeZone: deps.timeZone ?? DEFAULT_SITE_TIME_ZONE,
        });
        const outboxId = await enqueueMail(trx, mail, now);
        const acknowledgementId = await queueAcknowledgement(
          trx,
          deps,
          { kind: "contact", reference, email: contact.email, replyTo: deps.salesEmail },
          now,
        );
        return { submissionId: submission.id, reference, outboxId, acknowledgementId };
      }),
    );
    if (stored.limited) {
      if (!stored.limited.repeated)
        logger.warn({ clientKey, count: stored.limited.count }, "contact form: per-client limit reached");
      return tooManyRequests(stored.limited);
    }
    logger.info(stored.value, "contact submission stored and notification queued");
    reference = stored.value.reference;
  } catch (error) {
    logger.error({ err: error, clientKey }, "contact submission could not be stored");
    return { ok: false, status: 500, ...CONTACT_FAILURE };
  }

  try {
    deps.wakeMailWorker?.();
  } catch (error) {
    // The lead is stored and the worker's poll will send it; a failing nudge must not turn that into an error.
    logger.error({ err: error }, "waking the mail worker failed");
  }
  return success(reference);
}

/** The contact form as its endpoints take it (/api/contact, and /contact's action without JavaScript). */
export const contactFormApi: FormApi = {
  form: "contact",
  what: "contact form",
  fields: CONTACT_FIELDS,
  service: submitContact,
};
