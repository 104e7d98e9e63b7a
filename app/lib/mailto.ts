/**
 * A mailto: link with a subject and body. RFC 6068 wants percent-encoding (spaces as %20, never
 * "+"), and line breaks as CRLF, which encodeURIComponent gives when the text holds "\r\n".
 */
export function buildMailtoHref(to: string, draft: { subject?: string; body?: string } = {}): string {
  const params: string[] = [];
  if (draft.subject) params.push(`subject=${encodeURIComponent(draft.subject)}`);
  if (draft.body) params.push(`body=${encodeURIComponent(draft.body.replace(/\r?\n/g, "\r\n"))}`);
  return `mailto:${to}${params.length ? `?${params.join("&")}` : ""}`;
}
