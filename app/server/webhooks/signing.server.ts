import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";

/** The headers of one signed webhook request (Standard Webhooks: webhook-id, -timestamp, -signature). */
export interface WebhookHeaders {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
}

/** A new stable message id: `msg_` and 24 random characters, kept by every retry. */
export function newMessageId(): string {
  return `msg_${randomBytes(18).toString("base64url")}`;
}

/**
 * Signs a body as the Standard Webhooks specification says, with its reference library:
 * `v1,` + base64(HMAC-SHA256(secret bytes, "id.timestamp.body")), the timestamp in whole seconds.
 */
export function signWebhook(secret: string, messageId: string, at: Date, body: string): WebhookHeaders {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": new Webhook(secret).sign(messageId, new Date(timestamp * 1000), body),
  };
}
