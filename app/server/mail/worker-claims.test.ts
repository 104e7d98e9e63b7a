import { describe, expect, it } from "vitest";
import type { MailTransport } from "~/server/mail/transport.server";
import { startMailWorker } from "~/server/mail/worker.server";
import { testDialects } from "../../../tests/support/databases";
import { queue, smtpTransport, start, workerFixture } from "./worker-fixture";

/*
 * The mail worker's claims and recovery: a message is claimed for a while and renewed during the
 * send, a dead worker's message is taken over, and a database that fails is waited out.
 */

describe.each(testDialects)("mail worker claims on $name", ({ create }) => {
  const fx = workerFixture(create);
  const { worker, advance, outbox, log, cleanups } = fx;

  it("takes over a message whose claim expired (a worker died mid-send)", async () => {
    await queue(fx.t.db, 1, fx.clock);
    await fx.t.db
      .updateTable("email_outbox")
      .set({ status: "sending", attempts: 1, locked_until: new Date(start.getTime() + 1000).toISOString() })
      .execute();
    const w = worker();
    expect(await w.runOnce()).toBe(0);
    advance(1000);
    expect(await w.runOnce()).toBe(1);
    expect(fx.peer.messages).toHaveLength(1);
  });

  it("claims a message for 30 s, so a worker killed mid-send leaves it to another within a minute", async () => {
    await queue(fx.t.db, 1, fx.clock);
    // The first worker's send never finishes and it never renews: the process died during the send.
    let abandon: (error: Error) => void = () => undefined;
    const hanging: MailTransport = {
      kind: "smtp",
      send: () =>
        new Promise((_, reject) => {
          abandon = reject;
        }),
      close: () => undefined,
    };
    const dead = worker({ transport: hanging, renewMs: 3_600_000 });
    const deadRun = dead.runOnce();
    await expect.poll(async () => (await outbox())[0]?.status).toBe("sending");
    expect((await outbox())[0]?.locked_until).toBe(new Date(start.getTime() + 30_000).toISOString());

    let finishSend: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      finishSend = resolve;
    });
    const other = worker({
      transport: fx.smtpThrough(async (mail, smtp) => {
        await held;
        return smtp.send(mail);
      }),
    });
    expect(await other.runOnce()).toBe(0);
    advance(29_999);
    expect(await other.runOnce()).toBe(0);
    advance(1);
    const otherRun = other.runOnce();
    await expect.poll(async () => (await outbox())[0]?.attempts).toBe(2);

    // Should the first worker come back while the other sends, its late failure must not hand the
    // message to a third worker, nor undo the delivery.
    abandon(new Error("connection lost"));
    expect(await deadRun).toBe(1);
    expect((await outbox())[0]).toMatchObject({ status: "sending", attempts: 2, last_error: null });
    finishSend();
    expect(await otherRun).toBe(1);
    expect(fx.peer.messages.map((m) => m.subject)).toEqual(["Message 0"]);
    expect((await outbox())[0]).toMatchObject({ status: "sent", attempts: 2, last_error: null });
  });

  it("renews its claim while a slow send runs, so no other worker takes the message mid-send", async () => {
    await queue(fx.t.db, 1, fx.clock);
    let finishSend: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      finishSend = resolve;
    });
    const slow = fx.smtpThrough(async (mail, smtp) => {
      await held;
      return smtp.send(mail);
    });
    const sending = worker({ transport: slow, renewMs: 20 });
    const run = sending.runOnce();
    await expect.poll(async () => (await outbox())[0]?.status).toBe("sending");

    // Far past the first claim; the renewals keep moving it on.
    advance(5 * 60_000);
    const renewedUntil = new Date(fx.clock.getTime() + 30_000).toISOString();
    await expect.poll(async () => (await outbox())[0]?.locked_until).toBe(renewedUntil);
    expect(await worker().runOnce()).toBe(0);

    finishSend();
    expect(await run).toBe(1);
    expect(fx.peer.messages).toHaveLength(1);
    expect((await outbox())[0]).toMatchObject({ status: "sent", attempts: 1, locked_until: null });
  });

  it("records a delivery the database failed to record at once, instead of sending it again", async () => {
    await queue(fx.t.db, 1, fx.clock);
    let down = false;
    const flaky = fx.t.db.withPlugin({
      transformQuery(args) {
        if (down) throw new Error("database unreachable (test)");
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const w = worker({
      db: flaky,
      transport: fx.smtpThrough(async (mail, smtp) => {
        const result = await smtp.send(mail);
        // The database goes away between the peer's acceptance and the 'sent' update.
        down = true;
        return result;
      }),
    });
    await expect(w.runOnce()).rejects.toThrow(/unreachable/);
    expect((await outbox())[0]).toMatchObject({ status: "sending" });

    down = false;
    advance(60_000);
    expect(await w.runOnce()).toBe(0);
    expect(fx.peer.messages).toHaveLength(1);
    expect((await outbox())[0]).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("backs off while the database fails, logs the outage once, and recovers by itself", async () => {
    let down = true;
    let failedQueries = 0;
    let claims = 0;
    // Every query through this handle fails while `down`, as when the database does not answer.
    const flaky = fx.t.db.withPlugin({
      transformQuery(args) {
        if (down) {
          failedQueries += 1;
          throw new Error("database unreachable (test)");
        }
        // Each run tries to claim a due message (an update); with nothing queued, counting them counts
        // the polls.
        if (args.node.kind === "UpdateQueryNode") claims += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const transport = smtpTransport(fx.peer);
    cleanups.push(() => transport.close());
    const running = startMailWorker({
      db: flaky,
      transport,
      logger: log.logger,
      pollMs: 50,
      maxBackoffMs: 5000,
    });
    cleanups.push(() => running.stop());
    const logged = (text: string) => log.lines.filter((line) => line.msg.includes(text)).length;

    await new Promise((resolve) => setTimeout(resolve, 1500));
    // Polling every 50 ms would have made about 30 runs; doubling pauses make about 5.
    expect(failedQueries).toBeGreaterThanOrEqual(2);
    expect(failedQueries).toBeLessThanOrEqual(12);
    expect(logged("mail worker run failed")).toBe(1);

    down = false;
    await queue(fx.t.db, 1, new Date());
    await expect.poll(() => fx.peer.messages.length, { timeout: 8000 }).toBe(1);
    // Logged when the run that delivered it ends, a moment after the peer has the message.
    await expect.poll(() => logged("mail worker reached the database again"), { timeout: 5000 }).toBe(1);

    // Back to polling every 50 ms at once, not at the pause reached during the outage (1.6 s or more).
    const claimsBefore = claims;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(claims - claimsBefore).toBeGreaterThanOrEqual(4);
    expect(logged("mail worker run failed")).toBe(1);
    expect(logged("mail worker reached the database again")).toBe(1);
  });
});
