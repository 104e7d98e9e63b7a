import { describe, expect, it } from "vitest";
import { writeTransaction } from "~/server/db/database.server";
import { parseTrustProxy, TRUST_NONE, type TrustProxy } from "~/server/http/client-key.server";
import { enqueueMail, MAIL_PRIORITY } from "~/server/mail/outbox.server";
import type { MailTransport } from "~/server/mail/transport.server";
import {
  metricsAllowed as allowedWith,
  createMetrics,
  isLoopback,
  pathOf,
  routeGroup,
} from "~/server/metrics.server";
import { queueWebhooks } from "~/server/webhooks/queue.server";
import { createWebhookWorker } from "~/server/webhooks/worker.server";
import { freshDatabaseEach, memoryLogger, testDialects } from "../../tests/support/databases";
import { startWebhookReceiver } from "../../tests/support/webhook-receiver";

const token = "a-long-enough-metrics-token-0123";

describe("metricsAllowed", () => {
  const metricsAllowed = (
    request: Parameters<typeof allowedWith>[0],
    metricsToken: string | undefined,
    trust: TrustProxy = TRUST_NONE,
  ) => allowedWith(request, metricsToken, trust);
  const trusted = (value: string) => {
    const trust = parseTrustProxy(value);
    if ("error" in trust) throw new Error(trust.error);
    return trust;
  };
  const request = (remoteAddress: string | undefined, headers: Record<string, string> = {}) => ({
    remoteAddress,
    headers,
  });

  it("lets loopback in without a token, unless a proxy passed the request on", () => {
    for (const address of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"]) {
      expect(metricsAllowed(request(address), undefined), address).toBe(true);
    }
    expect(metricsAllowed(request("127.0.0.1", { "x-forwarded-for": "203.0.113.9" }), undefined)).toBe(false);
    expect(metricsAllowed(request("127.0.0.1", { forwarded: "for=203.0.113.9" }), undefined)).toBe(false);
  });

  it("takes any forwarding header for a proxy's, without TRUST_PROXY: not local", () => {
    for (const [name, value] of [
      ["x-real-ip", "203.0.113.9"],
      ["x-forwarded-host", "www.example.com"],
      ["x-forwarded-proto", "https"],
      ["via", "1.1 nginx"],
      ["forwarded", "for=127.0.0.1"],
      ["x-forwarded-for", "127.0.0.1"],
    ] as const) {
      expect(metricsAllowed(request("127.0.0.1", { [name]: value }), undefined), name).toBe(false);
      expect(metricsAllowed(request("::1", { [name]: value }), undefined), name).toBe(false);
      // The token still opens it.
      expect(
        metricsAllowed(request("127.0.0.1", { [name]: value, authorization: `Bearer ${token}` }), token),
      ).toBe(true);
    }
  });

  it("with TRUST_PROXY, is local only when the trusted proxy names a loopback client in X-Forwarded-For", () => {
    for (const trust of [trusted("true"), trusted("127.0.0.1")]) {
      // The proxy's X-Real-IP alone names nobody the site reads: not local.
      expect(metricsAllowed(request("127.0.0.1", { "x-real-ip": "203.0.113.9" }), undefined, trust)).toBe(
        false,
      );
      expect(metricsAllowed(request("127.0.0.1", { "x-real-ip": "127.0.0.1" }), undefined, trust)).toBe(
        false,
      );
      expect(
        metricsAllowed(request("127.0.0.1", { "x-forwarded-for": "203.0.113.9" }), undefined, trust),
      ).toBe(false);
      // A client that writes a loopback address itself is behind the proxy's own entry.
      expect(
        metricsAllowed(
          request("127.0.0.1", { "x-forwarded-for": "127.0.0.1, 203.0.113.9" }),
          undefined,
          trust,
        ),
      ).toBe(false);
      // A scraper on the proxy's machine, passed on by the trusted proxy on this one.
      expect(
        metricsAllowed(
          request("127.0.0.1", { "x-forwarded-for": "127.0.0.1", "x-real-ip": "127.0.0.1" }),
          undefined,
          trust,
        ),
      ).toBe(true);
      expect(metricsAllowed(request("127.0.0.1"), undefined, trust)).toBe(true);
    }
    // A peer TRUST_PROXY does not name is not believed, whatever it says.
    expect(
      metricsAllowed(
        request("127.0.0.1", { "x-forwarded-for": "127.0.0.1" }),
        undefined,
        trusted("10.0.0.0/8"),
      ),
    ).toBe(false);
  });

  it("lets anyone else in only with the exact bearer token", () => {
    for (const address of ["192.0.2.2", "10.0.0.1", "::ffff:192.0.2.2", "fd00::2", "128.0.0.1", undefined]) {
      expect(metricsAllowed(request(address), undefined), String(address)).toBe(false);
      expect(metricsAllowed(request(address), token), String(address)).toBe(false);
      expect(metricsAllowed(request(address, { authorization: `Bearer ${token}` }), token)).toBe(true);
      expect(metricsAllowed(request(address, { authorization: `Bearer ${token}x` }), token)).toBe(false);
      expect(metricsAllowed(request(address, { authorization: `Basic ${token}` }), token)).toBe(false);
      expect(metricsAllowed(request(address, { authorization: "Bearer " }), token)).toBe(false);
      // Without a configured token, no header opens it.
      expect(metricsAllowed(request(address, { authorization: "Bearer undefined" }), undefined)).toBe(false);
    }
    expect(isLoopback("::ffff:10.0.0.1")).toBe(false);
  });
});

describe("routeGroup", () => {
  it("maps any path to a small fixed set, never the raw URL", () => {
    const cases: Array<[string, string]> = [
      ["/", "/"],
      ["/healthz", "/healthz"],
      ["/metrics", "/metrics"],
      ["/contact", "/contact"],
      ["/quote", "/quote"],
      ["/api/contact", "/api"],
      ["/assets/entry-abc123.js", "/assets"],
      ["/products/labels/thermal-transfer", "/products"],
      ["/newsletter/confirm", "/newsletter"],
      ["/favicon.ico", "static"],
      ["/wp-login.php", "static"],
      ["/some/unknown/page", "other"],
      ["/.env", "static"],
      ["", "other"],
    ];
    for (const [path, group] of cases) expect(routeGroup(path), path).toBe(group);
  });
});

describe("pathOf", () => {
  it("reads the path of any target as the URL parser does, plain ones without it", () => {
    const targets = [
      "/",
      "/products/labels?size=4x6#top",
      "/search?q=a%20b",
      "/%70roducts",
      "/a/../products",
      "/./contact",
      "//evil.example/x",
      "/a\\b",
      "/caf\u00e9",
      "/a b",
      "/a#b?c",
      "/products?",
    ];
    for (const target of targets) {
      expect(pathOf(target), target).toBe(new URL(target, "http://site.invalid").pathname);
    }
    expect(pathOf("http://[bad")).toBe("");
  });
});

describe.each(testDialects)("metrics on $name", (dialect) => {
  const t = freshDatabaseEach(dialect);

  it("reports the outbox's depth and oldest age by kind, and deliveries and failures", async () => {
    const metrics = createMetrics(t.db, memoryLogger().logger);
    const queuedAt = new Date(Date.now() - 90_000);
    await writeTransaction(t.db, async (trx) => {
      for (const kind of ["contact_notification", "contact_notification", "acknowledgement"]) {
        await enqueueMail(
          trx,
          {
            kind,
            from: "site@example.com",
            to: "sales@example.com",
            subject: "S",
            text: "T",
            priority: MAIL_PRIORITY.lead,
          },
          queuedAt,
        );
      }
    });
    let fail = false;
    const inner: MailTransport = {
      kind: "smtp",
      close: () => undefined,
      send: async () => {
        if (fail) throw new Error("451 try again later");
        return { messageId: "<x@example.com>" } as Awaited<ReturnType<MailTransport["send"]>>;
      },
    };
    const counted = metrics.countDeliveries(inner);
    const mail = {
      kind: "contact_notification",
      from: "a@example.com",
      to: "b@example.com",
      subject: "S",
      text: "T",
    };
    await counted.send(mail);
    fail = true;
    await expect(counted.send(mail)).rejects.toThrow("451");

    const text = await metrics.registry.metrics();
    expect(text).toContain('outbox_pending_messages{kind="contact_notification"} 2');
    expect(text).toContain('outbox_pending_messages{kind="acknowledgement"} 1');
    const age = Number(/outbox_oldest_age_seconds\{kind="contact_notification"\} ([\d.]+)/.exec(text)?.[1]);
    expect(age).toBeGreaterThanOrEqual(90);
    expect(age).toBeLessThan(150);
    expect(text).toContain('mail_deliveries_total{kind="contact_notification"} 1');
    expect(text).toContain('mail_delivery_failures_total{kind="contact_notification"} 1');
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
    expect(text).not.toContain("sales@example.com");
  });

  it("counts webhook deliveries and failures by event, and shows the webhook queue's depth", async () => {
    const metrics = createMetrics(t.db, memoryLogger().logger);
    const secret = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
    const receiver = await startWebhookReceiver(secret, [200, 500]);
    try {
      const endpoints = ["a", "b", "c"].map((name) => ({ url: `${receiver.url}/${name}`, secret }));
      await writeTransaction(t.db, (trx) =>
        queueWebhooks(trx, { endpoints }, "example.created", { reference: "Q-ABC123" }, new Date()),
      );
      expect(await metrics.registry.metrics()).toContain("webhook_queue_depth 3");
      const worker = createWebhookWorker({
        db: t.db,
        endpoints,
        logger: memoryLogger().logger,
        onAttempt: (event, outcome) => metrics.countWebhook(event, outcome),
      });
      expect(await worker.runOnce()).toBe(3);
      const text = await metrics.registry.metrics();
      expect(text).toContain('webhook_deliveries_total{event="example.created"} 1');
      expect(text).toContain('webhook_delivery_failures_total{event="example.created",final="no"} 2');
      expect(text).toContain("webhook_queue_depth 2");
      expect(text).not.toContain(receiver.url);
    } finally {
      await receiver.stop();
    }
  });

  it("reports the database's connections", async () => {
    const metrics = createMetrics(t.db, memoryLogger().logger);
    const text = await metrics.registry.metrics();
    if (t.dialect === "postgres") {
      expect(text).toMatch(/^db_pool_connections\{state="total"\} [1-9]\d*$/m);
      expect(text).toMatch(/^db_pool_connections\{state="idle"\} \d+$/m);
      expect(text).toMatch(/^db_pool_connections\{state="waiting"\} \d+$/m);
      expect(text).not.toContain("db_write_queue_depth");
    } else {
      expect(text).toMatch(/^db_write_queue_depth 0$/m);
      expect(text).not.toContain("db_pool_connections");
    }
  });
});
