import type { IncomingMessage } from "node:http";

/** A request's address once its Host and target were checked: safe to hand to anything that builds URLs. */
export interface RequestTarget {
  /** `host[:port]` as the client sent it, lower-cased. */
  host: string;
  url: URL;
}

export type TargetResult = { ok: true; target: RequestTarget } | { ok: false; message: string };

const MAX_HOST_LENGTH = 261; // a 253-character name, a colon and a five-digit port, with room for brackets
// Linear checks only: one character class each, no nesting, applied after the length is bounded.
const NAME_HOST = /^[a-z0-9._-]+$/;
const IPV6_HOST = /^\[[0-9a-f:.]+\]$/;

/** `host[:port]` with a name or an IP literal and a port 1-65535; anything else is malformed. */
export function isValidHost(value: string): boolean {
  if (value.length === 0 || value.length > MAX_HOST_LENGTH) return false;
  const host = value.toLowerCase();
  const bracketEnd = host.lastIndexOf("]");
  const colon = host.lastIndexOf(":");
  const hasPort = colon > bracketEnd;
  const name = hasPort ? host.slice(0, colon) : host;
  if (hasPort) {
    const port = host.slice(colon + 1);
    if (!/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65535) return false;
  }
  if (!(NAME_HOST.test(name) || IPV6_HOST.test(name))) return false;
  try {
    return new URL(`http://${host}/`).host !== "";
  } catch {
    return false;
  }
}

/** Hosts found valid lately, at most MAX_KNOWN_HOSTS: nearly every request names one of a few. */
const knownHosts = new Set<string>();
const MAX_KNOWN_HOSTS = 64;

/** isValidHost, remembered for the hosts found valid: checking one parses a URL, a few microseconds. */
function isKnownValidHost(host: string): boolean {
  if (knownHosts.has(host)) return true;
  if (!isValidHost(host)) return false;
  // A client naming ever new hosts only empties the memory; it never grows past its bound.
  if (knownHosts.size >= MAX_KNOWN_HOSTS) knownHosts.clear();
  knownHosts.add(host);
  return true;
}

function hostHeaders(req: IncomingMessage): string[] {
  const values: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i]?.toLowerCase() === "host") values.push(req.rawHeaders[i + 1] ?? "");
  }
  return values;
}

/**
 * Checks what every URL of this request is built from, before anything builds one: exactly one valid
 * `Host` (HTTP/1.1 requires it; an HTTP/1.0 request without one is answered as `localhost`), and a
 * target in origin form: a path starting with a single `/`, without backslashes. Absolute and
 * protocol-relative targets (`http://a:b@e.x/`, `//x@y/`) would make the URL's host the client's
 * choice instead of ours; they are refused rather than reinterpreted.
 */
export function parseRequestTarget(req: IncomingMessage): TargetResult {
  const hosts = hostHeaders(req);
  if (hosts.length > 1) return { ok: false, message: "The request has more than one Host header." };
  const host = (hosts[0] ?? (req.httpVersion === "1.0" ? "localhost" : "")).trim().toLowerCase();
  if (!isKnownValidHost(host))
    return { ok: false, message: "The request's Host header is missing or malformed." };

  const raw = req.url ?? "";
  if (!raw.startsWith("/") || raw.startsWith("//") || raw.includes("\\")) {
    return { ok: false, message: "The address of this request is malformed." };
  }
  try {
    return { ok: true, target: { host, url: new URL(`http://${host}${raw}`) } };
  } catch {
    return { ok: false, message: "The address of this request is malformed." };
  }
}

/**
 * A redirect's Location as a path on this site (docs/decisions/0009-request-path-owns-its-urls.md): one leading slash, never `//` or `/\`, which a
 * browser would read as another host. Dot segments and doubled slashes can produce such a path
 * (`/.//evil.example/` resolves to `//evil.example/`), so every redirect passes through here.
 */
export function sameOriginLocation(location: string): string {
  return `/${location.replace(/^[\\/]+/, "")}`;
}
