import { describe, expect, it } from "vitest";
import { freshDatabaseEach, testDialects } from "../../../tests/support/databases";
import { parseEnv } from "../env.server";
import { readSiteMailSettings, siteMailSettingsOf, storeSiteMailSettings } from "./site-mail-settings.server";

describe.each(testDialects)("the running site's mail settings on $name", (dialect) => {
  const t = freshDatabaseEach(dialect);

  it("are unknown before a start, and each start replaces the last one's", async () => {
    expect(await readSiteMailSettings(t.db)).toBeNull();
    const first = siteMailSettingsOf(
      parseEnv({
        SALES_EMAIL: "sales@ridgeline.test",
        BRANCH_EMAIL_RENO: "west@ridgeline.test",
        PORT: "5201",
      }),
      "key-one",
    );
    await storeSiteMailSettings(t.db, first, new Date("2026-11-28T08:00:00Z"));
    expect(await readSiteMailSettings(t.db)).toEqual({
      salesEmail: "sales@ridgeline.test",
      mailFrom: "Ridgeline Website <website@ridgeline-supply.example>",
      timeZone: "America/New_York",
      branchEmails: { reno: "west@ridgeline.test" },
      visitorMailPerHour: 200,
      siteUrl: "http://localhost:5201",
      fileLinkSecret: "key-one",
    });
    const second = siteMailSettingsOf(parseEnv({ SALES_EMAIL: "leads@ridgeline.test" }), "key-two");
    await storeSiteMailSettings(t.db, second, new Date("2026-11-28T09:00:00Z"));
    expect(await readSiteMailSettings(t.db)).toMatchObject({
      salesEmail: "leads@ridgeline.test",
      branchEmails: {},
      fileLinkSecret: "key-two",
    });
  });
});
