/** The pages of the audit that need a visitor's e-mail first (scripts/audit/audit.ts). */
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";

/**
 * The newsletter links a visitor opens from an e-mail, made the way a visitor gets them: a signup
 * through the site, then the link from the e-mail the server wrote to its mail folder.
 */
export class Site {
  private signups = 0;
  private unsubscribe: string | undefined;

  constructor(
    private readonly origin: string,
    private readonly mailDir: string,
  ) {}

  /** The path and query of the first link to `pathname` in the e-mail to `to` whose subject matches. */
  private async linkInMail(to: string, subject: RegExp, pathname: string): Promise<string> {
    const pattern = new RegExp(`${pathname.replaceAll("/", "\\/")}\\?token=[A-Za-z0-9_-]{43}`);
    const deadline = Date.now() + 30_000;
    const read = new Set<string>();
    while (Date.now() < deadline) {
      const files = existsSync(this.mailDir) ? await readdir(this.mailDir) : [];
      for (const file of files.filter((name) => name.endsWith(".eml") && !read.has(name))) {
        read.add(file);
        const mail = await simpleParser(await readFile(path.join(this.mailDir, file)));
        const recipient = mail.to && !Array.isArray(mail.to) ? mail.to.text : "";
        if (recipient !== to || !subject.test(mail.subject ?? "")) continue;
        const link = pattern.exec(mail.text ?? "");
        if (link) return link[0];
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`no e-mail to ${to} with a ${pathname} link within 30 s`);
  }

  private async post(pathname: string, body: string, contentType: string): Promise<void> {
    const response = await fetch(`${this.origin}${pathname}`, {
      method: "POST",
      headers: { "content-type": contentType, origin: this.origin },
      body,
      redirect: "manual",
    });
    if (!response.ok) throw new Error(`POST ${pathname} answered ${response.status}`);
  }

  private async signUp(): Promise<{ email: string; confirm: string }> {
    this.signups += 1;
    const email = `audit-${this.signups}-${Date.now()}@example.com`;
    await this.post("/api/newsletter", JSON.stringify({ email }), "application/json");
    return { email, confirm: await this.linkInMail(email, /^Confirm/, "/newsletter/confirm") };
  }

  async confirmLink(): Promise<string> {
    return (await this.signUp()).confirm;
  }

  async unsubscribeLink(): Promise<string> {
    if (!this.unsubscribe) {
      const { email, confirm } = await this.signUp();
      const token = new URL(confirm, this.origin).searchParams.get("token") ?? "";
      await this.post(
        confirm,
        new URLSearchParams({ token }).toString(),
        "application/x-www-form-urlencoded",
      );
      this.unsubscribe = await this.linkInMail(email, /^Welcome/, "/newsletter/unsubscribe");
    }
    return this.unsubscribe;
  }
}
