import { describe, expect, it } from "vitest";
import { releaseHeldContact } from "~/features/contact/contact.server";
import { deleteHeldLead, listHeldLeads } from "~/features/leads/held.server";
import { defaultRouting } from "~/features/leads/routing/routing.server";
import type { Database } from "~/server/db/schema.server";
import { freshDatabaseEach, silentLogger, testDialects } from "../../../tests/support/databases";
import { logRelease, mayManageHeld, readHeldReference } from "./held.server";
import { listInbox } from "./inbox.server";
import { readLead } from "./lead-detail.server";
import { addStaff } from "./staff.server";
import { insertQuoteItem, insertQuoteRequest } from "./testing/quote-leads";

const HELD_AT = "2026-11-27T15:00:00.000Z";
const REASONS = JSON.stringify([{ code: "links", reason: "The message has 6 links", score: 3 }]);

async function heldContact(db: Database, reference: string) {
  await db
    .insertInto("contact_submissions")
    .values({
      name: "Real Buyer",
      email: "buyer@example.com",
      phone: null,
      message: "Please quote 40 rolls of 4x6 labels.",
      client_key: null,
      created_at: HELD_AT,
      reference,
      held_at: HELD_AT,
      held_reasons: REASONS,
    })
    .execute();
}

async function heldQuote(db: Database, reference: string) {
  const id = await insertQuoteRequest(db, {
    reference,
    company: "Cheap Pills Ltd",
    name: "Spam Bot",
    email: "bot@spam.example",
    postal_code: "75201",
    created_at: HELD_AT,
    held_at: HELD_AT,
    held_reasons: REASONS,
  });
  await insertQuoteItem(db, id, { description: "x", quantity: 1, unit: "each" });
  return id;
}

describe("who may handle held spam, and what the page posts", () => {
  it("lets the owner and managers, not reps; reads only a lead reference", () => {
    expect([
      mayManageHeld({ role: "owner" }),
      mayManageHeld({ role: "manager" }),
      mayManageHeld({ role: "rep" }),
    ]).toEqual([true, true, false]);
    expect(readHeldReference(" q-abc123 ")).toEqual({ kind: "quote", reference: "Q-ABC123" });
    expect(readHeldReference("C-ABC123")).toEqual({ kind: "contact", reference: "C-ABC123" });
    for (const bad of [null, "", "X-ABC123", "C-ABC12", "C-ABC123' or 1=1"])
      expect(readHeldReference(bad)).toBeNull();
  });
});

describe.each(testDialects)("held spam on the desk on $name", (dialect) => {
  const t = freshDatabaseEach(dialect);
  const now = new Date("2026-11-28T14:00:00.000Z");
  const services = () => ({
    db: t.db,
    logger: silentLogger,
    routing: defaultRouting(),
    salesEmail: "sales@ridgeline.test",
    mailFrom: "Ridgeline Website <website@ridgeline.test>",
    timeZone: "America/New_York",
    siteUrl: "https://www.ridgeline.test",
    now: () => now,
  });

  it("a release sends the lead on through the leads' own code, joins the inbox and is in the activity log; delete removes a held lead only", async () => {
    const { staff: manager } = await addStaff(t.db, {
      email: "mgr@ridgeline.test",
      role: "manager",
      branch: null,
    });
    await heldContact(t.db, "C-REAL01");
    const spam = await heldQuote(t.db, "Q-SPAM01");
    expect((await listHeldLeads(t.db)).map((lead) => [lead.reference, lead.reasons[0]?.code])).toEqual([
      ["C-REAL01", "links"],
      ["Q-SPAM01", "links"],
    ]);

    expect((await releaseHeldContact(services(), "C-REAL01")).status).toBe("released");
    await logRelease(services(), manager, { kind: "contact", reference: "C-REAL01" }, now);
    const inbox = await listInbox(services(), manager, {
      status: null,
      branch: null,
      area: null,
      age: null,
      query: "",
      page: 1,
    });
    expect(inbox.rows.map((row) => [row.reference, row.status])).toEqual([["C-REAL01", "new"]]);
    const lead = await readLead(services(), manager, "contact", inbox.rows[0]?.id ?? 0);
    expect(lead?.activity.map((entry) => [entry.who, entry.detail])).toEqual([
      ["mgr@ridgeline.test", "Released from held spam: sent on to sales"],
    ]);
    const mail = await t.db.selectFrom("email_outbox").select(["kind", "to_address"]).orderBy("id").execute();
    expect(mail.map((row) => row.to_address)).toContain("sales@ridgeline.test");

    // A released lead is no longer held: Delete leaves it be. The held quote goes with its items.
    expect(await deleteHeldLead(t.db, "contact", "C-REAL01")).toBe(false);
    expect(await deleteHeldLead(t.db, "quote", "Q-SPAM01")).toBe(true);
    expect(await deleteHeldLead(t.db, "quote", "Q-SPAM01")).toBe(false);
    expect(
      await t.db.selectFrom("quote_items").select("request_id").where("request_id", "=", spam).execute(),
    ).toEqual([]);
    expect(await listHeldLeads(t.db)).toEqual([]);
    expect(await t.db.selectFrom("contact_submissions").select("reference").execute()).toEqual([
      { reference: "C-REAL01" },
    ]);
  });
});
