import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("gives working defaults on an empty environment", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBe("sqlite:./data/site.db");
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.SALES_EMAIL).toBe("sales@ridgeline-supply.example");
    expect(env.SITE_URL).toBe("http://localhost:3000");
    expect(env.TRUST_PROXY).toBe(false);
  });

  it("treats empty strings as unset and trims trailing slashes from URLs", () => {
    const env = parseEnv({ SMTP_URL: "", SITE_URL: "https://www.example.com/", TRUST_PROXY: "1" });
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.SITE_URL).toBe("https://www.example.com");
    expect(env.TRUST_PROXY).toBe(true);
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
