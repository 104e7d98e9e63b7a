/**
 * The composition root: what the platform (app/server) runs of each feature. The platform knows no
 * feature; server.ts hands it the endpoints, streamed posts and jobs made here.
 */
import type { IncomingMessage } from "node:http";
import { type Analytics, createAnalytics } from "~/features/analytics/analytics.server";
import { startWeeklyDigest } from "~/features/analytics/report/digest-job.server";
import { contactFormApi } from "~/features/contact/contact.server";
import { startOverdueReminders } from "~/features/desk/reminders.server";
import { reportSpeedSource } from "~/features/desk/report-speed.server";
import { formEndpoint } from "~/features/leads/intake/form-request.server";
import type { Routing } from "~/features/leads/routing/routing.server";
import { startHeldNotice } from "~/features/leads/spam/held-notice.server";
import { newsletterFormApi } from "~/features/newsletter/signup.server";
import { quoteStreamedPost } from "~/features/quote/upload/quote-gate.server";
import { QUOTE_UPLOAD_PATHS } from "~/features/quote/upload/quote-upload.server";
import { createUploadSlots } from "~/features/quote/upload/upload-slots.server";
import { hasResourceFilters } from "~/lib/resource-search";
import type { SiteServices } from "~/load-context";
import type { Database } from "~/server/db/schema.server";
import type { Env } from "~/server/env.server";
import {
  type Answered,
  type Endpoint,
  MAX_BODY_BYTES,
  type StreamedPost,
} from "~/server/http/pipeline.server";
import type { Logger } from "~/server/logger.server";
import { RANGE_UPLOAD_PATH, rangeStreamedPost } from "./desk-range.server";
import { startHousekeeping } from "./housekeeping.server";
import { SUGGESTIONS_PATH, suggestionsEndpoint } from "./suggestions.server";

/**
 * First-party counting (docs/analytics.md), one per process. Made before the services start: its
 * counting goes into the site's services (forms, searches), its onAnswered into the pipeline (pages,
 * downloads, 404s, legacy paths) and its job into featureJobs.
 */
export function siteAnalytics(env: Env): Analytics {
  return createAnalytics({
    enabled: env.ANALYTICS === "on",
    timeZone: env.SITE_TIME_ZONE,
    trustProxy: env.TRUST_PROXY,
    siteUrl: env.SITE_URL,
    flushEveryMs: env.ANALYTICS_FLUSH_SECONDS * 1000,
  });
}

/** How the features reach the request pipeline: its options besides the platform's own. */
export function featureRequests(
  env: Env,
  services: SiteServices,
  clientKey: (req: IncomingMessage) => string,
  analytics?: Analytics,
): {
  endpoints: ReadonlyMap<string, Endpoint>;
  streamedPosts: ReadonlyMap<string, StreamedPost>;
  rendersOnRequest: (url: URL) => boolean;
  onAnswered?: (answer: Answered) => void;
} {
  const forms = { services, clientKey, maxBodyBytes: MAX_BODY_BYTES };
  const quotePost = quoteStreamedPost({
    services,
    clientKey,
    slots: createUploadSlots(env.QUOTE_UPLOAD_CONCURRENCY),
    timeoutMs: env.QUOTE_UPLOAD_TIMEOUT_MS,
    stallMs: env.QUOTE_UPLOAD_STALL_MS,
  });
  return {
    endpoints: new Map([
      ["/api/contact", formEndpoint(contactFormApi, forms)],
      ["/api/newsletter", formEndpoint(newsletterFormApi, forms)],
      // The header's suggestions, asked at every key press (docs/search.md#the-pages).
      [SUGGESTIONS_PATH, suggestionsEndpoint(services)],
    ]),
    streamedPosts: new Map([
      ...[...QUOTE_UPLOAD_PATHS].map((path): [string, StreamedPost] => [path, quotePost]),
      // The desk's catalogue upload (docs/desk.md#the-range), read only for a signed-in owner or manager.
      [RANGE_UPLOAD_PATH, rangeStreamedPost(services)],
    ]),
    // /resources filters its two lists from its query; its prerendered file shows them unfiltered.
    rendersOnRequest: (url) => url.pathname === "/resources" && hasResourceFilters(url.searchParams),
    ...(analytics?.onAnswered ? { onAnswered: notOnTheDesk(analytics.onAnswered) } : {}),
  };
}

/** The sales desk's pages are staff's, not visits: they are left out of counting (docs/desk.md). */
function notOnTheDesk(onAnswered: (answer: Answered) => void): (answer: Answered) => void {
  return (answer) => {
    const { pathname } = answer.url;
    if (pathname !== "/desk" && !pathname.startsWith("/desk/")) onAnswered(answer);
  };
}

/** The features' background jobs, for startServices. */
export function featureJobs(
  env: Env,
  analytics?: Analytics,
  routing?: Routing,
): Array<(db: Database, logger: Logger) => () => void | Promise<void>> {
  const reportEmail = env.REPORT_EMAIL;
  return [
    // The desk's reminder of a lead left New too long, to its branch (docs/desk.md#overdue).
    ...(routing
      ? [
          (db: Database, logger: Logger) =>
            startOverdueReminders(
              {
                db,
                routing,
                salesEmail: env.SALES_EMAIL,
                mailFrom: env.MAIL_FROM,
                siteUrl: env.SITE_URL,
                timeZone: env.SITE_TIME_ZONE,
                desk: { hours: env.DESK_BUSINESS_HOURS, overdueMinutes: env.DESK_OVERDUE_MINUTES },
              },
              logger,
              { checkEveryMs: env.REPORT_CHECK_MS },
            ),
        ]
      : []),
    (db, logger) =>
      startHousekeeping(db, logger, {
        attachmentRetentionDays: env.ATTACHMENT_RETENTION_DAYS,
        analytics: { retentionMonths: env.ANALYTICS_RETENTION_MONTHS, timeZone: env.SITE_TIME_ZONE },
      }),
    ...(analytics ? [analytics.job] : []),
    // Held leads, once a day to the owner (docs/spam.md): the report's address, else sales.
    (db, logger) =>
      startHeldNotice(
        db,
        logger,
        { to: reportEmail ?? env.SALES_EMAIL, mailFrom: env.MAIL_FROM, timeZone: env.SITE_TIME_ZONE },
        { checkEveryMs: env.REPORT_CHECK_MS },
      ),
    ...(reportEmail
      ? [
          (db: Database, logger: Logger) =>
            startWeeklyDigest(
              db,
              logger,
              {
                to: reportEmail,
                mailFrom: env.MAIL_FROM,
                timeZone: env.SITE_TIME_ZONE,
                // The desk's speed to lead, handed to the digest here (docs/decisions/0073).
                ...(routing
                  ? {
                      speed: reportSpeedSource({
                        routing,
                        timeZone: env.SITE_TIME_ZONE,
                        desk: { hours: env.DESK_BUSINESS_HOURS, overdueMinutes: env.DESK_OVERDUE_MINUTES },
                      }),
                    }
                  : {}),
              },
              { checkEveryMs: env.REPORT_CHECK_MS },
            ),
        ]
      : []),
  ];
}
