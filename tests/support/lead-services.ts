import { beforeEach } from "vitest";
import type { NewsletterServices } from "~/load-context";
import {
  freshDatabaseEach,
  type LogLine,
  memoryLogger,
  type TestDatabase,
  type TestDialect,
} from "./databases";

/** The site's addresses in the lead and newsletter tests. */
export const TEST_SITE = {
  siteUrl: "https://ridgeline.test",
  salesEmail: "sales@ridgeline.test",
  mailFrom: "Ridgeline Website <web@ridgeline.test>",
} as const;

export interface LeadServicesFixture {
  /** The running test's database. */
  t: TestDatabase;
  /** The services the contact and newsletter actions take, on that database and at the test's clock. */
  deps: NewsletterServices;
  /** What the running test's services logged. */
  log: { readonly lines: LogLine[] };
  /** A new client key on every call, so the per-client limits stay out of a test's way. */
  client(): string;
}

/**
 * A fresh, migrated database of the dialect for every test of the calling describe block, with the
 * services the contact and newsletter actions take on it; `now` is the clock they read.
 */
export function leadServicesEach(dialect: TestDialect, now: () => Date): LeadServicesFixture {
  const t = freshDatabaseEach(dialect);
  let log = memoryLogger();
  beforeEach(() => {
    log = memoryLogger();
  });
  let clients = 0;
  return {
    t,
    deps: {
      get db() {
        return t.db;
      },
      get logger() {
        return log.logger;
      },
      now,
      ...TEST_SITE,
    },
    log: {
      get lines() {
        return log.lines;
      },
    },
    client: () => `client-${++clients}`,
  };
}
