import { describe, expect, it } from "vitest";
import { defaultAttachmentRetentionDays } from "~/content/privacy";
import { checkMailGoesSomewhere, EnvError, parseEnv } from "./env.server";

/** Each `[value, problem]` of the variable is refused, the variable and the problem named on a line of their own. */
function expectRefused(name: string, refusals: Array<[value: string, problem: RegExp]>): void {
  for (const [value, problem] of refusals) {
    expect(() => parseEnv({ [name]: value }), `${name}=${value}`).toThrow(
      new RegExp(`^  - ${name}: .*${problem.source}`, "m"),
    );
  }
}

describe("parseEnv", () => {
  it("gives working defaults on an empty environment", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBe("sqlite:./data/site.db");
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.SALES_EMAIL).toBe("sales@ridgeline-supply.example");
    expect(env.SITE_URL).toBe("http://localhost:3000");
    expect(env.TRUST_PROXY).toEqual({ kind: "none" });
    expect(env.DB_QUERY_TIMEOUT_MS).toBe(10_000);
    expect(env.DESK_BUSINESS_HOURS).toEqual({ days: [1, 2, 3, 4, 5], opensAt: 8, closesAt: 17 });
    expect(env.DESK_OVERDUE_MINUTES).toBe(30);
  });

  it("reads the desk's business hours and overdue minutes, and refuses unreadable ones", () => {
    const env = parseEnv({ DESK_BUSINESS_HOURS: "Mon-Sat 7:30-16:00", DESK_OVERDUE_MINUTES: "15" });
    expect(env.DESK_BUSINESS_HOURS).toEqual({ days: [1, 2, 3, 4, 5, 6], opensAt: 7.5, closesAt: 16 });
    expect(env.DESK_OVERDUE_MINUTES).toBe(15);
    expectRefused("DESK_BUSINESS_HOURS", [["weekdays 8-17", /Mon-Fri 08:00-17:00/]]);
    expectRefused("DESK_OVERDUE_MINUTES", [["0", /at least 1/]]);
  });

  it("without SITE_URL, takes the origin from PORT, and says which one set it", () => {
    expect(parseEnv({ PORT: "5201" })).toMatchObject({
      SITE_URL: "http://localhost:5201",
      SITE_URL_FROM: "PORT",
    });
    expect(parseEnv({ PORT: "5201", SITE_URL: "https://www.example.com" })).toMatchObject({
      SITE_URL: "https://www.example.com",
      SITE_URL_FROM: "SITE_URL",
    });
  });

  it("refuses to send real mail to the example SALES_EMAIL, naming the variable on one line", () => {
    const smtp = "smtp://mail.ridgeline.test:587";
    expect(() => checkMailGoesSomewhere(parseEnv({ SMTP_URL: smtp }))).toThrow(
      /^ {2}- SALES_EMAIL: sales@ridgeline-supply\.example is an example address that no mail reaches/m,
    );
    expect(() =>
      checkMailGoesSomewhere(parseEnv({ SMTP_URL: smtp, SALES_EMAIL: "leads@acme.EXAMPLE" })),
    ).toThrow(/SALES_EMAIL/);
    // Mail written to files reaches no one anyway; a real address is what SMTP needs.
    expect(() => checkMailGoesSomewhere(parseEnv({}))).not.toThrow();
    expect(() =>
      checkMailGoesSomewhere(parseEnv({ SMTP_URL: smtp, SALES_EMAIL: "sales@example.com" })),
    ).not.toThrow();
    try {
      checkMailGoesSomewhere(parseEnv({ SMTP_URL: smtp }));
    } catch (error) {
      expect((error as EnvError).problems).toHaveLength(1);
    }
  });

  it("treats empty strings as unset and keeps only the origin of SITE_URL", () => {
    const env = parseEnv({ SMTP_URL: "", SITE_URL: "https://www.Example.com/", TRUST_PROXY: "1" });
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.SITE_URL).toBe("https://www.example.com");
    expect(env.TRUST_PROXY).toEqual({ kind: "hops", hops: 1 });
  });

  it("reads TRUST_PROXY as true, a hop count or a list of addresses and networks", () => {
    expect(parseEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toEqual({ kind: "hops", hops: 1 });
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toEqual({ kind: "hops", hops: 2 });
    expect(parseEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toEqual({ kind: "none" });
    expect(parseEnv({ TRUST_PROXY: "127.0.0.1, 10.0.0.0/8, ::1" }).TRUST_PROXY).toMatchObject({
      kind: "addresses",
    });
    expect(() => parseEnv({ TRUST_PROXY: "yes please" })).toThrow(/TRUST_PROXY: "yes please" is not/);
    expect(() => parseEnv({ TRUST_PROXY: "10.0.0.0/40" })).toThrow(/TRUST_PROXY/);
  });

  it("refuses a short CLIENT_KEY_SECRET and bad timeouts", () => {
    expect(() => parseEnv({ CLIENT_KEY_SECRET: "short" })).toThrow(/CLIENT_KEY_SECRET: must be at least 16/);
    expect(() => parseEnv({ DB_QUERY_TIMEOUT_MS: "0" })).toThrow(/DB_QUERY_TIMEOUT_MS/);
  });

  it("reads SITE_TIME_ZONE as an IANA name, New York by default, and names a bad one", () => {
    expect(parseEnv({}).SITE_TIME_ZONE).toBe("America/New_York");
    expect(parseEnv({ SITE_TIME_ZONE: "America/Chicago" }).SITE_TIME_ZONE).toBe("America/Chicago");
    expect(() => parseEnv({ SITE_TIME_ZONE: "Eastern" })).toThrow(
      /SITE_TIME_ZONE: must be an IANA time zone name such as America\/New_York/,
    );
  });

  it("reads BRANCH_EMAIL_<BRANCH> by branch id and names a bad one", () => {
    expect(
      parseEnv({ BRANCH_EMAIL_ATLANTA: "south@example.com", BRANCH_EMAIL_SALT_LAKE: "slc@example.com" })
        .BRANCH_EMAILS,
    ).toEqual({ atlanta: "south@example.com", "salt-lake": "slc@example.com" });
    expect(() => parseEnv({ BRANCH_EMAIL_RENO: "reno at example" })).toThrow(
      /BRANCH_EMAIL_RENO: must be an e-mail address/,
    );
    expect(() => parseEnv({ BRANCH_EMAIL_reno: "reno@example.com" })).toThrow(/BRANCH_EMAIL_reno: must be/);
  });

  it("accepts a PostgreSQL URL", () => {
    expect(parseEnv({ DATABASE_URL: "postgres://u@127.0.0.1:5432/db" }).DATABASE_URL).toMatch(/^postgres/);
  });

  it("names every bad variable with a clear message", () => {
    let caught: unknown;
    try {
      parseEnv({
        PORT: "eighty",
        DATABASE_URL: "mysql://x",
        SALES_EMAIL: "not-an-address",
        SMTP_URL: "http://x",
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EnvError);
    const problems = (caught as EnvError).problems.join("\n");
    expect(problems).toMatch(/^PORT: /m);
    expect(problems).toMatch(/^DATABASE_URL: must be sqlite:PATH/m);
    expect(problems).toMatch(/^SALES_EMAIL: must be an e-mail address/m);
    expect(problems).toMatch(/^SMTP_URL: must be an smtp:\/\//m);
  });
});

describe("MAIL_RETRY_BASE_MS", () => {
  it("defaults to 30 s and accepts a shorter delay", () => {
    expect(parseEnv({}).MAIL_RETRY_BASE_MS).toBe(30_000);
    expect(parseEnv({ MAIL_RETRY_BASE_MS: "500" }).MAIL_RETRY_BASE_MS).toBe(500);
    expect(() => parseEnv({ MAIL_RETRY_BASE_MS: "soon" })).toThrow(/MAIL_RETRY_BASE_MS/);
  });
});

describe("MAIL_RATE_PER_MINUTE", () => {
  it("defaults to 60 and refuses anything but a positive whole number", () => {
    expect(parseEnv({}).MAIL_RATE_PER_MINUTE).toBe(60);
    expect(parseEnv({ MAIL_RATE_PER_MINUTE: "600" }).MAIL_RATE_PER_MINUTE).toBe(600);
    for (const bad of ["0", "-5", "1.5", "fast"]) {
      expect(() => parseEnv({ MAIL_RATE_PER_MINUTE: bad }), bad).toThrow(/MAIL_RATE_PER_MINUTE/);
    }
  });
});

describe("VISITOR_MAIL_PER_HOUR", () => {
  it("defaults to 200, accepts 0 (no visitor mail), and names anything but a whole number up to 1000000", () => {
    expect(parseEnv({}).VISITOR_MAIL_PER_HOUR).toBe(200);
    expect(parseEnv({ VISITOR_MAIL_PER_HOUR: "50" }).VISITOR_MAIL_PER_HOUR).toBe(50);
    expect(parseEnv({ VISITOR_MAIL_PER_HOUR: "0" }).VISITOR_MAIL_PER_HOUR).toBe(0);
    expectRefused("VISITOR_MAIL_PER_HOUR", [
      ["-1", /0 or more/],
      ["2000000", /at most 1000000/],
      ["2.5", /whole number of e-mails per hour/],
      ["lots", /whole number of e-mails per hour/],
    ]);
  });
});

describe("QUOTE_UPLOAD_CONCURRENCY", () => {
  it("defaults to 4 uploads at once and names anything but a whole number from 1 to 100", () => {
    expect(parseEnv({}).QUOTE_UPLOAD_CONCURRENCY).toBe(4);
    expect(parseEnv({ QUOTE_UPLOAD_CONCURRENCY: "12" }).QUOTE_UPLOAD_CONCURRENCY).toBe(12);
    expectRefused("QUOTE_UPLOAD_CONCURRENCY", [
      ["0", /at least 1/],
      ["500", /at most 100/],
      ["2.5", /whole number of uploads/],
      ["many", /whole number of uploads/],
    ]);
  });
});

describe("QUOTE_UPLOAD_TIMEOUT_MS and QUOTE_UPLOAD_STALL_MS", () => {
  it("default to a three-minute ceiling and a 20 s stall, and name anything out of bounds", () => {
    expect(parseEnv({}).QUOTE_UPLOAD_TIMEOUT_MS).toBe(180_000);
    expect(parseEnv({}).QUOTE_UPLOAD_STALL_MS).toBe(20_000);
    // 25 MB at 2 Mbit/s (about 110 s) fits under the default ceiling.
    expect((25 * 1024 * 1024 * 8) / 2_000_000).toBeLessThan(parseEnv({}).QUOTE_UPLOAD_TIMEOUT_MS / 1000);
    expectRefused("QUOTE_UPLOAD_TIMEOUT_MS", [
      ["500", /at least 1000/],
      ["3600000", /at most 600000/],
      ["soon", /whole number of milliseconds/],
    ]);
    expectRefused("QUOTE_UPLOAD_STALL_MS", [
      ["0", /at least 1000/],
      ["600000", /at most 120000/],
      ["1.5", /whole number of milliseconds/],
    ]);
  });
});

describe("ATTACHMENT_RETENTION_DAYS", () => {
  it("defaults to 365 days and names anything but a whole number of days from 1 to 3650", () => {
    expect(parseEnv({}).ATTACHMENT_RETENTION_DAYS).toBe(365);
    // The privacy page states the default in days.
    expect(parseEnv({}).ATTACHMENT_RETENTION_DAYS).toBe(defaultAttachmentRetentionDays);
    expect(parseEnv({ ATTACHMENT_RETENTION_DAYS: "90" }).ATTACHMENT_RETENTION_DAYS).toBe(90);
    expectRefused("ATTACHMENT_RETENTION_DAYS", [
      ["0", /at least 1/],
      ["-30", /at least 1/],
      ["36500", /at most 3650/],
      ["1.5", /whole number of days/],
      ["a year", /whole number of days/],
    ]);
  });
});

describe("ANALYTICS, ANALYTICS_RETENTION_MONTHS, ANALYTICS_FLUSH_SECONDS", () => {
  it("count by default for 25 months, written every 10 s, and name a bad value", () => {
    const defaults = parseEnv({});
    expect([
      defaults.ANALYTICS,
      defaults.ANALYTICS_RETENTION_MONTHS,
      defaults.ANALYTICS_FLUSH_SECONDS,
    ]).toEqual(["on", 25, 10]);
    expect(parseEnv({ ANALYTICS: "off", ANALYTICS_RETENTION_MONTHS: "13" }).ANALYTICS_RETENTION_MONTHS).toBe(
      13,
    );
    expectRefused("ANALYTICS", [["no", /must be on or off/]]);
    expectRefused("ANALYTICS_RETENTION_MONTHS", [
      ["0", /at least 1/],
      ["two years", /whole number of months/],
      ["121", /at most 120/],
    ]);
    expectRefused("ANALYTICS_FLUSH_SECONDS", [
      ["0", /at least 1/],
      ["301", /at most 300/],
      ["2.5", /whole number of seconds/],
    ]);
  });
});

describe("ALERT_AFTER_MINUTES", () => {
  it("defaults to 15 minutes and names anything but a whole number of minutes from 1 to 1440", () => {
    expect(parseEnv({}).ALERT_AFTER_MINUTES).toBe(15);
    expect(parseEnv({ ALERT_AFTER_MINUTES: "1" }).ALERT_AFTER_MINUTES).toBe(1);
    expectRefused("ALERT_AFTER_MINUTES", [
      ["0", /at least 1/],
      ["2000", /at most 1440/],
      ["1.5", /whole number of minutes/],
      ["soon", /whole number of minutes/],
    ]);
  });
});

describe("METRICS_TOKEN", () => {
  it("is optional, and names a short token or one with spaces or control characters", () => {
    expect(parseEnv({}).METRICS_TOKEN).toBeUndefined();
    expect(parseEnv({ METRICS_TOKEN: "0123456789abcdef0123" }).METRICS_TOKEN).toBe("0123456789abcdef0123");
    expectRefused("METRICS_TOKEN", [
      ["short", /at least 16 characters/],
      ["has a space in the middle", /printable ASCII without spaces/],
      ["0123456789abcdef\u0007", /printable ASCII without spaces/],
    ]);
  });
});

describe("REPORT_EMAIL and REPORT_CHECK_MS", () => {
  it("leave the digest off unless an address is set, and name a bad address or interval", () => {
    expect(parseEnv({}).REPORT_EMAIL).toBeUndefined();
    expect(parseEnv({ REPORT_EMAIL: "" }).REPORT_EMAIL).toBeUndefined();
    expect(parseEnv({ REPORT_EMAIL: "owner@example.com" }).REPORT_EMAIL).toBe("owner@example.com");
    expect(parseEnv({}).REPORT_CHECK_MS).toBe(60_000);
    expect(parseEnv({ REPORT_CHECK_MS: "1000" }).REPORT_CHECK_MS).toBe(1000);
    expectRefused("REPORT_EMAIL", [
      ["owner", /must be an e-mail address/],
      ["a@example.com, b@example.com", /must be an e-mail address/],
    ]);
    expectRefused("REPORT_CHECK_MS", [
      ["10", /must be at least 1000/],
      ["soon", /must be a whole number of milliseconds/],
    ]);
  });
});
