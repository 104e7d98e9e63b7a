import { WEBHOOK_STATUSES, type WebhookStatus } from "~/server/db/schema.server";
import { listDeliveries, retryDelivery, sendTestWebhook } from "~/server/webhooks/operator.server";
import { migrate } from "~/site/migrations.server";
import { commandMain, readArguments, runIfInvoked, UsageError } from "./cli";

export const USAGE = `Usage:
  npm run webhooks -- list [--status queued|sending|delivered|failed] [--limit N]
  npm run webhooks -- test URL
  npm run webhooks -- retry ID

With the database that DATABASE_URL names and the endpoints of WEBHOOK_ENDPOINTS (docs/webhooks.md):
  list    recent deliveries, newest first (default 50): id, event, endpoint, status, attempts,
          last HTTP status and error, when queued, next attempt, when delivered
  test    sends a signed webhook.test event to URL (one of WEBHOOK_ENDPOINTS) now, prints the answer
  retry   puts a failed delivery (its number or its msg_ id) back in the queue, due now
`;

export type WebhooksCommand =
  | { kind: "list"; status?: WebhookStatus; limit: number }
  | { kind: "test"; url: string }
  | { kind: "retry"; id: string };

export function parseWebhooksCommand(argv: string[]): WebhooksCommand | "help" {
  const { values, positionals } = readArguments(argv, {
    status: { type: "string" },
    limit: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) return "help";
  const [verb, ...rest] = positionals;
  if (verb === "list") {
    if (rest.length > 0) throw new UsageError("list takes no other arguments");
    const status = values.status as WebhookStatus | undefined;
    if (status !== undefined && !WEBHOOK_STATUSES.includes(status))
      throw new UsageError(`--status must be one of ${WEBHOOK_STATUSES.join(", ")}`);
    const limit = values.limit === undefined ? 50 : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 10_000)
      throw new UsageError("--limit must be a whole number from 1 to 10000");
    return { kind: "list", status, limit };
  }
  if (values.status !== undefined || values.limit !== undefined)
    throw new UsageError("--status and --limit apply to list only");
  if (verb === "test") {
    if (rest.length !== 1 || !rest[0]) throw new UsageError("test needs one URL");
    return { kind: "test", url: rest[0] };
  }
  if (verb === "retry") {
    if (rest.length !== 1 || !rest[0])
      throw new UsageError("retry needs one delivery id (a number or msg_...)");
    return { kind: "retry", id: rest[0] };
  }
  throw new UsageError("expected 'list', 'test' or 'retry'");
}

/** Runs the command line; resolves with the exit code (2 for bad arguments, 1 for failures). */
export const main = commandMain<WebhooksCommand>({
  name: "webhooks",
  usage: USAGE,
  parse: parseWebhooksCommand,
  async run(db, command, { io: out, env }) {
    await migrate(db);
    if (command.kind === "list") {
      const rows = await listDeliveries(db, command);
      if (rows.length === 0) out.stdout.write("webhooks: no deliveries\n");
      for (const row of rows) {
        const last = row.last_status === null ? "-" : String(row.last_status);
        out.stdout.write(
          `${row.id}\t${row.message_id}\t${row.event_type}\t${row.endpoint_url}\t${row.status}\tattempts ${row.attempts}\tlast ${last}${row.last_error ? ` (${row.last_error})` : ""}\tqueued ${row.created_at}\t${row.status === "delivered" ? `delivered ${row.delivered_at}` : row.status === "failed" ? "failed" : `next ${row.next_attempt_at}`}\n`,
        );
      }
      return 0;
    }
    if (command.kind === "test") {
      const wanted = (() => {
        try {
          return new URL(command.url).href;
        } catch {
          return command.url;
        }
      })();
      const endpoint = env.WEBHOOK_ENDPOINTS.find((candidate) => candidate.url === wanted);
      if (!endpoint) {
        out.stderr.write(
          `webhooks: ${command.url} is not one of WEBHOOK_ENDPOINTS (its secret is needed to sign)\n`,
        );
        return 1;
      }
      const result = await sendTestWebhook(endpoint, env.WEBHOOK_TIMEOUT_MS);
      if (result.ok) {
        out.stdout.write(`webhooks: ${endpoint.url} answered ${result.status} to ${result.messageId}\n`);
        return 0;
      }
      out.stdout.write(`webhooks: ${endpoint.url} did not accept ${result.messageId}: ${result.error}\n`);
      return 1;
    }
    const retried = await retryDelivery(db, command.id, new Date());
    if (retried.outcome === "queued") {
      out.stdout.write(`webhooks: ${command.id} queued again; the running site sends it within seconds\n`);
      return 0;
    }
    out.stderr.write(
      retried.outcome === "unknown"
        ? `webhooks: no delivery ${command.id}\n`
        : `webhooks: ${command.id} is ${retried.status}, not failed; nothing to retry\n`,
    );
    return 1;
  },
});

runIfInvoked(import.meta.url, main);
