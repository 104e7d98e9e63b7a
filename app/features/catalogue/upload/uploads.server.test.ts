import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { freshDatabaseEach, testDialects } from "../../../../tests/support/databases";
import { catalogueOf, csvOf, labelRow, testFamilies } from "../testing/fixtures.server";
import { listVersions } from "../versions.server";
import { STAGED_FOR_MS, Staging } from "./staging.server";
import { type CatalogueUpload, fileNameOf, readCatalogueUpload } from "./upload.server";
import { applyStaged, checkStaged, SHOWN_ERRORS } from "./uploads.server";

let dir: string;
let staging: Staging;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "range-staging-test-"));
  staging = new Staging(dir);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Stages CSV text as an upload of `session` would, without the HTTP part. */
async function stage(text: string, name = "prices.csv", session = "session-a") {
  const meta = { session, name, stagedAt: new Date().toISOString() };
  const { id, out } = await staging.create(meta);
  await new Promise<void>((resolve, reject) =>
    out.end(Buffer.from(text), () => resolve()).once("error", reject),
  );
  return { id, meta };
}

describe("reading the upload as it streams", () => {
  let server: Server;
  let origin: string;
  const LIMIT = 1000;
  beforeAll(async () => {
    server = createServer((req, res) => {
      readCatalogueUpload(req, staging, "session-a", LIMIT).then(
        (upload) => res.end(JSON.stringify(upload)),
        (error: unknown) => res.end(JSON.stringify({ error: String(error) })),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = async (fields: Array<[string, Blob | string, string?]>): Promise<CatalogueUpload> => {
    const form = new FormData();
    for (const [name, value, file] of fields)
      if (typeof value === "string") form.append(name, value);
      else form.append(name, value, file);
    return (await (await fetch(origin, { method: "POST", body: form })).json()) as CatalogueUpload;
  };

  it("stages the file under an unguessable id, for the uploading session, with its name as sent", async () => {
    const upload = await post([["catalogue", new Blob(["sku,family\n"]), "prices 2026.csv"]]);
    expect(upload).toMatchObject({ status: "staged", name: "prices 2026.csv" });
    if (upload.status !== "staged") return;
    expect(upload.id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await staging.find(upload.id, "session-a", new Date())).toMatchObject({ name: "prices 2026.csv" });
    // Another sign-in cannot reach it, even with the id.
    expect(await staging.find(upload.id, "session-b", new Date())).toBeUndefined();
  });

  it("cuts a file off the moment it passes the limit and keeps nothing of it", async () => {
    const upload = await post([["catalogue", new Blob(["x".repeat(LIMIT + 1)]), "huge.csv"]]);
    expect(upload).toEqual({ status: "too-large", name: "huge.csv" });
    expect(readdirSync(dir)).toEqual([]);
    expect(await post([["catalogue", new Blob(["x".repeat(LIMIT)]), "exact.csv"]])).toMatchObject({
      status: "staged",
    });
  });

  it("says when no file came, and reads only the one catalogue field", async () => {
    expect(await post([["note", "hello"]])).toEqual({ status: "no-file" });
    expect(await post([["other", new Blob(["a"]), "other.csv"]])).toEqual({ status: "no-file" });
    const bad = await fetch(origin, {
      method: "POST",
      headers: { "content-type": "multipart/form-data" },
      body: "no boundary",
    });
    expect(await bad.json()).toEqual({ status: "malformed" });
  });

  it("keeps a file's name as one line without a path", () => {
    expect(fileNameOf("C:\\Users\\buyer\\prices.csv")).toBe("prices.csv");
    expect(fileNameOf("a\u0000b\nc.csv")).toBe("abc.csv");
    expect(fileNameOf("<img src=x onerror=alert(1)>.csv")).toBe("<img src=x onerror=alert(1)>.csv");
    expect(fileNameOf("")).toBe("catalogue.csv");
    expect(fileNameOf("x".repeat(500))).toHaveLength(200);
  });
});

describe("the staging folder", () => {
  it("forgets a file after an hour, and sweeps what is older", async () => {
    const { id, meta } = await stage("sku\n");
    const later = new Date(Date.parse(meta.stagedAt) + STAGED_FOR_MS + 1000);
    expect(await staging.find(id, "session-a", new Date())).toBeDefined();
    expect(await staging.find(id, "session-a", later)).toBeUndefined();
    expect(readdirSync(dir)).toEqual([]);

    writeFileSync(path.join(dir, "stray.csv"), "x");
    const old = new Date(Date.now() - STAGED_FOR_MS - 60_000);
    utimesSync(path.join(dir, "stray.csv"), old, old);
    const kept = await stage("sku\n");
    expect(await staging.sweep(new Date())).toBe(1);
    expect(readdirSync(dir).sort()).toEqual([`${kept.id}.csv`, `${kept.id}.json`]);
  });
});

describe.each(testDialects)("checking and applying a staged file on $name", (dialect) => {
  const t = freshDatabaseEach(dialect);

  it("checks without writing, says what it adds and removes, then applies it under the uploader's name", async () => {
    await catalogueOf(t.db, [labelRow("KEEP-1"), labelRow("GONE-1")]);
    const staged = await stage(csvOf([labelRow("KEEP-1"), labelRow("NEW-1"), labelRow("NEW-2")]));
    const check = await checkStaged(t.db, staging, staged, testFamilies());
    expect(check).toEqual({
      status: "checked",
      name: "prices.csv",
      id: staged.id,
      items: 3,
      added: 2,
      removed: 1,
    });
    expect(await listVersions(t.db)).toHaveLength(1);

    const meta = await staging.find(staged.id, "session-a", new Date());
    if (!meta) throw new Error("the checked file was not kept");
    const applied = await applyStaged(
      t.db,
      staging,
      { id: staged.id, meta },
      {
        families: testFamilies(),
        email: "owner@example.test",
      },
    );
    expect(applied).toMatchObject({ ok: true, version: { version: 2, itemCount: 3 } });
    expect((await listVersions(t.db))[0]).toMatchObject({
      version: 2,
      source: "prices.csv, uploaded by owner@example.test",
      active: true,
    });
    expect(readdirSync(dir)).toEqual([]);
  });

  it("imports a file applied twice at once (a double-clicked Apply) once, both answered with its version", async () => {
    await catalogueOf(t.db, [labelRow("KEEP-1")]);
    const staged = await stage(csvOf([labelRow("KEEP-1"), labelRow("NEW-1")]));
    await checkStaged(t.db, staging, staged, testFamilies());
    const meta = await staging.find(staged.id, "session-a", new Date());
    if (!meta) throw new Error("the checked file was not kept");
    const options = { families: testFamilies(), email: "owner@example.test" };
    const [first, second] = await Promise.all([
      applyStaged(t.db, staging, { id: staged.id, meta }, options),
      applyStaged(t.db, staging, { id: staged.id, meta }, options),
    ]);
    expect(first).toMatchObject({ ok: true, version: { version: 2 } });
    expect(second).toEqual(first);
    expect((await listVersions(t.db)).map((version) => version.version)).toEqual([2, 1]);
    // Pressed again afterwards (the back button): gone, nothing changes.
    expect(await applyStaged(t.db, staging, { id: staged.id, meta }, options)).toEqual({
      ok: false,
      reason: "gone",
    });
    expect(readdirSync(dir)).toEqual([]);
  });

  it("never imports a file another process has taken for its Apply", async () => {
    const staged = await stage(csvOf([labelRow("A-1")]));
    await checkStaged(t.db, staging, staged, testFamilies());
    const meta = await staging.find(staged.id, "session-a", new Date());
    if (!meta) throw new Error("the checked file was not kept");
    // Another process sharing the folder claims it first.
    expect(await new Staging(dir).claim(staged.id)).toBe(true);
    expect(await staging.find(staged.id, "session-a", new Date())).toBeUndefined();
    expect(
      await applyStaged(
        t.db,
        staging,
        { id: staged.id, meta },
        { families: testFamilies(), email: "x@example.test" },
      ),
    ).toEqual({ ok: false, reason: "gone" });
    expect(await listVersions(t.db)).toEqual([]);
  });

  it("lists the first 200 mistakes with a count of the rest, changes nothing and keeps no file", async () => {
    await catalogueOf(t.db, [labelRow("KEEP-1")]);
    const rows = Array.from({ length: SHOWN_ERRORS + 50 }, (_, index) =>
      labelRow(`BAD-${index}`, { width: "four" }),
    );
    const staged = await stage(csvOf(rows));
    const check = await checkStaged(t.db, staging, staged, testFamilies());
    expect(check.status).toBe("invalid");
    if (check.status !== "invalid") return;
    expect(check.errors).toHaveLength(SHOWN_ERRORS);
    expect(check.more).toBe(50);
    expect(check.errors[0]).toMatchObject({ row: 2, column: "width" });
    expect(check.errors[0]?.reason).toContain("four");
    expect(await listVersions(t.db)).toHaveLength(1);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("refuses a file that is not UTF-8 with one line, and an unchecked file is never applied", async () => {
    const staged = await stage("sku,family\n\u00ff\n");
    writeFileSync(path.join(dir, `${staged.id}.csv`), Buffer.from([0x73, 0x6b, 0x75, 0x0a, 0xff, 0xfe]));
    expect(await checkStaged(t.db, staging, staged, testFamilies())).toMatchObject({
      status: "refused",
      refusal: expect.stringContaining("prices.csv is not UTF-8"),
    });
    const unchecked = await stage(csvOf([labelRow("A-1")]));
    expect(
      await applyStaged(t.db, staging, unchecked, { families: testFamilies(), email: "owner@example.test" }),
    ).toEqual({ ok: false, reason: "gone" });
    expect(await listVersions(t.db)).toEqual([]);
  });
});
