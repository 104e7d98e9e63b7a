import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { adminUrl, databaseUrlFor, pgQuery } from "../support/postgres";
import { type SmtpPeer, startSmtpPeer } from "../support/smtp-peer";
import { linkFor, mailCount, sendQuote, staffCommand } from "./desk-support";
import { type SpawnedServer, spawnServer } from "./spawned-server";

/*
 * The sales desk on two instances of the site sharing one PostgreSQL database, as behind a load balancer
 * (docs/desk.md#sessions): a session made on one is good on the other, a lead's status changed on one
 * shows on the other, and signing out everywhere on one ends the session on both.
 */
test.describe.configure({ mode: "serial" });

const basePort = Number(process.env.E2E_PORT ?? 3100) + 487;
const database = `t_${randomBytes(6).toString("hex")}`;
const databaseUrl = databaseUrlFor(database);
let servers: SpawnedServer[] = [];
let peer: SmtpPeer | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await pgQuery(adminUrl, `create database ${database}`);
  peer = await startSmtpPeer();
  const env = { DATABASE_URL: databaseUrl, SMTP_URL: peer.url, TRUST_PROXY: "true" };
  // Side by side, so both migrate the new database at once; one that started is stopped if the other did not.
  const started = await Promise.allSettled([spawnServer(basePort, env), spawnServer(basePort + 1, env)]);
  servers = started.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []));
  const failed = started.find((outcome) => outcome.status === "rejected");
  if (failed) throw failed.reason;
  await staffCommand(databaseUrl, ["add", "owner@example.test", "--role", "owner"]);
});

test.afterAll(async () => {
  test.setTimeout(90_000);
  await Promise.all(servers.map((server) => server.stop()));
  await peer?.stop();
  await pgQuery(adminUrl, `drop database if exists ${database} with (force)`);
});

function instance(index: 0 | 1): string {
  const server = servers[index];
  if (!server) throw new Error("the servers are not running");
  return server.origin;
}

/** A desk request as a browser on one of the instances' pages makes it. */
function desk(
  origin: string,
  path: string,
  cookie: string,
  form?: Record<string, string>,
): Promise<Response> {
  return fetch(`${origin}${path}`, {
    method: form ? "POST" : "GET",
    redirect: "manual",
    headers: {
      cookie,
      "sec-fetch-site": "same-origin",
      ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
    },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
}

/** The value of cookie `name` that a response sets. */
function cookieSet(response: Response, name: string): string {
  const line = response.headers.getSetCookie().find((entry) => entry.startsWith(`${name}=`)) ?? "";
  return line.split(";")[0] ?? "";
}

test("a session made on one instance works on the other; a status changed on one shows on the other; sign out everywhere ends both", async () => {
  test.setTimeout(120_000);
  const reference = await sendQuote(instance(0), "75201");
  const smtp = peer;
  if (!smtp) throw new Error("the SMTP peer is not running");

  // Signed in on the first instance, by the e-mailed link.
  const before = mailCount(smtp, "owner@example.test");
  const asked = await desk(instance(0), "/desk/link", "", { email: "owner@example.test" });
  expect(asked.status).toBe(200);
  const linkCookie = cookieSet(asked, "desk_link");
  const token = new URL(await linkFor(smtp, "owner@example.test", before)).searchParams.get("token") ?? "";
  const pressed = await desk(instance(0), "/desk/sign-in", linkCookie, { token });
  expect(pressed.status).toBe(303);
  const session = cookieSet(pressed, "desk_session");
  expect(session).toMatch(/^desk_session=[\w-]{43}$/);

  // The same cookie on the second instance: the inbox, with the quote sent through the first.
  const inbox = await desk(instance(1), "/desk", session);
  expect(inbox.status).toBe(200);
  const html = await inbox.text();
  const leadPath = new RegExp(`href="(/desk/leads/quote/\\d+)"[^>]*>${reference}<`).exec(html)?.[1] ?? "";
  expect(leadPath, html).not.toBe("");

  // Marked Contacted on the second instance, read on the first, and the other way round.
  const marked = await desk(instance(1), leadPath, session, { intent: "status", status: "contacted" });
  expect(marked.status).toBeLessThan(400);
  const seen = await (await desk(instance(0), leadPath, session)).text();
  expect(seen).toContain("New → Contacted");
  const quoted = await desk(instance(0), leadPath, session, { intent: "status", status: "quoted" });
  expect(quoted.status).toBeLessThan(400);
  expect(await (await desk(instance(1), leadPath, session)).text()).toContain("Contacted → Quoted");

  // Sign out everywhere on the first: the second answers the sign-in page to the same cookie.
  const ended = await desk(instance(0), "/desk/sessions", session, { intent: "end-all" });
  expect(ended.status).toBe(303);
  const after = await desk(instance(1), "/desk", session);
  expect(after.status).toBe(401);
  expect(await after.text()).toContain("Sign in to the sales desk");
});
