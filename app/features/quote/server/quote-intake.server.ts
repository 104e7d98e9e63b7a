import { readFile } from "node:fs/promises";
import type { Kysely } from "kysely";
import { ATTRIBUTION_FIELD } from "~/features/leads/attribution/attribution";
import type { LeadColumns, LeadForm } from "~/features/leads/intake/intake-form.server";
import type { QuoteRoute } from "~/features/leads/routing/routing.server";
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
  type QuoteInput,
  type QuoteValues,
  quoteValuesFromFields,
} from "~/features/quote/quote";
import { withPastedRows } from "~/features/quote/quote-paste";
import type { QuoteServices } from "~/load-context";
import type { DB } from "~/server/db/schema.server";
import { storeFile } from "~/server/mail/outbox.server";
import { tooManyRequests } from "~/server/rate-limit.server";
import { type QuoteUpload, type QuoteUploadFile, UPLOAD_ERRORS } from "../upload/quote-upload.server";
import { type QuoteFollowUps, queueQuoteFollowUps, routeOf } from "./quote-follow-ups.server";
import { countQuotePost } from "./quote-limits.server";
import { checkFormStart } from "./quote-token.server";

/*
 * The quote form as the lead intake runs it (app/features/leads/intake/intake.server.ts): how a quote post is
 * read (its upload, its start time, its pasted rows), its rows (the request, its items, its files) and
 * its follow-ups. The steps and their order are the intake's.
 */

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

/** A quote post as the intake takes it: the upload, what was typed, and whether its files came too late. */
export interface QuotePost {
  upload: QuoteUpload;
  /** What was typed, to fill the form again. */
  typed: QuoteValues;
  /**
   * A line too slow or stalled: the request is kept without the files, if what arrived is whole. ('Add
   * item' without JavaScript stores nothing; the send button's own field comes after the files.)
   */
  filesLate: boolean;
}

export function quotePostOf(upload: QuoteUpload): QuotePost {
  return {
    upload,
    typed: quoteValuesFromFields(upload.fields),
    filesLate:
      upload.error === UPLOAD_ERRORS.timeout &&
      !QUOTE_ROW_INTENTS.includes(upload.fields[QUOTE_INTENT_FIELD] ?? ""),
  };
}

/** A checked quote request with what the intake stores beside it. */
export interface QuoteLeadInput {
  quote: QuoteInput;
  /** What was typed with the pasted rows added, to fill the form again. */
  values: QuoteValues;
  route: QuoteRoute;
  /** The files that arrived whole, waiting on disk. */
  files: readonly QuoteUploadFile[];
  filesNotArrived: string[];
}

type StoredQuoteFile = { id: number; name: string; contentType: string; size: number };

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

function parseQuotePost(
  deps: QuoteServices,
  { upload, typed, filesLate }: QuotePost,
  clientKey: string,
): { ok: true; lead: QuoteLeadInput } | { ok: false; answer: QuoteResult } {
  const values = withPastedRows(typed);
  const parsed = parseQuote(values);
  if (filesLate && !parsed.success) {
    deps.logger.warn({ clientKey, status: 408 }, "quote upload timed out before the request was whole");
    return { ok: false, answer: { ok: false, ...UPLOAD_ERRORS.timeout, values: typed } };
  }
  if (!parsed.success) {
    return {
      ok: false,
      answer: { ok: false, status: 400, ...parsed.error, fieldErrors: parsed.fieldErrors, values },
    };
  }
  const quote = parsed.data;
  return {
    ok: true,
    lead: {
      quote,
      values,
      route: routeOf(deps, quote),
      files: filesLate ? [] : upload.files,
      filesNotArrived: filesLate
        ? (upload.unfinishedFiles ?? [])
        : namesNotSent(upload.fields[QUOTE_FILES_NOT_SENT_FIELD]),
    },
  };
}

/** The request's row and its items. */
async function insertRequest(trx: Kysely<DB>, quote: QuoteInput, columns: LeadColumns): Promise<number> {
  const request = await trx
    .insertInto("quote_requests")
    .values({
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
      ...columns,
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
  return request.id;
}

/** The request's files, one in memory at a time, read from where each waited on disk. */
async function insertFiles(
  trx: Kysely<DB>,
  requestId: number,
  files: readonly QuoteUploadFile[],
  now: Date,
): Promise<StoredQuoteFile[]> {
  const stored: StoredQuoteFile[] = [];
  for (const [position, file] of files.entries()) {
    const content = await readFile(file.path);
    const fileId = await storeFile(
      trx,
      { fileName: file.fileName, contentType: file.type.contentType, content },
      now,
    );
    await trx
      .insertInto("quote_files")
      .values({ request_id: requestId, position, file_id: fileId })
      .execute();
    stored.push({
      id: fileId,
      name: file.fileName,
      contentType: file.type.contentType,
      size: content.length,
    });
  }
  return stored;
}

export const quoteForm: LeadForm<
  QuoteServices,
  QuotePost,
  QuoteLeadInput,
  { id: number; files: StoredQuoteFile[] },
  QuoteFollowUps,
  QuoteResult
> = {
  kind: "quote",
  referencePrefix: "Q",
  names: { form: "quote form", lead: "quote request" },
  // Every post that sends the request counts, refused or not, but for the server's own refusals.
  limit: { per: "post", count: (deps, clientKey, now) => countQuotePost(deps.db, clientKey, now) },
  serverRefusal({ logger }, { upload, typed }, clientKey) {
    // Every upload slot taken, or our disk failing: the server's doing, not counted against the client
    // (the busy refusals are logged by the pipeline, once a minute).
    if (!upload.error || upload.error.status < 500) return undefined;
    if (upload.error.status === 500) logger.error({ clientKey }, "quote upload could not be kept on disk");
    return { ok: false, ...upload.error, values: typed };
  },
  postRefusal({ logger }, { upload, typed, filesLate }, clientKey) {
    if (!upload.error || filesLate) return undefined;
    logger.warn(
      { clientKey, status: upload.error.status, problem: upload.error.title },
      "quote upload refused",
    );
    return { ok: false, ...upload.error, values: typed };
  },
  isHoneypotFilled: ({ upload }) => (upload.fields[QUOTE_HONEYPOT_FIELD] ?? "").trim() !== "",
  fillTime(deps, { upload, typed }, clientKey, now) {
    const started = checkFormStart(upload.fields[QUOTE_TOKEN_FIELD], deps.formSecret, now);
    if (started === "ok") return undefined;
    deps.logger.warn({ clientKey, check: started }, "quote form: start time check failed");
    return {
      ok: false,
      status: 400,
      ...(started === "expired" ? QUOTE_EXPIRED : QUOTE_TOO_FAST),
      values: typed,
    };
  },
  parse: parseQuotePost,
  attributionField: ({ upload }) => upload.fields[ATTRIBUTION_FIELD],
  spamInput: ({ quote }) => ({
    name: quote.name,
    company: quote.company,
    email: quote.email,
    // A quote's "message" is what its rows ask for.
    message: quote.items.map((item) => [item.description, item.notes ?? ""].join(" ")).join("\n"),
    // Only the notes are free text to compare: item lines are what buyers of a stock item share.
    repeatText: quote.items.map((item) => item.notes ?? "").join("\n"),
  }),
  async insert(trx, lead, columns, now) {
    const id = await insertRequest(trx, lead.quote, columns);
    return { id, files: await insertFiles(trx, id, lead.files, now) };
  },
  followUps: (trx, deps, { id, reference, receivedAt, attribution, lead, row }, now) =>
    queueQuoteFollowUps(
      trx,
      deps,
      {
        requestId: id,
        reference,
        receivedAt,
        quote: lead.quote,
        files: row.files,
        filesNotArrived: lead.filesNotArrived,
        attribution,
      },
      now,
    ),
  logFacts: ({ id, reference, lead }, queued) => ({
    requestId: id,
    reference,
    ...queued,
    items: lead.quote.items.length,
    files: lead.files.length,
    filesNotArrived: lead.filesNotArrived.length,
    branch: lead.route.branch?.id ?? null,
  }),
  answers: {
    accepted: (reference, lead) => ({
      ok: true,
      status: 200,
      ...QUOTE_SUCCESS,
      reference,
      ...(lead && lead.filesNotArrived.length > 0 ? { filesNotArrived: lead.filesNotArrived } : {}),
    }),
    limited: (limited, { typed }) => ({ ...tooManyRequests(limited), values: typed }),
    failed: ({ typed }, lead) => ({
      ok: false,
      status: 500,
      ...QUOTE_FAILURE,
      values: lead?.values ?? typed,
    }),
  },
};
