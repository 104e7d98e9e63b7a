import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { adminUrl, databaseUrlFor, pgQuery } from "../support/postgres";
import { type SmtpPeer, startSmtpPeer } from "../support/smtp-peer";
import {
  clientAddress,
  contactBody,
  countBy,
  messageIdsByVisitor,
  postJson,
  uniqueEmail,
} from "./fault-support";
import { type SpawnedServer, spawnServer } from "./spawned-server";

/*
 * Two server processes on one PostgreSQL database, as behind a load balancer
 * (docs/product.md#database): the newsletter attempt rule, the per-client limit and the mail queue
 * must hold across them.
 */

const basePort = Number(process.env.E2E_PORT ?? 3100);
const query = pgQuery;

test.describe.configure({ mode: "serial" });

const database = `t_${randomBytes(6).toString("hex")}`;
const databaseUrl = databaseUrlFor(database);
let servers: SpawnedServer[] = [];
let peer: SmtpPeer | undefined;

/** The peer, once beforeAll has started it. */
function smtpPeer(): SmtpPeer {
  if (!peer) throw new Error("the SMTP peer is not running");
  return peer;
}

/** Request `index` goes to one instance, the next to the other. */
function origin(index: number): string {
  const server = servers[index % servers.length];
  if (!server) throw new Error("the servers are not running");
  return server.origin;
}

test.beforeAll(async () => {
  test.setTimeout(60_000);
  await query(adminUrl, `create database ${database}`);
  peer = await startSmtpPeer();
  const env = {
    DATABASE_URL: databaseUrl,
    SMTP_URL: peer.url,
    TRUST_PROXY: "true",
    MAIL_RETRY_BASE_MS: "200",
  };
  // Started side by side, so both run the migrations at once, as a rolling deploy would.
  servers = await Promise.all([spawnServer(basePort + 104, env), spawnServer(basePort + 105, env)]);
});

test.afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await peer?.stop();
  await query(adminUrl, `drop database if exists ${database} with (force)`);
});

// With double opt-in a repeat signup while the address is still pending answers success again (and
// re-sends the confirmation at most once an hour per mailbox): 3 attempts accepted, 17 refused, one pending row.
test("the newsletter attempt rule holds across instances: 20 attempts give 3 / 17", async () => {
  const email = uniqueEmail("attempts", 0);
  const outcomes = await Promise.all(
    Array.from({ length: 20 }, (_, index) =>
      postJson(origin(index), "/api/newsletter", { email }, clientAddress(3000 + index)),
    ),
  );
  expect(countBy(outcomes, (outcome) => `${outcome.status} ${outcome.title}`)).toEqual({
    "200 Successfully Subscribed!": 3,
    "429 Too Many Attempts": 17,
  });
  const rows = await query(databaseUrl, "select status from newsletter_subscriptions where email = $1", [
    email,
  ]);
  expect(rows).toEqual([{ status: "pending" }]);
});

test("the per-client limit holds across instances: 5 contact posts, then 429", async () => {
  const client = clientAddress(4000);
  const statuses: Array<number | null> = [];
  for (let index = 0; index < 6; index += 1) {
    const outcome = await postJson(
      origin(index),
      "/api/contact",
      contactBody(uniqueEmail("limit", index)),
      client,
    );
    statuses.push(outcome.status);
  }
  expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
});

test("a backlog of notifications is delivered exactly once by the two workers together", async () => {
  test.setTimeout(60_000);
  const mailPeer = smtpPeer();
  const run = randomBytes(3).toString("hex");
  const emails = Array.from({ length: 24 }, (_, index) => uniqueEmail("backlog", index, run));
  const ofRun = `backlog-${run}-%`;
  const statusCounts = async () =>
    Object.fromEntries(
      (
        await query<{ status: string; count: string }>(
          databaseUrl,
          "select status, count(*) as count from email_outbox where reply_to like $1 group by status",
          [ofRun],
        )
      ).map((row) => [row.status, Number(row.count)]),
    );

  // The peer refuses while the messages queue up, so both workers later find the whole backlog due.
  mailPeer.refuse = true;
  try {
    const outcomes = await Promise.all(
      emails.map((email, index) =>
        postJson(origin(index), "/api/contact", contactBody(email), clientAddress(5000 + index)),
      ),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual(emails.map(() => 200));
    await expect
      .poll(async () => {
        const rows = await query(
          databaseUrl,
          "select id from email_outbox where reply_to like $1 and attempts > 0",
          [ofRun],
        );
        return rows.length;
      })
      .toBe(emails.length);
  } finally {
    mailPeer.refuse = false;
  }

  await expect.poll(statusCounts, { timeout: 30_000 }).toEqual({ sent: emails.length });
  // A double claim would show as a second delivery by the next poll of either worker.
  await new Promise((resolve) => setTimeout(resolve, 5500));
  const received = messageIdsByVisitor(mailPeer.messages);
  for (const email of emails) expect(received.get(email), email).toHaveLength(1);

  const outboxIds = new Set(
    (
      await query<{ id: number }>(databaseUrl, "select id from email_outbox where reply_to like $1", [ofRun])
    ).map((row) => row.id),
  );
  const deliveredBy = servers.map(
    (server) =>
      server.logs().filter((line) => line.msg === "e-mail delivered" && outboxIds.has(Number(line.outboxId)))
        .length,
  );
  expect(deliveredBy.reduce((sum, count) => sum + count, 0)).toBe(emails.length);
  test.info().annotations.push({ type: "delivered per instance", description: deliveredBy.join(" / ") });
  console.info(`backlog of ${emails.length}: delivered ${deliveredBy.join(" / ")} by the two instances`);
});
