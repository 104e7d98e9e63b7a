import { expect, test } from "@playwright/test";
import { type SmtpPeer, startSmtpPeer } from "../support/smtp-peer";
import { spawnServer } from "./spawned-server";
import { postForm } from "./support";

const port = Number(process.env.E2E_PORT ?? 3100) + 180;

const health = async (origin: string) => {
  const response = await fetch(`${origin}/healthz`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

test("with the SMTP peer down, /healthz reports the failing deliveries, then the stalled lead within two minutes (ALERT_AFTER_MINUTES=1), each once in the log, and clears both when mail flows again", async () => {
  test.setTimeout(300_000);
  const stopped = await startSmtpPeer();
  const smtpPort = stopped.port;
  await stopped.stop();
  let peer: SmtpPeer | undefined;
  const server = await spawnServer(port, {
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SALES_EMAIL: "leads@ridgeline.test",
    ALERT_AFTER_MINUTES: "1",
    // Retries after 2, 4, 8 … s: the retry after the peer is back comes within about a minute.
    MAIL_RETRY_BASE_MS: "2000",
  });
  const stallLines = () =>
    server
      .logs()
      .filter((line) => /^outbox stall/.test(String(line.msg)))
      .map((line) => [line.level, line.msg]);
  const deliveryLines = () =>
    server
      .logs()
      .filter((line) => /^deliveries /.test(String(line.msg)))
      .map((line) => [line.level, line.msg]);
  try {
    const posted = Date.now();
    const response = await postForm(`${server.origin}/contact`, {
      name: "Morgan Lee",
      email: "morgan.lee@example.com",
      message: "Need 500 GHS drum labels.",
    });
    expect(response.status).toBe(200);
    expect(await health(server.origin)).toEqual({ status: 200, body: { status: "ok" } });

    // Five attempts fail (after 0, 2, 6, 14 and 30 s) before the lead has waited the alert time.
    await expect
      .poll(async () => (await health(server.origin)).body, { timeout: 60_000, intervals: [2_000] })
      .toEqual({ status: "degraded", deliveries: { failing: true, failedInARow: 5 } });
    expect(Date.now() - posted).toBeLessThan(60_000);
    expect(deliveryLines()).toEqual([
      [50, "deliveries failing: the last lead notification attempts all failed"],
    ]);

    await expect
      .poll(async () => (await health(server.origin)).body.outbox, { timeout: 120_000, intervals: [2_000] })
      .toBeDefined();
    expect(Date.now() - posted).toBeLessThan(120_000);
    const degraded = await health(server.origin);
    expect(degraded.status).toBe(200);
    expect(degraded.body).toEqual({
      status: "degraded",
      outbox: { stalled: true, oldestMinutes: expect.any(Number), pending: 1 },
      deliveries: { failing: true, failedInARow: expect.any(Number) },
    });
    // Only the lead counts; the acknowledgement to the visitor waits too but is not a stall.
    expect((degraded.body.outbox as { oldestMinutes: number }).oldestMinutes).toBeGreaterThanOrEqual(1);
    // Polled every two seconds and retried every few: still one line.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(stallLines()).toEqual([
      [50, "outbox stalled: a lead notification has waited longer than the alert time"],
    ]);

    peer = await startSmtpPeer(smtpPort);
    await expect
      .poll(async () => (await health(server.origin)).body.status, { timeout: 120_000, intervals: [2_000] })
      .toBe("ok");
    expect(peer.messages.map((mail) => (mail.to && "text" in mail.to ? mail.to.text : ""))).toContain(
      "leads@ridgeline.test",
    );
    // The line reaches the test through the child's stdout, maybe a moment after the answer.
    await expect.poll(stallLines, { timeout: 5_000 }).toEqual([
      [50, "outbox stalled: a lead notification has waited longer than the alert time"],
      [30, "outbox stall cleared: lead notifications are delivered again"],
    ]);
    expect(deliveryLines()).toEqual([
      [50, "deliveries failing: the last lead notification attempts all failed"],
      [30, "deliveries recovered: a lead notification was delivered again"],
    ]);
  } finally {
    await server.stop();
    await peer?.stop();
  }
});
