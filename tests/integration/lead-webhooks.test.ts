import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { submitContact } from "~/features/contact/contact.server";
import { confirmSubscription, unsubscribeWithToken } from "~/features/newsletter/subscriptions.server";
import { hashToken } from "~/features/newsletter/tokens.server";
import { submitQuote } from "~/features/quote/server/quote.server";
import { fields, now, pdf, quoteFixture, sha256, upload } from "~/features/quote/testing/quote-server";
import { writeTransaction } from "~/server/db/database.server";
import { isoTime } from "~/server/db/schema.server";
import { serveFileLink } from "~/server/webhooks/file-links.server";
import { createWebhookWorker } from "~/server/webhooks/worker.server";
import { memoryLogger, testDialects } from "../support/databases";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

/* Each lead event reaches a real HTTP receiver, signed, with the lead, its items, routing and attribution. */

const secret = `whsec_${randomBytes(32).toString("base64")}`;
const fileLinkSecret = "file-link-secret-for-tests";
const siteUrl = "https://www.ridgeline-supply.example";

describe.each(testDialects)("lead webhooks on $name", ({ create }) => {
  const fx = quoteFixture(create);
  let hook: WebhookReceiver | undefined;
  afterEach(async () => {
    await hook?.stop();
    hook = undefined;
  });

  async function withReceiver() {
    hook = await startWebhookReceiver(secret, [200], { verifyAt: () => Math.floor(now.getTime() / 1000) });
    const webhooks = { endpoints: [{ url: hook.url }] };
    const worker = createWebhookWorker({
      db: fx.t.db,
      endpoints: [{ url: hook.url, secret }],
      logger: memoryLogger().logger,
      now: () => now,
    });
    return { receiver: hook, deps: { ...fx.deps, webhooks, siteUrl, fileLinkSecret }, worker };
  }

  it("a quote shipping to 30301 reaches the receiver as quote.created, verified, routed to Atlanta, its file a working link", async () => {
    const { receiver, deps, worker } = await withReceiver();
    const result = await submitQuote(
      deps,
      upload(fields({ postalCode: "30301" }), [await fx.fileOf("drawing.pdf", pdf)]),
      "client-a",
    );
    expect(result.ok).toBe(true);
    expect(await worker.runOnce()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(got?.verified).toBe(true);
    const body = got?.json();
    expect(body?.type).toBe("quote.created");
    // biome-ignore lint/suspicious/noExplicitAny: a parsed JSON body, read field by field
    const data = body?.data as Record<string, any>;
    expect(data.reference).toBe(result.ok ? result.reference : "");
    expect(data.lead).toMatchObject({ kind: "quote", email: "dana@example.com", postalCode: "30301" });
    expect(data.items).toHaveLength(3);
    expect(data.items[0]).toMatchObject({ area: "labels", quantity: 40, unit: "roll" });
    expect(data.routing.branch).toMatchObject({ id: "atlanta", name: "Atlanta" });
    expect(data.routing.cc).toEqual(["sales@ridgeline-supply.example"]);
    // Stored with every lead; a post that carried nothing of its visit leaves every field unknown.
    expect(data.attribution).toMatchObject({
      landingPage: null,
      referrerHost: null,
      sentFrom: null,
      clickId: false,
    });
    expect(data.files).toHaveLength(1);
    const file = data.files[0];
    expect(file).toMatchObject({ name: "drawing.pdf", contentType: "application/pdf", size: pdf.length });
    expect(got?.body).not.toContain(pdf.subarray(0, 64).toString("base64"));

    const url = new URL(file.url);
    expect(url.origin).toBe(siteUrl);
    const [, , fileId = "", name = ""] = url.pathname.split("/");
    const open = (link: URL, at = now) =>
      serveFileLink(fx.t.db, fileLinkSecret, link, { fileId, name: decodeURIComponent(name) }, at);
    const download = await open(url);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="drawing\.pdf"/);
    expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sha256(pdf));
    const tampered = new URL(url);
    tampered.searchParams.set("expires", String(Number(url.searchParams.get("expires")) + 3600));
    expect((await open(tampered)).status).toBe(403);
    expect((await open(url, new Date(now.getTime() + 8 * 24 * 3600_000))).status).toBe(403);
    await fx.t.db.deleteFrom("quote_files").execute();
    await fx.t.db.deleteFrom("email_attachments").execute();
    await fx.t.db.deleteFrom("stored_files").execute();
    expect((await open(url)).status).toBe(410);
  });

  it("a contact message reaches the receiver as contact.created, its attribution unknown when the post carried none", async () => {
    const { receiver, deps, worker } = await withReceiver();
    const result = await submitContact(
      deps,
      { name: "Dana Price", email: "dana@example.com", phone: "", message: "Please call about labels." },
      "client-b",
    );
    expect(result.ok).toBe(true);
    await worker.runOnce();
    const body = receiver.received[0]?.json();
    expect(receiver.received[0]?.verified).toBe(true);
    expect(body?.type).toBe("contact.created");
    expect(body?.data).toMatchObject({
      lead: { kind: "contact", name: "Dana Price", message: "Please call about labels." },
      routing: { branch: null, to: ["sales@ridgeline-supply.example"] },
      attribution: { landingPage: null, utmSource: null, sentFrom: null },
    });
  });

  it("reads the lead's attribution row when there is one", async () => {
    const { receiver, deps, worker } = await withReceiver();
    // A row already written for the next contact id (as attribution is stored with the lead).
    await fx.t.db
      .insertInto("lead_attribution")
      .values({
        lead_kind: "contact",
        lead_id: 1,
        created_at: isoTime(now),
        landing_page: "/products?utm_source=newsletter",
        utm_source: "newsletter",
        utm_medium: "email",
        click_id: 0,
        sent_from: "/contact",
        pages_seen: 3,
        seconds_to_lead: 95,
      })
      .execute();
    await submitContact(
      deps,
      { name: "Lee", email: "lee@example.com", phone: "", message: "Hello there." },
      "c",
    );
    await worker.runOnce();
    expect(receiver.received[0]?.json().data.attribution).toMatchObject({
      landingPage: "/products?utm_source=newsletter",
      utmSource: "newsletter",
      sentFrom: "/contact",
      pagesSeen: 3,
    });
  });

  it("a subscriber's confirmation and unsubscription each reach the receiver", async () => {
    const { receiver, deps, worker } = await withReceiver();
    const token = "c".repeat(43);
    const unsubscribe = "u".repeat(43);
    await writeTransaction(fx.t.db, async (trx) => {
      const row = await trx
        .insertInto("newsletter_subscriptions")
        .values({
          email: "reader@example.com",
          subscribed_at: isoTime(now),
          status: "pending",
          consent_version: null,
          client_key: null,
          confirmation_sent_at: null,
          confirmed_at: null,
          unsubscribed_at: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("newsletter_tokens")
        .values([
          {
            token_hash: hashToken(token),
            subscription_id: row.id,
            purpose: "confirm",
            created_at: isoTime(now),
            expires_at: null,
            used_at: null,
          },
          {
            token_hash: hashToken(unsubscribe),
            subscription_id: row.id,
            purpose: "unsubscribe",
            created_at: isoTime(now),
            expires_at: null,
            used_at: null,
          },
        ])
        .execute();
    });
    const newsletterDeps = { ...deps, siteUrl };
    expect(await confirmSubscription(newsletterDeps, token)).toBe("confirmed");
    expect(await unsubscribeWithToken(newsletterDeps, unsubscribe)).toBe("unsubscribed");
    expect(await unsubscribeWithToken(newsletterDeps, unsubscribe)).toBe("unsubscribed");
    await worker.runOnce();
    const events = receiver.received.map((r) => r.json());
    expect(events.map((event) => event.type).sort()).toEqual([
      "subscriber.confirmed",
      "subscriber.unsubscribed",
    ]);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    expect(events[0]?.data.lead).toEqual({ kind: "subscriber", email: "reader@example.com" });
  });

  it("queues nothing without endpoints", async () => {
    const result = await submitQuote(fx.deps, upload(fields({ postalCode: "30301" })), "client-c");
    expect(result.ok).toBe(true);
    expect(await fx.t.db.selectFrom("webhook_deliveries").selectAll().execute()).toEqual([]);
  });
});
