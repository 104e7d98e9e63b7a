import { type Database, isoTime } from "~/server/db/schema.server";
import type { Env } from "~/server/env.server";

const SETTING = "site_mail_settings";

/**
 * What a lead's mail is addressed and built with, as the running site is configured. The server writes
 * it at every start; the commands that queue a lead's mail (a held lead's release) read it, so their
 * mail goes where the site's would, whatever the command's own environment says.
 */
export interface SiteMailSettings {
  salesEmail: string;
  mailFrom: string;
  timeZone: string;
  /** BRANCH_EMAIL_<BRANCH> overrides by branch id. */
  branchEmails: Readonly<Record<string, string>>;
  visitorMailPerHour: number;
  /** The origin of links in the mail (signed file links). */
  siteUrl: string;
  /** The key of the signed file links, derived from the client-key secret (file-links.server.ts). */
  fileLinkSecret: string;
}

export function siteMailSettingsOf(env: Env, fileLinkSecret: string): SiteMailSettings {
  return {
    salesEmail: env.SALES_EMAIL,
    mailFrom: env.MAIL_FROM,
    timeZone: env.SITE_TIME_ZONE,
    branchEmails: env.BRANCH_EMAILS,
    visitorMailPerHour: env.VISITOR_MAIL_PER_HOUR,
    siteUrl: env.SITE_URL,
    fileLinkSecret,
  };
}

/** Stores the settings the server started with, replacing those of its last start. */
export async function storeSiteMailSettings(
  db: Database,
  settings: SiteMailSettings,
  now: Date,
): Promise<void> {
  const value = JSON.stringify(settings);
  await db
    .insertInto("app_settings")
    .values({ name: SETTING, value, created_at: isoTime(now) })
    .onConflict((oc) => oc.column("name").doUpdateSet({ value, created_at: isoTime(now) }))
    .execute();
}

/** The settings the site last started with, or null when no server has started on this database. */
export async function readSiteMailSettings(db: Database): Promise<SiteMailSettings | null> {
  const row = await db
    .selectFrom("app_settings")
    .select("value")
    .where("name", "=", SETTING)
    .executeTakeFirst();
  return row ? (JSON.parse(row.value) as SiteMailSettings) : null;
}
