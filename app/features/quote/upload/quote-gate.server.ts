import type { IncomingMessage, ServerResponse } from "node:http";
import type { SiteServices } from "~/load-context";
import type { StreamedPost } from "~/server/http/pipeline.server";
import { ClientAbortedError } from "~/server/http/react-router-handler.server";
import { markQuiet } from "~/server/http/responses.server";
import type { Logger } from "~/server/logger.server";
import { quoteLimitBeforeBody } from "../server/quote-limits.server";
import { checkFormStart } from "../server/quote-token.server";
import {
  MAX_QUOTE_BODY_BYTES,
  parseQuoteUpload,
  type QuoteUpload,
  UploadAbortedError,
  uploadLimits,
} from "./quote-upload.server";
import { type QuoteUploadError, tokenRefused } from "./upload-errors.server";
import type { FileSpace, UploadSlots } from "./upload-slots.server";
import { DEFAULT_SPOOL_PARENT, openSpool, prepareSpoolParent } from "./upload-spool.server";
import { watchUploadTime } from "./upload-time.server";

/*
 * What a quote post goes through while its body is read, and how (docs/decisions/0020-quote-uploads-under-attack.md,
 * docs/decisions/0050-upload-slots-for-files-only.md):
 * 1. the client's per-client limits, when the request starts: over one, 429 and no byte of the body read;
 * 2. the form's token, checked the moment it arrives (the form sends it first): refused, no file byte
 *    is read; a file sent before it is refused at once;
 * 3. an upload slot, taken only as the first file's bytes begin (a post without files needs none):
 *    without one, its text is read but no file byte (503 or 429 as the file begins); with one, a
 *    folder of its own on disk for the files, removed when the answer is done. The slot is given back
 *    then, or as soon as the files stall.
 * The result goes to the route as context.streamedBody (quoteUploadOf), which answers it.
 */

export interface QuoteGateOptions {
  services: Pick<SiteServices, "db" | "logger" | "formSecret">;
  /** The per-client limits' key of a request (IPv6 by /64). */
  clientKey: (req: IncomingMessage) => string;
  slots: UploadSlots;
  /** The whole upload's ceiling (QUOTE_UPLOAD_TIMEOUT_MS). */
  timeoutMs?: number;
  /** The longest wait for an upload's next bytes (QUOTE_UPLOAD_STALL_MS). */
  stallMs?: number;
  /** Where upload folders go; DEFAULT_SPOOL_PARENT unless a test says otherwise. */
  spoolParent?: string;
}

/**
 * Nothing of the body is read: answered now, the rest read and dropped within the time limits (its
 * bytes must keep coming, and end by the ceiling), else the connection is closed.
 */
function refuseUnread(
  req: IncomingMessage,
  problem: QuoteUploadError,
  timeoutMs: number,
  stallMs: number,
): QuoteUpload {
  const timers = watchUploadTime(req, { timeoutMs, stallMs }, () => req.destroy());
  const done = () => timers.stop();
  req.once("end", done);
  req.once("close", done);
  req.resume();
  return { fields: {}, files: [], error: problem, complete: true };
}

export function createQuoteGate(options: QuoteGateOptions) {
  const { services, slots } = options;
  const { logger } = services;
  const parent = options.spoolParent ?? DEFAULT_SPOOL_PARENT;
  const prepare = spoolParentPreparer(parent, logger);
  const noteBusy = busyNotice(logger, slots);

  /** Reads a quote post under the rules above; rejects with UploadAbortedError when the client goes. */
  return async function readQuotePost(req: IncomingMessage, res: ServerResponse): Promise<QuoteUpload> {
    const answer = answerCloses(res);
    const client = options.clientKey(req);

    const limited = await quoteLimitBeforeBody(services.db, client, new Date()).catch((error: unknown) => {
      // Read on; counting the post (submitQuote) needs the database too, and answers 500 without it.
      logger.error({ err: error }, "quote per-client limit could not be read");
      return null;
    });
    if (answer.closed()) throw new UploadAbortedError();
    if (limited) {
      const { timeoutMs, stallMs } = uploadLimits(options);
      return refuseUnread(req, limited, timeoutMs, stallMs);
    }

    const takeFileSpace = (): FileSpace => {
      const slot = slots.take(client);
      if (!slot.ok) {
        if (slot.refusal.status === 503) {
          // One warning a minute for the flood (noteBusy), not a request line per refusal.
          markQuiet(res);
          noteBusy();
        }
        return slot;
      }
      answer.onClose(slot.release);
      const spool = prepare()
        .then(() => openSpool(parent))
        .then((opened) => {
          answer.onClose(() => {
            opened
              .remove()
              .catch((error: unknown) =>
                logger.error({ err: error }, "a quote upload folder could not be removed"),
              );
          });
          return opened;
        });
      spool.catch((error: unknown) =>
        logger.error({ err: error }, "a quote upload folder could not be made"),
      );
      return { ok: true, spool, release: slot.release };
    };
    return parseQuoteUpload(req, {
      timeoutMs: options.timeoutMs,
      stallMs: options.stallMs,
      takeFileSpace,
      checkToken: (token) => {
        const check = checkFormStart(token, services.formSecret, new Date());
        return check === "ok" ? null : tokenRefused(check);
      },
    });
  };
}

/** Readies the spool's parent folder once (removing what a stopped process left); tried again after a failure. */
function spoolParentPreparer(parent: string, logger: Logger): () => Promise<void> {
  let prepared: Promise<void> | undefined;
  return () => {
    prepared ??= prepareSpoolParent(parent).then(
      ({ removed }) => {
        if (removed > 0)
          logger.info({ removed }, "removed quote upload folders a stopped process left behind");
      },
      (error: unknown) => {
        prepared = undefined;
        throw error;
      },
    );
    return prepared;
  };
}

/**
 * A flood of uploads while every slot is taken is one incident, not one error line per post: a
 * warning when it starts, then at most one a minute with the count since.
 */
function busyNotice(logger: Logger, slots: { readonly inUse: number }): () => void {
  let lastBusyLog = 0;
  let busySince = 0;
  return () => {
    const now = Date.now();
    busySince += 1;
    if (now - lastBusyLog < 60_000) return;
    logger.warn(
      { refused: busySince, slotsInUse: slots.inUse },
      "quote uploads refused: every upload slot is taken",
    );
    lastBusyLog = now;
    busySince = 0;
  };
}

/** Whether the answer's connection has closed, and what to run when it does (at once if it has). */
function answerCloses(res: ServerResponse): { closed(): boolean; onClose(run: () => void): void } {
  let closed = false;
  const whenClosed: Array<() => void> = [];
  res.once("close", () => {
    closed = true;
    for (const run of whenClosed) run();
  });
  return {
    closed: () => closed,
    onClose: (run) => {
      if (closed) run();
      else whenClosed.push(run);
    },
  };
}

/** The quote posts (/quote, /api/quote), read by the gate before React Router (see StreamedPost). */
export function quoteStreamedPost(options: QuoteGateOptions): StreamedPost {
  const readQuotePost = createQuoteGate(options);
  return {
    maxBodyBytes: MAX_QUOTE_BODY_BYTES,
    async read(req, res) {
      const upload = await readQuotePost(req, res).catch((error: unknown) => {
        throw error instanceof UploadAbortedError ? new ClientAbortedError() : error;
      });
      return { body: upload, complete: upload.complete };
    },
  };
}
