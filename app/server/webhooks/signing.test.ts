import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/server/env.server";
import { verifyStandardWebhook } from "../../../tests/support/webhook-receiver";
import { parseWebhookEndpoints } from "./endpoints.server";
import { checkFileLink, FILE_LINK_LIFETIME_MS, fileLinkUrl } from "./file-links.server";
import { newMessageId, signWebhook } from "./signing.server";
import { WEBHOOK_RETRY_DELAYS_MS, webhookRetryDelayMs } from "./worker.server";

describe("signWebhook", () => {
  it("matches the Standard Webhooks specification's example", () => {
    // The example of the specification (standard-webhooks.com, "Signature scheme").
    const headers = signWebhook(
      "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      "msg_p5jXN8AQM9LWM0D4loKWxJek",
      new Date(1614265330 * 1000),
      '{"test": 2432232314}',
    );
    expect(headers).toEqual({
      "webhook-id": "msg_p5jXN8AQM9LWM0D4loKWxJek",
      "webhook-timestamp": "1614265330",
      "webhook-signature": "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
    });
  });

  it("is accepted by the test's own verifier and by the library's, and refused once the body changes", () => {
    const secret = `whsec_${randomBytes(32).toString("base64")}`;
    const id = newMessageId();
    const body = JSON.stringify({ type: "example.created", data: { reference: "Q-ABC123" } });
    const headers = signWebhook(secret, id, new Date(), body);
    const parts = {
      id: headers["webhook-id"],
      timestamp: headers["webhook-timestamp"],
      signature: headers["webhook-signature"],
    };
    expect(verifyStandardWebhook(secret, parts, body)).toBe(true);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
    expect(verifyStandardWebhook(secret, parts, body.replace("ABC", "ABD"))).toBe(false);
  });

  it("gives every message its own msg_ id", () => {
    const ids = new Set(Array.from({ length: 100 }, newMessageId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^msg_[A-Za-z0-9_-]{24}$/);
  });
});

describe("WEBHOOK_ENDPOINTS", () => {
  const good = `whsec_${randomBytes(32).toString("base64")}`;

  it("reads URL=SECRET pairs, a secret's base64 padding included", () => {
    const padded = `whsec_${randomBytes(31).toString("base64")}`;
    expect(padded.endsWith("=")).toBe(true);
    expect(
      parseWebhookEndpoints(` https://crm.example.com/hooks?a=b=${padded} , http://127.0.0.1:9000/x=${good}`),
    ).toEqual({
      endpoints: [
        { url: "https://crm.example.com/hooks?a=b", secret: padded },
        { url: "http://127.0.0.1:9000/x", secret: good },
      ],
      problems: [],
    });
  });

  it("names each bad entry, and never repeats a secret", () => {
    const shortSecret = `whsec_${randomBytes(8).toString("base64")}`;
    const { endpoints, problems } = parseWebhookEndpoints(
      [
        `http://crm.example.com/hooks=${good}`,
        `not a url=${good}`,
        "https://crm.example.com/a=sk_live_123",
        `https://crm.example.com/b=${shortSecret}`,
        "https://crm.example.com/c",
        `https://u:p@crm.example.com/d=${good}`,
      ].join(","),
    );
    expect(endpoints).toEqual([]);
    expect(problems).toHaveLength(6);
    expect(problems[0]).toMatch(/^entry 1 \(http:\/\/crm\.example\.com\): must be an https:\/\/ URL/);
    expect(problems[1]).toMatch(/^entry 2: "not a url" is not a URL/);
    expect(problems[2]).toMatch(/^entry 3 .*whsec_ followed by base64/);
    expect(problems[3]).toMatch(/^entry 4 .*24 to 64 random bytes/);
    expect(problems[4]).toMatch(/^entry 5: must be URL=SECRET/);
    expect(problems[5]).toMatch(/^entry 6 .*user name or password/);
    const text = problems.join("\n");
    expect(text).not.toContain(good);
    expect(text).not.toContain("sk_live_123");
    expect(text).not.toContain(shortSecret);
  });

  it("stops the start with every problem listed, and defaults to none and a 10 s timeout", () => {
    expect(() => parseEnv({ WEBHOOK_ENDPOINTS: "https://crm.example.com=whsec_x" })).toThrow(
      /WEBHOOK_ENDPOINTS: entry 1 \(https:\/\/crm\.example\.com\): the secret must be/,
    );
    expect(() => parseEnv({ WEBHOOK_TIMEOUT_MS: "50" })).toThrow(/WEBHOOK_TIMEOUT_MS: must be at least 100/);
    const env = parseEnv({});
    expect(env.WEBHOOK_ENDPOINTS).toEqual([]);
    expect(env.WEBHOOK_TIMEOUT_MS).toBe(10_000);
    expect(parseEnv({ WEBHOOK_ENDPOINTS: `https://crm.example.com/h=${good}` }).WEBHOOK_ENDPOINTS).toEqual([
      { url: "https://crm.example.com/h", secret: good },
    ]);
  });
});

describe("the retry schedule", () => {
  it("waits 30 s, 2 min, 10 min, 30 min, 1 h, then every 2 h, which spans more than 24 hours", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(webhookRetryDelayMs)).toEqual([
      30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 7_200_000, 7_200_000,
    ]);
    expect(Math.max(...WEBHOOK_RETRY_DELAYS_MS)).toBeLessThan(24 * 60 * 60_000);
  });
});

describe("file links", () => {
  const secret = "link-secret";
  const now = new Date("2026-11-24T12:00:00.000Z");
  const partsOf = (link: string) => {
    const url = new URL(link);
    const [, , id = "", name = ""] = url.pathname.split("/");
    return {
      fileId: id,
      name: decodeURIComponent(name),
      expires: url.searchParams.get("expires"),
      sig: url.searchParams.get("sig"),
    };
  };

  it("works for 7 days for the one file it names, and not once changed", () => {
    const link = fileLinkUrl("https://www.example.com", secret, { id: 42, name: "part drawing.pdf" }, now);
    expect(link).toMatch(/^https:\/\/www\.example\.com\/files\/42\/part%20drawing\.pdf\?expires=\d+&sig=/);
    const parts = partsOf(link);
    expect(checkFileLink(secret, parts, now)).toBe("ok");
    expect(checkFileLink(secret, parts, new Date(now.getTime() + FILE_LINK_LIFETIME_MS - 1000))).toBe("ok");
    expect(checkFileLink(secret, parts, new Date(now.getTime() + FILE_LINK_LIFETIME_MS + 1000))).toBe(
      "expired",
    );
    expect(checkFileLink(secret, { ...parts, fileId: "43" }, now)).toBe("invalid");
    expect(checkFileLink(secret, { ...parts, name: "other.pdf" }, now)).toBe("invalid");
    expect(checkFileLink(secret, { ...parts, expires: String(Number(parts.expires) + 86400) }, now)).toBe(
      "invalid",
    );
    expect(checkFileLink("another-secret", parts, now)).toBe("invalid");
    expect(checkFileLink(secret, { ...parts, sig: null }, now)).toBe("invalid");
  });
});
