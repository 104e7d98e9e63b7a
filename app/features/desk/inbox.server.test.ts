import { describe, expect, it } from "vitest";
import { defaultRouting } from "~/features/leads/routing/routing.server";
import type { Database } from "~/server/db/schema.server";
import { freshDatabaseEach, testDialects } from "../../../tests/support/databases";
import type { Viewer } from "./access.server";
import { type InboxFilters, listInbox, readInboxFilters, syncDeskLeads } from "./inbox.server";
import { changeLead } from "./lead-actions.server";
import { readLead } from "./lead-detail.server";
import { addStaff } from "./staff.server";
import { insertQuoteItem, insertQuoteRequest } from "./testing/quote-leads";

const ARRIVED = "2026-11-24T15:00:00.000Z"; // Tuesday 9:00 in Dallas, 10:00 in Atlanta

async function quote(db: Database, reference: string, zip: string | null, company: string, at = ARRIVED) {
  const id = await insertQuoteRequest(db, {
    reference,
    company,
    email: `buyer@${company.toLowerCase().replace(/\W+/g, "")}.example`,
    postal_code: zip,
    created_at: at,
  });
  await insertQuoteItem(db, id);
  return id;
}

async function contact(db: Database, name: string, held = false) {
  const row = await db
    .insertInto("contact_submissions")
    .values({
      name,
      email: "Visitor@Example.com",
      phone: null,
      message: "Call me",
      client_key: null,
      created_at: "2026-11-24T16:00:00.000Z",
      reference: held ? "C-HELD01" : "C-ABC123",
      held_at: held ? "2026-11-24T16:00:00.000Z" : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const ALL: InboxFilters = { status: null, branch: null, area: null, age: null, query: "", page: 1 };

describe.each(testDialects)("desk inbox on $name", (dialect) => {
  const t = freshDatabaseEach(dialect);
  let clock = new Date("2026-11-24T15:20:00.000Z");
  const services = () => ({
    db: t.db,
    routing: defaultRouting(),
    salesEmail: "sales@ridgeline.test",
    timeZone: "America/New_York",
    now: () => clock,
  });
  const viewer = async (email: string, role: Viewer["role"], branch: string | null): Promise<Viewer> => {
    const { staff } = await addStaff(t.db, { email, role, branch });
    return staff;
  };

  it("lists every lead newest first with its branch; a rep sees their branch's and the unrouted ones, and gets nothing for another branch's", async () => {
    const dallas = await quote(t.db, "Q-DAL001", "75201", "Lone Star Foods");
    const atlanta = await quote(t.db, "Q-ATL001", "30301", "Peach Packaging", "2026-11-24T14:00:00.000Z");
    const unrouted = await quote(t.db, "Q-NOZIP1", null, "Nowhere Inc", "2026-11-24T13:00:00.000Z");
    const message = await contact(t.db, "<img src=x onerror=alert(1)>");
    await contact(t.db, "Held Spammer", true);
    await syncDeskLeads(services());
    await syncDeskLeads(services()); // a second run adds nothing

    const owner = await viewer("owner@example.test", "owner", null);
    const all = await listInbox(services(), owner, ALL);
    expect(all.rows.map((row) => [row.reference, row.branch, row.status])).toEqual([
      ["C-ABC123", null, "new"],
      ["Q-DAL001", "dallas", "new"],
      ["Q-ATL001", "atlanta", "new"],
      ["Q-NOZIP1", null, "new"],
    ]);
    expect(all.rows[0]?.name).toBe("<img src=x onerror=alert(1)>");

    const rep = await viewer("rep@example.test", "rep", "atlanta");
    const seen = await listInbox(services(), rep, ALL);
    expect(seen.rows.map((row) => row.reference)).toEqual(["C-ABC123", "Q-ATL001", "Q-NOZIP1"]);
    expect(await readLead(services(), rep, "quote", dallas)).toBeNull();
    expect(await readLead(services(), rep, "quote", atlanta)).not.toBeNull();
    expect(await readLead(services(), rep, "contact", message)).not.toBeNull();
    expect(
      await changeLead(services(), rep, { kind: "quote", id: dallas }, { action: "note", text: "mine?" }),
    ).toBe("not-found");

    // Assigned to the rep, the Dallas lead becomes theirs to see.
    await changeLead(services(), owner, { kind: "quote", id: dallas }, { action: "assign", staffId: rep.id });
    expect((await readLead(services(), rep, "quote", dallas))?.reference).toBe("Q-DAL001");
    expect(unrouted).toBeGreaterThan(0);

    // The held message joins the desk once it is released.
    await t.db
      .updateTable("contact_submissions")
      .set({ released_at: "2026-11-25T09:00:00.000Z" })
      .where("reference", "=", "C-HELD01")
      .execute();
    await syncDeskLeads(services());
    expect((await listInbox(services(), owner, ALL)).rows.map((row) => row.reference)).toContain("C-HELD01");
  });

  it("filters by status and branch and finds a lead by reference, e-mail or the start of its company", async () => {
    await quote(t.db, "Q-DAL001", "75201", "Lone Star Foods");
    await quote(t.db, "Q-ATL001", "30301", "Peach Packaging");
    await contact(t.db, "Dana Price");
    await syncDeskLeads(services());
    const owner = await viewer("owner@example.test", "owner", null);
    const find = async (query: string, extra: Partial<InboxFilters> = {}) =>
      (await listInbox(services(), owner, { ...ALL, query, ...extra })).rows.map((row) => row.reference);
    expect(await find("q-atl001")).toEqual(["Q-ATL001"]);
    expect(await find("buyer@lonestarfoods.example")).toEqual(["Q-DAL001"]);
    expect(await find("visitor@example.com")).toEqual(["C-ABC123"]);
    expect(await find("peach")).toEqual(["Q-ATL001"]);
    expect(await find("%")).toEqual([]);
    expect(await find("", { branch: "dallas" })).toEqual(["Q-DAL001"]);
    expect(await find("", { branch: "unrouted" })).toEqual(["C-ABC123"]);
    expect(await find("", { status: "contacted" })).toEqual([]);

    // 16:20Z: the quotes came at 15:00Z, eighty business minutes ago, the message twenty: the quotes are overdue
    // until they leave New.
    clock = new Date("2026-11-24T16:20:00.000Z");
    const overdue = async () =>
      (await listInbox(services(), owner, ALL)).rows.filter((row) => row.overdue).map((row) => row.reference);
    expect(await overdue()).toEqual(["Q-ATL001", "Q-DAL001"]);
    // Received in the last hour: the message (16:00Z), not the quotes (15:00Z); nothing is older than 30 days.
    expect(await find("", { age: "hour" })).toEqual(["C-ABC123"]);
    expect(await find("", { age: "day" })).toEqual(["C-ABC123", "Q-ATL001", "Q-DAL001"]);
    expect(await find("", { age: "older" })).toEqual([]);
    const [dallas] = (await listInbox(services(), owner, { ...ALL, query: "Q-DAL001" })).rows;
    await changeLead(
      services(),
      owner,
      { kind: "quote", id: dallas?.id ?? 0 },
      { action: "status", status: "contacted", reason: "" },
    );
    expect(await overdue()).toEqual(["Q-ATL001"]);
    expect(await find("", { area: "labels" })).toEqual(["Q-ATL001", "Q-DAL001"]);
    expect(await find("", { area: "barcoding" })).toEqual([]);
    const params = new URLSearchParams("status=won&branch=boston&area=guns&age=forever&q=x&page=9999");
    expect(readInboxFilters(params, ["dallas"])).toEqual({
      status: "won",
      branch: null,
      area: null,
      age: null,
      query: "x",
      page: 1,
    });
    expect(readInboxFilters(new URLSearchParams("area=die-cut-foams&age=week"), [])).toMatchObject({
      area: "die-cut-foams",
      age: "week",
    });
  });

  it("records the response time at the first move out of New, and logs who changed what", async () => {
    const id = await quote(t.db, "Q-DAL001", "75201", "Lone Star Foods");
    await syncDeskLeads(services());
    const owner = await viewer("owner@example.test", "owner", null);
    const lead = { kind: "quote" as const, id };
    // Tuesday 9:00 in Dallas to 9:20: twenty minutes, all in business hours.
    clock = new Date("2026-11-24T15:20:00.000Z");
    expect(
      await changeLead(services(), owner, lead, { action: "status", status: "contacted", reason: "" }),
    ).toBe("done");
    clock = new Date("2026-11-25T15:20:00.000Z");
    await changeLead(services(), owner, lead, {
      action: "status",
      status: "lost",
      reason: "Bought elsewhere",
    });
    await changeLead(services(), owner, lead, { action: "note", text: "Try again in spring" });
    const detail = await readLead(services(), owner, "quote", id);
    expect(detail).toMatchObject({
      status: "lost",
      lostReason: "Bought elsewhere",
      responseSeconds: 20 * 60,
      responseBusinessSeconds: 20 * 60,
      routing: "Dallas: ship-to 75201, Texas",
    });
    expect(detail?.items).toEqual([
      { description: "4x6 labels", quantity: 40, unit: "rolls", area: "labels", notes: null, sku: null },
    ]);
    expect(detail?.activity.map((entry) => [entry.who, entry.detail])).toEqual([
      ["owner@example.test", "New → Contacted"],
      ["owner@example.test", "Contacted → Lost: Bought elsewhere"],
      ["owner@example.test", "Try again in spring"],
    ]);

    // A Reno lead at 5:30 Monday morning in Reno, answered an hour later: no business time yet in Reno's zone.
    const reno = await quote(t.db, "Q-RNO001", "89501", "Sierra Mills", "2026-11-30T13:30:00.000Z");
    await syncDeskLeads(services());
    clock = new Date("2026-11-30T14:30:00.000Z");
    await changeLead(
      services(),
      owner,
      { kind: "quote", id: reno },
      { action: "status", status: "quoted", reason: "" },
    );
    expect(await readLead(services(), owner, "quote", reno)).toMatchObject({
      branch: "reno",
      responseSeconds: 3600,
      responseBusinessSeconds: 0,
    });

    // A lead removed from its own table (a privacy request) leaves the desk.
    await t.db.deleteFrom("quote_items").where("request_id", "=", id).execute();
    await t.db.deleteFrom("quote_requests").where("id", "=", id).execute();
    expect((await listInbox(services(), owner, ALL)).rows.map((row) => row.reference)).toEqual(["Q-RNO001"]);
    expect(await readLead(services(), owner, "quote", id)).toBeNull();
  });
});
