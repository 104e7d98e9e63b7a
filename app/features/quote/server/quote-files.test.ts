import { describe, expect, it } from "vitest";
import { testDialects } from "../../../../tests/support/databases";
import { fields, pdf, quoteFixture, sha256, upload } from "../testing/quote-server";
import { type QuoteUpload, UPLOAD_ERRORS } from "../upload/quote-upload.server";
import { submitQuote } from "./quote.server";

/*
 * submitQuote and a request's files: stored byte for byte, kept whole or not at all, delivered once
 * SMTP answers, and a request whose files did not arrive kept without them.
 */

describe.each(testDialects)("submitQuote keeps files on $name", ({ create }) => {
  const fx = quoteFixture(create);
  const { fileOf, counts, deliver } = fx;
  /** The request with one PDF, as the form posts it. */
  const withPdf = async (fileName = "drawing.pdf") => upload(fields(), [await fileOf(fileName, pdf)]);

  it("keeps a request whose files timed out without them, and tells sales which files to expect", async () => {
    const timedOut: QuoteUpload = {
      fields: fields(),
      files: [],
      error: UPLOAD_ERRORS.timeout,
      complete: false,
      unfinishedFiles: ["drawing.pdf"],
    };
    const result = await submitQuote(fx.deps, timedOut, "client-late");
    expect(result).toMatchObject({ ok: true, status: 200, filesNotArrived: ["drawing.pdf"] });
    expect(await counts()).toEqual({ requests: 1, items: 3, files: 0, outbox: 2 });
    const reference = result.ok ? result.reference : "";
    expect(await deliver()).toBe(2);
    const sales = fx.peer.messages.find((message) => message.subject?.startsWith(`[${reference}]`));
    expect(sales?.attachments).toHaveLength(0);
    expect(sales?.text).toContain("Files that did not arrive");
    expect(sales?.text).toContain("drawing.pdf");

    // The browser's own fallback names the files it gave up on; 'Add item' that timed out stores nothing.
    const named = await submitQuote(
      fx.deps,
      upload(fields({ filesNotSent: "a.pdf\nb.png" })),
      "client-late-2",
    );
    expect(named).toMatchObject({ ok: true, filesNotArrived: ["a.pdf", "b.png"] });
    const rows = await submitQuote(
      fx.deps,
      { ...timedOut, fields: fields({ intent: "add-rows" }) },
      "client-late-3",
    );
    expect(rows).toMatchObject({ ok: false, status: 408 });
    // A request cut off before its fields were whole is not kept.
    const partial = await submitQuote(
      fx.deps,
      { ...timedOut, fields: { startedAt: fields().startedAt ?? "", company: "Acme" } },
      "client-late-4",
    );
    expect(partial).toMatchObject({ ok: false, status: 408, title: "Upload Timed Out" });
    expect((await counts()).requests).toBe(2);
  });

  it("stores a file under its non-ASCII name, byte for byte from disk", async () => {
    const result = await submitQuote(fx.deps, await withPdf("Größe Ø 40.pdf"), "client-f");
    expect(result.ok).toBe(true);
    const stored = await fx.t.db.selectFrom("stored_files").select(["file_name", "content"]).execute();
    expect(stored.map((file) => file.file_name)).toEqual(["Größe Ø 40.pdf"]);
    expect(sha256(Buffer.from(stored[0]?.content ?? []))).toBe(sha256(pdf));
  });

  it("keeps nothing when storing fails halfway, and reports a failure", async () => {
    const failing = {
      ...fx.deps,
      // The notification is queued after the request, items and files are written in the transaction;
      // a From the database refuses (none) fails it there.
      mailFrom: undefined as unknown as string,
    };
    const result = await submitQuote(failing, await withPdf(), "client-a");
    expect(result).toMatchObject({ ok: false, status: 500 });
    expect(await counts()).toEqual({ requests: 0, items: 0, files: 0, outbox: 0 });
  });

  it("loses nothing while SMTP is down: the mail is delivered, files intact, once the server answers", async () => {
    const result = await submitQuote(fx.deps, await withPdf(), "client-a");
    expect(result.ok).toBe(true);
    fx.peer.refuse = true;
    await deliver();
    expect(fx.peer.messages).toHaveLength(0);
    expect(
      (await fx.t.db.selectFrom("email_outbox").select("status").execute()).map((row) => row.status).sort(),
    ).toEqual(["queued", "queued"]);
    fx.peer.refuse = false;
    await fx.t.db
      .updateTable("email_outbox")
      .set({ next_attempt_at: new Date(0).toISOString() })
      .execute();
    expect(await deliver()).toBe(2);
    const sales = fx.peer.messages.find((message) => message.attachments.length > 0);
    expect(sha256(sales?.attachments[0]?.content ?? Buffer.alloc(0))).toBe(sha256(pdf));
  });
});
