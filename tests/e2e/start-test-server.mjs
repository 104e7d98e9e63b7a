// Starts the built server for the browser tests on a fresh SQLite database and mail folder, so
// every run begins from nothing and the tests can read what the site stored and sent.
import { rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? `reports/e2e-data-${process.env.PORT ?? "3100"}`);
rmSync(dataDir, { recursive: true, force: true });

process.env.NODE_ENV = "production";
process.env.DATABASE_URL = `sqlite:${path.join(dataDir, "site.db")}`;
process.env.MAIL_DIR = path.join(dataDir, "mail");
process.env.LOG_LEVEL ??= "warn";
process.env.HOST = "127.0.0.1";
// The page tests check canonical and Open Graph URLs against one fixed origin, whatever port the run
// uses (without SITE_URL the origin would follow PORT).
process.env.SITE_URL ??= "http://localhost:3000";
// Each test presents its own client address (X-Forwarded-For), so per-client limits apply per test.
process.env.TRUST_PROXY = "true";
// Every browser test shares this server for the run, and the fuzz test alone posts a couple of hundred
// leads and signups: under the default cap of 200 visitor mails an hour, the tests that follow a
// visitor's acknowledgement or confirmation would depend on their order. The cap is tested on its own
// (tests/integration/visitor-mail.test.ts, tests/integration/mail-burst.test.ts).
process.env.VISITOR_MAIL_PER_HOUR ??= "100000";

const buildDir = path.resolve(process.env.BUILD_DIR || "build");
await import(pathToFileURL(path.join(buildDir, "server.js")).href);
