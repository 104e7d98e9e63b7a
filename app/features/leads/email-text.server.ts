/*
 * The words of every e-mail the site sends about a lead or a subscriber, made safe in one place: the
 * same rules for the contact form, the quote request and the newsletter. A header (a subject, a
 * name) is one line without control characters, line separators, bidirectional controls or encoded
 * words; a field in a plain-text body is one line without bidirectional controls; a visitor's message
 * is quoted line by line; HTML is escaped.
 */

// The form accepts any "x@y.z" shape, but a header address with quotes, commas, brackets or the like
// would be read by mail clients as several addresses or none. Such an address stays in the body only.
const PLAIN_ADDRESS = /^[^\s@",;:<>()[\]\\]+@[^\s@",;:<>()[\]\\]+\.[^\s@",;:<>()[\]\\]+$/;

export function isPlainAddress(address: string): boolean {
  return PLAIN_ADDRESS.test(address);
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** Line breaks of any kind, including the ones only some mail clients and editors honour. */
const LINE_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/;

/** Characters that reorder how the text around them is displayed (bidirectional controls). */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** An RFC 2047 encoded word, which mail clients decode when it appears in a header. */
const ENCODED_WORD = /=\?[^?\s]*\?[bq]\?[^?\s]*\?=/gi;

/** One line of text: control characters and line separators become spaces, runs of spaces one. */
function oneLine(value: string): string {
  return value
    .replace(/[\p{Cc}\u2028\u2029]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function shorten(value: string, maxLength: number): string {
  const chars = Array.from(value);
  // Cut between code points: half a surrogate pair would show as a broken character.
  return chars.length > maxLength ? `${chars.slice(0, maxLength - 1).join("")}…` : value;
}

/**
 * One line of header-safe text: no control characters or line separators, no bidirectional
 * controls (which could make the subject read as something else), and no encoded words (which a
 * mail client would decode into text the form never let through), single spaces.
 */
export function headerSafe(value: string, maxLength: number): string {
  let text = oneLine(value.replace(BIDI_CONTROLS, " "));
  // Removing one encoded word can join its neighbours into another.
  for (let previous = ""; previous !== text; ) {
    previous = text;
    text = text.replace(ENCODED_WORD, " ");
  }
  return shorten(oneLine(text), maxLength);
}

/**
 * A field shown after its label in the plain-text body: kept on that one line (a line break in it
 * would start a line of its own that could pass for another label) and without bidirectional
 * controls, which could make the line read as something else.
 */
export function bodyLine(value: string): string {
  return oneLine(value.replace(BIDI_CONTROLS, ""));
}

/**
 * The visitor's message, every line prefixed with "> ": however it is written, no line of it can
 * pass for a label line of the notification.
 */
export function quoteLines(value: string): string {
  return value
    .split(LINE_BREAK)
    .map((line) => {
      const clean = line.replace(/[\p{Cc}]/gu, (c) => (c === "\t" ? c : " ")).trimEnd();
      return clean === "" ? ">" : `> ${clean}`;
    })
    .join("\n");
}

/**
 * Headers of every sales notification about a lead (docs/product.md#sales-notification). Delivery is
 * at least once: a worker that dies after the SMTP peer accepted a message but before it recorded
 * that, sends it again. Both copies carry the same Message-ID (made from the outbox row, see the mail
 * worker) and the same reference, and say so, so a mail rule or the mail client can fold them.
 */
export function leadNotificationHeaders(reference: string): Record<string, string> {
  return {
    "X-Lead-Reference": reference,
    "X-Duplicate-Policy": `at-least-once; a copy may arrive twice, with the same Message-ID and X-Lead-Reference: ${reference}`,
  };
}
