import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { describe, expect, it } from "vitest";
import { freshDatabaseEach, memoryLogger, testDialects } from "../../../tests/support/databases";
import { authenticate, register, type SoftPasskey } from "../../../tests/support/soft-authenticator";
import { PASSKEY_SIGN_INS_PER_CLIENT, signInOptions, signInWithPasskey } from "./passkey-sign-in.server";
import {
  addPasskey,
  listPasskeys,
  readCeremonyAnswer,
  registrationOptions,
  removePasskey,
} from "./passkeys.server";
import { readSession } from "./sessions.server";
import { addStaff, disableStaff } from "./staff.server";

const START = new Date("2026-11-28T15:00:00.000Z");
const MINUTE = 60_000;
const ORIGIN = "https://desk.ridgeline.test";

describe.each(testDialects)("desk passkeys on $name", (dialect) => {
  const t = freshDatabaseEach(dialect);
  let clock = START;
  let clients = 0;
  let log = memoryLogger();
  const services = (siteUrl = ORIGIN) => ({
    db: t.db,
    logger: log.logger,
    siteUrl,
    formSecret: "a-secret-of-the-site-for-tests",
    now: () => clock,
  });
  const staffMember = async (email: string) =>
    (await addStaff(t.db, { email, role: "manager", branch: null }, clock)).staff;

  /** Registers a passkey for `staff` as a browser at ORIGIN would. */
  async function registered(
    staff: { id: number; email: string },
    name = "Work laptop",
  ): Promise<SoftPasskey> {
    const options = await registrationOptions(services(), staff);
    if (!options) throw new Error("no registration options");
    const { answer, passkey } = register(options, ORIGIN);
    expect(await addPasskey(services(), staff, { name, answer })).toMatchObject({ status: "added" });
    return passkey;
  }
  const options = async (): Promise<PublicKeyCredentialRequestOptionsJSON> => {
    const made = await signInOptions(services());
    if (!made) throw new Error("no sign-in options");
    return made;
  };
  const signIn = (answer: ReturnType<typeof authenticate>, clientKey = `c${++clients}`) =>
    signInWithPasskey(services(), { answer, clientKey, browser: "Chrome on macOS" });

  it("adds a named passkey for the site's own RP ID, which then signs its owner in and records its use", async () => {
    clock = START;
    const staff = await staffMember("owner@example.test");
    const made = await registrationOptions(services(), staff);
    expect(made?.rp.id).toBe("desk.ridgeline.test");
    expect(made?.authenticatorSelection).toMatchObject({
      residentKey: "required",
      userVerification: "required",
    });
    // The user handle names no one: neither the address nor the id.
    expect(Buffer.from(made?.user.id ?? "", "base64url").toString("utf8")).not.toContain("owner");
    const passkey = await registered(staff);
    expect(await listPasskeys(t.db, staff.id)).toEqual([
      { id: passkey.id, name: "Work laptop", createdAt: START.toISOString(), lastUsedAt: null },
    ]);
    // A second registration leaves the first out: the browser will not make a duplicate.
    expect(
      (await registrationOptions(services(), staff))?.excludeCredentials?.map((entry) => entry.id),
    ).toEqual([passkey.id]);

    clock = new Date(START.getTime() + 5 * MINUTE);
    const outcome = await signIn(authenticate(passkey, await options(), ORIGIN));
    expect(outcome.status).toBe("signed-in");
    const session = await readSession(
      t.db,
      outcome.status === "signed-in" ? outcome.sessionSecret : null,
      clock,
    );
    expect(session?.staff.email).toBe("owner@example.test");
    expect((await listPasskeys(t.db, staff.id))[0]?.lastUsedAt).toBe(clock.toISOString());
  });

  it("refuses a replayed answer, a challenge used twice, another origin, and a stale challenge", async () => {
    clock = START;
    log = memoryLogger();
    const staff = await staffMember("manager@example.test");
    const passkey = await registered(staff);
    const first = authenticate(passkey, await options(), ORIGIN);
    expect((await signIn(first)).status).toBe("signed-in");
    expect(await signIn(first)).toEqual({ status: "refused" });
    // A fresh signature over the same (spent) challenge is refused too.
    const shared = await options();
    expect((await signIn(authenticate(passkey, shared, ORIGIN))).status).toBe("signed-in");
    expect(await signIn(authenticate(passkey, shared, ORIGIN))).toEqual({ status: "refused" });
    // Signed at a look-alike site, relayed here.
    expect(
      await signIn(authenticate(passkey, await options(), "https://desk.ridgeline.test.evil.example")),
    ).toEqual({ status: "refused" });
    // Options shown more than 10 minutes ago.
    const stale = await options();
    clock = new Date(START.getTime() + 11 * MINUTE);
    expect(await signIn(authenticate(passkey, stale, ORIGIN))).toEqual({ status: "refused" });
    // A registration challenge is no sign-in challenge.
    const made = await registrationOptions(services(), staff);
    const crossed = { ...(await options()), challenge: made?.challenge ?? "" };
    expect(await signIn(authenticate(passkey, crossed, ORIGIN))).toEqual({ status: "refused" });
    // Each refused for its own reason: the counter, the spent challenge, the origin, the signature on the challenge.
    const reasons = log.lines.flatMap((line) => (line.reason ? [String(line.reason)] : []));
    expect(reasons[0]).toMatch(/counter/);
    expect(reasons[1]).toBe("challenge-spent");
    expect(reasons[2]).toMatch(/^Unexpected authentication response origin/);
    expect(reasons.slice(3)).toEqual([
      expect.stringMatching(/challenge verifier returned false/),
      expect.stringMatching(/challenge verifier returned false/),
    ]);
    expect(log.lines.some((entry) => JSON.stringify(entry).includes(passkey.id))).toBe(false);
  });

  it("refuses a cloned passkey whose counter goes back, a disabled member's passkey, and a removed one", async () => {
    clock = START;
    const staff = await staffMember("rep@example.test");
    const passkey = await registered(staff);
    expect((await signIn(authenticate(passkey, await options(), ORIGIN, 5))).status).toBe("signed-in");
    const clone = { ...passkey, counter: 1 };
    expect(await signIn(authenticate(clone, await options(), ORIGIN))).toEqual({ status: "refused" });

    await disableStaff(t.db, "rep@example.test", clock);
    log = memoryLogger();
    expect(await signIn(authenticate(passkey, await options(), ORIGIN))).toEqual({ status: "refused" });
    expect(log.lines.map((line) => line.reason)).toEqual(["disabled-staff"]);
    await addStaff(t.db, { email: "rep@example.test", role: "rep", branch: "dallas" }, clock);
    expect((await signIn(authenticate(passkey, await options(), ORIGIN))).status).toBe("signed-in");

    expect(await removePasskey(t.db, staff.id + 1, passkey.id)).toBe(false);
    expect(await removePasskey(t.db, staff.id, passkey.id)).toBe(true);
    expect(await signIn(authenticate(passkey, await options(), ORIGIN))).toEqual({ status: "refused" });
  });

  it("keeps a passkey only from the member of staff it was offered to, at the site's origin, once", async () => {
    clock = START;
    const owner = await staffMember("first@example.test");
    const other = await staffMember("second@example.test");
    const made = await registrationOptions(services(), owner);
    if (!made) throw new Error("no registration options");
    expect(await addPasskey(services(), other, { name: "x", answer: register(made, ORIGIN).answer })).toEqual(
      {
        status: "invalid",
      },
    );
    expect(
      await addPasskey(services(), owner, {
        name: "x",
        answer: register(made, "https://evil.example").answer,
      }),
    ).toEqual({ status: "invalid" });
    const { answer } = register(made, ORIGIN);
    expect((await addPasskey(services(), owner, { name: "  Phone  ", answer })).status).toBe("added");
    expect(await addPasskey(services(), owner, { name: "Phone", answer })).toEqual({ status: "replayed" });
    expect((await listPasskeys(t.db, owner.id)).map((passkey) => passkey.name)).toEqual(["Phone"]);
    expect(await listPasskeys(t.db, other.id)).toEqual([]);
  });

  it("limits passkey sign-ins per client, and offers none where the site's address is an IP address", async () => {
    clock = START;
    const staff = await staffMember("limited@example.test");
    const passkey = await registered(staff);
    const wrong = authenticate(passkey, await options(), "https://evil.example");
    for (let attempt = 0; attempt < PASSKEY_SIGN_INS_PER_CLIENT.limit; attempt++) {
      expect(await signIn(wrong, "one-client")).toEqual({ status: "refused" });
    }
    const limited = await signIn(authenticate(passkey, await options(), ORIGIN), "one-client");
    expect(limited.status).toBe("limited");

    expect(await signInOptions(services("http://127.0.0.1:3000"))).toBeNull();
    expect(await registrationOptions(services("http://[::1]:3000"), staff)).toBeNull();
    expect(readCeremonyAnswer("{not json")).toBeNull();
    expect(readCeremonyAnswer(JSON.stringify({ id: "a", type: "public-key", response: {} }))).not.toBeNull();
    expect(readCeremonyAnswer("x".repeat(20_000))).toBeNull();
  });
});
