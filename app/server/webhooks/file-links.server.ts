import { createHmac, timingSafeEqual } from "node:crypto";
import type { Database } from "~/server/db/schema.server";

/** How long a link to a file, as a webhook carries it, works. */
export const FILE_LINK_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** Where the links point: `/files/<file id>/<name>` (app/routes/files.ts). */
export const FILE_LINK_PATH = "/files";

/**
 * The key of the file links, derived from the client-key secret (kept in the database or set as
 * CLIENT_KEY_SECRET), so every instance agrees on it and no new variable is needed; a purpose string
 * keeps it apart from every other use of that secret.
 */
export function fileLinkSecret(clientKeySecret: string): string {
  return purposeKey(clientKeySecret, "webhook file links v1");
}

/**
 * A key of its own for one use of a secret: links signed with it are valid for that use alone (the
 * desk's short links to a lead's files are refused at `/files`, and the webhooks' links on the desk).
 */
export function purposeKey(secret: string, purpose: string): string {
  return createHmac("sha256", secret).update(purpose).digest("base64url");
}

function signature(secret: string, fileId: number, name: string, expires: number): string {
  return createHmac("sha256", secret).update(`${fileId}\n${name}\n${expires}`).digest("base64url");
}

/**
 * The signed expiry of a link to one file: `expires` (seconds since 1970, `now` + `lifetimeMs`) and the
 * signature of the file's id, its name (or whatever else the link is bound to) and that expiry.
 */
export function signFileLink(
  secret: string,
  file: { id: number; name: string },
  now: Date,
  lifetimeMs: number = FILE_LINK_LIFETIME_MS,
): { expires: number; sig: string } {
  const expires = Math.floor((now.getTime() + lifetimeMs) / 1000);
  return { expires, sig: signature(secret, file.id, file.name, expires) };
}

/** A link to one stored file that works until `now` + 7 days: its id, name and expiry are signed. */
export function fileLinkUrl(
  siteUrl: string,
  secret: string,
  file: { id: number; name: string },
  now: Date,
): string {
  const { expires, sig } = signFileLink(secret, file, now);
  return `${siteUrl}${FILE_LINK_PATH}/${file.id}/${encodeURIComponent(file.name)}?expires=${expires}&sig=${sig}`;
}

export type FileLinkCheck = "ok" | "expired" | "invalid";

/** Whether a link's parts carry a valid signature (compared in constant time) and have not expired. */
export function checkFileLink(
  secret: string,
  parts: { fileId: string; name: string; expires: string | null; sig: string | null },
  now: Date,
): FileLinkCheck {
  if (!/^\d{1,12}$/.test(parts.fileId) || !/^\d{1,12}$/.test(parts.expires ?? "") || !parts.sig)
    return "invalid";
  const expires = Number(parts.expires);
  const expected = Buffer.from(signature(secret, Number(parts.fileId), parts.name, expires));
  const given = Buffer.from(parts.sig.slice(0, 100));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
  return expires * 1000 < now.getTime() ? "expired" : "ok";
}

const plain = (status: number, text: string) =>
  new Response(`${text}\n`, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * Answers a file link: the one stored file it names, as an attachment, when the signature holds and
 * the link has not expired; 403 otherwise, and 410 once housekeeping has deleted the file.
 */
export async function serveFileLink(
  db: Database,
  secret: string,
  url: URL,
  params: { fileId: string; name: string },
  now: Date,
): Promise<Response> {
  const check = checkFileLink(
    secret,
    { ...params, expires: url.searchParams.get("expires"), sig: url.searchParams.get("sig") },
    now,
  );
  if (check === "invalid") return plain(403, "This link is not valid.");
  if (check === "expired") return plain(403, "This link has expired. Ask for the file again.");
  const file = await db
    .selectFrom("stored_files")
    .select(["file_name", "byte_size", "content"])
    .where("id", "=", Number(params.fileId))
    .executeTakeFirst();
  if (!file) return plain(410, "This file has been deleted.");
  return fileDownload(file);
}

/** A name as RFC 5987 writes it in `filename*`: percent-encoded, ' ( ) * too (encodeURIComponent leaves them). */
function rfc5987(name: string): string {
  return encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * A stored file as a download, whatever it claims to be: an attachment under a safe name (ASCII, and
 * the name as sent in `filename*`), never cached, never sniffed into something a browser would run.
 */
export function fileDownload(file: { file_name: string; byte_size: number; content: Uint8Array }): Response {
  const ascii = file.file_name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return new Response(new Uint8Array(file.content), {
    status: 200,
    headers: {
      "Content-Type": "application/octet-stream",
      "Content-Length": String(file.byte_size),
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${rfc5987(file.file_name)}`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
