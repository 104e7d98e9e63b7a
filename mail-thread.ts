/**
 * The mail thread's entry, bundled beside server.js: the real mail transport (SMTP or .eml files),
 * answering the server's send requests (app/server/mail/transport-thread.server.ts).
 */
import { parentPort, workerData } from "node:worker_threads";
import { createLogger } from "~/server/logger.server";
import { createTransport } from "~/server/mail/transport.server";
import { serveTransport, type TransportThreadData } from "~/server/mail/transport-thread.server";

if (!parentPort) throw new Error("mail-thread.js runs as a worker thread of the server");
const { env, isTTY } = workerData as TransportThreadData;
const logger = createLogger(env.LOG_LEVEL, { fd: 1, isTTY }).child({ thread: "mail" });
serveTransport(parentPort, createTransport(env, { logger }));
