import { expect, test } from "@playwright/test";
import { trickleRequest } from "./raw-http";
import { type SpawnedServer, spawnServer } from "./spawned-server";

/*
 * A client that sends its request slowly holds a connection, and enough of them hold them all. The
 * server gives a client 15 s for its headers and 30 s for the whole request; these clients never
 * finish, and the server must cut them off close to those times (Node checks its limits on a timer
 * of its own, which by default let them run to about 45 s and 60 s). The stated values are tested as
 * the production build runs them, with a loose bound for the timer and a loaded machine.
 */

const port = Number(process.env.E2E_PORT ?? 3100) + 140;
const HEADERS_TIMEOUT_MS = 15_000;
const REQUEST_TIMEOUT_MS = 30_000;

let server: SpawnedServer | undefined;
test.beforeAll(async () => {
  server = await spawnServer(port);
});
test.afterAll(async () => {
  await server?.stop();
});

test("slow headers are cut off at 15 s and a slow body at 30 s, while other visitors are served", async () => {
  test.setTimeout(60_000);
  const host = `Host: 127.0.0.1:${port}\r\n`;
  // One header line every 2 s, never the blank line that ends them.
  const slowHeaders = trickleRequest(
    port,
    ["GET / HTTP/1.1\r\n", host, ...Array.from({ length: 40 }, (_, i) => `X-Slow-${i}: 1\r\n`)],
    2_000,
    REQUEST_TIMEOUT_MS + 10_000,
  );
  // Whole headers at once, then the body one byte every 2 s: 200 bytes would take 400 s.
  const slowBody = trickleRequest(
    port,
    [
      `POST /api/contact HTTP/1.1\r\n${host}Content-Type: application/json\r\nContent-Length: 200\r\n\r\n`,
      ...Array.from({ length: 200 }, () => " "),
    ],
    2_000,
    REQUEST_TIMEOUT_MS + 10_000,
  );

  // Meanwhile the server answers everyone else at once.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const started = performance.now();
  expect((await fetch(`${server?.origin}/healthz`)).status).toBe(200);
  expect(performance.now() - started).toBeLessThan(1_000);

  const headers = await slowHeaders;
  expect(headers.closed, "the server closed the slow-headers connection").toBe(true);
  expect(headers.status).toBe(408);
  expect(headers.ms).toBeGreaterThan(HEADERS_TIMEOUT_MS - 500);
  expect(headers.ms).toBeLessThan(HEADERS_TIMEOUT_MS + 3_000);

  const body = await slowBody;
  expect(body.closed, "the server closed the slow-body connection").toBe(true);
  expect(body.status).toBe(408);
  expect(body.ms).toBeGreaterThan(REQUEST_TIMEOUT_MS - 500);
  expect(body.ms).toBeLessThan(REQUEST_TIMEOUT_MS + 3_000);

  expect((await fetch(`${server?.origin}/healthz`)).status).toBe(200);
  expect(server?.child.exitCode).toBeNull();
});
