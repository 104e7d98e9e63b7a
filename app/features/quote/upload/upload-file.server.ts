import type { WriteStream } from "node:fs";
import type { Readable } from "node:stream";
import { QUOTE_MAX_FILES } from "~/features/quote/quote";
import { describeUnknown, SNIFF_BYTES, type SniffedType, safeFileName, sniffFileType } from "./sniff.server";
import { fileEmpty, fileRefused, fileTooLarge, UPLOAD_ERRORS } from "./upload-errors.server";
import type { UploadRun } from "./upload-run.server";
import type { UploadSpool } from "./upload-spool.server";

/*
 * One file of a quote upload (quote-upload.server.ts), from its first byte to its place among the kept
 * files: written to the upload's folder as it arrives, its type told from its first bytes, kept once
 * it is on disk to its last byte and its type is known.
 */

/** The type of a file, decided once from its first SNIFF_BYTES (or the whole file when shorter). */
class TypeSniffer {
  private readonly head: Buffer[] = [];
  private headBytes = 0;
  private typing: Promise<SniffedType | null> | undefined;

  /** `unknown` hears of a file whose type is not one the form takes, with its first bytes. */
  constructor(private readonly unknown: (head: Buffer) => void) {}

  /** Keeps the file's first bytes, and decides once there are enough. */
  take(chunk: Buffer): void {
    if (this.typing) return;
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes >= SNIFF_BYTES) this.decide();
  }

  /** The type (null when refused), from what has arrived when it is first called. */
  decide(): Promise<SniffedType | null> {
    if (this.typing) return this.typing;
    const bytes = Buffer.concat(this.head, this.headBytes).subarray(0, SNIFF_BYTES);
    this.head.length = 0;
    this.typing = sniffFileType(bytes).then((found) => {
      if (!found) this.unknown(bytes);
      return found;
    });
    return this.typing;
  }
}

/** Where the upload's files go: its folder once made (upload-slots.server.ts). */
export interface FileFolder {
  readonly spool: UploadSpool | undefined;
}

type Target = ReturnType<UploadSpool["create"]>;

/**
 * Reads one file part to the upload's folder. `stream` pauses while the disk catches up (and with it
 * the parser and the socket); the file settles in `run` once kept or refused.
 */
export function receiveFile(run: UploadRun, folder: FileFolder, stream: Readable, original: string): void {
  const part = run.beginFile(original);
  const sniffer = new TypeSniffer((head) => run.fail(fileRefused(original, describeUnknown(head))));
  let size = 0;
  let target: Target | undefined;
  const output = (): WriteStream | null => {
    if (target) return target.stream;
    if (!folder.spool) return null;
    target = folder.spool.create(`${part}`);
    const out = target.stream;
    run.writingTo(out);
    out.on("error", () => run.fail(UPLOAD_ERRORS.storage));
    // The parser waits while the disk catches up, and with it the socket.
    out.on("drain", () => stream.resume());
    return out;
  };
  stream.on("data", (chunk: Buffer) => {
    if (run.error) return;
    size += chunk.length;
    if (!run.countFileBytes(chunk.length)) return run.fail(UPLOAD_ERRORS.totalTooLarge);
    sniffer.take(chunk);
    const out = output();
    if (!out) return run.fail(UPLOAD_ERRORS.storage);
    if (!out.write(chunk)) stream.pause();
  });
  stream.once("limit", () => run.fail(fileTooLarge(original)));
  stream.once("end", () => fileEnded(run, { original, part, size, target, sniffer }));
}

/** A file's last byte arrived: kept once on disk with its type known, unless the upload failed. */
function fileEnded(
  run: UploadRun,
  file: { original: string; part: number; size: number; target: Target | undefined; sniffer: TypeSniffer },
): void {
  const problem = run.error
    ? null
    : !run.countEndedFile(QUOTE_MAX_FILES)
      ? UPLOAD_ERRORS.tooManyFiles
      : file.size === 0 || !file.target
        ? fileEmpty(file.original)
        : null;
  if (problem) run.fail(problem);
  if (run.error || !file.target) {
    run.fileSettled();
    return;
  }
  const typed = file.sniffer.decide();
  const written = file.target;
  // On disk to its last byte, and its type known, before it counts as read.
  const closed = new Promise<void>((done) => {
    written.stream.once("close", done);
    written.stream.end();
  });
  void Promise.all([typed, closed]).then(([type]) => {
    run.written(written.stream);
    if (!run.error && type) {
      const kept = { fileName: safeFileName(file.original, type), type, path: written.path, size: file.size };
      run.keepFile(kept, file.part);
    }
    run.fileSettled();
  });
}
