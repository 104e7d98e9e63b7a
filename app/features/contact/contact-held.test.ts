import { beforeEach, describe, expect, it, vi } from "vitest";
import { CONTACT_SUCCESS } from "~/features/contact/contact";
import { releaseHeldContact, submitContact } from "~/features/contact/contact.server";
import { listHeldLeads, purgeHeldLeads } from "~/features/leads/held.server";
import { exportPersonalData, forgetPersonalData } from "~/features/privacy/privacy.server";
import { testDialects } from "../../../tests/support/databases";
import { leadServicesEach } from "../../../tests/support/lead-services";

/* Contact messages held as likely spam (docs/spam.md): stored, answered as a success, nothing sent until released. */

const buyer = {
  name: "Dana Price",
  email: "dana@lakesidefoods.com",
  phone: "",
  message: "Need 40 rolls of 4x6 labels like the ones at https://lakesidefoods.com/line-3, 1 inch core.",
};
const now = new Date("2025-06-02T14:30:00.000Z");

describe.each(testDialects)("held contact messages on $name", (dialect) => {
  let clock = now;
  const { t, deps, log } = leadServicesEach(dialect, () => clock);
  beforeEach(() => {
    clock = now;
  });

  const outbox = () => t.db.selectFrom("email_outbox").select(["kind", "to_address"]).orderBy("id").execute();

  it("holds a name that is a link: a success with a real reference, stored with its reasons, no e-mail, no nudge", async () => {
    const wakeMailWorker = vi.fn();
    const result = await submitContact(
      { ...deps, wakeMailWorker },
      { ...buyer, name: "http://spam.example" },
      "client-a",
    );
    expect(result).toEqual({
      ok: true,
      status: 200,
      ...CONTACT_SUCCESS,
      reference: expect.stringMatching(/^C-[A-Z0-9]{6}$/),
      held: true,
    });
    expect(wakeMailWorker).not.toHaveBeenCalled();
    expect(await outbox()).toEqual([]);
    const row = await t.db.selectFrom("contact_submissions").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ reference: result.reference, held_at: now.toISOString(), released_at: null });
    expect(JSON.parse(row.held_reasons ?? "[]")).toEqual([
      { code: "link_in_name", reason: "The name field holds a link.", score: 5 },
    ]);
    expect(await listHeldLeads(t.db)).toEqual([
      {
        reference: result.reference,
        kind: "contact",
        receivedAt: now.toISOString(),
        reasons: [expect.objectContaining({ code: "link_in_name" })],
        who: "http://spam.example",
      },
    ]);
    // One line with the reference and the reasons; nothing the visitor typed.
    const held = log.lines.filter((line) => line.msg === "lead held as likely spam: stored, nothing sent");
    expect(held).toEqual([
      expect.objectContaining({ reference: result.reference, reasons: ["link_in_name"] }),
    ]);
    expect(JSON.stringify(log.lines)).not.toContain("spam.example");
    expect(JSON.stringify(log.lines)).not.toContain("lakesidefoods");
  });

  it("sends a buyer's message with one link to their own site on at once", async () => {
    const result = await submitContact(deps, buyer, "client-a");
    expect(result.held).toBeUndefined();
    expect((await outbox()).map((row) => row.kind)).toEqual(["contact_notification", "lead_acknowledgement"]);
    expect(await listHeldLeads(t.db)).toEqual([]);
  });

  it("release queues the notification and the acknowledgement once; a second release queues nothing", async () => {
    const { reference = "" } = await submitContact(
      deps,
      { ...buyer, name: "http://spam.example" },
      "client-a",
    );
    clock = new Date(now.getTime() + 60_000);
    const first = await releaseHeldContact(deps, reference);
    expect(first).toEqual({
      status: "released",
      queued: { outboxId: expect.any(Number), acknowledgementId: expect.any(Number), webhooks: 0 },
    });
    expect(await outbox()).toEqual([
      { kind: "contact_notification", to_address: deps.salesEmail },
      { kind: "lead_acknowledgement", to_address: "dana@lakesidefoods.com" },
    ]);
    expect(await releaseHeldContact(deps, reference)).toEqual({
      status: "already-released",
      releasedAt: clock.toISOString(),
    });
    expect(await outbox()).toHaveLength(2);
    expect(await listHeldLeads(t.db)).toEqual([]);
    expect(await releaseHeldContact(deps, "C-ZZZZZZ")).toEqual({ status: "not-found" });
  });

  it("holds the same message from a third client and address within the hour, not after it", async () => {
    const message =
      "Grow your sales with our wholesale offer: every product shipped worldwide in two days, reply for prices.";
    for (const [index, email] of ["a@one.example", "b@two.example"].entries()) {
      const result = await submitContact(deps, { ...buyer, email, message }, `client-${index}`);
      expect(result.held).toBeUndefined();
    }
    const third = await submitContact(
      deps,
      { ...buyer, email: "c@three.example", message: ` ${message.toUpperCase()}` },
      "client-c",
    );
    expect(third.held).toBe(true);
    clock = new Date(now.getTime() + 61 * 60_000);
    const later = await submitContact(deps, { ...buyer, email: "d@four.example", message }, "client-d");
    expect(later.held).toBeUndefined();
  });

  it("one client's message under two addresses does not hold another client's same message", async () => {
    const message = "Please send me a quote.";
    for (const email of ["a@one.example", "b@two.example"]) {
      expect((await submitContact(deps, { ...buyer, email, message }, "attacker")).held).toBeUndefined();
    }
    const real = await submitContact(deps, { ...buyer, message }, "buyer");
    expect(real.held).toBeUndefined();
    expect((await outbox()).filter((row) => row.kind === "contact_notification")).toHaveLength(3);
  });

  it("one client sending a long message under three addresses holds none of them, nor another's", async () => {
    const message =
      "We are looking for a supplier of 4x6 direct thermal labels, 40 rolls a month, please call us back.";
    for (const email of ["a@one.example", "b@two.example", "c@three.example", buyer.email]) {
      const client = email === buyer.email ? "buyer" : "attacker";
      expect((await submitContact(deps, { ...buyer, email, message }, client)).held).toBeUndefined();
    }
  });

  it("sends on a message with two data-sheet links", async () => {
    const message =
      "Data sheets: https://lakesidefoods.com/datasheets/line-3-labels.pdf https://lakesidefoods.com/datasheets/line-4-labels.pdf";
    const result = await submitContact(deps, { ...buyer, message }, "client-a");
    expect(result.held).toBeUndefined();
  });

  it("still holds a pitch with many links", async () => {
    const links = [1, 2, 3, 4, 5].map((n) => `https://deal${n}.example/offer`).join(" ");
    const result = await submitContact(deps, { ...buyer, message: `Great deals: ${links}` }, "client-a");
    expect(result.held).toBe(true);
    expect(await outbox()).toEqual([]);
  });

  it("housekeeping deletes held messages after 30 days, never released or unheld ones", async () => {
    await submitContact(deps, { ...buyer, name: "http://spam.example" }, "client-a");
    const { reference = "" } = await submitContact(deps, { ...buyer, name: "www.spam.example" }, "client-b");
    await submitContact(deps, buyer, "client-c");
    await releaseHeldContact(deps, reference);
    expect(await purgeHeldLeads(t.db, new Date(now.getTime() + 29 * 86_400_000))).toEqual({
      contact: 0,
      quote: 0,
    });
    expect(await purgeHeldLeads(t.db, new Date(now.getTime() + 31 * 86_400_000))).toEqual({
      contact: 1,
      quote: 0,
    });
    const left = await t.db.selectFrom("contact_submissions").select("name").orderBy("id").execute();
    expect(left.map((row) => row.name)).toEqual(["www.spam.example", "Dana Price"]);
  });

  it("privacy export and forget cover held messages", async () => {
    const { reference } = await submitContact(deps, { ...buyer, name: "http://spam.example" }, "client-a");
    const exported = await exportPersonalData(t.db, buyer.email);
    expect(exported.contactSubmissions).toEqual([
      expect.objectContaining({ reference, held_at: now.toISOString(), message: buyer.message }),
    ]);
    await forgetPersonalData(t.db, buyer.email, deps.logger);
    expect(await listHeldLeads(t.db)).toEqual([]);
    expect(await t.db.selectFrom("contact_submissions").select("id").execute()).toEqual([]);
  });
});
