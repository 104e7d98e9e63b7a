import { deskPasskeysModule } from "virtual:client-modules";
import { createContext, data, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { requestContextOf } from "~/load-context";
import { clearedCookie, isSecureRequest, readCookie, SESSION_COOKIE } from "./cookies.server";
import { type DeskSession, readSession } from "./sessions.server";
import type { Staff } from "./staff.server";

/*
 * What every /desk request goes through (docs/desk.md#security), as the desk layout's middleware:
 * a post must come from this origin; the session cookie is read and checked against the database on
 * every request; and the answer gets the desk's headers, whatever route or error produced it.
 */

export interface SignedIn {
  staff: Staff;
  session: DeskSession;
}

export const signedInContext = createContext<SignedIn | null>(null);

/** Set by a loader whose page carries a passkey form: that page's policy allows the passkey script. */
export const passkeyScriptContext = createContext<boolean>(false);

/**
 * No script runs on a desk page but the passkey ceremony (decision 0074), and that one file only on the
 * pages that offer it; nothing loads from elsewhere; no other site may frame or post to it.
 */
export function deskPolicy(passkeyScript: string | null = null): string {
  return [
    "default-src 'none'",
    `script-src ${passkeyScript ?? "'none'"}`,
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");
}

/** The passkey script's full address on the site's origin, as a CSP source that allows that file alone. */
export function passkeyScriptSource(siteUrl: string): string {
  return new URL(deskPasskeysModule, siteUrl).href;
}

export function setDeskHeaders(headers: Headers, passkeyScript: string | null = null): void {
  headers.set("Content-Security-Policy", deskPolicy(passkeyScript));
  headers.set("X-Robots-Tag", "noindex, nofollow");
  headers.set("Cache-Control", "no-store");
  // A sign-in link's page carries its token in the address: no other site is ever sent it as a Referer.
  // (Not no-referrer: with it the browser sends `Origin: null` on the desk's own posts, which are then refused.)
  headers.set("Referrer-Policy", "same-origin");
}

/**
 * Whether a post comes from a page of this origin: the browser says `Sec-Fetch-Site: same-origin`, or,
 * from a browser that sends no such header, its Origin is this site's. A post that says neither is refused.
 */
export function isSameOriginPost(request: Request, siteUrl: string): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site !== null) return site === "same-origin";
  const origin = request.headers.get("origin");
  if (!origin || origin === "null") return false;
  try {
    const from = new URL(origin);
    return from.origin === new URL(request.url).origin || from.origin === new URL(siteUrl).origin;
  } catch {
    return false;
  }
}

export const deskMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { services } = requestContextOf(context);
  if (request.method !== "GET" && request.method !== "HEAD" && !isSameOriginPost(request, services.siteUrl)) {
    const refused = new Response("Forbidden: the desk takes changes from its own pages only.\n", {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
    setDeskHeaders(refused.headers);
    return refused;
  }
  const cookie = readCookie(request, SESSION_COOKIE);
  const signedIn = await readSession(services.db, cookie, services.now?.() ?? new Date());
  context.set(signedInContext, signedIn);
  const response = await next();
  setDeskHeaders(
    response.headers,
    context.get(passkeyScriptContext) ? passkeyScriptSource(services.siteUrl) : null,
  );
  if (cookie !== null && !signedIn && !response.headers.has("Set-Cookie")) {
    response.headers.append(
      "Set-Cookie",
      clearedCookie(SESSION_COOKIE, isSecureRequest(request, services.siteUrl)),
    );
  }
  return response;
};

/** The signed-in member of staff; without one, the desk's sign-in page answers (401) instead. */
export function requireStaff(context: Readonly<RouterContextProvider>): SignedIn {
  const signedIn = context.get(signedInContext);
  if (!signedIn) throw data({ signIn: true }, { status: 401 });
  return signedIn;
}

/** A desk form's fields, read as application/x-www-form-urlencoded; anything else is a 400. */
export async function readDeskForm(request: Request, maxBytes = 16_384): Promise<URLSearchParams> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") throw data({ badRequest: true }, { status: 400 });
  const text = await request.text();
  if (text.length > maxBytes) throw data({ badRequest: true }, { status: 413 });
  return new URLSearchParams(text);
}
