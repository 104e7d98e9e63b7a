import { createHmac, timingSafeEqual } from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * A real HTTP receiver of webhooks, for tests. It verifies every request's signature with its own
 * implementation of the Standard Webhooks specification (node:crypto, written from the
 * specification's text), independent of the `standardwebhooks` package the site signs with:
 *   signed content = `${webhook-id}.${webhook-timestamp}.${body}`
 *   signature      = base64(HMAC-SHA256(base64-decoded secret after "whsec_", signed content))
 *   header         = space-separated `v1,<signature>` entries; any one matching is enough
 *   timestamp      = seconds since the epoch, within five minutes of now
 */

export interface ReceivedWebhook {
  id: string;
  timestamp: number;
  body: string;
  /** What the independent verification said. */
  verified: boolean;
  /** The status this receiver answered with (0: it never answered). */
  answered: number;
  json(): { type: string; timestamp: string; data: Record<string, unknown> };
}

/**
 * How the receiver answers the n-th request (0-based): a status, a redirect, a status after a pause, a
 * status line at once with its body sent a byte every 100 ms for `bodyMs`, or no answer at all.
 */
export type Answer =
  | number
  | { redirect: string }
  | { status: number; afterMs: number }
  | { status: number; bodyMs: number }
  | "hang";

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  stop(): Promise<void>;
}

/** Verifies a request as the specification says (see above); false for anything that does not match. */
export function verifyStandardWebhook(
  secret: string,
  headers: { id?: string; timestamp?: string; signature?: string },
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > 5 * 60) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest();
  return signature.split(" ").some((entry) => {
    const [version, value] = entry.split(",", 2);
    if (version !== "v1" || !value) return false;
    const given = Buffer.from(value, "base64");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Starts a receiver on a loopback port (a free one unless `port` is given); `answers` decides each
 * answer in turn (the last repeats).
 */
export async function startWebhookReceiver(
  secret: string,
  answers: Answer[] = [200],
  options: { verifyAt?: () => number; port?: number } = {},
): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const hanging = new Set<ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const answer = answers[Math.min(received.length, answers.length - 1)] ?? 200;
      const id = header(req, "webhook-id") ?? "";
      const timestamp = header(req, "webhook-timestamp") ?? "";
      const verified = verifyStandardWebhook(
        secret,
        { id, timestamp, signature: header(req, "webhook-signature") },
        body,
        options.verifyAt?.(),
      );
      const entry: ReceivedWebhook = {
        id,
        timestamp: Number(timestamp),
        body,
        verified,
        answered: 0,
        json: () => JSON.parse(body),
      };
      received.push(entry);
      if (answer === "hang") {
        hanging.add(res);
        return;
      }
      if (typeof answer === "object" && "bodyMs" in answer) {
        entry.answered = answer.status;
        hanging.add(res);
        res.writeHead(answer.status, { "Content-Type": "text/plain" });
        res.flushHeaders();
        const trickle = setInterval(() => res.write("."), 100);
        setTimeout(() => {
          clearInterval(trickle);
          res.end("ok");
        }, answer.bodyMs);
        return;
      }
      if (typeof answer === "object" && "afterMs" in answer) {
        setTimeout(() => {
          entry.answered = answer.status;
          res.writeHead(answer.status).end("ok");
        }, answer.afterMs);
        return;
      }
      if (typeof answer === "object") {
        entry.answered = 302;
        res.writeHead(302, { Location: answer.redirect }).end();
        return;
      }
      entry.answered = answer;
      res.writeHead(answer, { "Content-Type": "text/plain" }).end(answer < 300 ? "ok" : "not now");
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    async stop() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
