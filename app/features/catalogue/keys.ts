/** A part number as search and lookups compare it: lower-case, without spaces, `-`, `.`, `/` or `_`. */
export function partKey(text: string): string {
  return text.toLowerCase().replace(/[\s\-./_]+/g, "");
}
