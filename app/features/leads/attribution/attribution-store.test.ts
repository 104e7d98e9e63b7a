import { describe, expect, it } from "vitest";
import { submitContact } from "~/features/contact/contact.server";
import { subscribeNewsletter } from "~/features/newsletter/signup.server";
import { purgeUnconfirmed } from "~/features/newsletter/subscriptions.server";
import { testDialects } from "../../../../tests/support/databases";
import { leadServicesEach } from "../../../../tests/support/lead-services";
import { postOrigin } from "../intake/form-request.server";

/* A lead's attribution stored with it, in its transaction, and shown in the sales notification. */

const now = new Date("2026-06-02T14:30:00.000Z");
const contact = { name: "Dana Price", email: "dana@example.com", phone: "", message: "Need 40 rolls." };
const visit = (from: string, source = "newsletter") =>
  JSON.stringify({
    landing: `/products?utm_source=${source}&utm_medium=email&utm_campaign=spring&gclid=secret`,
    referrer: "www.bing.com",
    click: 1,
    pages: 3,
    seconds: 245,
    from,
  });

describe.each(testDialects)("lead attribution on $name", (dialect) => {
  const { t, deps, client } = leadServicesEach(dialect, () => now);

  const rows = () => t.db.selectFrom("lead_attribution").selectAll().orderBy("lead_id").execute();
  const notification = async () =>
    await t.db
      .selectFrom("email_outbox")
      .select(["text_body", "html_body"])
      .where("kind", "=", "contact_notification")
      .executeTakeFirstOrThrow();

  it("stores a contact message's attribution and shows it to sales", async () => {
    const result = await submitContact(deps, { ...contact, attribution: visit("/contact") }, client());
    expect(result.ok).toBe(true);
    const submission = await t.db.selectFrom("contact_submissions").select("id").executeTakeFirstOrThrow();
    expect(await rows()).toEqual([
      {
        lead_kind: "contact",
        lead_id: submission.id,
        created_at: now.toISOString(),
        landing_page: "/products?utm_source=newsletter&utm_medium=email&utm_campaign=spring",
        referrer_host: "www.bing.com",
        search_engine: "Bing",
        utm_source: "newsletter",
        utm_medium: "email",
        utm_campaign: "spring",
        utm_term: null,
        utm_content: null,
        click_id: 1,
        sent_from: "/contact",
        pages_seen: 3,
        seconds_to_lead: 245,
      },
    ]);
    const mail = await notification();
    expect(mail.text_body).toContain(
      [
        "How they found us:",
        "Landing page: /products?utm_source=newsletter&utm_medium=email&utm_campaign=spring",
        "Came from: www.bing.com (Bing)",
        "Campaign: newsletter / email / spring",
        "Ad click: yes (the landing page carried a click id)",
        "Pages seen: 3 · 4 min from landing to sending",
        "Sent from: /contact",
      ].join("\n"),
    );
    expect(mail.html_body).toContain("How they found us</h2>");
    expect(`${mail.text_body}${mail.html_body}`).not.toContain("secret");
  });

  it("keeps what the post carries without the field (no JavaScript): the page it was sent from", async () => {
    const origin = postOrigin("https://ridgeline.test/contact?x=1", ["127.0.0.1:5100"], deps.siteUrl);
    expect(origin).toEqual({ refererPath: "/contact" });
    expect((await submitContact(deps, contact, client(), origin)).ok).toBe(true);
    expect(await rows()).toMatchObject([{ landing_page: null, referrer_host: null, sent_from: "/contact" }]);
    expect((await notification()).text_body).toContain(
      "Landing page: not known (sent without JavaScript)\nCame from: direct or unknown\nSent from: /contact",
    );
  });

  it("drops a junk field and keeps the lead", async () => {
    const junk = JSON.stringify({ landing: "https://evil.example/", referrer: "<script>", pages: -4 });
    expect((await submitContact(deps, { ...contact, attribution: junk }, client())).ok).toBe(true);
    expect(await rows()).toMatchObject([{ landing_page: null, referrer_host: null, pages_seen: null }]);
    expect((await submitContact(deps, { ...contact, attribution: "x".repeat(5000) }, client())).ok).toBe(
      true,
    );
    expect(await rows()).toHaveLength(2);
  });

  it("keeps the first signup's attribution when an address signs up again", async () => {
    const first = await subscribeNewsletter(
      deps,
      { email: "dana@example.com", attribution: visit("/resources", "first") },
      client(),
    );
    expect(first.ok).toBe(true);
    await subscribeNewsletter(
      deps,
      { email: "dana@example.com", attribution: visit("/resources", "second") },
      client(),
    );
    expect(await rows()).toMatchObject([{ lead_kind: "newsletter", utm_source: "first" }]);
  });

  it("deletes a signup's attribution with the signup never confirmed", async () => {
    await subscribeNewsletter(
      deps,
      { email: "dana@example.com", attribution: visit("/resources") },
      client(),
    );
    expect(await rows()).toHaveLength(1);
    expect(await purgeUnconfirmed(t.db, new Date(now.getTime() + 31 * 24 * 3600 * 1000))).toBe(1);
    expect(await rows()).toEqual([]);
  });
});
