import { createContext, type RouterContext, type RouterContextProvider } from "react-router";
import type { CatalogueReader } from "~/features/catalogue/catalogue.server";
import type { Routing } from "~/features/leads/routing/routing.server";
import type { WeeklyHours } from "~/lib/weekly-hours";
import type { Database } from "~/server/db/schema.server";
import type { Logger } from "~/server/logger.server";
import type { WebhookSettings } from "~/server/webhooks/queue.server";

/**
 * The server's services: made once when it starts (services.server.ts) and handed unchanged to every
 * loader, action and form service. Tests build their own.
 */
export interface SiteServices {
  db: Database;
  logger: Logger;
  /** Where lead notifications go (SALES_EMAIL). */
  salesEmail: string;
  /** The From of every e-mail the site sends (MAIL_FROM). */
  mailFrom: string;
  /** Which branch answers a quote request (content/routing.yaml with BRANCH_EMAIL_ overrides). */
  routing: Routing;
  /** The company's time zone (SITE_TIME_ZONE): sales e-mails show times and count days in it. */
  timeZone: string;
  /** The canonical origin (SITE_URL), e.g. https://www.example.com, read when the server starts. */
  siteUrl: string;
  /** Signs the quote form's start time (minimum fill time); derived from the client-key secret. */
  formSecret: string;
  /** Tells the mail worker a message was queued, so it is sent at once instead of at the next poll. */
  wakeMailWorker(): void;
  /**
   * Acknowledgements and confirmations per clock hour across all instances (VISITOR_MAIL_PER_HOUR);
   * unset in tests, where the default applies.
   */
  visitorMailPerHour?: number;
  /** Where lead events are posted (WEBHOOK_ENDPOINTS, docs/webhooks.md); unset or empty: nowhere. */
  webhooks?: WebhookSettings;
  /** Signs the links to a quote's files that webhooks carry (docs/webhooks.md#attachments); derived from the client-key secret. */
  fileLinkSecret?: string;
  /**
   * The sales desk's business hours, on each branch's clock, and the business minutes a lead may stay
   * New (DESK_BUSINESS_HOURS, DESK_OVERDUE_MINUTES); unset in tests: Monday to Friday 8:00 to 17:00, 30.
   */
  desk?: { hours: WeeklyHours; overdueMinutes: number };
  /** Days a quote request and its files are kept (ATTACHMENT_RETENTION_DAYS); unset in tests: 365. */
  attachmentRetentionDays?: number;
  /** The clock; tests set it, the server leaves it unset. */
  now?: () => Date;
  /** First-party counting of form outcomes and searches (docs/analytics.md); absent when ANALYTICS=off. */
  counting?: SiteCounting;
  /** The catalogue's active version, in memory, replaced when another becomes active (docs/catalogue.md#serving). */
  catalogue: CatalogueReader;
}

/** What routes and form handlers count (docs/analytics.md); page views are counted by the server itself. */
export interface SiteCounting {
  /** A form post's outcome: sent (2xx), refused (4xx) or held (a success the result marks held). */
  formOutcome(form: "contact" | "quote" | "newsletter", result: { status: number; held?: boolean }): void;
  /**
   * A search of the site by its normalised query, found or not; not counted when the request's
   * headers say it came from a bot or a prefetch. `client` (the client key) spends that client's
   * allowance of new queries a day.
   */
  search(query: string, found: boolean, headers: Headers, client?: string): void;
}

/** What a form service may be given instead of the whole SiteServices: tests pass just these. */
type Needs<K extends keyof SiteServices> = Pick<
  SiteServices,
  K | "db" | "logger" | "now" | "visitorMailPerHour"
> &
  // Without routing, the repository's routing file; without a time zone, SITE_TIME_ZONE's default.
  Partial<
    Pick<
      SiteServices,
      "wakeMailWorker" | "routing" | "timeZone" | "webhooks" | "fileLinkSecret" | "siteUrl" | "catalogue"
    >
  >;

/** What the contact form's service uses of the site's services. */
export type ContactServices = Needs<"salesEmail" | "mailFrom">;
/** What the newsletter's services use. */
export type NewsletterServices = Needs<"salesEmail" | "mailFrom" | "siteUrl">;
/** What the quote form's service uses. */
export type QuoteServices = Needs<"salesEmail" | "mailFrom" | "formSecret">;

/** What a loader or action gets besides the request: the services, and what is particular to this request. */
export interface RequestContext {
  services: SiteServices;
  /** A stable, non-reversible key for the client (hashed address), for per-client limits. */
  clientKey: string;
  /** This request's Content-Security-Policy nonce, carried by every inline script rendered for it. */
  cspNonce: string;
  /**
   * A post's body as a feature read it as a stream before React Router (the quote form's fields and
   * files: quoteUploadOf); absent for every other request.
   */
  streamedBody?: unknown;
  /**
   * Set when the page is rendered as a template that each request fills in later (the results page:
   * docs/decisions/0086): the placeholders, by name, its loader answers in place of a request's data.
   * Such a loader counts nothing and reads nothing of the request.
   */
  pageTemplate?: Readonly<Record<string, string>>;
}

/**
 * Where a request's RequestContext sits in the RouterContextProvider that React Router hands loaders
 * and actions as `context` (React Router 8's middleware context). The server's handler sets it for
 * each request (react-router-handler.server.ts); the handler and the routes are in one server build,
 * so they share this key. While pages are prerendered at build time nothing sets it, and it reads as
 * null.
 */
export const requestContext: RouterContext<RequestContext | null> = createContext<RequestContext | null>(
  null,
);

/** The request's context, for a loader or action that runs only on request (never while prerendering). */
export function requestContextOf(context: Readonly<RouterContextProvider>): RequestContext {
  const value = context.get(requestContext);
  if (value === null) {
    throw new Error("no request context: this loader or action runs on request only, not while prerendering");
  }
  return value;
}
