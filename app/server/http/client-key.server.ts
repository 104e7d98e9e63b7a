/**
 * The client's address: the first X-Forwarded-For entry only when a trusted proxy sets it
 * (otherwise anyone could pick their own address and escape the per-client limits), else the
 * socket's address.
 */
export function clientAddress(
  forwardedFor: string | null | undefined,
  socketAddress: string | undefined,
  trustProxy: boolean,
): string {
  if (trustProxy) {
    const first = forwardedFor?.split(",")[0]?.trim();
    if (first) return first;
  }
  return socketAddress || "unknown";
}
