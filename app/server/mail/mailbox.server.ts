import { createHash } from "node:crypto";

/** Domains whose mail ends up in one Gmail mailbox whatever dots the local part holds. */
const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * The mailbox an address delivers to, as far as the site can tell (docs/product.md#visitor-mail):
 * lower case; the `+tag` of the local part removed, for every domain (most providers deliver
 * `name+anything@` to `name@`); for gmail.com and googlemail.com the dots of the local part removed and
 * the domain written gmail.com. So `Victim+1@example.test` and `v.i.c.t.i.m@googlemail.com` count as
 * `victim@example.test` and `victim@gmail.com`. Used only to count mail per mailbox; mail still goes to
 * the address as typed.
 */
export function normalizeMailbox(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 0) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1).replace(/\.+$/, "");
  const plus = local.indexOf("+");
  // A local part that is only a tag ("+x@") stays as it is: there is no name to fold it into.
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    domain = "gmail.com";
    local = local.replaceAll(".", "");
  }
  return `${local}@${domain}`;
}

/** The SHA-256 of the normalised mailbox: what the per-mailbox limits keep instead of the address. */
export function mailboxHash(address: string): string {
  return createHash("sha256").update(normalizeMailbox(address)).digest("hex");
}
