import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeTransaction } from "~/server/db/database.server";
import { memoryLogger, type TestDatabase, testDialects } from "../../../tests/support/databases";
import { startWebhookReceiver, type WebhookReceiver } from "../../../tests/support/webhook-receiver";
import { purgeOldDeliveries, queueWebhooks } from "./queue.server";
import {
  type AttemptOutcome,
  createWebhookWorker,
  WEBHOOK_RETRY_WINDOW_MS,
  webhookRetryDelayMs,
} from "./worker.server";

const secret = `whsec_${randomBytes(32).toString("base64")}`;
const start = new Date("2026-11-24T09:00:00.000Z");

describe.each(testDialects)("webhook delivery on $name", ({ create }) => {
  let t: TestDatabase;
  let clock: Date;
  const receivers: WebhookReceiver[] = [];
  const receiver = async (...args: Parameters<typeof startWebhookReceiver>) => {
    const started = await startWebhookReceiver(args[0], args[1], {
      verifyAt: () => Math.floor(clock.getTime() / 1000),
    });
    receivers.push(started);
    return started;
  };

  beforeEach(async () => {
    t = await create();
    clock = start;
  });
  afterEach(async () => {
    await Promise.all(receivers.splice(0).map((r) => r.stop()));
    await t.cleanup();
  });

  const worker = (url: string, extra: { timeoutMs?: number; db?: TestDatabase["db"] } = {}) => {
    const outcomes: AttemptOutcome[] = [];
    const log = memoryLogger();
    const w = createWebhookWorker({
      db: extra.db ?? t.db,
      endpoints: [{ url, secret }],
      logger: log.logger,
      timeoutMs: extra.timeoutMs ?? 2000,
      now: () => clock,
      onAttempt: (_event, outcome) => outcomes.push(outcome),
    });
    return { worker: w, outcomes, lines: log.lines };
  };

  const queue = (url: string, data: unknown = { reference: "C-ABC123" }) =>
    writeTransaction(t.db, (trx) =>
      queueWebhooks(trx, { endpoints: [{ url }] }, "example.created", data, clock),
    );

  const rows = () => t.db.selectFrom("webhook_deliveries").selectAll().orderBy("id").execute();

  it("delivers a queued event once, signed so that an independent verifier accepts it, with a msg_ id", async () => {
    const hook = await receiver(secret, [200]);
    expect(await queue(hook.url, { reference: "C-ABC123", lead: { name: "Dana" } })).toBe(1);
    const { worker: w, outcomes } = worker(hook.url);
    expect(await w.runOnce()).toBe(1);
    expect(await w.runOnce()).toBe(0);
    expect(hook.received).toHaveLength(1);
    const [got] = hook.received;
    expect(got?.verified).toBe(true);
    expect(got?.id).toMatch(/^msg_[A-Za-z0-9_-]{20,}$/);
    expect(got?.json()).toEqual({
      type: "example.created",
      timestamp: start.toISOString(),
      data: { reference: "C-ABC123", lead: { name: "Dana" } },
    });
    const [row] = await rows();
    expect(row).toMatchObject({
      message_id: got?.id,
      status: "delivered",
      attempts: 1,
      last_status: 200,
      last_error: null,
      delivered_at: start.toISOString(),
    });
    expect(outcomes).toEqual(["delivered"]);
  });

  it("a signature made with another secret is refused by the verifier (the check can fail)", async () => {
    const hook = await receiver(`whsec_${randomBytes(32).toString("base64")}`, [200]);
    await queue(hook.url);
    await worker(hook.url).worker.runOnce();
    expect(hook.received.map((r) => r.verified)).toEqual([false]);
  });

  it("retries 500, 500, 500 with growing pauses and stops after the one 200, always with the same webhook-id", async () => {
    const hook = await receiver(secret, [500, 500, 500, 200]);
    await queue(hook.url);
    const { worker: w, outcomes } = worker(hook.url);
    await w.runOnce();
    for (let attempt = 1; attempt <= 3; attempt++) {
      // Not due yet a second before its pause ends.
      clock = new Date(clock.getTime() + webhookRetryDelayMs(attempt) - 1000);
      expect(await w.runOnce()).toBe(0);
      clock = new Date(clock.getTime() + 1000);
      expect(await w.runOnce()).toBe(1);
    }
    expect(await w.runOnce()).toBe(0);
    expect(hook.received.map((r) => r.answered)).toEqual([500, 500, 500, 200]);
    expect(hook.received.filter((r) => r.answered === 200)).toHaveLength(1);
    expect(new Set(hook.received.map((r) => r.id)).size).toBe(1);
    expect(hook.received.every((r) => r.verified)).toBe(true);
    expect(outcomes).toEqual(["retry", "retry", "retry", "delivered"]);
    expect(await rows()).toMatchObject([{ status: "delivered", attempts: 4, last_status: 200 }]);
  });

  it("does not follow a redirect: the target gets nothing and the attempt counts as a failure", async () => {
    const target = await receiver(secret, [200]);
    const hook = await receiver(secret, [{ redirect: target.url }]);
    await queue(hook.url);
    const { worker: w, outcomes } = worker(hook.url);
    await w.runOnce();
    expect(hook.received).toHaveLength(1);
    expect(target.received).toHaveLength(0);
    expect(outcomes).toEqual(["retry"]);
    const [row] = await rows();
    expect(row).toMatchObject({ status: "queued", attempts: 1, last_status: 302 });
    expect(row?.last_error).toContain("not followed");
  });

  it("gives up on a receiver that does not answer within the timeout, and tries again later", async () => {
    const hook = await receiver(secret, ["hang"]);
    await queue(hook.url);
    const { worker: w } = worker(hook.url, { timeoutMs: 300 });
    const began = Date.now();
    await w.runOnce();
    expect(Date.now() - began).toBeLessThan(2000);
    expect(hook.received).toHaveLength(1);
    const [row] = await rows();
    expect(row).toMatchObject({ status: "queued", last_status: null, last_error: "no answer within 300 ms" });
    expect(row?.next_attempt_at).toBe(new Date(start.getTime() + 30_000).toISOString());
  });

  it("marks a delivery failed once it has failed for 24 hours since its first attempt", async () => {
    const hook = await receiver(secret, [503]);
    await queue(hook.url);
    const { worker: w, outcomes } = worker(hook.url);
    await w.runOnce();
    clock = new Date(start.getTime() + WEBHOOK_RETRY_WINDOW_MS - 60_000);
    await w.runOnce();
    expect((await rows())[0]?.status).toBe("queued");
    clock = new Date(start.getTime() + WEBHOOK_RETRY_WINDOW_MS + 3 * 60 * 60_000);
    await w.runOnce();
    expect(await rows()).toMatchObject([{ status: "failed", attempts: 3, last_status: 503 }]);
    expect(outcomes).toEqual(["retry", "retry", "failed"]);
    clock = new Date(clock.getTime() + 7 * 24 * 60 * 60_000);
    expect(await w.runOnce()).toBe(0);
  });

  it("two workers on two connections never deliver the same row twice", async () => {
    const hook = await receiver(secret, [{ status: 200, afterMs: 150 }]);
    for (let i = 0; i < 6; i++) await queue(hook.url, { n: i });
    const first = worker(hook.url);
    const second = worker(hook.url, { db: t.open() });
    const [a, b] = await Promise.all([first.worker.runOnce(), second.worker.runOnce()]);
    expect(a + b).toBe(6);
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    expect(hook.received).toHaveLength(6);
    expect(new Set(hook.received.map((r) => r.id)).size).toBe(6);
    expect((await rows()).every((row) => row.status === "delivered" && row.attempts === 1)).toBe(true);
  });

  it("queues nothing when the lead's transaction rolls back", async () => {
    await expect(
      writeTransaction(t.db, async (trx) => {
        await queueWebhooks(
          trx,
          { endpoints: [{ url: "https://crm.example.com/a" }] },
          "example.created",
          {},
          clock,
        );
        throw new Error("the lead could not be stored");
      }),
    ).rejects.toThrow("could not be stored");
    expect(await rows()).toEqual([]);
  });

  it("deletes finished deliveries past retention, never one still waiting", async () => {
    const hook = await receiver(secret, [200, 500]);
    await queue(hook.url, { n: 1 });
    await queue(hook.url, { n: 2 });
    const { worker: w } = worker(hook.url);
    await w.runOnce();
    expect((await rows()).map((row) => row.status).sort()).toEqual(["delivered", "queued"]);
    expect(
      await purgeOldDeliveries(t.db, { retentionDays: 30 }, new Date(start.getTime() + 29 * 86_400_000)),
    ).toBe(0);
    expect(
      await purgeOldDeliveries(t.db, { retentionDays: 30 }, new Date(start.getTime() + 31 * 86_400_000)),
    ).toBe(1);
    expect((await rows()).map((row) => row.status)).toEqual(["queued"]);
  });

  it("eight endpoints, two hanging: the six healthy ones get twenty leads at once within a timeout", async () => {
    // The timeout of the finding; the hanging receivers are closed at the end, so nobody waits it out.
    const timeoutMs = 10_000;
    const hooks = await Promise.all(
      Array.from({ length: 8 }, (_, i) => receiver(secret, [i === 2 || i === 5 ? "hang" : 200])),
    );
    const endpoints = hooks.map((hook) => ({ url: hook.url, secret }));
    for (let lead = 0; lead < 20; lead++)
      await writeTransaction(t.db, (trx) =>
        queueWebhooks(trx, { endpoints }, "example.created", { reference: `Q-${lead}` }, clock),
      );
    const w = createWebhookWorker({
      db: t.db,
      endpoints,
      logger: memoryLogger().logger,
      timeoutMs,
      now: () => clock,
    });
    const healthy = hooks.filter((_, i) => i !== 2 && i !== 5);
    const began = Date.now();
    w.start();
    try {
      await expect
        .poll(() => healthy.every((hook) => hook.received.length === 20), { timeout: 30_000, interval: 20 })
        .toBe(true);
      const tookMs = Date.now() - began;
      console.info(`120 healthy deliveries beside two hanging endpoints: all within ${tookMs} ms`);
      // Before each endpoint had its own lane, every hanging attempt held one of four shared lanes for
      // the whole timeout: the healthy receivers waited behind forty of them (100 s). Now none
      // waits for the first hanging attempt to time out.
      expect(tookMs).toBeLessThan(timeoutMs);
      // Each healthy receiver got every lead once, in the order the leads came.
      for (const hook of healthy)
        expect(hook.received.map((r) => r.json().data.reference)).toEqual(
          Array.from({ length: 20 }, (_, lead) => `Q-${lead}`),
        );
      // The hanging ones are still on their first attempts, one at a time.
      expect(hooks[2]?.received).toHaveLength(1);
      expect(hooks[5]?.received).toHaveLength(1);
    } finally {
      await Promise.all([hooks[2]?.stop(), hooks[5]?.stop()]);
      await w.stop();
    }
  }, 60_000);

  it("counts a 2xx as delivered once its status line arrives, however slowly its body follows", async () => {
    const hook = await receiver(secret, [{ status: 200, bodyMs: 1500 }]);
    await queue(hook.url);
    const { worker: w, outcomes } = worker(hook.url, { timeoutMs: 400 });
    const began = Date.now();
    expect(await w.runOnce()).toBe(1);
    expect(Date.now() - began).toBeLessThan(1000);
    expect(outcomes).toEqual(["delivered"]);
    expect(await rows()).toMatchObject([{ status: "delivered", attempts: 1, last_status: 200 }]);
    // Nothing is due again: the receiver never gets the event a second time.
    clock = new Date(clock.getTime() + 24 * 60 * 60_000);
    expect(await w.runOnce()).toBe(0);
    expect(hook.received).toHaveLength(1);
  });

  it("lets a retry arrive after a newer event, which its body's timestamp still puts first", async () => {
    const hook = await receiver(secret, [500, 200]);
    await queue(hook.url, { reference: "Q-OLDER" });
    clock = new Date(start.getTime() + 1000);
    await queue(hook.url, { reference: "Q-NEWER" });
    const { worker: w } = worker(hook.url);
    expect(await w.runOnce()).toBe(2);
    clock = new Date(clock.getTime() + webhookRetryDelayMs(1));
    expect(await w.runOnce()).toBe(1);
    const arrived = hook.received.map((r) => ({ ...r.json(), answered: r.answered }));
    expect(arrived.map((r) => [r.data.reference, r.answered])).toEqual([
      ["Q-OLDER", 500],
      ["Q-NEWER", 200],
      ["Q-OLDER", 200],
    ]);
    // No order is promised (docs/webhooks.md#order): `timestamp` is when the event happened, the same on
    // every attempt, so a receiver that sorts by it gets the events in the order they happened.
    const delivered = arrived.filter((r) => r.answered === 200);
    expect(
      delivered.sort((a, b) => a.timestamp.localeCompare(b.timestamp)).map((r) => r.data.reference),
    ).toEqual(["Q-OLDER", "Q-NEWER"]);
    expect(arrived[0]?.timestamp).toBe(start.toISOString());
    expect(arrived[2]?.timestamp).toBe(start.toISOString());
  });

  it("fails a delivery whose endpoint is no longer configured, sending nothing", async () => {
    await queue("https://removed.example.com/hooks");
    const hook = await receiver(secret, [200]);
    const { worker: w, outcomes } = worker(hook.url);
    expect(await w.runOnce()).toBe(1);
    expect(outcomes).toEqual(["failed"]);
    expect(await rows()).toMatchObject([
      { status: "failed", last_status: null, last_error: "endpoint no longer in WEBHOOK_ENDPOINTS" },
    ]);
    expect(hook.received).toEqual([]);
  });
});
