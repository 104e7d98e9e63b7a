import type { WriteStream } from "node:fs";
import type { IncomingMessage } from "node:http";
import type { Writable } from "node:stream";
import { QUOTE_MAX_TOTAL_FILE_BYTES } from "~/features/quote/quote";
import { type QuoteUploadError, UPLOAD_ERRORS } from "./upload-errors.server";
import { type QuoteUpload, type QuoteUploadFile, UploadAbortedError } from "./upload-result.server";
import { type UploadTime, watchUploadTime } from "./upload-time.server";

/*
 * One quote upload's outcome while its body is read (quote-upload.server.ts): what it has kept so far,
 * its first error, and when and how its promise is settled. The parser's steps report to it; it
 * settles once: when the body and the parser are done and every file is on disk, at the first
 * violation once the body has ended, at once for an early answer (the rest of the body is read and
 * dropped under the time limits), or when the time limits run out.
 */

export interface UploadLimits {
  timeoutMs: number;
  stallMs: number;
}

export class UploadRun {
  readonly fields: Record<string, string> = {};
  /** The files kept so far, in the order they were sent. */
  readonly files: QuoteUploadFile[] = [];
  error: QuoteUploadError | null = null;
  /** Files sent but passed over unread (a token too young to send with). */
  droppedFiles = 0;
  private settled = false;
  private parserDone = false;
  private bodyDone = false;
  private pendingFiles = 0;
  /** Non-empty files read to their end (their type may still be being decided). */
  private filesEnded = 0;
  private totalFileBytes = 0;
  /** Files begun, by their names as sent: those not whole when the upload times out are named. */
  private readonly begunFiles: string[] = [];
  private unfinishedFiles: string[] | undefined;
  /** Each kept file's part number, by its path on disk. */
  private readonly partOf = new Map<string, number>();
  /** Files being written, closed at the first error rather than when the body ends. */
  private readonly writing = new Set<WriteStream>();
  /** Answered before the body ended (a refused upload): the timer now bounds the rest of the body. */
  private answeredEarly = false;
  private timers: UploadTime | undefined;
  private parser: Writable | undefined;

  constructor(
    private readonly req: IncomingMessage,
    private readonly settle: { resolve(upload: QuoteUpload): void; reject(error: Error): void },
  ) {}

  /** Pipes the body into the parser and settles when the body ends or the client goes away. */
  start(parser: Writable): void {
    this.parser = parser;
    const { req } = this;
    req.once("end", () => this.bodyEnded());
    req.once("error", () => this.finish(new UploadAbortedError()));
    req.once("close", () => {
      if (this.answeredEarly) this.stopTimers();
      if (!req.complete) this.finish(new UploadAbortedError());
      else this.bodyEnded();
    });
    req.pipe(parser);
  }

  /** A body the parser cannot read (no multipart boundary): read to its end and answered malformed. */
  drainMalformed(limits: UploadLimits): void {
    const { req } = this;
    this.error = UPLOAD_ERRORS.malformed;
    req.resume();
    req.once("end", () => this.finish({ complete: true }));
    req.once("close", () => this.finish(req.complete ? { complete: true } : new UploadAbortedError()));
    this.watchTime(limits, () => {
      req.destroy();
      this.finish({ complete: false });
    });
  }

  watchTime(limits: UploadLimits, onTimeout: () => void): void {
    this.timers = watchUploadTime(this.req, limits, onTimeout);
  }

  /** A slot was taken: from now on a stall window must bring `bytes`. */
  requireBytes(bytes: number): void {
    this.timers?.requireBytes(bytes);
  }

  /** Stops parsing at the first violation; the rest of the body is read and dropped. */
  fail(problem: QuoteUploadError): void {
    if (this.error) return;
    this.error = problem;
    this.stopReading();
    // The parser gets no more bytes (its handlers ignore anything after an error); destroying it
    // would make it fail the part stream in flight, with nobody to hear.
    this.req.resume();
    this.maybeDone();
  }

  /** Answered now, with the fields read so far; the rest of the body is read and dropped. */
  answerEarly(problem: QuoteUploadError): void {
    if (this.error || this.settled) return;
    this.error = problem;
    this.answeredEarly = true;
    this.stopReading();
    this.req.resume();
    this.finish({ complete: true });
  }

  /** The body stalled, or did not end within the ceiling; `releaseSpace` frees the files' slot. */
  timedOut(releaseSpace: () => void): void {
    // An early answer's body did not end in time: its connection is closed.
    if (this.answeredEarly) {
      this.req.destroy();
      return;
    }
    // The files are given up: their slot is free for another upload at once.
    releaseSpace();
    if (!this.error) {
      this.error = UPLOAD_ERRORS.timeout;
      // None of the files is kept: each one begun is named, for the buyer to send another way.
      this.unfinishedFiles = [...this.begunFiles];
    }
    this.stopReading();
    this.finish({ complete: false });
  }

  parserClosed(): void {
    this.parserDone = true;
    this.maybeDone();
  }

  /** A file begins: its part number, counted until it settles. */
  beginFile(original: string): number {
    this.begunFiles.push(original);
    this.pendingFiles += 1;
    return this.begunFiles.length - 1;
  }

  /** Adds a file's bytes to the upload's total: false when the total is over the limit. */
  countFileBytes(bytes: number): boolean {
    this.totalFileBytes += bytes;
    return this.totalFileBytes <= QUOTE_MAX_TOTAL_FILE_BYTES;
  }

  /** A non-empty file read to its end: false when it is one more than an upload may hold. */
  countEndedFile(maxFiles: number): boolean {
    this.filesEnded += 1;
    return this.filesEnded <= maxFiles;
  }

  writingTo(out: WriteStream): void {
    this.writing.add(out);
  }

  written(out: WriteStream): void {
    this.writing.delete(out);
  }

  /** Keeps a file read whole, in the order the files were sent, whichever was on disk first. */
  keepFile(file: QuoteUploadFile, part: number): void {
    this.files.push(file);
    this.partOf.set(file.path, part);
    this.files.sort((a, b) => (this.partOf.get(a.path) ?? 0) - (this.partOf.get(b.path) ?? 0));
  }

  /** A file is done with (kept, refused or passed over). */
  fileSettled(): void {
    this.pendingFiles -= 1;
    this.maybeDone();
  }

  private stopReading(): void {
    this.files.length = 0;
    for (const out of this.writing) out.destroy();
    this.writing.clear();
    if (this.parser) this.req.unpipe(this.parser);
  }

  private stopTimers(): void {
    this.timers?.stop();
  }

  private bodyEnded(): void {
    this.bodyDone = true;
    this.timers?.bodyDone();
    if (this.answeredEarly) this.stopTimers();
    this.maybeDone();
  }

  private maybeDone(): void {
    if (this.bodyDone && (this.error || (this.parserDone && this.pendingFiles === 0)))
      this.finish({ complete: true });
  }

  private finish(result: { complete: boolean } | Error): void {
    if (this.settled) return;
    this.settled = true;
    if (!this.answeredEarly) this.stopTimers();
    if (result instanceof Error) {
      this.settle.reject(result);
      return;
    }
    const outcome = this.error;
    this.settle.resolve({
      fields: this.fields,
      files: outcome ? [] : this.files,
      error: outcome,
      complete: result.complete,
      droppedFiles: this.droppedFiles,
      ...(this.unfinishedFiles ? { unfinishedFiles: this.unfinishedFiles } : {}),
    });
  }
}
