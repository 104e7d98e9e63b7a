import type { Kysely } from "kysely";
import type { Attribution } from "~/features/leads/attribution/attribution";
import { storeAttribution } from "~/features/leads/attribution/attribution.server";
import { logHeld } from "~/features/leads/held.server";
import { newReference, withFreshReference } from "~/features/leads/intake/reference.server";
import { wakeWorkersForLead } from "~/features/leads/intake/webhook-events.server";
import { heldColumns, type SpamVerdict, scoreLead } from "~/features/leads/spam/spam.server";
import { writeTransaction } from "~/server/db/database.server";
import { type DB, isoTime } from "~/server/db/schema.server";
import { type RateLimitResult, withinRateLimit } from "~/server/rate-limit.server";
import type { FollowUpCounts, IntakeServices, LeadForm, StoredLead } from "./intake-form.server";

/*
 * The steps of the lead intake (intake.server.ts runs them in order). Each takes the run: the form,
 * the services, the post, the client's key and the time the post arrived.
 */

export interface IntakeRun<
  S extends IntakeServices,
  P,
  L,
  R extends { id: number },
  Q extends FollowUpCounts,
  A,
> {
  form: LeadForm<S, P, L, R, Q, A>;
  deps: S;
  post: P;
  clientKey: string;
  now: Date;
}

// biome-ignore lint/suspicious/noExplicitAny: a step reads only the parts of a run every form shares.
type AnyRun<A> = IntakeRun<any, any, any, any, any, A>;

/** Logged once per client and window: the first refusal, not every repeat of it. */
function logLimited(run: AnyRun<unknown>, limited: RateLimitResult): void {
  if (!limited.repeated)
    run.deps.logger.warn(
      { clientKey: run.clientKey, count: limited.count },
      `${run.form.names.form}: per-client limit reached`,
    );
}

/**
 * The per-client limit of a form that counts every post, refused or not (the quote form): counted
 * before anything of the post is read. A form that counts only stored leads is counted in storeLead.
 */
export async function countEveryPost<A>(run: AnyRun<A>): Promise<A | undefined> {
  const { form, deps, clientKey } = run;
  if (form.limit.per !== "post") return undefined;
  try {
    const limited = await form.limit.count(deps, clientKey, run.now);
    if (limited.allowed) return undefined;
    logLimited(run, limited);
    return form.answers.limited(limited, run.post);
  } catch (error) {
    deps.logger.error({ err: error, clientKey }, `${form.names.lead} could not be counted`);
    return form.answers.failed(run.post, undefined);
  }
}

/**
 * Refuses what a bot sends: the post's own faults, then the honeypot, then the fill time. A filled
 * honeypot gets the normal answer whatever else was sent, with a reference like a real one's, so a
 * bot learns nothing (docs/product.md#honeypot).
 */
export function refuseBots<A>(run: AnyRun<A>): A | undefined {
  const { form, deps, post, clientKey } = run;
  const refused = form.postRefusal?.(deps, post, clientKey);
  if (refused) return refused;
  if (form.isHoneypotFilled(post)) {
    deps.logger.info(
      { clientKey },
      `${form.names.form} honeypot filled: answered as success, nothing stored or sent`,
    );
    return form.answers.accepted(newReference(form.referencePrefix), undefined);
  }
  return form.fillTime?.(deps, post, clientKey, run.now);
}

/** A lead's transaction as it came out: stored (held or sent on), or refused by the per-client limit. */
export type StoreOutcome<L, R, Q, A> =
  | { stored: StoredLead<L, R>; verdict: SpamVerdict; queued: Q | null }
  | { answer: A };

/**
 * One transaction with a fresh reference: the per-client hit (a form counting stored leads), the form's
 * own insert, the attribution row and, unless the spam score holds the lead, its follow-ups. The lead,
 * its e-mails and its webhook deliveries commit together; nothing is awaited in it but the database.
 */
async function storeLead<
  S extends IntakeServices,
  P,
  L,
  R extends { id: number },
  Q extends FollowUpCounts,
  A,
>(
  run: IntakeRun<S, P, L, R, Q, A>,
  lead: L,
  attribution: Attribution,
  verdict: SpamVerdict & { messageHash: string | null },
) {
  const { form, deps, clientKey, now } = run;
  const work = (reference: string) => async (trx: Kysely<DB>) => {
    const columns = {
      reference,
      client_key: clientKey,
      created_at: isoTime(now),
      ...heldColumns(verdict, now),
    };
    const row = await form.insert(trx, lead, columns, now);
    await storeAttribution(trx, { kind: form.kind, id: row.id }, attribution, now);
    const stored: StoredLead<L, R> = { id: row.id, reference, receivedAt: now, attribution, lead, row };
    // Held as likely spam: stored with its reasons, and nothing queued (docs/spam.md).
    const queued = verdict.held ? null : await form.followUps(trx, deps, stored, now);
    return { stored, queued };
  };
  const { limit } = form;
  return withFreshReference(form.referencePrefix, (reference) =>
    limit.per === "lead"
      ? withinRateLimit(deps.db, limit.key(clientKey), limit.rule, now, work(reference))
      : writeTransaction(deps.db, work(reference)).then((value) => ({ limited: null, value })),
  );
}

/**
 * Scores the lead (after every check above, on what was typed and the messages of the last hour) and
 * stores it. A failure of either is the server's: logged, and answered with the form's failure.
 */
export async function scoreAndStore<
  S extends IntakeServices,
  P,
  L,
  R extends { id: number },
  Q extends FollowUpCounts,
  A,
>(run: IntakeRun<S, P, L, R, Q, A>, lead: L, attribution: Attribution): Promise<StoreOutcome<L, R, Q, A>> {
  const { form, deps, clientKey } = run;
  try {
    const verdict = await scoreLead(deps.db, form.kind, form.spamInput(lead), clientKey, run.now);
    const outcome = await storeLead(run, lead, attribution, verdict);
    if (outcome.limited) {
      logLimited(run, outcome.limited);
      return { answer: form.answers.limited(outcome.limited, run.post) };
    }
    return { ...outcome.value, verdict };
  } catch (error) {
    deps.logger.error({ err: error, clientKey }, `${form.names.lead} could not be stored`);
    return { answer: form.answers.failed(run.post, lead) };
  }
}

/**
 * The answer to a stored lead. Held: the same answer as any success, and no nudge, as nothing was
 * queued. Sent on: logged with what was queued, and the webhook and mail workers woken.
 */
export function answerStored<
  S extends IntakeServices,
  P,
  L,
  R extends { id: number },
  Q extends FollowUpCounts,
  A,
>(run: IntakeRun<S, P, L, R, Q, A>, lead: L, outcome: StoreOutcome<L, R, Q, A>): A {
  if ("answer" in outcome) return outcome.answer;
  const { form, deps } = run;
  const { stored, verdict, queued } = outcome;
  const accepted = form.answers.accepted(stored.reference, lead);
  if (!queued) {
    logHeld(deps.logger, form.kind, stored.reference, verdict);
    return { ...accepted, held: true };
  }
  deps.logger.info(form.logFacts(stored, queued), `${form.names.lead} stored and notification queued`);
  wakeWorkersForLead(deps, queued.webhooks);
  return accepted;
}
