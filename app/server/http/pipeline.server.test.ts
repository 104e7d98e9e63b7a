import http from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { describe, expect, it } from "vitest";
import type { HealthReport } from "~/server/health.server";
import { TRUST_NONE } from "./client-key.server";
import { createRequestPipeline, withoutSecrets } from "./pipeline.server";

describe("withoutSecrets", () => {
  it("keeps newsletter tokens out of logged URLs", () => {
    expect(withoutSecrets("/newsletter/confirm?token=abc_DEF-123")).toBe(
      "/newsletter/confirm?token=[redacted]",
    );
    expect(withoutSecrets("/newsletter/unsubscribe?x=1&TOKEN=abc#top")).toBe(
      "/newsletter/unsubscribe?x=1&TOKEN=[redacted]#top",
    );
    expect(withoutSecrets("/resources?q=token")).toBe("/resources?q=token");
    expect(withoutSecrets(undefined)).toBeUndefined();
  });
});

describe("/healthz", () => {
  const answer = async (report: HealthReport | Error, method = "GET") => {
    const server = http.createServer(
      createRequestPipeline({
        logger: pino({ level: "silent" }),
        appHandler: async () => undefined,
        trustProxy: TRUST_NONE,
        checkHealth: async () => {
          if (report instanceof Error) throw report;
          return report;
        },
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/healthz`, { method });
      return {
        status: response.status,
        body: await response.text(),
        type: response.headers.get("content-type"),
      };
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  };

  it("answers 200 for ok and for a stalled outbox (the instance still serves), 503 for a dead database", async () => {
    expect(await answer({ status: "ok" })).toEqual({
      status: 200,
      body: '{"status":"ok"}',
      type: "application/json",
    });
    const outbox = { stalled: true, oldestMinutes: 17, pending: 2 };
    expect(await answer({ status: "degraded", outbox })).toEqual({
      status: 200,
      body: '{"status":"degraded","outbox":{"stalled":true,"oldestMinutes":17,"pending":2}}',
      type: "application/json",
    });
    expect((await answer({ status: "unavailable" })).status).toBe(503);
    expect(await answer(new Error("boom"))).toMatchObject({ status: 503, body: '{"status":"unavailable"}' });
    expect(await answer({ status: "degraded", outbox }, "HEAD")).toMatchObject({ status: 200, body: "" });
  });
});

describe("onAnswered", () => {
  it("is told of a file, a legacy redirect and a rendered answer, with status and type; not of /healthz", async () => {
    const answered: string[] = [];
    const files = new Map([
      [
        "/about",
        {
          contentType: "text/html; charset=utf-8",
          cacheControl: "no-cache",
          identity: { body: Buffer.from("<p>About</p>"), etag: '"a"' },
          downloadName: "about.html",
          contentSecurityPolicy: "default-src 'none'",
        },
      ],
    ]);
    const server = http.createServer(
      createRequestPipeline({
        logger: pino({ level: "silent" }),
        staticFiles: files,
        appHandler: async (_req, res) => {
          res.writeHead(404, { "Content-Type": "text/html; charset=utf-8" });
          res.end("<p>Not found</p>");
        },
        trustProxy: TRUST_NONE,
        checkHealth: async () => ({ status: "ok" }),
        onAnswered: (answer) =>
          answered.push(
            `${answer.req.method} ${answer.url.pathname} ${answer.status} ${answer.contentType} ${answer.source}`,
          ),
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      for (const path of ["/about", "/rfid-labels", "/nowhere", "/healthz"]) {
        await (await fetch(`http://127.0.0.1:${port}${path}`, { redirect: "manual" })).text();
      }
      await fetch(`http://127.0.0.1:${port}/about`, { method: "HEAD" });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(answered).toEqual([
      "GET /about 200 text/html; charset=utf-8 file",
      "GET /rfid-labels 301  legacy",
      "GET /nowhere 404 text/html; charset=utf-8 rendered",
      "HEAD /about 200 text/html; charset=utf-8 file",
    ]);
  });
});
