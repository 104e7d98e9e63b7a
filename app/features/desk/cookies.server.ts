/*
 * The desk's two cookies (docs/desk.md#sessions): the session, and, between asking for a sign-in link
 * and pressing it, the browser's half of the link. Both are HttpOnly, SameSite=Lax and limited to
 * /desk, so no public page ever receives them; Secure whenever the site is served over HTTPS.
 */

export const SESSION_COOKIE = "desk_session";
export const LINK_COOKIE = "desk_link";

/** A Cookie header is at most this long before it is read (the server caps headers anyway). */
const MAX_COOKIE_HEADER = 8192;

/** The value of one cookie of the request, or null. */
export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("cookie");
  if (!header || header.length > MAX_COOKIE_HEADER) return null;
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

/** Whether cookies must be Secure: SITE_URL is https, or this request came over HTTPS (a trusted proxy says so). */
export function isSecureRequest(request: Request, siteUrl: string): boolean {
  return siteUrl.startsWith("https:") || new URL(request.url).protocol === "https:";
}

/** A Set-Cookie value; maxAgeSeconds 0 removes the cookie, undefined makes it last as long as the browser. */
export function desiredCookie(
  name: string,
  value: string,
  { secure, maxAgeSeconds }: { secure: boolean; maxAgeSeconds?: number },
): string {
  const parts = [`${name}=${value}`, "Path=/desk", "HttpOnly", "SameSite=Lax"];
  if (maxAgeSeconds !== undefined) parts.push(`Max-Age=${maxAgeSeconds}`);
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

export function clearedCookie(name: string, secure: boolean): string {
  return desiredCookie(name, "", { secure, maxAgeSeconds: 0 });
}
