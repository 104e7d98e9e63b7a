import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { adminUrl, pgQuery } from "../support/postgres";
import { startSmtpPeer } from "../support/smtp-peer";
import { spawnServer } from "./spawned-server";
import { fillContactForm, sendContactForm, waitForHydration } from "./support";

/*
 * Spam held, not mailed (docs/spam.md): a contact message whose name is a link shows the visitor the
 * normal 'Thank You!' and nothing reaches the SMTP peer; `npm run leads -- release REF`, run as the
 * owner would against the site's database, makes it arrive once.
 */

const run = promisify(execFile);
const basePort = Number(process.env.E2E_PORT ?? 3100) + 340;

interface TestStore {
  name: string;
  url: string;
  cleanup(): Promise<void>;
}

async function sqliteStore(): Promise<TestStore> {
  const dir = mkdtempSync(path.join(tmpdir(), "spam-e2e-"));
  return {
    name: "sqlite",
    url: `sqlite:${path.join(dir, "site.db")}`,
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function postgresStore(): Promise<TestStore> {
  const schema = `spam_e2e_${randomBytes(6).toString("hex")}`;
  await pgQuery(adminUrl, `create schema ${schema}`);
  const separator = adminUrl.includes("?") ? "&" : "?";
  return {
    name: "postgres",
    url: `${adminUrl}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    cleanup: async () => {
      await pgQuery(adminUrl, `drop schema ${schema} cascade`);
    },
  };
}

const stores = [
  { name: "SQLite", open: sqliteStore, offset: 0 },
  { name: "PostgreSQL", open: postgresStore, offset: 1 },
];

for (const { name, open, offset } of stores) {
  test(`on ${name}, a name that is a link is held: 'Thank You!', nothing sent; a release delivers it once`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const store = await open();
    const peer = await startSmtpPeer();
    const server = await spawnServer(basePort + offset, {
      DATABASE_URL: store.url,
      SMTP_URL: peer.url,
      SALES_EMAIL: "leads@ridgeline.test",
    });
    const heldNotices = () => peer.messages.filter((mail) => mail.subject?.includes("held as likely spam"));
    const leadMail = () => peer.messages.filter((mail) => !heldNotices().includes(mail));
    try {
      await page.goto(`${server.origin}/contact`);
      await waitForHydration(page);
      await fillContactForm(page, {
        name: "http://spam.example",
        email: "visitor@lakesidefoods.com",
        message: "Quote for 20 rolls of 4x6 direct thermal labels, please.",
      });
      await sendContactForm(page);
      const reference = /C-[A-Z0-9]{6}/.exec(
        (await page.getByTestId("contact-reference").textContent()) ?? "",
      )?.[0];
      expect(reference).toBeTruthy();

      // Held: the log names the reference and the rule, and nothing arrives (the worker polls every 5 s).
      await expect
        .poll(() =>
          server.logs().find((line) => line.msg === "lead held as likely spam: stored, nothing sent"),
        )
        .toMatchObject({ reference, reasons: ["link_in_name"] });
      await new Promise((resolve) => setTimeout(resolve, 7_000));
      expect(leadMail()).toHaveLength(0);
      // From 16:00 on the company's clocks the day's held-leads notice may go out; it names the lead.
      for (const notice of heldNotices()) expect(notice.text).toContain(reference);

      const env = {
        ...process.env,
        DATABASE_URL: store.url,
        SALES_EMAIL: "leads@ridgeline.test",
        LOG_LEVEL: "silent",
      };
      const held = await run("npm", ["run", "--silent", "leads", "--", "held"], { env });
      expect(held.stdout).toContain(reference);
      expect(held.stdout).toContain("link_in_name");
      const released = await run("npm", ["run", "--silent", "leads", "--", "release", reference ?? ""], {
        env,
      });
      expect(released.stdout).toContain(`${reference} released`);

      // The notification to sales and the acknowledgement, once each.
      await expect.poll(() => leadMail().length, { timeout: 30_000 }).toBe(2);
      const again = await run("npm", ["run", "--silent", "leads", "--", "release", reference ?? ""], { env });
      expect(again.stdout).toContain("already released");
      await new Promise((resolve) => setTimeout(resolve, 7_000));
      const recipients = leadMail().map((mail) => (mail.to && "text" in mail.to ? mail.to.text : ""));
      expect(recipients.sort()).toEqual(["leads@ridgeline.test", "visitor@lakesidefoods.com"]);
      const sales = leadMail().find(
        (mail) => mail.to && "text" in mail.to && mail.to.text === "leads@ridgeline.test",
      );
      expect(sales?.subject).toContain(reference);
      expect(sales?.text).toContain("http://spam.example");
    } finally {
      await server.stop();
      await peer.stop();
      await store.cleanup();
    }
  });
}
