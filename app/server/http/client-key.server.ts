import { BlockList, isIP } from "node:net";

/**
 * Which peers may tell us who the client is (docs/decisions/0010-client-address-behind-proxies.md):
 * - `none`: nobody; the socket's address is the client.
 * - `hops`: the nearest N proxies, whatever their addresses (`TRUST_PROXY=true` is one hop).
 * - `addresses`: the proxies whose addresses or networks are listed.
 */
export type TrustProxy =
  | { kind: "none" }
  | { kind: "hops"; hops: number }
  | { kind: "addresses"; list: BlockList; source: string };

export const TRUST_NONE: TrustProxy = { kind: "none" };

const MAX_HOPS = 10;

/**
 * Reads `TRUST_PROXY`: `false`/`0`/empty, `true` (one hop), a hop count, or a comma-separated list of
 * addresses and CIDR networks (`127.0.0.1, 10.0.0.0/8, ::1`). Returns an error message for anything else.
 */
export function parseTrustProxy(value: string): TrustProxy | { error: string } {
  const text = value.trim().toLowerCase();
  if (text === "" || text === "false" || text === "0") return TRUST_NONE;
  if (text === "true") return { kind: "hops", hops: 1 };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > MAX_HOPS) return { error: `a hop count must be at most ${MAX_HOPS}` };
    return { kind: "hops", hops };
  }
  const list = new BlockList();
  for (const entry of text.split(",").map((part) => part.trim())) {
    const [address = "", prefix, extra] = entry.split("/");
    const family = isIP(address);
    const bits = prefix === undefined ? undefined : Number(prefix);
    const maxBits = family === 6 ? 128 : 32;
    if (
      family === 0 ||
      extra !== undefined ||
      (bits !== undefined && (!/^\d{1,3}$/.test(prefix ?? "") || bits > maxBits))
    ) {
      return {
        error: `"${entry.slice(0, 60)}" is not an address or network; use true, a hop count, or addresses and CIDRs separated by commas`,
      };
    }
    const type = family === 6 ? "ipv6" : "ipv4";
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, bits, type);
  }
  return { kind: "addresses", list, source: text };
}

/** `::ffff:1.2.3.4` is 1.2.3.4; a zone index is dropped. */
function plainAddress(address: string): string {
  const trimmed = address.trim().replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return mapped?.[1] ?? trimmed;
}

function isTrusted(trust: TrustProxy, address: string, hopsSoFar: number): boolean {
  if (trust.kind === "none") return false;
  if (trust.kind === "hops") return hopsSoFar < trust.hops;
  const family = isIP(address);
  if (family === 0) return false;
  return trust.list.check(address, family === 6 ? "ipv6" : "ipv4");
}

/** Whether the peer on the socket is a proxy we trust, so its X-Forwarded-* headers count. */
export function isTrustedPeer(trust: TrustProxy, socketAddress: string | undefined): boolean {
  return isTrusted(trust, plainAddress(socketAddress ?? ""), 0);
}

/**
 * The client's address: walking `X-Forwarded-For` from its right-hand end, past each trusted
 * proxy, to the first address no trusted proxy vouches for. Entries further left were written by
 * the client or by proxies we do not know, so they never count: a proxy that appends
 * (`$proxy_add_x_forwarded_for`) keeps whatever the client put there.
 */
export function clientAddress(
  forwardedFor: string | string[] | null | undefined,
  socketAddress: string | undefined,
  trust: TrustProxy,
): string {
  let address = plainAddress(socketAddress ?? "");
  if (trust.kind === "none" || !forwardedFor) return address || "unknown";
  const chain = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor)
    .split(",")
    .map((entry) => plainAddress(entry))
    .filter((entry) => entry !== "");
  let hops = 0;
  while (chain.length > 0 && isTrusted(trust, address, hops)) {
    const next = chain.pop() ?? "";
    // A malformed entry is where the trustworthy part of the chain ends.
    if (isIP(next) === 0) break;
    address = next;
    hops += 1;
  }
  return address || "unknown";
}

/** The protocol the client used: the trusted proxy's X-Forwarded-Proto (its last entry), else http. */
export function forwardedProto(
  header: string | string[] | undefined,
  socketAddress: string | undefined,
  trust: TrustProxy,
): "https" | "http" {
  if (!isTrustedPeer(trust, socketAddress)) return "http";
  const value = Array.isArray(header) ? header.join(",") : (header ?? "");
  const last = value.split(",").pop()?.trim().toLowerCase();
  return last === "https" ? "https" : "http";
}
