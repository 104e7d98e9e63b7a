import { beforeEach, describe, expect, it } from "vitest";
import { fixtureView } from "~/features/catalogue/testing/pages-fixture";
import { defaultRouting } from "~/features/leads/routing/routing.server";
import { storeFile } from "~/server/mail/outbox.server";
import { fileLinkSecret, fileLinkUrl, serveFileLink } from "~/server/webhooks/file-links.server";
import { freshDatabaseEach, testDialects } from "../../../tests/support/databases";
import type { Viewer } from "./access.server";
import { syncDeskLeads } from "./inbox.server";
import { readLead } from "./lead-detail.server";
import { DESK_FILE_LINK_LIFETIME_MS, readLeadFile } from "./lead-files.server";
import { addStaff } from "./staff.server";
import { insertQuoteItem, insertQuoteRequest } from "./testing/quote-leads";

/*
 * A quote's lead page: each line's part number as the active range knows it, and each attached file
 * through a link that serves it only to staff who may see the lead, and only for an hour.
 */

const ARRIVED = "2026-11-24T15:00:00.000Z";
const DRAWING = Buffer.from("%PDF-1.4 drawing of a pallet \u00e9\n\u0000\u00ff", "latin1");

describe.each(testDialects)("a quote's lead page links its skus and files on $name", (dialect) => {
  const t = freshDatabaseEach(dialect);
  let clock = new Date("2026-11-24T15:20:00.000Z");
  beforeEach(() => {
    clock = new Date("2026-11-24T15:20:00.000Z");
  });
  const secret = fileLinkSecret("a client key secret of the test");
  const base = () => ({
    db: t.db,
    routing: defaultRouting(),
    salesEmail: "sales@ridgeline.test",
    fileLinkSecret: secret,
    now: () => clock,
  });
  const withRange = () => ({ ...base(), catalogue: { current: () => fixtureView() } });
  const viewer = async (email: string, role: Viewer["role"], branch: string | null): Promise<Viewer> =>
    (await addStaff(t.db, { email, role, branch })).staff;

  /** A Dallas quote with three lines (known, unknown, discontinued sku) and one without, and one file. */
  async function dallasQuote() {
    const id = await insertQuoteRequest(t.db, {
      reference: "Q-DAL001",
      postal_code: "75201",
      created_at: ARRIVED,
    });
    const skus = ["DT-4X6-3", "NO-SUCH-1", "dt-3x2-old", null];
    for (const [position, sku] of skus.entries()) await insertQuoteItem(t.db, id, { position, sku });
    const fileId = await storeFile(t.db, {
      fileName: 'pallet "drawing" <b>.pdf',
      contentType: "application/pdf",
      content: DRAWING,
    });
    await t.db.insertInto("quote_files").values({ request_id: id, position: 0, file_id: fileId }).execute();
    await syncDeskLeads(base());
    return { id, fileId };
  }

  it("links a known sku to its item page, flags an unknown one and a discontinued one with its replacement linked", async () => {
    const { id } = await dallasQuote();
    const owner = await viewer("owner@example.test", "owner", null);
    const lead = await readLead(withRange(), owner, "quote", id);
    expect(lead?.items.map((item) => item.sku)).toEqual([
      { sku: "DT-4X6-3", path: "/products/direct-thermal-labels/DT-4X6-3", flag: null, replacement: null },
      { sku: "NO-SUCH-1", path: null, flag: "unknown sku", replacement: null },
      {
        sku: "dt-3x2-old",
        path: "/products/direct-thermal-labels/DT-3X2-OLD",
        flag: "discontinued, replaced by DT-4X2-3",
        replacement: { sku: "DT-4X2-3", path: "/products/direct-thermal-labels/DT-4X2-3" },
      },
      null,
    ]);
  });

  it("shows every sku as plain text when the site holds no catalogue, or none imported yet", async () => {
    const { id } = await dallasQuote();
    const owner = await viewer("owner@example.test", "owner", null);
    const plain = (sku: string) => ({ sku, path: null, flag: null, replacement: null });
    const expected = [plain("DT-4X6-3"), plain("NO-SUCH-1"), plain("dt-3x2-old"), null];
    expect((await readLead(base(), owner, "quote", id))?.items.map((item) => item.sku)).toEqual(expected);
    const empty = { current: () => fixtureView([], []) };
    const unimported = {
      current: () => ({ ...fixtureView(), info: { ...fixtureView().info, version: 0 } }),
    };
    for (const catalogue of [empty, unimported]) {
      const lead = await readLead({ ...base(), catalogue }, owner, "quote", id);
      const flags = lead?.items.map((item) => item.sku?.flag);
      // A version with nothing in it still knows nothing: only "no version" is no catalogue.
      expect(flags).toEqual(
        catalogue === empty
          ? ["unknown sku", "unknown sku", "unknown sku", undefined]
          : [null, null, null, undefined],
      );
    }
  });

  it("serves a file through the page's link, exactly, as an attachment under a safe name, to staff who may see the lead", async () => {
    const { id, fileId } = await dallasQuote();
    const owner = await viewer("owner@example.test", "owner", null);
    const lead = await readLead(base(), owner, "quote", id);
    const file = lead?.files[0];
    expect(file).toMatchObject({ name: 'pallet "drawing" <b>.pdf', bytes: DRAWING.length });
    const href = new URL(file?.href ?? "", "http://desk.test");
    expect(href.pathname).toBe(`/desk/leads/quote/${id}/files/${fileId}`);
    expect(Number(href.searchParams.get("expires")) * 1000).toBe(
      clock.getTime() + DESK_FILE_LINK_LIFETIME_MS,
    );

    const params = { kind: "quote", id: String(id), fileId: String(fileId) };
    const dallasRep = await viewer("dallas@example.test", "rep", "dallas");
    for (const staff of [owner, dallasRep]) {
      const answer = await readLeadFile(base(), staff, params, href.searchParams);
      if (!("file" in answer)) throw new Error(`no file: ${answer.status}`);
      expect(Buffer.from(await answer.file.arrayBuffer()).equals(DRAWING)).toBe(true);
      expect(Object.fromEntries(answer.file.headers)).toMatchObject({
        "content-type": "application/octet-stream",
        "content-disposition": `attachment; filename="pallet _drawing_ <b>.pdf"; filename*=UTF-8''${encodeURIComponent('pallet "drawing" <b>.pdf')}`,
        "x-content-type-options": "nosniff",
        "cache-control": "private, no-store",
      });
    }
    // A rep of another branch gets what a lead they may not see answers: 404.
    const atlantaRep = await viewer("atlanta@example.test", "rep", "atlanta");
    expect(await readLeadFile(base(), atlantaRep, params, href.searchParams)).toEqual({ status: 404 });
  });

  it("refuses a link altered or expired (403), answers 410 once housekeeping deleted the file, and never mixes its links with the webhooks'", async () => {
    const { id, fileId } = await dallasQuote();
    const owner = await viewer("owner@example.test", "owner", null);
    const href = new URL((await readLead(base(), owner, "quote", id))?.files[0]?.href ?? "", "http://d.test");
    const params = { kind: "quote", id: String(id), fileId: String(fileId) };
    const read = (search: URLSearchParams, at = clock, p = params) =>
      readLeadFile({ ...base(), now: () => at }, owner, p, search);

    const later = new URLSearchParams(href.searchParams);
    later.set("expires", String(Number(later.get("expires")) + 86_400));
    expect(await read(later)).toEqual({ status: 403, reason: "invalid" });
    expect(await read(href.searchParams, clock, { ...params, fileId: String(fileId + 1) })).toEqual({
      status: 403,
      reason: "invalid",
    });
    // Another lead's address with this lead's signature.
    const other = await insertQuoteRequest(t.db, {
      reference: "Q-DAL002",
      postal_code: "75201",
      created_at: ARRIVED,
    });
    await syncDeskLeads(base());
    expect(await read(href.searchParams, clock, { ...params, id: String(other) })).toEqual({
      status: 403,
      reason: "invalid",
    });
    const justInTime = new Date(clock.getTime() + DESK_FILE_LINK_LIFETIME_MS - 1000);
    expect("file" in (await read(href.searchParams, justInTime))).toBe(true);
    const tooLate = new Date(clock.getTime() + DESK_FILE_LINK_LIFETIME_MS + 1000);
    expect(await read(href.searchParams, tooLate)).toEqual({ status: 403, reason: "expired" });

    // The desk's signature does not open /files, nor a webhook's link the desk's address.
    const atFiles = new URL(`http://d.test/files/${fileId}/x?${href.searchParams}`);
    const refused = await serveFileLink(
      t.db,
      secret,
      atFiles,
      { fileId: String(fileId), name: `quote ${id}` },
      clock,
    );
    expect(refused.status).toBe(403);
    const webhook = new URL(
      fileLinkUrl("http://d.test", secret, { id: fileId, name: 'pallet "drawing" <b>.pdf' }, clock),
    );
    expect(await read(webhook.searchParams)).toEqual({ status: 403, reason: "invalid" });

    await t.db.deleteFrom("quote_files").where("file_id", "=", fileId).execute();
    await t.db.deleteFrom("stored_files").where("id", "=", fileId).execute();
    expect(await read(href.searchParams)).toEqual({ status: 410 });
  });

  it("says on the page when a quote past its retention has no files left", async () => {
    const { id, fileId } = await dallasQuote();
    const owner = await viewer("owner@example.test", "owner", null);
    const services = { ...base(), attachmentRetentionDays: 30 };
    expect((await readLead(services, owner, "quote", id))?.filesDeletedAfterDays).toBeNull();
    clock = new Date(Date.parse(ARRIVED) + 31 * 86_400_000);
    expect((await readLead(services, owner, "quote", id))?.filesDeletedAfterDays).toBeNull();
    await t.db.deleteFrom("quote_files").where("file_id", "=", fileId).execute();
    const lead = await readLead(services, owner, "quote", id);
    expect(lead?.files).toEqual([]);
    expect(lead?.filesDeletedAfterDays).toBe(30);
  });
});
