import { readFile } from "node:fs/promises";
import { ATTRIBUTION_FIELD, type LeadPostOrigin, parseAttribution } from "~/features/leads/attribution";
import { storeAttribution } from "~/features/leads/attribution.server";
import { requestPostOrigin } from "~/features/leads/form-request.server";
import { logHeld } from "~/features/leads/held.server";
import { newReference, withFreshReference } from "~/features/leads/reference.server";
import { heldColumns, scoreLead } from "~/features/leads/spam.server";
import { wakeWorkersForLead } from "~/features/leads/webhook-events.server";
import {
  hasDetails,
  hasLabelDetails,
  parseQuote,
  QUOTE_EXPIRED,
  QUOTE_FAILURE,
  QUOTE_FILES_NOT_SENT_FIELD,
  QUOTE_HONEYPOT_FIELD,
  QUOTE_INTENT_FIELD,
  QUOTE_MAX_FILES,
  QUOTE_ROW_INTENTS,
  QUOTE_SUCCESS,
  QUOTE_TOKEN_FIELD,
  QUOTE_TOO_FAST,
  type QuoteFieldErrors,
  type QuoteValues,
  quoteValuesFromFields,
} from "~/features/quote/quote";
import { withPastedRows } from "~/features/quote/quote-paste";
import type { QuoteServices, RequestContext } from "~/load-context";
import { writeTransaction } from "~/server/db/database.server";
import { isoTime } from "~/server/db/schema.server";
import { storeFile } from "~/server/mail/outbox.server";
import { tooManyRequests } from "~/server/rate-limit.server";
import { queueQuoteFollowUps, routeOf } from "./quote-follow-ups.server";
import { countQuotePost } from "./quote-limits.server";
import { checkFormStart } from "./quote-token.server";
import { type QuoteUpload, UPLOAD_ERRORS } from "./quote-upload.server";

/** The file names the browser could not send (QUOTE_FILES_NOT_SENT_FIELD), one a line, each kept short. */
function namesNotSent(value: string | undefined): string[] {
  return (value ?? "")
    .split(/\r?\n/)
    .map((name) =>
      name
        .replace(/[\p{Cc}\p{Cf}]/gu, "")
        .trim()
        .slice(0, 120),
    )
    .filter(Boolean)
    .slice(0, QUOTE_MAX_FILES);
}

export { QUOTE_CLIENT_LIMIT } from "./quote-limits.server";

export type QuoteResult =
  | {
      ok: true;
      status: 200;
      title: string;
      message: string;
      reference: string;
      /** The files chosen that did not arrive: the request was stored and sent without them. */
      filesNotArrived?: string[];
      /** Stored but held aside as likely spam: answered as a success (docs/spam.md). */
      held?: boolean;
    }
  | {
      ok: false;
      status: 400 | 408 | 413 | 429 | 500 | 503;
      title: string;
      message: string;
      /** Messages per field (`email`, `items.2.quantity`, `files`), for the messages beside the fields. */
      fieldErrors?: QuoteFieldErrors;
      /** What was typed, to fill the form again. */
      values: QuoteValues;
      retryAfterSeconds?: number;
    };

/**
 * Handles one quote post (docs/quotes.md): the per-client limit (every post counts, refused or not,
 * but for the server's own refusals), the upload's own errors, the honeypot, the minimum fill time,
 * validation; then the request, its items and files (read from disk one at a time), the sales
 * notification with the files and the buyer's acknowledgement are stored in one transaction.
 */
export async function submitQuote(
  deps: QuoteServices,
  upload: QuoteUpload,
  clientKey: string,
  origin?: LeadPostOrigin,
): Promise<QuoteResult> {
  const { db, logger } = deps;
  const now = deps.now?.() ?? new Date();
  const typed = quoteValuesFromFields(upload.fields);

  // Every upload slot taken, or our disk failing: the server's doing, not counted against the client
  // (the busy refusals are logged by the pipeline, once a minute).
  if (upload.error && upload.error.status >= 500) {
    if (upload.error.status === 500) logger.error({ clientKey }, "quote upload could not be kept on disk");
    return { ok: false, ...upload.error, values: typed };
  }
  try {
    const limit = await countQuotePost(db, clientKey, now);
    if (!limit.allowed) {
      if (!limit.repeated)
        logger.warn({ clientKey, count: limit.count }, "quote form: per-client limit reached");
      return { ...tooManyRequests(limit), values: typed };
    }
  } catch (error) {
    logger.error({ err: error, clientKey }, "quote request could not be counted");
    return { ok: false, status: 500, ...QUOTE_FAILURE, values: typed };
  }
  // A line too slow or stalled: the request is kept without the files, if what arrived is whole.
  // ('Add item' without JavaScript stores nothing; the send button's own field comes after the files.)
  const filesLate =
    upload.error === UPLOAD_ERRORS.timeout &&
    !QUOTE_ROW_INTENTS.includes(upload.fields[QUOTE_INTENT_FIELD] ?? "");
  if (upload.error && !filesLate) {
    logger.warn(
      { clientKey, status: upload.error.status, problem: upload.error.title },
      "quote upload refused",
    );
    return { ok: false, ...upload.error, values: typed };
  }
  if ((upload.fields[QUOTE_HONEYPOT_FIELD] ?? "").trim() !== "") {
    logger.info({ clientKey }, "quote form honeypot filled: answered as success, nothing stored or sent");
    return { ok: true, status: 200, ...QUOTE_SUCCESS, reference: newReference("Q") };
  }
  const started = checkFormStart(upload.fields[QUOTE_TOKEN_FIELD], deps.formSecret, now);
  if (started !== "ok") {
    logger.warn({ clientKey, check: started }, "quote form: start time check failed");
    return {
      ok: false,
      status: 400,
      ...(started === "expired" ? QUOTE_EXPIRED : QUOTE_TOO_FAST),
      values: typed,
    };
  }

  const values = withPastedRows(typed);
  const parsed = parseQuote(values);
  if (filesLate && !parsed.success) {
    logger.warn({ clientKey, status: 408 }, "quote upload timed out before the request was whole");
    return { ok: false, ...UPLOAD_ERRORS.timeout, values: typed };
  }
  if (!parsed.success) {
    return { ok: false, status: 400, ...parsed.error, fieldErrors: parsed.fieldErrors, values };
  }
  const quote = parsed.data;
  const route = routeOf(deps, quote);
  const filesNotArrived = filesLate
    ? (upload.unfinishedFiles ?? [])
    : namesNotSent(upload.fields[QUOTE_FILES_NOT_SENT_FIELD]);
  const files = filesLate ? [] : upload.files;
  const attribution = parseAttribution(upload.fields[ATTRIBUTION_FIELD], origin?.refererPath);

  try {
    // Scored after the checks above; a quote's "message" is what its rows ask for.
    const verdict = await scoreLead(
      db,
      "quote",
      {
        name: quote.name,
        company: quote.company,
        email: quote.email,
        message: quote.items.map((item) => [item.description, item.notes ?? ""].join(" ")).join("\n"),
        // Only the notes are free text to compare: item lines are what buyers of a stock item share.
        repeatText: quote.items.map((item) => item.notes ?? "").join("\n"),
      },
      clientKey,
      now,
    );
    const stored = await withFreshReference("Q", (reference) =>
      writeTransaction(db, async (trx) => {
        const request = await trx
          .insertInto("quote_requests")
          .values({
            reference,
            company: quote.company,
            name: quote.name,
            email: quote.email,
            phone: quote.phone,
            postal_code: quote.postalCode,
            needed_by: quote.neededBy,
            po_reference: quote.poReference,
            // Label details are kept per item (quote_items.label_details) since 0013.
            label_details: null,
            foam_details: hasDetails(quote.foam) ? JSON.stringify(quote.foam) : null,
            client_key: clientKey,
            created_at: isoTime(now),
            ...heldColumns(verdict, now),
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await trx
          .insertInto("quote_items")
          .values(
            quote.items.map((item, position) => ({
              request_id: request.id,
              position,
              area: item.area,
              description: item.description,
              quantity: item.quantity,
              unit: item.unit,
              notes: item.notes,
              label_details: hasLabelDetails(item.labels) ? JSON.stringify(item.labels) : null,
              sku: item.sku,
            })),
          )
          .execute();
        await storeAttribution(trx, { kind: "quote", id: request.id }, attribution, now);
        const storedFiles: Array<{ id: number; name: string; contentType: string; size: number }> = [];
        for (const [position, file] of files.entries()) {
          // One file in memory at a time, read from where it waited on disk.
          const content = await readFile(file.path);
          const fileId = await storeFile(
            trx,
            { fileName: file.fileName, contentType: file.type.contentType, content },
            now,
          );
          await trx
            .insertInto("quote_files")
            .values({ request_id: request.id, position, file_id: fileId })
            .execute();
          storedFiles.push({
            id: fileId,
            name: file.fileName,
            contentType: file.type.contentType,
            size: content.length,
          });
        }
        // Held as likely spam: stored with its files and reasons, nothing queued (docs/spam.md).
        if (verdict.held) return { requestId: request.id, reference, held: true as const };
        const queued = await queueQuoteFollowUps(
          trx,
          deps,
          {
            requestId: request.id,
            reference,
            receivedAt: now,
            quote,
            files: storedFiles,
            filesNotArrived,
            attribution,
          },
          now,
        );
        return { requestId: request.id, reference, ...queued };
      }),
    );
    const accepted: Extract<QuoteResult, { ok: true }> = {
      ok: true,
      status: 200,
      ...QUOTE_SUCCESS,
      reference: stored.reference,
      ...(filesNotArrived.length > 0 ? { filesNotArrived } : {}),
    };
    if ("held" in stored) {
      logHeld(logger, "quote", stored.reference, verdict);
      // The same answer as any success, and no nudge: nothing was queued.
      return { ...accepted, held: true };
    }
    logger.info(
      {
        ...stored,
        items: quote.items.length,
        files: files.length,
        filesNotArrived: filesNotArrived.length,
        branch: route.branch?.id ?? null,
      },
      "quote request stored and notification queued",
    );
    wakeWorkersForLead(deps, stored.webhooks);
    return accepted;
  } catch (error) {
    logger.error({ err: error, clientKey }, "quote request could not be stored");
    return { ok: false, status: 500, ...QUOTE_FAILURE, values };
  }
}

/**
 * A quote post as both its routes take it (/quote without JavaScript, /api/quote with it): submitted
 * with the page it was sent from (its Referer, docs/attribution.md), and its outcome counted.
 */
export async function submitQuotePost(
  request: Request,
  context: Pick<RequestContext, "services" | "clientKey">,
  upload: QuoteUpload,
): Promise<QuoteResult> {
  const { services } = context;
  const result = await submitQuote(
    services,
    upload,
    context.clientKey,
    requestPostOrigin(request, services.siteUrl),
  );
  services.counting?.formOutcome("quote", result);
  return result;
}
