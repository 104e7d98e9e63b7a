import net from "node:net";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";

/**
 * HTTP/1.1 over a bare socket, for requests that fetch and Playwright refuse to send or quietly repair:
 * a malformed or missing Host, two Host lines, targets that are not origin-form, unnormalised paths.
 */

/** Header lines in the order they are written; a name may repeat, and nothing is added. */
export type HeaderLines = Array<[string, string]>;

export interface RawRequest {
  method: string;
  target: string;
  headers: HeaderLines;
  body?: string | Buffer;
  /** Default HTTP/1.1. */
  version?: string;
}

export interface RawResponse {
  status: number;
  /** Lower-case names; repeated headers keep every value. */
  headers: Record<string, string[]>;
  body: Buffer;
  /** From the first byte written to the last byte of the answer read. */
  ms: number;
}

/** What came back: an answer, or why there was none (the connection dropped, or nothing in time). */
export type RawOutcome =
  | ({ ok: true } & RawResponse)
  | { ok: false; error: string; ms: number; received: string };

export interface RawOptions {
  host?: string;
  /** Source address, e.g. 127.0.0.2, to stand for a second client on this machine. */
  localAddress?: string;
  timeoutMs?: number;
}

export function serializeRequest(request: RawRequest): Buffer {
  const head = [
    `${request.method} ${request.target} ${request.version ?? "HTTP/1.1"}`,
    ...request.headers.map(([name, value]) => `${name}: ${value}`),
  ].join("\r\n");
  const body =
    typeof request.body === "string" ? Buffer.from(request.body) : (request.body ?? Buffer.alloc(0));
  return Buffer.concat([Buffer.from(`${head}\r\n\r\n`, "latin1"), body]);
}

/** Decodes a chunked body; null while it is incomplete. */
function dechunk(data: Buffer): Buffer | null {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf("\r\n", at);
    if (lineEnd < 0) return null;
    const size = Number.parseInt(data.subarray(at, lineEnd).toString("latin1").split(";")[0] ?? "", 16);
    if (!Number.isFinite(size)) throw new Error("malformed chunk size");
    at = lineEnd + 2;
    if (size === 0) return data.indexOf("\r\n\r\n", at - 2) >= 0 ? Buffer.concat(parts) : null;
    if (data.length < at + size + 2) return null;
    parts.push(data.subarray(at, at + size));
    at += size + 2;
  }
}

/**
 * The first final answer in `data`, or null while more bytes are needed. `closed` says the server has
 * closed its side, which ends a body that has neither a length nor chunks.
 */
function parseResponse(data: Buffer, method: string, closed: boolean): Omit<RawResponse, "ms"> | null {
  let start = 0;
  for (;;) {
    const headEnd = data.indexOf("\r\n\r\n", start);
    if (headEnd < 0) return null;
    const [statusLine = "", ...lines] = data.subarray(start, headEnd).toString("latin1").split("\r\n");
    const match = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
    if (!match) throw new Error(`not an HTTP answer: ${JSON.stringify(statusLine.slice(0, 80))}`);
    const status = Number(match[1]);
    const headers: Record<string, string[]> = {};
    for (const line of lines) {
      const colon = line.indexOf(":");
      const name = line.slice(0, colon).trim().toLowerCase();
      headers[name] = [...(headers[name] ?? []), line.slice(colon + 1).trim()];
    }
    const rest = data.subarray(headEnd + 4);
    // 100 Continue and other interim answers come before the real one.
    if (status >= 100 && status < 200 && status !== 101) {
      start = headEnd + 4;
      continue;
    }
    if (method === "HEAD" || status === 204 || status === 304)
      return { status, headers, body: Buffer.alloc(0) };
    if ((headers["transfer-encoding"]?.join(",") ?? "").toLowerCase().includes("chunked")) {
      const body = dechunk(rest);
      return body ? { status, headers, body } : null;
    }
    const length = headers["content-length"]?.[0];
    if (length !== undefined) {
      const bytes = Number(length);
      return rest.length >= bytes ? { status, headers, body: rest.subarray(0, bytes) } : null;
    }
    return closed ? { status, headers, body: rest } : null;
  }
}

/** Sends one request on a fresh connection and reads the first answer; never rejects. */
export function rawRequest(
  port: number,
  request: RawRequest | Buffer,
  options: RawOptions = {},
): Promise<RawOutcome> {
  const bytes = Buffer.isBuffer(request) ? request : serializeRequest(request);
  const method = Buffer.isBuffer(request) ? (bytes.toString("latin1").split(" ")[0] ?? "") : request.method;
  const started = performance.now();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let settled = false;
    const socket = net.connect({
      port,
      host: options.host ?? "127.0.0.1",
      ...(options.localAddress ? { localAddress: options.localAddress } : {}),
    });
    const finish = (outcome: RawOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(outcome);
    };
    const fail = (error: string) =>
      finish({
        ok: false,
        error,
        ms: performance.now() - started,
        received: Buffer.concat(chunks).toString("latin1").slice(0, 300),
      });
    const attempt = (closed: boolean) => {
      try {
        const parsed = parseResponse(Buffer.concat(chunks), method, closed);
        if (parsed) finish({ ok: true, ...parsed, ms: performance.now() - started });
        else if (closed) fail("connection closed before a complete answer");
      } catch (error) {
        fail(error instanceof Error ? error.message : String(error));
      }
    };
    const timer = setTimeout(
      () => fail(`no answer in ${options.timeoutMs ?? 10_000} ms`),
      options.timeoutMs ?? 10_000,
    );
    socket.on("connect", () => socket.write(bytes));
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      attempt(false);
    });
    // The server may close its side right after answering; the answer is still whole.
    socket.on("end", () => attempt(true));
    socket.on("close", () => attempt(true));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (chunks.length > 0) attempt(true);
      if (!settled) fail(`socket error ${error.code ?? error.message}`);
    });
  });
}

/** The one value of a header, or undefined; several values are joined as HTTP would fold them. */
export function headerOf(response: RawResponse, name: string): string | undefined {
  return response.headers[name.toLowerCase()]?.join(", ");
}

/** The body as text, undoing a Content-Encoding the server chose (gzip, br, deflate). */
export function bodyText(response: RawResponse): string {
  const encoding = headerOf(response, "content-encoding")?.trim().toLowerCase();
  const decode = { gzip: gunzipSync, br: brotliDecompressSync, deflate: inflateSync }[encoding ?? ""];
  if (!decode || response.body.length === 0) return response.body.toString("utf8");
  try {
    return decode(response.body).toString("utf8");
  } catch {
    return `(a body that does not decode as ${encoding})`;
  }
}

/** A printable one-liner of an outcome, for assertion messages. */
export function describeOutcome(outcome: RawOutcome | RawResponse): string {
  if ("ok" in outcome && !outcome.ok)
    return `no answer (${outcome.error}) after ${outcome.ms.toFixed(0)} ms; got ${JSON.stringify(outcome.received)}`;
  return `${outcome.status} in ${outcome.ms.toFixed(0)} ms: ${bodyText(outcome).slice(0, 200)}`;
}

/** What a client that sends its request slowly saw: when the server ended the connection, and what it said. */
export interface TrickleOutcome {
  /** From the first byte written until the server closed the connection (or the wait ran out). */
  ms: number;
  /** Whether the server closed the connection before `timeoutMs`. */
  closed: boolean;
  /** The HTTP status of what the server wrote before closing, if anything. */
  status?: number;
  /** How many of the pieces were written before the server closed. */
  written: number;
}

/**
 * Writes `pieces` one at a time, `intervalMs` apart, on a fresh connection, the way a slow (or
 * hostile) client sends its request, and waits until the server closes the connection, at most
 * `timeoutMs`. The pieces need not make a whole request: a client that never finishes is the point.
 */
export function trickleRequest(
  port: number,
  pieces: Array<string | Buffer>,
  intervalMs: number,
  timeoutMs: number,
): Promise<TrickleOutcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let written = 0;
    let settled = false;
    let ticker: NodeJS.Timeout | undefined;
    const socket = net.connect({ port, host: "127.0.0.1" });
    const finish = (closed: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(limit);
      clearInterval(ticker);
      socket.destroy();
      const head = /^HTTP\/1\.[01] (\d{3})/.exec(Buffer.concat(chunks).toString("latin1"));
      resolve({
        ms: performance.now() - started,
        closed,
        written,
        ...(head ? { status: Number(head[1]) } : {}),
      });
    };
    const limit = setTimeout(() => finish(false), timeoutMs);
    const writeNext = () => {
      const piece = pieces[written];
      if (piece === undefined || socket.destroyed) return;
      written += 1;
      socket.write(piece);
    };
    socket.on("connect", () => {
      writeNext();
      ticker = setInterval(writeNext, intervalMs);
    });
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("end", () => finish(true));
    socket.on("close", () => finish(true));
    // A reset after the server's answer is still the server ending the connection.
    socket.on("error", () => finish(true));
  });
}

/** The headers that must not differ between a page's 200, its 304 and its HEAD (body and length aside). */
export const HEADERS_REPEATED_ON_304 = [
  "content-security-policy",
  "x-content-type-options",
  "referrer-policy",
  "x-frame-options",
  "cross-origin-opener-policy",
  "permissions-policy",
  "strict-transport-security",
  "cache-control",
  "etag",
  "vary",
  "content-type",
] as const;
