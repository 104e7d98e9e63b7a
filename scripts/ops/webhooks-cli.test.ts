import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeTransaction } from "~/server/db/database.server";
import { queueWebhooks } from "~/server/webhooks/queue.server";
import { createWebhookWorker } from "~/server/webhooks/worker.server";
import { captureCli, itRefusesWithUsage } from "../../tests/support/cli";
import { freshDatabaseEach, memoryLogger, testDialects } from "../../tests/support/databases";
import { startWebhookReceiver, type WebhookReceiver } from "../../tests/support/webhook-receiver";
import { USAGE as WEBHOOKS_USAGE, main as webhooks } from "./webhooks";

const secret = `whsec_${randomBytes(32).toString("base64")}`;

describe("webhooks arguments", () => {
  itRefusesWithUsage(webhooks, WEBHOOKS_USAGE, [
    [],
    ["list", "x"],
    ["list", "--status", "lost"],
    ["test"],
    ["retry"],
    ["send"],
  ]);
});

describe.each(testDialects)("webhooks command on $name", (dialect) => {
  const t = freshDatabaseEach(dialect);
  let hook: WebhookReceiver;
  beforeEach(async () => {
    hook = await startWebhookReceiver(secret, [500]);
  });
  afterEach(async () => {
    await hook.stop();
  });

  it("lists deliveries, sends a signed test event, and requeues a failed delivery", async () => {
    const env = { DATABASE_URL: t.url, WEBHOOK_ENDPOINTS: `${hook.url}=${secret}` };
    const first = new Date(Date.now() - 25 * 60 * 60_000);
    await writeTransaction(t.db, (trx) =>
      queueWebhooks(
        trx,
        { endpoints: [{ url: hook.url }] },
        "quote.created",
        { reference: "Q-ABC123" },
        first,
      ),
    );
    let clock = first;
    const worker = createWebhookWorker({
      db: t.db,
      endpoints: [{ url: hook.url, secret }],
      logger: memoryLogger().logger,
      now: () => clock,
    });
    await worker.runOnce();
    clock = new Date();
    await worker.runOnce();
    const [row] = await t.db.selectFrom("webhook_deliveries").selectAll().execute();
    expect(row?.status).toBe("failed");

    const listed = captureCli(env);
    expect(await webhooks(["list"], listed.io)).toBe(0);
    expect(listed.out.stdout).toContain(
      `${row?.id}\t${row?.message_id}\tquote.created\t${hook.url}\tfailed\tattempts 2\tlast 500`,
    );
    expect(listed.out.stdout).not.toContain(secret);
    expect(listed.out.stdout).not.toContain("Q-ABC123");

    const tested = captureCli(env);
    expect(await webhooks(["test", hook.url], tested.io)).toBe(1);
    expect(tested.out.stdout).toMatch(/did not accept msg_\S+: answered 500/);
    expect(hook.received.at(-1)?.json().type).toBe("webhook.test");
    expect(hook.received.at(-1)?.verified).toBe(true);
    const unknown = captureCli(env);
    expect(await webhooks(["test", "https://elsewhere.example.com/"], unknown.io)).toBe(1);
    expect(unknown.out.stderr).toContain("not one of WEBHOOK_ENDPOINTS");

    const retried = captureCli(env);
    expect(await webhooks(["retry", String(row?.message_id)], retried.io)).toBe(0);
    expect(
      await t.db.selectFrom("webhook_deliveries").select(["status", "first_attempt_at"]).execute(),
    ).toEqual([{ status: "queued", first_attempt_at: null }]);
    const again = captureCli(env);
    expect(await webhooks(["retry", String(row?.id)], again.io)).toBe(1);
    expect(again.out.stderr).toContain("is queued, not failed");
  });
});
