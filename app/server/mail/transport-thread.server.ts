import { type MessagePort, Worker } from "node:worker_threads";
import type { Env } from "~/server/env.server";
import type { Logger } from "~/server/logger.server";
import type { MailTransport, OutgoingMail, SendResult } from "~/server/mail/transport.server";

/**
 * The mail transport on a thread of its own (docs/decisions/0016-off-the-event-loop.md): building a
 * MIME message and writing it to an SMTP peer or a file is CPU the request path does not have to
 * share. The mail worker still claims and records messages on the main thread, in the database's one
 * write queue; only `send` crosses to the thread, as a message with the e-mail and its attachments.
 *
 * Attachments are moved to the thread, not copied (docs/decisions/0025-attachment-memory.md): the
 * memory of each attachment that is the whole of its buffer goes with the message, and the caller's
 * Buffer is left empty. A copy (what postMessage makes of anything it is not told to transfer) cost
 * twice the file's size per message: once serialised, once rebuilt on the thread.
 */

/** What the thread is started with: the transport's settings, and how to log. */
export interface TransportThreadData {
  env: Pick<Env, "SMTP_URL" | "MAIL_DIR" | "LOG_LEVEL">;
  /** Whether the server's stdout is a terminal (a thread's own process.stdout never is). */
  isTTY: boolean;
}

type Request = { id: number; mail: OutgoingMail };
/** A send's outcome; an error travels as its fields (a structured clone keeps only message and name). */
type Reply = { id: number; result: SendResult } | { id: number; error: TransportErrorFields };

interface TransportErrorFields {
  message: string;
  name?: string;
  code?: string;
  response?: string;
  responseCode?: number;
}

function errorFields(error: unknown): TransportErrorFields {
  if (!(error instanceof Error)) return { message: String(error) };
  const { code, response, responseCode } = error as Error & Partial<Record<string, unknown>>;
  return {
    message: error.message,
    name: error.name,
    code: typeof code === "string" ? code : undefined,
    response: typeof response === "string" ? response : undefined,
    responseCode: typeof responseCode === "number" ? responseCode : undefined,
  };
}

function errorFrom(fields: TransportErrorFields): Error {
  const { message, ...rest } = fields;
  return Object.assign(new Error(message), rest);
}

/** Runs in the thread: answers each send request with the real transport's result. */
export function serveTransport(port: MessagePort, transport: MailTransport): void {
  port.on("message", (request: Request) => {
    const { attachments } = request.mail;
    // A Buffer arrives as a plain Uint8Array; nodemailer takes Buffers.
    const mail: OutgoingMail = attachments
      ? {
          ...request.mail,
          attachments: attachments.map((file) => ({
            ...file,
            content: Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength),
          })),
        }
      : request.mail;
    transport.send(mail).then(
      (result) => port.postMessage({ id: request.id, result } satisfies Reply),
      (error: unknown) => port.postMessage({ id: request.id, error: errorFields(error) } satisfies Reply),
    );
  });
}

/**
 * The memory of the attachments that can move to the thread with the message: each one whose Buffer
 * spans its whole ArrayBuffer. A Buffer that is a view into a larger one (Node's pool of small
 * Buffers, a slice) is copied instead: moving it would take away bytes that are not its own.
 */
export function transferableAttachments(mail: OutgoingMail): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const { content } of mail.attachments ?? []) {
    const { buffer, byteOffset, byteLength } = content;
    if (
      buffer instanceof ArrayBuffer &&
      byteOffset === 0 &&
      byteLength === buffer.byteLength &&
      byteLength > Buffer.poolSize
    )
      buffers.add(buffer);
  }
  return [...buffers];
}

/**
 * A MailTransport whose sends run in the thread started from `script` (the bundled thread entry). A
 * thread that dies fails the sends in flight (the worker retries them like any failed send, reading
 * the attachments again) and is started again for the next one. `send` takes the attachments' memory
 * with it (see transferableAttachments): the caller must not read them afterwards.
 */
export function createThreadedTransport(
  script: string | URL,
  data: TransportThreadData,
  logger: Logger,
): MailTransport {
  const pending = new Map<number, { resolve(result: SendResult): void; reject(error: Error): void }>();
  let nextId = 1;
  let thread: Worker | undefined;

  function failAll(error: Error): void {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  }

  function start(): Worker {
    const started = new Worker(script, { workerData: data });
    // Never keeps the process alive: the mail worker waits for its sends before the server exits.
    started.unref();
    started.on("message", (reply: Reply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if ("result" in reply) waiting.resolve(reply.result);
      else waiting.reject(errorFrom(reply.error));
    });
    started.on("error", (error) => {
      logger.error({ err: error }, "the mail thread failed; it starts again for the next message");
    });
    started.on("exit", (code) => {
      if (thread === started) thread = undefined;
      failAll(new Error(`the mail thread exited (code ${code})`));
    });
    return started;
  }

  // Started at once, so that the transport's own start-up line (SMTP, or files instead) is logged when
  // the server starts, not with the first message.
  thread = start();
  return {
    kind: data.env.SMTP_URL ? "smtp" : "file",
    send(mail) {
      thread ??= start();
      const id = nextId++;
      const active = thread;
      return new Promise<SendResult>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        const request = { id, mail } satisfies Request;
        try {
          try {
            active.postMessage(request, transferableAttachments(mail));
          } catch (error) {
            // A buffer Node refuses to move (one marked untransferable) is copied like the rest.
            if (!(error instanceof Error && error.name === "DataCloneError")) throw error;
            active.postMessage(request);
          }
        } catch (error) {
          pending.delete(id);
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    },
    close() {
      const closing = thread;
      thread = undefined;
      void closing?.terminate();
    },
  };
}
