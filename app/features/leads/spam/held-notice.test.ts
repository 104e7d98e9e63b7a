import { describe, expect, it } from "vitest";
import { submitContact } from "~/features/contact/contact.server";
import { testDialects } from "../../../../tests/support/databases";
import { leadServicesEach } from "../../../../tests/support/lead-services";
import { queueHeldNotice } from "./held-notice.server";

/* The owner hears of every held lead the same day (docs/spam.md). */

const settings = {
  to: "owner@example.com",
  mailFrom: "Website <website@example.com>",
  timeZone: "America/New_York",
};
const buyer = {
  name: "Dana Price",
  email: "dana@lakesidefoods.com",
  phone: "",
  message: "Need 40 rolls of 4x6 labels, 1 inch core.",
};
// 09:00 on Tuesday 2026-11-17 in New York.
const morning = new Date("2026-11-17T14:00:00.000Z");
const at = (hours: number) => new Date(morning.getTime() + hours * 3_600_000);

describe.each(testDialects)("the daily held-leads notice on $name", (dialect) => {
  let clock = morning;
  const { t, deps } = leadServicesEach(dialect, () => clock);
  const notices = () =>
    t.db
      .selectFrom("email_outbox")
      .where("kind", "=", "held_leads_notice")
      .select(["dedupe_key", "to_address", "subject", "text_body"])
      .orderBy("id")
      .execute();

  it("lists the day's held leads at 16:00, once across two instances, and the next day only the new ones", async () => {
    clock = morning;
    const held = await submitContact(deps, { ...buyer, name: "http://spam.example" }, "client-a");
    expect(held.held).toBe(true);
    await submitContact(deps, buyer, "client-b");
    const other = t.open();

    // 15:59: not yet.
    expect(await queueHeldNotice(t.db, settings, at(6.98))).toBe("not-due");
    // 16:00: two instances at once; one queues it.
    const outcomes = await Promise.all([
      queueHeldNotice(t.db, settings, at(7)),
      queueHeldNotice(other, settings, at(7)),
    ]);
    expect(outcomes.sort()).toEqual(["already", "queued"]);
    expect(await queueHeldNotice(other, settings, at(9))).toBe("already");

    const [notice] = await notices();
    expect(notice).toMatchObject({
      dedupe_key: "held-leads:2026-11-17",
      to_address: "owner@example.com",
      subject: "Website: 1 lead held as likely spam (2026-11-17)",
    });
    expect(notice?.text_body).toContain(
      `${held.reference}  contact message  received Tue, Nov 17, 2026, 9:00 AM EST`,
    );
    expect(notice?.text_body).toContain("The name field holds a link. (link_in_name, 5)");
    expect(notice?.text_body).toContain("npm run leads -- release <reference>");

    // The next day: a lead held after the first notice is listed; the first is not listed again.
    clock = at(20);
    const later = await submitContact(deps, { ...buyer, name: "www.spam.example" }, "client-c");
    expect(await queueHeldNotice(t.db, settings, at(31))).toBe("queued");
    const second = (await notices())[1];
    expect(second?.subject).toBe("Website: 1 lead held as likely spam (2026-11-18)");
    expect(second?.text_body).toContain(later.reference);
    expect(second?.text_body).not.toContain(held.reference);
  });

  it("sends nothing on a day with no held lead", async () => {
    clock = morning;
    await submitContact(deps, buyer, "client-a");
    expect(await queueHeldNotice(t.db, settings, at(8))).toBe("none");
    expect(await notices()).toEqual([]);
  });
});
