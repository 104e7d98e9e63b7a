import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { parseQuoteUpload, type QuoteUpload } from "../upload/quote-upload.server";
import { tokenRefused } from "../upload/upload-errors.server";
import { createUploadSlots, type FileSpace, SLOT_ERRORS } from "../upload/upload-slots.server";
import { openSpool } from "../upload/upload-spool.server";

/*
 * What the upload parser's tests share (quote-upload-*.test.ts): multipart bodies, and a server on a
 * real socket that parses each post and answers with what it read.
 */

export const BOUNDARY = "----quoteTestBoundary7MA4YWxkTrZu0gW";
export type Part = { name: string; value: string } | { name: string; fileName: string; content: Buffer };

export function multipart(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ("value" in part) {
      chunks.push(
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        part.content,
        Buffer.from("\r\n"),
      );
    }
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

export const pdf = (size = 2000) => Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(size - 9, 0x41)]);
export const field = (name: string, value: string): Part => ({ name, value });
export const file = (fileName: string, content: Buffer): Part => ({ name: "files", fileName, content });

/**
 * The head of a multipart post to /quote announcing `length` bytes of body, with `extra` header lines
 * (each ending in CRLF) that set the test server's limits.
 */
export const quotePostHead = (length: number, extra = "") =>
  `POST /quote HTTP/1.1\r\nHost: 127.0.0.1\r\n${extra}Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${length}\r\n\r\n`;

/** The first `count` slices of `size` bytes of a body, to send a moment apart. */
export const slicesOf = (body: Buffer, count: number, size: number) =>
  Array.from({ length: count }, (_, i) => body.subarray(i * size, (i + 1) * size));

export interface UploadServer {
  /** What each post came to, in order: the upload read, or "aborted" when the body was cut off. */
  readonly results: Array<QuoteUpload | "aborted">;
  /** The port the test server listens on (127.0.0.1). */
  readonly port: number;
  /** Slots in use now (taken by posts with X-Slot). */
  readonly slotsInUse: number;
  /** The folder the uploads' own folders are made in. */
  readonly spoolParent: string;
  /** The files of the last upload as they were on disk when it was answered. */
  readonly lastOnDisk: Buffer[];
  post(
    body: Buffer,
    headers?: Record<string, string>,
  ): Promise<{
    status: number;
    body: {
      error: { title: string; message: string } | null;
      fields: Record<string, string>;
      files: Array<{ name: string; type: string; size: number }>;
      droppedFiles: number;
    };
  }>;
  /** Writes the head and then each part of the body, pausing after each; the answer as text. */
  rawRequest(head: string, bodyParts: Buffer[], pauseMs: number, end: "close" | "wait"): Promise<string>;
}

/** Runs the test server for the file's tests; call it once, at the top of the file. */
export function serveUploads(): UploadServer {
  let server: http.Server;
  let port = 0;
  const results: Array<QuoteUpload | "aborted"> = [];
  let spoolParent = "";
  let lastOnDisk: Buffer[] = [];
  // X-Slot: the upload takes one of these (one slot, one per client named by X-Client) for its files.
  const slots = createUploadSlots(1);

  beforeAll(async () => {
    spoolParent = mkdtempSync(path.join(tmpdir(), "quote-upload-test-"));
    server = http.createServer(async (req, res) => {
      const timeoutMs = Number(req.headers["x-timeout"] ?? 5000);
      // X-Stall: the longest wait for the body's next bytes.
      const stallMs = req.headers["x-stall"] ? Number(req.headers["x-stall"]) : undefined;
      // X-Refuse: the upload gets no slot for its files (upload-slots.server.ts).
      const refuse = Boolean(req.headers["x-refuse"]);
      // X-Check-Token: the form's token is checked as it arrives ("good" passes, "young" is too young).
      const checkToken = req.headers["x-check-token"]
        ? (token: string) =>
            token === "good" ? null : tokenRefused(token === "young" ? "too_fast" : "invalid")
        : undefined;
      const spool = openSpool(spoolParent);
      res.once("close", () => void spool.then((opened) => opened.remove()));
      const takeFileSpace = (): FileSpace => {
        if (refuse) return { ok: false, refusal: SLOT_ERRORS.busy };
        if (!req.headers["x-slot"]) return { ok: true, spool, release: () => undefined };
        const slot = slots.take(String(req.headers["x-client"] ?? "client"));
        if (!slot.ok) return slot;
        res.once("close", slot.release);
        return { ok: true, spool, release: slot.release };
      };
      parseQuoteUpload(req, { timeoutMs, ...(stallMs ? { stallMs } : {}), checkToken, takeFileSpace }).then(
        (upload) => {
          results.push(upload);
          lastOnDisk = upload.files.map((f) => readFileSync(f.path));
          res.writeHead(upload.error?.status ?? 200, {
            "content-type": "application/json",
            connection: "close",
          });
          res.end(
            JSON.stringify({
              error: upload.error,
              fields: upload.fields,
              droppedFiles: upload.droppedFiles ?? 0,
              unfinishedFiles: upload.unfinishedFiles ?? [],
              files: upload.files.map((f) => ({
                name: f.fileName,
                type: f.type.label,
                size: f.size,
              })),
            }),
          );
        },
        () => {
          results.push("aborted");
          res.destroy();
        },
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(spoolParent, { recursive: true, force: true });
  });

  return {
    results,
    get port() {
      return port;
    },
    get slotsInUse() {
      return slots.inUse;
    },
    get spoolParent() {
      return spoolParent;
    },
    get lastOnDisk() {
      return lastOnDisk;
    },
    async post(body, headers = {}) {
      const response = await fetch(`http://127.0.0.1:${port}/quote`, {
        method: "POST",
        headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
        body: new Uint8Array(body),
      });
      return {
        status: response.status,
        body: (await response.json()) as Awaited<ReturnType<UploadServer["post"]>>["body"],
      };
    },
    async rawRequest(head, bodyParts, pauseMs, end) {
      const socket = net.connect(port, "127.0.0.1");
      await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
      let answer = "";
      socket.on("data", (chunk) => {
        answer += chunk.toString();
      });
      const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
      socket.on("error", () => undefined);
      socket.write(head);
      for (const part of bodyParts) {
        socket.write(part);
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
      if (end === "close") socket.destroy();
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 5000))]);
      socket.destroy();
      return answer;
    },
  };
}
