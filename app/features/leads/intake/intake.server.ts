import { type LeadPostOrigin, parseAttribution } from "~/features/leads/attribution/attribution";
import type { FollowUpCounts, IntakeServices, LeadForm } from "./intake-form.server";
import {
  answerStored,
  countEveryPost,
  type IntakeRun,
  refuseBots,
  scoreAndStore,
} from "./intake-steps.server";

/*
 * The lead intake (docs/architecture.md#lead-intake): every lead form's post goes through the same
 * steps, in this order, once. A form (contact, quote, a fourth one) supplies only what is its own: how
 * it reads its post, its insert, its follow-ups (notification, acknowledgement, webhook event with its
 * payload and routing) and its answers. The steps themselves live in intake-steps.server.ts.
 */

/**
 * Takes one post of a lead form through the intake: refuse bots (the server's own refusals, the
 * per-client limit, the post's own faults, the honeypot, the fill time), parse, attribution, spam
 * score, then reference and one transaction (the form's insert, the attribution row, the follow-ups
 * unless held), the answer held or sent, and the workers woken.
 */
export async function runIntake<
  S extends IntakeServices,
  P,
  L,
  R extends { id: number },
  Q extends FollowUpCounts,
  A,
>(
  form: LeadForm<S, P, L, R, Q, A>,
  deps: S,
  post: P,
  clientKey: string,
  origin?: LeadPostOrigin,
): Promise<A> {
  const run: IntakeRun<S, P, L, R, Q, A> = { form, deps, post, clientKey, now: deps.now?.() ?? new Date() };
  const serverRefusal = form.serverRefusal?.(deps, post, clientKey);
  if (serverRefusal) return serverRefusal;
  const uncounted = await countEveryPost(run);
  if (uncounted) return uncounted;
  const refused = refuseBots(run);
  if (refused) return refused;

  const parsed = form.parse(deps, post, clientKey);
  if (!parsed.ok) return parsed.answer;
  const attribution = parseAttribution(form.attributionField(post), origin?.refererPath);

  const stored = await scoreAndStore(run, parsed.lead, attribution);
  return answerStored(run, parsed.lead, stored);
}
