import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { adminUrl, databaseUrlFor, pgQuery } from "../support/postgres";
import { type SmtpPeer, startSmtpPeer } from "../support/smtp-peer";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy";
import { clientAddress, contactBody, postJson, uniqueEmail } from "./fault-support";
import { type SpawnedServer, spawnServer } from "./spawned-server";

/*
 * The production server on a PostgreSQL that accepts connections but stops answering (a TCP proxy
 * that stops passing bytes): /healthz and the contact form answer within seconds instead of
 * hanging, and once the database answers again the same process serves and sends as before.
 */

const spawnPort = Number(process.env.E2E_PORT ?? 3100) + 70;
const database = `t_${randomBytes(6).toString("hex")}`;

const query = pgQuery;
const databaseUrl = (port?: number) => databaseUrlFor(database, port);

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

const healthStatus = async (origin: string) => (await fetch(`${origin}/healthz`)).status;

test.describe.configure({ mode: "serial" });

let proxy: TcpProxy | undefined;
let server: SpawnedServer | undefined;
let peer: SmtpPeer | undefined;

function running(): { proxy: TcpProxy; server: SpawnedServer; peer: SmtpPeer } {
  if (!proxy || !server || !peer) throw new Error("beforeAll did not start everything");
  return { proxy, server, peer };
}

test.beforeAll(async () => {
  test.setTimeout(60_000);
  await query(adminUrl, `create database ${database}`);
  const target = new URL(adminUrl);
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  peer = await startSmtpPeer();
  server = await spawnServer(spawnPort, {
    DATABASE_URL: databaseUrl(proxy.port),
    SMTP_URL: peer.url,
    TRUST_PROXY: "true",
    DB_POOL_SIZE: "4",
    DB_CONNECT_TIMEOUT_MS: "1000",
    DB_QUERY_TIMEOUT_MS: "1500",
  });
});

test.afterAll(async () => {
  proxy?.thaw();
  await server?.stop();
  await proxy?.close();
  await peer?.stop();
  await query(adminUrl, `drop database if exists ${database} with (force)`);
});

test("a database that stops answering gets 503 and 500 within seconds, and service resumes when it answers", async () => {
  test.setTimeout(90_000);
  const { proxy, server, peer } = running();
  expect(await healthStatus(server.origin)).toBe(200);
  // Some pooled connections are open when the database stops answering, as in production.
  const before = uniqueEmail("before", 0);
  expect(await postJson(server.origin, "/api/contact", contactBody(before), clientAddress(1))).toEqual({
    status: 200,
    title: "Message Sent!",
  });

  proxy.freeze();
  const health = await timed(() => healthStatus(server.origin));
  expect(health.value).toBe(503);
  expect(health.ms).toBeLessThan(4000);

  const frozenEmail = uniqueEmail("frozen", 0);
  const posts = await Promise.all(
    [2, 3, 4].map((client) =>
      timed(() => postJson(server.origin, "/api/contact", contactBody(frozenEmail), clientAddress(client))),
    ),
  );
  for (const post of posts) {
    expect(post.value).toEqual({ status: 500, title: "Submission Failed" });
    expect(post.ms).toBeLessThan(8000);
  }
  // A second look while still frozen: answered as fast, the process is not piling up waits.
  const again = await timed(() => healthStatus(server.origin));
  expect(again.value).toBe(503);
  expect(again.ms).toBeLessThan(4000);
  expect(server.child.exitCode).toBeNull();

  proxy.thaw();
  await expect.poll(() => healthStatus(server.origin), { timeout: 10_000 }).toBe(200);
  const after = uniqueEmail("after", 0);
  const post = await timed(() =>
    postJson(server.origin, "/api/contact", contactBody(after), clientAddress(5)),
  );
  expect(post.value).toEqual({ status: 200, title: "Message Sent!" });
  expect(post.ms).toBeLessThan(5000);

  const stored = await query<{ email: string }>(
    databaseUrl(),
    "select email from contact_submissions order by id",
  );
  expect(stored.map((row) => row.email)).toEqual([before, after]);
  // The same process's mail worker delivers the notification queued after the outage.
  await expect
    .poll(() => peer.messages.some((mail) => mail.replyTo?.value[0]?.address === after), { timeout: 20_000 })
    .toBe(true);
  expect(server.child.exitCode).toBeNull();
});
