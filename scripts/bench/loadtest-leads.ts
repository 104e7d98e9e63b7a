/** The load test's isolation scenario, its two sides: the junk flood, and the real leads posted beside it. */
import { randomBytes } from "node:crypto";
import type { Request as RequestSpec } from "autocannon";
import type { SmtpPeer } from "../../tests/support/smtp-peer";
import { clientAddress, sleep } from "./load-lib";

/** The flood: contact posts from eight clients, every other one invalid. */
export function junkPosts(clientOffset: number): RequestSpec {
  let sequence = 0;
  return {
    method: "POST",
    path: "/api/contact",
    headers: { "content-type": "application/json" },
    setupRequest(base: RequestSpec) {
      const index = sequence++;
      const valid = index % 2 === 0;
      const body = valid
        ? { name: "Junk", email: `junk-${index}@example.com`, message: "Buy now" }
        : { name: "", email: "not-an-address", message: "x".repeat(index % 3000) };
      return {
        ...base,
        headers: { ...base.headers, "x-forwarded-for": clientAddress(clientOffset + (index % 8)) },
        body: JSON.stringify(body),
      };
    },
  };
}

/** Real leads, one every half second from clients of their own until the flood ends: when each was posted. */
export async function postRealLeads(
  origin: string,
  clientOffset: number,
  floodEnds: number,
): Promise<Map<string, number>> {
  const run = randomBytes(3).toString("hex");
  const posted = new Map<string, number>();
  await sleep(500);
  for (let index = 0; Date.now() < floodEnds - 1000; index++) {
    const email = `lead-${run}-${index}@example.com`;
    const sentAt = Date.now();
    const answer = await fetch(`${origin}/api/contact`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": clientAddress(clientOffset + 100 + index),
      },
      body: JSON.stringify({ name: "Real Lead", email, message: "Please quote 5,000 pallet labels." }),
    });
    if (answer.ok) posted.set(email, sentAt);
    await sleep(500);
  }
  return posted;
}

/** Each real lead's notification, when the SMTP peer received it (waiting up to 30 s for them all). */
export async function deliveredLeads(
  peer: SmtpPeer,
  posted: ReadonlyMap<string, number>,
): Promise<Map<string, number>> {
  const delivered = new Map<string, number>();
  const deadline = Date.now() + 30_000;
  while (delivered.size < posted.size && Date.now() < deadline) {
    for (const [index, message] of peer.messages.entries()) {
      const replyTo = message.replyTo?.value[0]?.address;
      const at = peer.receivedAt[index];
      if (replyTo && at !== undefined && posted.has(replyTo) && !delivered.has(replyTo))
        delivered.set(replyTo, at);
    }
    await sleep(100);
  }
  return delivered;
}
