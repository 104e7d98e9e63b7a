import type { KyselyPlugin } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeTransaction } from "~/server/db/database.server";
import { healthReport } from "~/server/health.server";
import { enqueueMail, MAIL_PRIORITY } from "~/server/mail/outbox.server";
import { createOutboxWatch } from "~/server/mail/stall.server";
import { createTransport } from "~/server/mail/transport.server";
import { createMailWorker } from "~/server/mail/worker.server";
import { memoryLogger, type TestDatabase, testDialects } from "../../../tests/support/databases";
import { type SmtpPeer, startSmtpPeer } from "../../../tests/support/smtp-peer";

const start = new Date("2026-11-24T09:00:00.000Z");
const minutes = (n: number) => n * 60_000;
const from = "Ridgeline Website <website@ridgeline-supply.example>";
const databaseUp = { check: async () => true };

describe.each(testDialects)("stalled outbox on $name", ({ create }) => {
  let t: TestDatabase;
  let peer: SmtpPeer | undefined;
  let clock: Date;
  const cleanups: Array<() => unknown> = [];

  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  const queue = (kind: string, priority: number) =>
    writeTransaction(t.db, (trx) =>
      enqueueMail(
        trx,
        { kind, from, to: "sales@ridgeline-supply.example", subject: "New enquiry", text: "Body", priority },
        clock,
      ),
    );

  beforeEach(async () => {
    t = await create();
    clock = start;
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await peer?.stop();
    peer = undefined;
    await t.cleanup();
  });

  it("reports a lead stuck behind a stopped SMTP peer once, and its recovery once", async () => {
    // A real peer, stopped: its port refuses connections until it is started again on the same port.
    const stopped = await startSmtpPeer();
    const port = stopped.port;
    await stopped.stop();
    const log = memoryLogger();
    const transport = createTransport(
      { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_DIR: "unused" },
      { logger: log.logger, smtpOptions: { ignoreTLS: true, connectionTimeout: 2000 } },
    );
    cleanups.push(() => transport.close());
    const worker = createMailWorker({ db: t.db, transport, logger: log.logger, now: () => clock });
    const watch = createOutboxWatch(t.db, log.logger, { alertAfterMs: minutes(15), now: () => clock });
    const stallLines = () =>
      log.lines
        .filter((line) => /^outbox stall/.test(String(line.msg)))
        .map((line) => [line.level, line.msg]);

    await queue("contact_notification", MAIL_PRIORITY.lead);
    expect(await worker.runOnce()).toBe(1);
    expect(await healthReport(databaseUp, watch)).toEqual({ status: "ok" });

    advance(minutes(16));
    // The worker keeps retrying and failing; each retry and each poll in between asks the watch.
    for (let i = 0; i < 3; i++) {
      await worker.runOnce();
      advance(minutes(2));
      expect(await healthReport(databaseUp, watch)).toEqual({
        status: "degraded",
        outbox: { stalled: true, oldestMinutes: 18 + 2 * i, pending: 1 },
      });
    }
    expect(stallLines()).toEqual([
      [50, "outbox stalled: a lead notification has waited longer than the alert time"],
    ]);

    peer = await startSmtpPeer(port);
    advance(minutes(60));
    await worker.runOnce();
    expect(peer.messages).toHaveLength(1);
    advance(minutes(1));
    expect(await healthReport(databaseUp, watch)).toEqual({ status: "ok" });
    advance(minutes(1));
    expect(await watch.check()).toEqual({ stalled: false, oldestMinutes: 0, pending: 0 });
    expect(stallLines()).toEqual([
      [50, "outbox stalled: a lead notification has waited longer than the alert time"],
      [30, "outbox stall cleared: lead notifications are delivered again"],
    ]);
  });

  it("counts only lead notifications: visitor and bulk mail may wait", async () => {
    const log = memoryLogger();
    const watch = createOutboxWatch(t.db, log.logger, { alertAfterMs: minutes(15), now: () => clock });
    await queue("acknowledgement", MAIL_PRIORITY.visitor);
    await queue("newsletter_issue", MAIL_PRIORITY.bulk);
    advance(minutes(120));
    expect(await watch.check()).toEqual({ stalled: false, oldestMinutes: 0, pending: 0 });
    await queue("quote_notification", MAIL_PRIORITY.lead);
    advance(minutes(15));
    expect(await watch.check()).toMatchObject({ stalled: false, oldestMinutes: 15, pending: 1 });
    advance(5_000); // past the answer kept for five seconds
    expect(await watch.check()).toMatchObject({ stalled: true, oldestMinutes: 15, pending: 1 });
  });

  it("shares one query among callers and reuses its answer for the cache time", async () => {
    let queries = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args) => {
        queries += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const watch = createOutboxWatch(t.db.withPlugin(counting), memoryLogger().logger, {
      alertAfterMs: minutes(15),
      cacheMs: 5_000,
      now: () => clock,
    });
    await Promise.all(Array.from({ length: 20 }, () => watch.check()));
    expect(queries).toBe(1);
    advance(4_999);
    await watch.check();
    expect(queries).toBe(1);
    advance(1);
    await watch.check();
    expect(queries).toBe(2);
  });

  it("says nothing (and the database probe decides) when the query fails", async () => {
    const log = memoryLogger();
    const watch = createOutboxWatch(t.db, log.logger, { alertAfterMs: minutes(15), now: () => clock });
    await t.db.schema.dropTable("email_attachments").execute();
    await t.db.schema.dropTable("email_outbox").execute();
    expect(await watch.check()).toBeUndefined();
    expect(await healthReport(databaseUp, watch)).toEqual({ status: "ok" });
    expect(await healthReport({ check: async () => false }, watch)).toEqual({ status: "unavailable" });
  });
});
