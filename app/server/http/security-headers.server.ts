import type { ServerResponse } from "node:http";
import { RESOURCE_POLICY } from "./csp.server";

const EVERY_RESPONSE: ReadonlyArray<readonly [string, string]> = [
  // Pages replace this with their own policy (static-files.server.ts, server.ts).
  ["Content-Security-Policy", RESOURCE_POLICY],
  ["X-Content-Type-Options", "nosniff"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ["X-Frame-Options", "DENY"],
  // A page that opens ours keeps no handle on it. In Lighthouse's lab this makes each measured page start
  // a new renderer, which is where the pages' remaining blocking time comes from (docs/decisions/0042).
  ["Cross-Origin-Opener-Policy", "same-origin"],
  ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()"],
];
const OVER_HTTPS: ReadonlyArray<readonly [string, string]> = [
  ...EVERY_RESPONSE,
  ["Strict-Transport-Security", "max-age=31536000; includeSubDomains"],
];

/** Headers every response carries, as names and values; Strict-Transport-Security over HTTPS only. */
export function securityHeaders(https: boolean): ReadonlyArray<readonly [string, string]> {
  return https ? OVER_HTTPS : EVERY_RESPONSE;
}

/** Sets the headers every response carries (securityHeaders). */
export function setSecurityHeaders(res: ServerResponse, { https }: { https: boolean }): void {
  for (const [name, value] of securityHeaders(https)) res.setHeader(name, value);
}
