/**
 * What tests/e2e/hostile.test.ts sends on the wire and how it judges the answers: requests a
 * well-behaved client would send but for one malformed part, the findings kept over a series of them,
 * and the seeded fuzz run's requests.
 */

import { seededRandom } from "../../scripts/lib/seeded-random";
import {
  bodyText,
  describeOutcome,
  type HeaderLines,
  type RawOutcome,
  type RawRequest,
  type RawResponse,
} from "./raw-http";
import { uniqueClientAddress } from "./support";

// A stack frame as V8 prints it: "    at fn (file:line:col)" or "    at file:line:col".
export const STACK_LINE = /^\s*at .*:\d+:\d+\)?\s*$|\bat .+\(.+:\d+:\d+\)/m;

/** The server under test, as the findings need it. */
export interface ServerUnderTest {
  /** The process's exit code, or null while it runs. */
  exitCode(): number | null;
  /** What GET /healthz answers. */
  health(): Promise<RawOutcome>;
}

/** Where the fuzz run's requests go. */
export interface FuzzSite {
  port: number;
  origin: string;
  /** The Host value the server accepts. */
  goodHost: string;
}

const contactJson = () =>
  JSON.stringify({
    name: "Hostile Probe",
    email: `probe-${Math.random().toString(36).slice(2, 10)}@example.com`,
    phone: "",
    message: "A well-formed message, so that only the request's address can be what is refused.",
  });

/** A body each path would accept from a well-behaved client: the malformed part is elsewhere. */
function wellFormedPost(path: string): { type: string; body: string } {
  if (path.startsWith("/api/")) return { type: "application/json", body: contactJson() };
  const fields = JSON.parse(contactJson()) as Record<string, string>;
  if (path === "/") return { type: "application/x-www-form-urlencoded", body: `email=${fields.email}` };
  return { type: "application/x-www-form-urlencoded", body: new URLSearchParams(fields).toString() };
}

/** A request with the given Host lines, a client address of its own and, for a POST, a body its path accepts. */
export function request(method: string, target: string, hostLines: HeaderLines, path = target): RawRequest {
  const headers: HeaderLines = [
    ...hostLines,
    ["X-Forwarded-For", uniqueClientAddress()],
    ["Connection", "close"],
  ];
  if (method !== "POST") return { method, target, headers };
  const { type, body } = wellFormedPost(path);
  headers.push(["Content-Type", type], ["Content-Length", String(Buffer.byteLength(body))]);
  return { method, target, headers, body };
}

/** Problems found in a series of requests; one assertion at the end lists them all. */
export class Findings {
  readonly problems: string[] = [];
  constructor(private readonly server: ServerUnderTest) {}
  add(where: string, problem: string): void {
    this.problems.push(`${where}: ${problem}`);
  }
  /** The process is up and /healthz answers 200; false (and a finding) otherwise. */
  async serving(where: string): Promise<boolean> {
    const exitCode = this.server.exitCode();
    if (exitCode !== null) {
      this.add(where, `the server process exited (code ${exitCode})`);
      return false;
    }
    const health = await this.server.health();
    if (health.ok && health.status === 200) return true;
    this.add(where, `afterwards /healthz answered ${describeOutcome(health)}`);
    return false;
  }
  /** An answer, not a 5xx, no stack trace, JSON from the form endpoints; returns the answer if there was one. */
  answered(where: string, outcome: RawOutcome, path: string): RawResponse | undefined {
    if (!outcome.ok) {
      this.add(where, describeOutcome(outcome));
      return undefined;
    }
    const body = bodyText(outcome);
    if (outcome.status >= 500) this.add(where, describeOutcome(outcome));
    if (STACK_LINE.test(body) || body.includes("node_modules"))
      this.add(where, "the answer shows a stack trace");
    const api = ["/api/contact", "/api/newsletter"].includes(path.split("?")[0] ?? "");
    if (api && outcome.status >= 400 && body !== "") {
      try {
        const json = JSON.parse(body) as Record<string, unknown>;
        if (json.ok !== false || typeof json.title !== "string" || typeof json.message !== "string")
          this.add(where, `not { ok: false, title, message }: ${body.slice(0, 120)}`);
      } catch {
        this.add(where, `an /api/ answer that is not JSON: ${body.slice(0, 120)}`);
      }
    }
    return outcome;
  }
}

export interface FuzzCase {
  method: string;
  target: string;
  bytes: Buffer;
}

/** The seeded fuzz run's first `count` requests, addressed to `site` (HOSTILE_SEED repeats a run). */
export function fuzzCases(seed: number, count: number, site: FuzzSite): FuzzCase[] {
  const next = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const chance = (p: number) => next() < p;
  const text = (alphabet: string, max: number) =>
    Array.from(
      { length: Math.floor(next() * max) },
      () => alphabet[Math.floor(next() * alphabet.length)],
    ).join("");

  const methods = [
    "GET",
    "GET",
    "GET",
    "HEAD",
    "POST",
    "POST",
    "POST",
    "PUT",
    "DELETE",
    "OPTIONS",
    "PATCH",
    "CONNECT",
  ];
  const oddMethods = ["TRACE", "get", "BREW", "PROPFIND", "M-SEARCH", "G\u00e9T", ""];
  const routes = [
    ...["/", "/about", "/products", "/contact", "/resources", "/protective-packaging", "/healthz"],
    ...["/api/contact", "/api/newsletter", "/about.data", "/_root.data", "/nope", "/nope.data", "/services"],
    ...["/sitemap.xml", "/robots.txt", "/thermal-ribbons", "/resources/articles/choosing-label-face-stock"],
    ...["/products/direct-thermal-labels?width=4", "/products/direct-thermal-labels/RDT-4X6-3C"],
    // The root's data URL from React Router 8 (trailing-slash-aware data requests).
    ...["/_.data", "/about/_.data"],
  ];
  const hostileTargets = [
    ...[
      "*",
      "abc",
      "//x@y/anything",
      "http://a:b@e.x/nope",
      "https://evil.example/",
      "/%",
      "/%%32%65",
      "/%00",
    ],
    ...[
      "/.//evil.example/",
      "/%2e//evil.example/",
      "/./\\evil.example/",
      "/\\evil.example",
      "/..%2f..%2fetc/passwd",
    ],
    ...[
      "/about.data?_routes=%",
      "/about?%E0%A4%A",
      "/%E0%A4%A.data",
      "/a#frag",
      "/?a=1&a=2&__proto__=x",
      "/;a",
    ],
  ];
  const targetOf = () => {
    if (chance(0.25)) return pick(hostileTargets);
    let target = pick(routes);
    // Backslashes are rare here: the hostile targets above carry them, and any one makes a target malformed.
    if (chance(0.3)) target += text(`/.%2e5cfa@:;~-_!$&'()*+,=${chance(0.1) ? "\\" : ""}`, 40);
    if (chance(0.2)) target += `?${text("abc=&%+./?#@ü\u00ff", 60)}`;
    if (chance(0.03)) target += "x".repeat(Math.floor(next() * 12_000));
    return target;
  };
  const badHosts = [
    ...[
      "localhost",
      `LOCALHOST:${site.port}`,
      `[::1]:${site.port}`,
      "example.com",
      "x@y",
      "x:99999",
      "x:0x50",
      "a b",
    ],
    ...["", "[::1", "ex%61mple.com", `${"a".repeat(300)}.example`, "\u00e9xample.com", "evil.example:443"],
  ];
  const optional: Array<() => [string, string]> = [
    () => [
      "Origin",
      pick([site.origin, "http://evil.example", "null", "::", `http://${site.goodHost}.evil.example`]),
    ],
    () => ["Sec-Fetch-Site", pick(["same-origin", "cross-site", "none", "x"])],
    () => [
      "X-Forwarded-For",
      pick(["1.2.3.4", "1.2.3.4, 5.6.7.8", "unknown", "::1", "x, , ,", "2001:db8::1"]),
    ],
    () => ["X-Forwarded-Proto", pick(["https", "http", "https, http", "gopher"])],
    () => ["X-Forwarded-Host", pick(["evil.example", "x@y", ""])],
    () => ["Accept", pick(["application/json", "text/html", "*/*", "text/html, application/json", "\u00ff"])],
    () => ["Accept-Encoding", pick(["gzip", "br", "gzip, br", "identity", "x;q=abc", "*"])],
    () => ["If-None-Match", pick(["*", '"x"', 'W/"abc", "def"', "", "\u00ff"])],
    () => ["If-Modified-Since", pick(["yesterday", "Thu, 01 Jan 1970 00:00:00 GMT"])],
    () => ["Range", pick(["bytes=0-10", "bytes=-5", "bytes=x-y", "lines=1-2"])],
    () => ["Cookie", `a=${"b".repeat(Math.floor(next() * 4_000))}`],
    () => ["User-Agent", text("Mozilla/5.0 ()<>\"'\u00e9;", 80)],
    () => ["Expect", "100-continue"],
    () => ["Connection", pick(["keep-alive", "close", "Upgrade"])],
    () => ["Upgrade", pick(["websocket", "h2c"])],
    () => ["X-Junk", text("abc \t\u00ff\u00e9", 200)],
  ];
  const bodies = [
    () => ({ type: "application/json", body: contactJson() }),
    () => ({
      type: "application/json",
      body: pick(["", "{", "[]", "null", '{"email":[]}', `{"a":${"[".repeat(500)}`]),
    }),
    () => ({ type: "application/x-www-form-urlencoded", body: "email=probe%40example.com&name=%E0%A4%A" }),
    () => ({
      type: "multipart/form-data; boundary=x",
      body: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.co\r\n--x--',
    }),
    () => ({
      type: pick(["text/plain", "application/xml", "", "application/json; charset=utf-16"]),
      body: text('ab{}"\u00ff', 200),
    }),
    () => ({ type: "application/json", body: `{"email":"${"a".repeat(33_000)}"}` }),
  ];

  return Array.from({ length: count }, () => {
    const method = chance(0.05) ? pick(oddMethods) : pick(methods);
    const target = targetOf();
    const headers: HeaderLines = [];
    const hostCount = chance(0.05) ? 0 : chance(0.05) ? 2 : 1;
    // Mostly a good Host, so that most requests get past the first check to the code behind it.
    for (let i = 0; i < hostCount; i += 1)
      headers.push(["Host", chance(0.75) ? site.goodHost : pick(badHosts)]);
    for (const header of optional) if (chance(0.12)) headers.push(header());
    let body = Buffer.alloc(0);
    if (method === "POST" || chance(0.05)) {
      const made = pick(bodies)();
      body = Buffer.from(made.body, chance(0.1) ? "latin1" : "utf8");
      if (made.type) headers.push(["Content-Type", made.type]);
      // A length that matches the body, none at all (411), or a chunked body; never a length that
      // promises more than is sent, which would wait for the request timeout instead of testing anything.
      const framing = next();
      if (framing < 0.8) headers.push(["Content-Length", String(body.length)]);
      else if (framing < 0.9) {
        headers.push(["Transfer-Encoding", "chunked"]);
        body = Buffer.concat([
          Buffer.from(`${body.length.toString(16)}\r\n`),
          body,
          Buffer.from("\r\n0\r\n\r\n"),
        ]);
      }
    }
    headers.push(["Connection", "close"]);
    const head = [`${method} ${target} HTTP/1.1`, ...headers.map(([name, value]) => `${name}: ${value}`)];
    const bytes = Buffer.concat([Buffer.from(`${head.join("\r\n")}\r\n\r\n`, "latin1"), body]);
    return { method, target, bytes };
  });
}
