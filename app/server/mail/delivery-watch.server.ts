import type { Logger } from "~/server/logger.server";
import { MAIL_PRIORITY } from "~/server/mail/outbox.server";
import type { MailTransport } from "~/server/mail/transport.server";

/** Consecutive failed delivery attempts of lead notifications that make an incident. */
export const FAILED_ATTEMPTS_ALERT = 5;

/** What /healthz says about the latest deliveries (docs/deploy.md#health-checks). */
export interface DeliveryHealth {
  /** True while the last FAILED_ATTEMPTS_ALERT attempts all failed, within the alert time. */
  failing: boolean;
  /** Failed attempts since the last delivery. */
  failedInARow: number;
}

export interface DeliveryWatch {
  /** The transport, with each lead notification's attempt recorded. */
  watch(transport: MailTransport): MailTransport;
  check(): DeliveryHealth;
}

/**
 * Watches this instance's delivery attempts of lead notifications (MAIL_PRIORITY.lead) for the other
 * way mail goes silent: not one stuck message (the stall), but every attempt failing (the SMTP peer
 * refusing, a wrong password, a full mailbox). An incident begins when the last FAILED_ATTEMPTS_ALERT
 * attempts all failed and the first of them is within the alert time (five failures spread over a day
 * are not one); it lasts until a lead notification is delivered. One error line when it begins, one
 * info line when it ends. Kept in memory: after a restart the next attempts tell again, and the stall
 * reports a lead that waits meanwhile.
 */
export function createDeliveryWatch(
  logger: Logger,
  options: { alertAfterMs: number; now?: () => Date },
): DeliveryWatch {
  const now = options.now ?? (() => new Date());
  // When each failure since the last delivery happened, the latest FAILED_ATTEMPTS_ALERT only.
  let failures: number[] = [];
  let failedInARow = 0;
  let failing = false;

  const record = (delivered: boolean) => {
    const at = now().getTime();
    if (delivered) {
      failures = [];
      failedInARow = 0;
      if (failing) {
        failing = false;
        logger.info("deliveries recovered: a lead notification was delivered again");
      }
      return;
    }
    failedInARow += 1;
    failures = [...failures, at].slice(-FAILED_ATTEMPTS_ALERT);
    const first = failures[0] ?? at;
    if (!failing && failures.length === FAILED_ATTEMPTS_ALERT && at - first <= options.alertAfterMs) {
      failing = true;
      logger.error(
        { failedInARow, alertAfterMinutes: Math.round(options.alertAfterMs / 60_000) },
        "deliveries failing: the last lead notification attempts all failed",
      );
    }
  };

  return {
    watch(transport) {
      return {
        get kind() {
          return transport.kind;
        },
        close: () => transport.close(),
        async send(mail) {
          const lead = (mail.priority ?? MAIL_PRIORITY.lead) === MAIL_PRIORITY.lead;
          try {
            const result = await transport.send(mail);
            if (lead) record(true);
            return result;
          } catch (error) {
            if (lead) record(false);
            throw error;
          }
        },
      };
    },
    check: () => ({ failing, failedInARow }),
  };
}
