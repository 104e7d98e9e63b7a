import { describe, expect, it } from "vitest";
import { defaultRouting } from "~/features/leads/routing/routing.server";
import { freshDatabaseEach, memoryLogger, testDialects } from "../../../tests/support/databases";
import { randomSecret } from "./secrets.server";
import { readSession, SESSION_IDLE_MS } from "./sessions.server";
import {
  checkSignInLink,
  LINK_PRESSES_PER_CLIENT,
  requestSignInLink,
  signInWithLink,
} from "./sign-in.server";
import { addStaff, disableStaff } from "./staff.server";

const START = new Date("2026-11-24T15:00:00.000Z");
const MINUTE = 60_000;

describe.each(testDialects)("desk sign-in on $name", (dialect) => {
  const t = freshDatabaseEach(dialect);
  let clock = START;
  const services = () => ({
    db: t.db,
    logger: memoryLogger().logger,
    mailFrom: "web@ridgeline.test",
    siteUrl: "https://ridgeline.test",
    salesEmail: "sales@ridgeline.test",
    routing: defaultRouting(),
    now: () => clock,
  });
  const outbox = () =>
    t.db.selectFrom("email_outbox").select(["to_address", "subject", "text_body"]).execute();
  const tokenIn = (text: string) => /\/desk\/sign-in\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? "";
  let clients = 0;
  const press = (token: string, browserSecret: string) =>
    signInWithLink(services(), {
      token,
      browserSecret,
      clientKey: `c${++clients}`,
      browser: "Chrome on Linux",
    });

  it("mails a link to active staff only, answering every address alike; the link works once, in its browser, for 15 minutes", async () => {
    clock = START;
    await addStaff(t.db, { email: "owner@example.test", role: "owner", branch: null });
    await addStaff(t.db, { email: "gone@example.test", role: "manager", branch: null });
    await disableStaff(t.db, "gone@example.test");
    const browser = randomSecret();
    for (const email of ["Owner@Example.test", "nobody@example.test", "gone@example.test"]) {
      expect(await requestSignInLink(services(), { email, clientKey: "k", browserSecret: browser })).toEqual({
        status: "sent",
      });
    }
    const mails = await outbox();
    expect(mails.map((mail) => mail.to_address)).toEqual(["owner@example.test"]);
    const token = tokenIn(mails[0]?.text_body ?? "");
    expect(token).not.toBe("");
    const stored = await t.db
      .withTables<{ desk_sign_in_links: { token_hash: string } }>()
      .selectFrom("desk_sign_in_links")
      .select("token_hash")
      .execute();
    // Only the hash is kept.
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toContain(token);

    // Forwarded: another browser can neither use it nor spend it.
    expect(await checkSignInLink(services(), token, randomSecret())).toBe("other-browser");
    expect(await press(token, randomSecret())).toEqual({ status: "other-browser" });
    expect(await checkSignInLink(services(), token, browser)).toBe("ready");

    const signedIn = await press(token, browser);
    expect(signedIn.status).toBe("signed-in");
    expect(await press(token, browser)).toEqual({ status: "used" });
    const secret = signedIn.status === "signed-in" ? signedIn.sessionSecret : "";
    expect((await readSession(t.db, secret, clock))?.staff.email).toBe("owner@example.test");
    // Another instance of the site, on the same database, knows the session too.
    expect((await readSession(t.open(), secret, clock))?.staff.email).toBe("owner@example.test");

    await requestSignInLink(services(), {
      email: "owner@example.test",
      clientKey: "k",
      browserSecret: browser,
    });
    const late = tokenIn((await outbox())[1]?.text_body ?? "");
    clock = new Date(START.getTime() + 15 * MINUTE);
    expect(await checkSignInLink(services(), late, browser)).toBe("expired");
    expect(await press(late, browser)).toEqual({ status: "expired" });
    expect(await press("x".repeat(43), browser)).toEqual({ status: "invalid" });
  });

  it("limits link requests per address and presses per client", async () => {
    clock = START;
    await addStaff(t.db, { email: "rep@example.test", role: "rep", branch: "dallas" });
    const asks = [];
    for (let i = 0; i < 6; i++) {
      asks.push(
        await requestSignInLink(services(), {
          email: "rep@example.test",
          clientKey: `client-${i}`,
          browserSecret: randomSecret(),
        }),
      );
    }
    expect(asks.slice(0, 5).every((ask) => ask.status === "sent")).toBe(true);
    expect(asks[5]?.status).toBe("limited");
    expect(await outbox()).toHaveLength(5);

    const outcomes = [];
    for (let i = 0; i < 20; i++) {
      outcomes.push(
        await signInWithLink(services(), {
          token: randomSecret(),
          browserSecret: randomSecret(),
          clientKey: "one-client",
          browser: "x",
        }),
      );
    }
    const limited = outcomes.filter((outcome) => outcome.status === "limited").length;
    expect(limited).toBe(20 - LINK_PRESSES_PER_CLIENT.limit);
    expect(
      outcomes.slice(0, LINK_PRESSES_PER_CLIENT.limit).every((outcome) => outcome.status === "invalid"),
    ).toBe(true);
  });

  it("ends a session after 12 idle hours, after 7 days whatever happens, and at once when its staff member is disabled", async () => {
    clock = START;
    await addStaff(t.db, { email: "m@example.test", role: "manager", branch: null });
    const signIn = async () => {
      const browser = randomSecret();
      await requestSignInLink(services(), {
        email: "m@example.test",
        clientKey: `c${++clients}`,
        browserSecret: browser,
      });
      const mails = await outbox();
      const outcome = await press(tokenIn(mails[mails.length - 1]?.text_body ?? ""), browser);
      return outcome.status === "signed-in" ? outcome.sessionSecret : "";
    };
    const idle = await signIn();
    expect(
      await readSession(t.db, idle, new Date(START.getTime() + SESSION_IDLE_MS - MINUTE)),
    ).not.toBeNull();
    // Used 12 h before: still alive 12 h after that use, gone at 12 h idle.
    const usedAt = START.getTime() + SESSION_IDLE_MS - MINUTE;
    expect(await readSession(t.db, idle, new Date(usedAt + SESSION_IDLE_MS))).toBeNull();

    const week = await signIn();
    let at = START.getTime();
    for (let day = 0; day < 13; day++) {
      at += 11 * 60 * MINUTE;
      expect(await readSession(t.db, week, new Date(at))).not.toBeNull();
    }
    at += 11 * 60 * MINUTE; // 6 days 22 hours: still within the week
    expect(await readSession(t.db, week, new Date(at))).not.toBeNull();
    expect(await readSession(t.db, week, new Date(START.getTime() + 7 * 24 * 60 * MINUTE))).toBeNull();

    const live = await signIn();
    expect(await readSession(t.db, live, START)).not.toBeNull();
    await disableStaff(t.db, "m@example.test");
    expect(await readSession(t.db, live, START)).toBeNull();
  });
});
