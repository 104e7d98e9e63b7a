import type { ServerResponse } from "node:http";
import { RESOURCE_POLICY } from "./csp.server";

/** Headers every response carries. */
export function setSecurityHeaders(res: ServerResponse, { https }: { https: boolean }): void {
  // Pages replace this with their own policy (static-files.server.ts, server.ts).
  res.setHeader("Content-Security-Policy", RESOURCE_POLICY);
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  // A page that opens ours keeps no handle on it. In Lighthouse's lab this makes each measured page start
  // a new renderer, which is where the pages' remaining blocking time comes from (docs/decisions/0042).
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()");
  if (https) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}
