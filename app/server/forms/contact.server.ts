import { type FormResult, TOO_MANY_REQUESTS } from "~/forms/common";
import { CONTACT_FAILURE, CONTACT_SUCCESS, isHoneypotFilled, parseContact } from "~/forms/contact";
import { writeTransaction } from "~/server/db/database.server";
import { isoTime } from "~/server/db/schema.server";
import { queueAcknowledgement } from "~/server/forms/acknowledgement.server";
import { buildContactNotification } from "~/server/forms/contact-email.server";
import type { ContactDeps, FormInput } from "~/server/forms/deps.server";
import { newReference, withFreshReference } from "~/server/forms/reference.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { hitRateLimit, type RateLimit } from "~/server/rate-limit.server";

/** Per-client limit of the contact form (D9). */
export const CONTACT_CLIENT_LIMIT: RateLimit = { limit: 5, windowMs: 10 * 60 * 1000 };

const success = (reference?: string): FormResult => ({
  ok: true,
  status: 200,
  ...CONTACT_SUCCESS,
  ...(reference ? { reference } : {}),
});

/**
 * Handles one contact form post (D6, D7, D9): validates with the shared schema, then stores the
 * submission and queues the sales notification in one transaction. `clientKey` identifies the client
 * (see clientKeyForIp); it is stored with the submission and keys the per-client limit.
 */
export async function submitContact(
  deps: ContactDeps,
  input: FormInput,
  clientKey: string,
): Promise<FormResult> {
  const { db, logger } = deps;
  const now = deps.now?.() ?? new Date();

  // A filled honeypot gets the normal answer whatever else was sent, so a bot learns nothing (D7).
  if (isHoneypotFilled(input)) {
    logger.info({ clientKey }, "contact form honeypot filled: answered as success, nothing stored or sent");
    // With a reference like a real one's, so the answer does not give the check away.
    return success(newReference("C"));
  }

  const parsed = parseContact(input);
  if (!parsed.success) return { ok: false, status: 400, ...parsed.error };
  const contact = parsed.data;

  let reference: string;
  try {
    const limit = await hitRateLimit(db, `contact:${clientKey}`, CONTACT_CLIENT_LIMIT, now);
    if (!limit.allowed) {
      logger.warn({ clientKey, count: limit.count }, "contact form: per-client limit reached");
      return {
        ok: false,
        status: 429,
        ...TOO_MANY_REQUESTS,
        retryAfterSeconds: Math.ceil(limit.retryAfterMs / 1000),
      };
    }

    const ids = await withFreshReference("C", (reference) =>
      writeTransaction(db, async (trx) => {
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
        });
        const outboxId = await enqueueMail(trx, mail, now);
        const acknowledgementId = await queueAcknowledgement(
          trx,
          { kind: "contact", reference, email: contact.email, mailFrom: deps.mailFrom },
          now,
        );
        return { submissionId: submission.id, reference, outboxId, acknowledgementId };
      }),
    );
    logger.info(ids, "contact submission stored and notification queued");
    reference = ids.reference;
  } catch (error) {
    logger.error({ err: error, clientKey }, "contact submission could not be stored");
    return { ok: false, status: 500, ...CONTACT_FAILURE };
  }

  try {
    deps.onMailQueued?.();
  } catch (error) {
    // The lead is stored and the worker's poll will send it; a failing nudge must not turn that into an error.
    logger.error({ err: error }, "waking the mail worker failed");
  }
  return success(reference);
}
