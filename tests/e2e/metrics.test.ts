import { networkInterfaces } from "node:os";
import { expect, test } from "@playwright/test";
import { startSmtpPeer } from "../support/smtp-peer";
import { type SpawnedServer, spawnServer } from "./spawned-server";
import { postForm } from "./support";

const port = Number(process.env.E2E_PORT ?? 3100) + 182;
const token = "metrics-token-for-the-e2e-test-0123456789";

/** This machine's first non-loopback IPv4 address: a request to it reaches the server from that address. */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === "IPv4" && !entry.internal)?.address;

test.describe.configure({ mode: "serial" });

let server: SpawnedServer;

test.beforeAll(async () => {
  // A stopped SMTP peer keeps the lead in the outbox, so the depth series has a value.
  const stopped = await startSmtpPeer();
  await stopped.stop();
  server = await spawnServer(port, {
    HOST: "0.0.0.0",
    SMTP_URL: `smtp://127.0.0.1:${stopped.port}`,
    METRICS_TOKEN: token,
  });
  const posted = await postForm(`${server.origin}/contact`, {
    name: "Morgan Lee",
    email: "morgan.lee@example.com",
    message: "Drum labels.",
  });
  expect(posted.status).toBe(200);
});
test.afterAll(async () => {
  await server?.stop();
});

test("loopback reads Prometheus text with the outbox's depth, requests by route group and the event-loop delay", async () => {
  // A request is counted once its answer is done, which can come a moment after the client has read it.
  const scrape = async () => (await fetch(`${server.origin}/metrics`)).text();
  await expect
    .poll(scrape, { timeout: 5_000 })
    .toMatch(/^http_requests_total\{route="\/contact",status="200"\} 1$/m);
  const response = await fetch(`${server.origin}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/plain");
  const text = await response.text();
  expect(text).toMatch(/^outbox_pending_messages\{kind="contact_notification"\} 1$/m);
  expect(text).toMatch(/^outbox_oldest_age_seconds\{kind="contact_notification"\} [\d.e+-]+$/m);
  expect(text).toMatch(/^http_requests_total\{route="\/contact",status="200"\} 1$/m);
  expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0\.1",route="\/contact"\} \d+$/m);
  expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds [\d.e+-]+$/m);
  // Nothing held as spam; the SQLite write queue's depth stands for the pool.
  expect(text).toMatch(/^leads_held\{kind="contact"\} 0$/m);
  expect(text).toMatch(/^leads_held\{kind="quote"\} 0$/m);
  expect(text).toMatch(/^db_write_queue_depth \d+$/m);
  expect(text).not.toContain("morgan.lee");

  // A proxy on this machine connects from loopback too: a forwarded request needs the token.
  const forwarded = await fetch(`${server.origin}/metrics`, {
    headers: { "X-Forwarded-For": "203.0.113.9" },
  });
  expect(forwarded.status).toBe(404);
  // Whichever forwarding header the proxy sends: nginx's X-Real-IP alone is enough to be refused.
  for (const [name, value] of [
    ["X-Real-IP", "203.0.113.9"],
    ["X-Forwarded-Host", "www.example.com"],
    ["Via", "1.1 proxy"],
  ] as const) {
    const passedOn = await fetch(`${server.origin}/metrics`, { headers: { [name]: value } });
    expect(passedOn.status, name).toBe(404);
  }
});

test("with TRUST_PROXY, a trusted proxy's request is local only when it names a loopback client", async () => {
  test.setTimeout(90_000);
  const trusting = await spawnServer(port + 1, { TRUST_PROXY: "true" });
  try {
    const scrape = (headers: Record<string, string>) =>
      fetch(`${trusting.origin}/metrics`, { headers }).then((response) => response.status);
    expect(await scrape({})).toBe(200);
    expect(await scrape({ "X-Real-IP": "203.0.113.9" })).toBe(404);
    expect(await scrape({ "X-Real-IP": "127.0.0.1" })).toBe(404);
    expect(await scrape({ "X-Forwarded-For": "203.0.113.9" })).toBe(404);
    expect(await scrape({ "X-Forwarded-For": "127.0.0.1, 203.0.113.9" })).toBe(404);
    // A scraper on the proxy's own machine, passed on by the proxy this server trusts.
    expect(await scrape({ "X-Forwarded-For": "127.0.0.1", "X-Real-IP": "127.0.0.1" })).toBe(200);
  } finally {
    await trusting.stop();
  }
});

test("from a non-loopback address /metrics is the site's 404 without the token, and answered with it", async () => {
  expect(outsideAddress, "this machine has a non-loopback IPv4 address").toBeTruthy();
  const origin = `http://${outsideAddress}:${port}`;
  const unknownPage = await fetch(`${origin}/no-such-page`);
  const refused = await fetch(`${origin}/metrics`);
  expect(refused.status).toBe(404);
  expect(refused.status).toBe(unknownPage.status);
  expect(refused.headers.get("content-type")).toBe(unknownPage.headers.get("content-type"));
  expect(await refused.text()).not.toContain("outbox_pending_messages");

  const wrong = await fetch(`${origin}/metrics`, { headers: { Authorization: `Bearer ${token}x` } });
  expect(wrong.status).toBe(404);

  const allowed = await fetch(`${origin}/metrics`, { headers: { Authorization: `Bearer ${token}` } });
  expect(allowed.status).toBe(200);
  expect(await allowed.text()).toMatch(/^outbox_pending_messages\{kind="contact_notification"\} 1$/m);
});
