import { randomBytes } from "node:crypto";
import { expect } from "@playwright/test";
import type { ParsedMail } from "mailparser";
import pg from "pg";
import { type SmtpPeer, startSmtpPeer } from "../support/smtp-peer";
import type { RawRequest } from "./raw-http";
import { type SpawnedServer, spawnServer } from "./spawned-server";

/*
 * What the newsletter's browser tests share: a production server of their own with a real SMTP peer
 * (SITE_URL is its own origin, so the links in the e-mails point at it), and readers of those e-mails.
 */

const basePort = Number(process.env.E2E_PORT ?? 3100) + 120;
const postgresUrl = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now()}-${randomBytes(3).toString("hex")}@example.com`;
export const recipient = (mail: ParsedMail) => (mail.to && "text" in mail.to ? mail.to.text : "");
export const rawHeader = (mail: ParsedMail | undefined, name: string) => {
  const line = mail?.headerLines.find((entry) => entry.key === name.toLowerCase())?.line ?? "";
  return line
    .slice(line.indexOf(":") + 1)
    .replace(/\r?\n\s+/g, " ")
    .trim();
};

export async function mailFor(peer: SmtpPeer, to: string, subject: RegExp, count = 1): Promise<ParsedMail> {
  await expect
    .poll(() => peer.messages.filter((m) => recipient(m) === to && subject.test(m.subject ?? "")).length, {
      timeout: 15_000,
    })
    .toBeGreaterThanOrEqual(count);
  const found = peer.messages.filter((m) => recipient(m) === to && subject.test(m.subject ?? ""));
  return found[count - 1] as ParsedMail;
}

/** Whether the address was sent the welcome e-mail, which only a confirmation queues. */
export const welcomed = (peer: SmtpPeer, to: string) =>
  peer.messages.some((m) => recipient(m) === to && /^Welcome/.test(m.subject ?? ""));

/** A one-click unsubscribe as a mail provider may send it: chunked, without a Content-Length. */
export function oneClickChunked(port: number, target: string, pieces: string[]): RawRequest {
  const chunks = pieces.map((piece) => `${Buffer.byteLength(piece).toString(16)}\r\n${piece}\r\n`);
  return {
    method: "POST",
    target,
    headers: [
      ["Host", `127.0.0.1:${port}`],
      ["Content-Type", "application/x-www-form-urlencoded"],
      ["Transfer-Encoding", "chunked"],
      ["Connection", "close"],
    ],
    body: `${chunks.join("")}0\r\n\r\n`,
  };
}

export function linkIn(mail: ParsedMail, origin: string, path: string): string {
  const escaped = `${origin}${path}`.replace(/[.?]/g, "\\$&");
  const match = new RegExp(`${escaped}\\?token=[A-Za-z0-9_-]{43}`).exec(mail.text ?? "");
  expect(match, `a ${path} link on ${origin}`).not.toBeNull();
  return match?.[0] ?? "";
}

export interface Setup {
  server: SpawnedServer;
  peer: SmtpPeer;
  cleanup(): Promise<void>;
}

export async function start(offset: number, database: "sqlite" | "postgres"): Promise<Setup> {
  const peer = await startSmtpPeer();
  const port = basePort + offset;
  const env: Record<string, string> = {
    SMTP_URL: peer.url,
    SITE_URL: `http://127.0.0.1:${port}`,
    SALES_EMAIL: "sales@ridgeline.test",
    TRUST_PROXY: "true",
  };
  let dropSchema = async (): Promise<void> => undefined;
  if (database === "postgres") {
    const schema = `e2e_news_${randomBytes(5).toString("hex")}`;
    const admin = async (text: string) => {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      try {
        await client.query(text);
      } finally {
        await client.end();
      }
    };
    await admin(`create schema ${schema}`);
    const separator = postgresUrl.includes("?") ? "&" : "?";
    env.DATABASE_URL = `${postgresUrl}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    dropSchema = () => admin(`drop schema ${schema} cascade`);
  }
  const server = await spawnServer(port, env);
  return {
    server,
    peer,
    async cleanup() {
      await server.stop();
      await peer.stop();
      await dropSchema();
    },
  };
}
