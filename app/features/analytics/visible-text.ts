/*
 * Text from visitors as the counts keep it and the report shows it (docs/analytics.md#bounds): no
 * bidirectional controls, which would make a path or host read as something else (a right-to-left
 * override turns "moc.elpmaxe" around), and hosts in Unicode, never as mis-decoded bytes.
 */
import { domainToASCII, domainToUnicode } from "node:url";

/** The bidirectional controls: marks, embeddings, overrides and isolates. */
const BIDI_CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const BIDI_CONTROLS = new RegExp(BIDI_CONTROL.source, "g");

export function withoutBidiControls(text: string): string {
  return BIDI_CONTROL.test(text) ? text.replace(BIDI_CONTROLS, "") : text;
}

/** Anything beyond ASCII, or an encoded (punycode) label. */
const INTERNATIONAL = /[^\u0020-\u007e]|(?:^|\.)xn--/i;

/**
 * A host as people read it: `xn--4caa0b.de` and the same name sent as raw UTF-8 (which Node reads as
 * Latin-1 bytes) both become `äöü.de`. A name that is not a valid host gives "".
 */
export function readableHost(host: string): string {
  if (!INTERNATIONAL.test(host)) return host;
  // A header's bytes arrive as Latin-1 characters; UTF-8 among them is read back as UTF-8 (bytes that
  // are not UTF-8 stay as they came).
  const beyondLatin1 = Array.from(host).some((char) => (char.codePointAt(0) ?? 0) > 0xff);
  const utf8 = beyondLatin1 ? host : Buffer.from(host, "latin1").toString("utf8");
  const text = utf8.includes("\ufffd") ? host : utf8;
  const ascii = domainToASCII(withoutBidiControls(text));
  return ascii === "" ? "" : domainToUnicode(ascii);
}
