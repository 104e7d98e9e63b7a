// Relative imports only: env.server.ts reads this module, and vite.config.ts loads that without the "~" alias.

/** One receiver of the site's webhooks (WEBHOOK_ENDPOINTS), with the secret its signatures use. */
export interface WebhookEndpoint {
  url: string;
  /** `whsec_` and base64, as the Standard Webhooks specification writes secrets. Never logged or stored. */
  secret: string;
}

/** The specification's secrets are 24 to 64 random bytes. */
const SECRET_BYTES = { min: 24, max: 64 };

/** True for a host name or address of this machine's loopback interface. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return (
    host === "localhost" ||
    host === "::1" ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) ||
    host.endsWith(".localhost")
  );
}

/** The bytes of a `whsec_` secret, or undefined when it is not one. */
export function secretBytes(secret: string): Buffer | undefined {
  const encoded = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(secret)?.[1];
  if (!encoded || encoded.length % 4 !== 0) return undefined;
  return Buffer.from(encoded, "base64");
}

/** How an entry is named in a message: its place and its URL's origin (a URL's path may carry a token). */
function describeEntry(position: number, url: URL | undefined): string {
  return url ? `entry ${position} (${url.origin})` : `entry ${position}`;
}

/**
 * Reads WEBHOOK_ENDPOINTS: comma-separated `URL=SECRET` pairs. A secret's base64 may end in `=`, so
 * the pair is split at the last `=` before it. Every bad entry gets its own message; none repeats a
 * secret.
 */
export function parseWebhookEndpoints(value: string | undefined): {
  endpoints: WebhookEndpoint[];
  problems: string[];
} {
  const endpoints: WebhookEndpoint[] = [];
  const problems: string[] = [];
  const entries = (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const [index, entry] of entries.entries()) {
    const position = index + 1;
    const pair = /^(.+)=([^=]+=*)$/.exec(entry);
    if (!pair?.[1] || !pair[2]) {
      problems.push(
        `${describeEntry(position, undefined)}: must be URL=SECRET, e.g. https://crm.example.com/hooks=whsec_...`,
      );
      continue;
    }
    const [, rawUrl, secret] = pair;
    let url: URL | undefined;
    try {
      url = new URL(rawUrl);
    } catch {
      problems.push(
        `${describeEntry(position, undefined)}: ${JSON.stringify(rawUrl.slice(0, 80))} is not a URL`,
      );
      continue;
    }
    const name = describeEntry(position, url);
    if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopbackHost(url.hostname))) {
      problems.push(
        `${name}: must be an https:// URL (http:// only to a loopback address such as 127.0.0.1)`,
      );
      continue;
    }
    if (url.username || url.password) {
      problems.push(`${name}: must not carry a user name or password; the signature authenticates the site`);
      continue;
    }
    const bytes = secretBytes(secret);
    if (!bytes || bytes.length < SECRET_BYTES.min || bytes.length > SECRET_BYTES.max) {
      problems.push(
        `${name}: the secret must be whsec_ followed by base64 of ${SECRET_BYTES.min} to ${SECRET_BYTES.max} random bytes (for example: echo whsec_$(openssl rand -base64 32))`,
      );
      continue;
    }
    if (endpoints.some((endpoint) => endpoint.url === url.href)) {
      problems.push(`${name}: the same URL is listed twice`);
      continue;
    }
    endpoints.push({ url: url.href, secret });
  }
  return { endpoints, problems };
}
