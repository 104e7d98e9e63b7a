import type { Kysely } from "kysely";
import type { SiteServices } from "~/load-context";
import { writeTransaction } from "~/server/db/database.server";
import { type DB, isoTime } from "~/server/db/schema.server";
import { enqueueMail, MAIL_PRIORITY } from "~/server/mail/outbox.server";
import { hitRateLimit, type RateLimit } from "~/server/rate-limit.server";
import { hashSecret, isWellFormedSecret, randomSecret } from "./secrets.server";
import { createSession, SESSION_IDLE_MS } from "./sessions.server";
import { normalizeStaffEmail } from "./staff.server";
import { deskTables } from "./tables.server";

/** A sign-in link works once, within this time, in the browser that asked for it. */
export const LINK_VALID_MS = 15 * 60 * 1000;

/** Links asked for: per address, and per client (the site's per-client limits in the database). */
export const LINK_REQUESTS_PER_ADDRESS: RateLimit = { limit: 5, windowMs: 60 * 60 * 1000 };
export const LINK_REQUESTS_PER_CLIENT: RateLimit = { limit: 20, windowMs: 60 * 60 * 1000 };
/** Presses of a link (right or wrong) per client. */
export const LINK_PRESSES_PER_CLIENT: RateLimit = { limit: 10, windowMs: 15 * 60 * 1000 };

type Services = Pick<SiteServices, "db" | "logger" | "mailFrom" | "siteUrl" | "now"> &
  Partial<Pick<SiteServices, "wakeMailWorker">>;

export type LinkRequestOutcome = { status: "sent" } | { status: "limited"; retryAfterSeconds: number };

/**
 * Asks for a sign-in link for `email`, bound to the browser whose cookie secret is `browserSecret`.
 * The answer is the same whether the address belongs to active staff or not; only then is a link
 * stored (hashed) and e-mailed through the outbox.
 */
export async function requestSignInLink(
  services: Services,
  input: { email: string; clientKey: string; browserSecret: string },
): Promise<LinkRequestOutcome> {
  const now = services.now?.() ?? new Date();
  const email = normalizeStaffEmail(input.email);
  for (const [key, rule] of [
    [`desk-link:client:${input.clientKey}`, LINK_REQUESTS_PER_CLIENT],
    [`desk-link:address:${hashSecret(email)}`, LINK_REQUESTS_PER_ADDRESS],
  ] as const) {
    const hit = await hitRateLimit(services.db, key, rule, now);
    if (!hit.allowed) return { status: "limited", retryAfterSeconds: Math.ceil(hit.retryAfterMs / 1000) };
  }
  const queued = await writeTransaction(services.db, async (trx) => {
    const desk = deskTables(trx);
    const staff = await desk
      .selectFrom("desk_staff")
      .select(["id", "email"])
      .where("email", "=", email)
      .where("disabled_at", "is", null)
      .executeTakeFirst();
    if (!staff) return false;
    const token = randomSecret();
    await desk
      .insertInto("desk_sign_in_links")
      .values({
        token_hash: hashSecret(token),
        staff_id: staff.id,
        browser_hash: hashSecret(input.browserSecret),
        created_at: isoTime(now),
        expires_at: isoTime(new Date(now.getTime() + LINK_VALID_MS)),
        used_at: null,
      })
      .execute();
    await enqueueMail(trx, signInEmail(services, staff.email, token), now);
    await pruneEnded(trx, now);
    return true;
  });
  if (queued) {
    services.wakeMailWorker?.();
    services.logger.info({ event: "desk_link_sent" }, "desk sign-in link queued");
  }
  return { status: "sent" };
}

function signInEmail(services: Services, to: string, token: string) {
  const link = `${services.siteUrl.replace(/\/+$/, "")}/desk/sign-in?token=${token}`;
  return {
    kind: "desk_sign_in",
    from: services.mailFrom,
    to,
    subject: "Your sign-in link for the Ridgeline sales desk",
    text: [
      "To sign in to the sales desk, open this link and press Sign in:",
      "",
      link,
      "",
      "The link works once, for 15 minutes, in the browser where you asked for it.",
      "If you did not ask for it, ignore this e-mail: nobody can sign in with it from another browser.",
    ].join("\n"),
    priority: MAIL_PRIORITY.visitor,
  };
}

export type LinkState = "ready" | "invalid" | "expired" | "used" | "other-browser";

/** What a link is, without spending it (the page a link opens shows this and a button). */
export async function checkSignInLink(
  services: Pick<Services, "db" | "now">,
  token: string | null,
  browserSecret: string | null,
): Promise<LinkState> {
  if (!isWellFormedSecret(token)) return "invalid";
  const row = await deskTables(services.db)
    .selectFrom("desk_sign_in_links")
    .select(["browser_hash", "expires_at", "used_at"])
    .where("token_hash", "=", hashSecret(token))
    .executeTakeFirst();
  return stateOf(row, browserSecret, services.now?.() ?? new Date());
}

function stateOf(
  row: { browser_hash: string; expires_at: string; used_at: string | null } | undefined,
  browserSecret: string | null,
  now: Date,
): LinkState {
  if (!row) return "invalid";
  if (row.used_at !== null) return "used";
  if (isoTime(now) >= row.expires_at) return "expired";
  if (!isWellFormedSecret(browserSecret) || hashSecret(browserSecret) !== row.browser_hash)
    return "other-browser";
  return "ready";
}

export type SignInOutcome =
  | { status: "signed-in"; sessionSecret: string }
  | { status: Exclude<LinkState, "ready"> }
  | { status: "limited"; retryAfterSeconds: number };

/**
 * The press on a link's page: spends the link and starts a session, if the link is unused, in time,
 * pressed in the browser that asked for it, and its staff member still enabled. A link pressed in
 * another browser is refused and stays unspent.
 */
export async function signInWithLink(
  services: Pick<Services, "db" | "logger" | "now">,
  input: { token: string | null; browserSecret: string | null; clientKey: string; browser: string },
): Promise<SignInOutcome> {
  const now = services.now?.() ?? new Date();
  const hit = await hitRateLimit(
    services.db,
    `desk-press:client:${input.clientKey}`,
    LINK_PRESSES_PER_CLIENT,
    now,
  );
  if (!hit.allowed) return { status: "limited", retryAfterSeconds: Math.ceil(hit.retryAfterMs / 1000) };
  const { token } = input;
  if (!isWellFormedSecret(token)) return { status: "invalid" };
  const outcome = await writeTransaction(services.db, async (trx): Promise<SignInOutcome> => {
    const desk = deskTables(trx);
    const tokenHash = hashSecret(token);
    const row = await desk
      .selectFrom("desk_sign_in_links as l")
      .innerJoin("desk_staff as s", "s.id", "l.staff_id")
      .select(["l.staff_id", "l.browser_hash", "l.expires_at", "l.used_at", "s.disabled_at"])
      .where("l.token_hash", "=", tokenHash)
      .executeTakeFirst();
    const state = row?.disabled_at ? "invalid" : stateOf(row, input.browserSecret, now);
    if (state !== "ready" || !row) return { status: state === "ready" ? "invalid" : state };
    // Spent at most once, even when two presses race on two instances.
    const spent = await desk
      .updateTable("desk_sign_in_links")
      .set({ used_at: isoTime(now) })
      .where("token_hash", "=", tokenHash)
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) return { status: "used" };
    return { status: "signed-in", sessionSecret: await createSession(trx, row.staff_id, input.browser, now) };
  });
  services.logger.info({ event: "desk_sign_in", outcome: outcome.status }, "desk sign-in");
  return outcome;
}

/** Drops links that ended a day ago and sessions that have ended: each time a link is sent. */
async function pruneEnded(trx: Kysely<DB>, now: Date): Promise<void> {
  const desk = deskTables(trx);
  await desk
    .deleteFrom("desk_sign_in_links")
    .where("expires_at", "<", isoTime(new Date(now.getTime() - 24 * 60 * 60 * 1000)))
    .execute();
  await desk
    .deleteFrom("desk_sessions")
    .where((eb) =>
      eb.or([
        eb("expires_at", "<=", isoTime(now)),
        eb("last_seen_at", "<=", isoTime(new Date(now.getTime() - SESSION_IDLE_MS))),
      ]),
    )
    .execute();
}
