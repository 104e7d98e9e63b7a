import type { IncomingMessage } from "node:http";
import { data, type RouterContextProvider } from "react-router";
import type { Database } from "~/server/db/schema.server";
import { readCookie, SESSION_COOKIE } from "./cookies.server";
import { isSameOriginPost, requireStaff, type SignedIn } from "./desk-request.server";
import { readSession } from "./sessions.server";

/*
 * Who may change the range on the desk (docs/desk.md#the-range): the owner and managers. For a rep the
 * page does not exist (404); without a session the sign-in page answers.
 */

export function requireRangeManager(context: Readonly<RouterContextProvider>): SignedIn {
  const signedIn = requireStaff(context);
  if (signedIn.staff.role === "rep") throw data(null, { status: 404 });
  return signedIn;
}

function webRequestOf(req: IncomingMessage, siteUrl: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers))
    if (typeof value === "string") headers.set(name, value);
  return new Request(new URL(req.url ?? "/", siteUrl), { method: "POST", headers });
}

/**
 * For an upload read before the desk's middleware runs: the uploading session's id hash when the post
 * comes from the desk's own page with the session of an owner or manager; otherwise undefined, and the
 * body is not read (the middleware and the route then answer 403, 401 or 404).
 */
export async function rangeUploader(
  req: IncomingMessage,
  options: { db: Database; siteUrl: string; now: () => Date },
): Promise<string | undefined> {
  const request = webRequestOf(req, options.siteUrl);
  if (!isSameOriginPost(request, options.siteUrl)) return undefined;
  const signedIn = await readSession(options.db, readCookie(request, SESSION_COOKIE), options.now());
  if (!signedIn || signedIn.staff.role === "rep") return undefined;
  return signedIn.session.idHash;
}
