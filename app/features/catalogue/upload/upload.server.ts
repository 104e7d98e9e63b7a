import type { IncomingMessage } from "node:http";
import type { Readable } from "node:stream";
import busboy from "busboy";
import type { StreamedPost } from "~/server/http/pipeline.server";
import { ClientAbortedError } from "~/server/http/react-router-handler.server";
import { CSV_LIMITS } from "../csv-read.server";
import type { Staging } from "./staging.server";

/*
 * A catalogue file uploaded in a browser (the desk's range page, docs/catalogue.md#importing-on-the-desk),
 * read as a stream before React Router, with busboy as the quote form's files are: only when whoever
 * composes it says the post may be read (a signed-in owner or manager posting from the desk's own page);
 * the file goes to the staging folder as it arrives, and is cut off the moment it passes 50 MB. The route
 * then checks it (a dry run) and answers.
 */

export const CATALOGUE_FILE_FIELD = "catalogue";
/** The file, and room for the multipart framing; a larger Content-Length gets the site's 413 unread. */
export const UPLOAD_MAX_BODY_BYTES = CSV_LIMITS.maxBytes + 64 * 1024;
/** The longest wait for the upload's next bytes, and for the whole upload. */
const STALL_MS = 60_000;
const CEILING_MS = 15 * 60_000;
const MAX_NAME = 200;

export type CatalogueUpload =
  /** Not read: the post may not upload (no session, a rep, another origin); the route refuses it. */
  | { status: "unread" }
  | { status: "staged"; id: string; name: string }
  | { status: "too-large"; name: string }
  | { status: "no-file" }
  | { status: "malformed" };

export function catalogueUploadOf(context: { streamedBody?: unknown }): CatalogueUpload | undefined {
  return context.streamedBody as CatalogueUpload | undefined;
}

/** A file name as shown: one line, no path, at most 200 characters (it is always shown as text). */
export function fileNameOf(raw: string | undefined): string {
  const base = (raw ?? "").split(/[\\/]/).at(-1) ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return clean.slice(0, MAX_NAME) || "catalogue.csv";
}

interface StagedFile {
  id: string;
  name: string;
  tooLarge: boolean;
  /** Settles once the bytes are on disk (or cut off). */
  written: Promise<void>;
}

/** Writes one file of the upload to the staging folder as it arrives, noting when busboy cuts it off. */
function stageFile(file: Readable, name: string, staging: Staging, session: string): StagedFile {
  const entry: StagedFile = { id: "", name, tooLarge: false, written: Promise.resolve() };
  file.once("limit", () => {
    entry.tooLarge = true;
  });
  entry.written = staging.create({ session, name, stagedAt: new Date().toISOString() }).then(
    ({ id, out }) =>
      new Promise<void>((done, fail) => {
        entry.id = id;
        file.pipe(out);
        out.once("finish", done);
        out.once("error", fail);
      }),
  );
  return entry;
}

/** Reads the multipart body into the staging folder: one file, cut off at the size limit. */
export function readCatalogueUpload(
  req: IncomingMessage,
  staging: Staging,
  session: string,
  maxBytes: number = CSV_LIMITS.maxBytes,
): Promise<CatalogueUpload> {
  return new Promise<CatalogueUpload>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: "utf8",
        // busboy cuts a file off as it reaches fileSize: one byte over the limit is what is refused.
        limits: { files: 1, fields: 4, fieldSize: 1024, parts: 6, fileSize: maxBytes + 1 },
      });
    } catch {
      resolve({ status: "malformed" });
      return;
    }
    let settled = false;
    let staged: StagedFile | undefined;
    const finish = (outcome: CatalogueUpload | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(ceiling);
      clearTimeout(stall);
      if (outcome instanceof Error) {
        req.unpipe(parser);
        if (staged) void staging.remove(staged.id);
        reject(outcome);
      } else resolve(outcome);
    };
    const stall = setTimeout(() => req.destroy(), STALL_MS);
    const ceiling = setTimeout(() => req.destroy(), CEILING_MS);
    req.on("data", () => {
      stall.refresh();
    });
    req.once("close", () => {
      if (!req.complete) finish(new ClientAbortedError());
    });
    parser.on("file", (field, file, info) => {
      if (field !== CATALOGUE_FILE_FIELD || staged) {
        file.resume();
        return;
      }
      staged = stageFile(file, fileNameOf(info.filename), staging, session);
    });
    parser.once("error", () => {
      req.unpipe(parser);
      req.resume();
      finish({ status: "malformed" });
    });
    parser.once("close", () => {
      if (!staged) return finish({ status: "no-file" });
      const entry = staged;
      entry.written.then(
        async () => {
          if (!entry.tooLarge) return finish({ status: "staged", id: entry.id, name: entry.name });
          await staging.remove(entry.id);
          finish({ status: "too-large", name: entry.name });
        },
        (error: unknown) => finish(error instanceof Error ? error : new Error(String(error))),
      );
    });
    req.pipe(parser);
  });
}

/**
 * An upload for the pipeline's streamed posts (see StreamedPost). `uploader` names the session a post
 * is read for, or undefined when it may not upload: then not a byte of it is read.
 */
export function catalogueStreamedPost(options: {
  uploader: (req: IncomingMessage) => Promise<string | undefined>;
  staging: Staging;
  now?: () => Date;
}): StreamedPost {
  const now = options.now ?? (() => new Date());
  return {
    maxBodyBytes: UPLOAD_MAX_BODY_BYTES,
    async read(req) {
      const session = await options.uploader(req);
      if (!session) return { body: { status: "unread" } satisfies CatalogueUpload, complete: false };
      await options.staging.sweep(now());
      const body = await readCatalogueUpload(req, options.staging, session);
      return { body, complete: req.complete };
    },
  };
}
