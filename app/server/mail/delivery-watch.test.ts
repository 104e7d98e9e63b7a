import { describe, expect, it } from "vitest";
import { MAIL_PRIORITY } from "~/server/mail/outbox.server";
import type { MailTransport, OutgoingMail } from "~/server/mail/transport.server";
import { memoryLogger } from "../../../tests/support/databases";
import { createDeliveryWatch, FAILED_ATTEMPTS_ALERT } from "./delivery-watch.server";

const minutes = (n: number) => n * 60_000;
const mail = (priority: number): OutgoingMail => ({
  kind: priority === MAIL_PRIORITY.lead ? "contact_notification" : "lead_acknowledgement",
  from: "site@example.com",
  to: "sales@example.com",
  subject: "s",
  text: "t",
  priority,
});

function setup() {
  const log = memoryLogger();
  let clock = new Date("2026-11-24T10:00:00.000Z");
  const peer = { up: false };
  const transport: MailTransport = {
    kind: "smtp",
    close() {},
    async send() {
      if (!peer.up) throw new Error("connect ECONNREFUSED");
      return { messageId: "<m@example.com>" };
    },
  };
  const watch = createDeliveryWatch(log.logger, { alertAfterMs: minutes(15), now: () => clock });
  const watched = watch.watch(transport);
  const attempt = (priority: number = MAIL_PRIORITY.lead) =>
    watched.send(mail(priority)).catch(() => undefined);
  const lines = () =>
    log.lines.filter((line) => /^deliveries /.test(String(line.msg))).map((line) => [line.level, line.msg]);
  return {
    watch,
    peer,
    attempt,
    lines,
    advance(ms: number) {
      clock = new Date(clock.getTime() + ms);
    },
  };
}

describe("the delivery watch (docs/deploy.md#health-checks)", () => {
  it("reports failing once the last five lead notification attempts failed, logs it once, and clears on a delivery", async () => {
    const { watch, peer, attempt, lines, advance } = setup();
    for (let i = 1; i < FAILED_ATTEMPTS_ALERT; i++) {
      await attempt();
      advance(minutes(1));
    }
    expect(watch.check()).toEqual({ failing: false, failedInARow: 4 });
    // Visitor mail failing does not count.
    await attempt(MAIL_PRIORITY.visitor);
    expect(watch.check().failing).toBe(false);
    await attempt();
    expect(watch.check()).toEqual({ failing: true, failedInARow: 5 });
    await attempt();
    await attempt();
    expect(watch.check()).toEqual({ failing: true, failedInARow: 7 });
    expect(lines()).toEqual([[50, "deliveries failing: the last lead notification attempts all failed"]]);

    peer.up = true;
    await attempt();
    expect(watch.check()).toEqual({ failing: false, failedInARow: 0 });
    await attempt();
    expect(lines()).toEqual([
      [50, "deliveries failing: the last lead notification attempts all failed"],
      [30, "deliveries recovered: a lead notification was delivered again"],
    ]);
  });

  it("does not count five failures spread over more than the alert time as one incident", async () => {
    const { watch, attempt, lines, advance } = setup();
    for (let i = 0; i < FAILED_ATTEMPTS_ALERT; i++) {
      await attempt();
      advance(minutes(4));
    }
    expect(watch.check()).toEqual({ failing: false, failedInARow: 5 });
    // The next failures come close together: the last five are within the alert time.
    for (let i = 0; i < 3; i++) await attempt();
    expect(watch.check().failing).toBe(true);
    expect(lines()).toHaveLength(1);
  });

  it("a delivery in between starts the count again", async () => {
    const { watch, peer, attempt } = setup();
    for (let i = 0; i < 4; i++) await attempt();
    peer.up = true;
    await attempt();
    peer.up = false;
    for (let i = 0; i < 4; i++) await attempt();
    expect(watch.check()).toEqual({ failing: false, failedInARow: 4 });
  });
});
