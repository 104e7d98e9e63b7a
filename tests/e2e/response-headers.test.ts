// A browser that revalidates a cached file merges the headers of the 304 into its cached copy and
// applies them; a HEAD is how checkers and some caches look at a file. So the 200, the 304 and
// the HEAD of every file the server serves from the build must agree on the headers that decide
// how the browser treats it. Plain sockets rather than fetch or node:http: fetch picks its own
// Accept-Encoding and decompresses, and an HTTP client drops whatever follows a 304 or a HEAD;
// these checks choose the encoding and see the bytes as sent.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { ORIGIN_PLACEHOLDER } from "../../app/lib/site";
import { HEADERS_REPEATED_ON_304 } from "./raw-http";

const clientDir = path.resolve(process.env.BUILD_DIR || "build", "client");
const port = Number(process.env.E2E_PORT ?? 3100);
/** The test server runs with the default SITE_URL unless one is set. */
const siteOrigin = new URL(process.env.SITE_URL || "http://localhost:3000").origin;

/** The file as the server sends it: pages and their data carry the origin where the build left a placeholder. */
function servedBody(file: string): Buffer {
  const bytes = readFileSync(file);
  if (!/\.(html|data|xml|txt)$/.test(file)) return bytes;
  return Buffer.from(bytes.toString("utf8").replaceAll(ORIGIN_PLACEHOLDER, siteOrigin), "utf8");
}

/** Every file the server loads from the build, at the path it serves it (precompressed variants aside). */
function servedFiles(): Array<{ urlPath: string; file: string }> {
  const entries = readdirSync(clientDir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      const posix = `/${path.relative(clientDir, file).split(path.sep).join("/")}`;
      const urlPath = posix === "/index.html" ? "/" : posix.replace(/\/index\.html$/, "");
      return { urlPath, file };
    })
    .sort((a, b) => a.urlPath.localeCompare(b.urlPath));
}

const files = servedFiles();

type Headers = Record<string, string>;

interface RawResponse {
  status: number;
  /** Names in lower case; a header sent on several lines is joined with ", " and named in `repeated`. */
  headers: Headers;
  repeated: string[];
  /** Every byte after the header block, until the server closed the connection. */
  body: Buffer;
}

/**
 * One request on a connection of its own, read to the end as bytes: a body sent where HTTP allows
 * none (a 304, a HEAD) shows up here, where an HTTP client would silently drop it.
 */
function send(method: "GET" | "HEAD", urlPath: string, headers: Headers): Promise<RawResponse> {
  const target = urlPath.split("/").map(encodeURIComponent).join("/");
  const lines = [
    `${method} ${target} HTTP/1.1`,
    `Host: localhost:${port}`,
    "Connection: close",
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: "127.0.0.1", port }, () =>
      socket.end(`${lines.join("\r\n")}\r\n\r\n`),
    );
    socket.setTimeout(10_000, () => socket.destroy(new Error(`${method} ${urlPath} timed out`)));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const raw = Buffer.concat(chunks);
      const end = raw.indexOf("\r\n\r\n");
      if (end < 0) {
        reject(new Error(`${method} ${urlPath}: no complete header block in ${raw.length} bytes`));
        return;
      }
      const [statusLine = "", ...fields] = raw.subarray(0, end).toString("latin1").split("\r\n");
      const parsed: Headers = {};
      const repeated: string[] = [];
      for (const field of fields) {
        const colon = field.indexOf(":");
        const name = field.slice(0, colon).trim().toLowerCase();
        const value = field.slice(colon + 1).trim();
        if (name in parsed) {
          repeated.push(name);
          parsed[name] = `${parsed[name]}, ${value}`;
        } else parsed[name] = value;
      }
      resolve({
        status: Number(statusLine.split(" ")[1]),
        headers: parsed,
        repeated,
        body: raw.subarray(end + 4),
      });
    });
  });
}

/** `'sha256-…'` of every inline script the browser would run (JSON-LD is data, not run). */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(
      ([, attributes = "", body = ""]) => body.length > 0 && !/application\/(ld\+)?json/i.test(attributes),
    )
    .map(([, , body = ""]) => `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
}

function decode(response: RawResponse): Buffer {
  const encoding = response.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(response.body);
  if (encoding === "gzip") return gunzipSync(response.body);
  return response.body;
}

/** A header value for a problem line; long policies cut short, which is enough to tell them apart. */
const show = (value: string | undefined) =>
  value === undefined ? "(absent)" : JSON.stringify(value.length > 70 ? `${value.slice(0, 70)}…` : value);

/** Everything wrong with one file, one line each, so a failure lists every file and header at once. */
async function problemsOf(urlPath: string, file: string): Promise<string[]> {
  const problems: string[] = [];
  const original = servedBody(file);
  const isPage = file.endsWith(".html");
  for (const encoding of ["identity", "gzip", "br"] as const) {
    const label = `${urlPath} (${encoding})`;
    const accept = { "accept-encoding": encoding };
    const fail = (what: string) => problems.push(`${label} ${what}`);

    const full = await send("GET", urlPath, accept);
    if (full.status !== 200) {
      fail(`GET: status ${full.status}`);
      continue;
    }
    const contentEncoding = full.headers["content-encoding"];
    if (contentEncoding !== undefined && contentEncoding !== encoding) {
      fail(`GET: Content-Encoding ${contentEncoding} was not asked for`);
    }
    let decoded: Buffer | undefined;
    try {
      decoded = decode(full);
    } catch {
      fail(`GET: the ${contentEncoding} body does not decode`);
    }
    if (decoded && !decoded.equals(original))
      fail("GET: the body is not the build's file (with the origin written in)");
    if (Number(full.headers["content-length"]) !== full.body.length) {
      fail(`GET: Content-Length ${show(full.headers["content-length"])}, body ${full.body.length} bytes`);
    }
    for (const name of HEADERS_REPEATED_ON_304.filter(
      (name) => !["strict-transport-security", "vary"].includes(name),
    )) {
      if (!full.headers[name]) fail(`GET: no ${name}`);
    }
    if (full.headers["strict-transport-security"] !== undefined) fail("GET: HSTS over plain HTTP");

    const policy = full.headers["content-security-policy"] ?? "";
    if (isPage) {
      const scriptSrc = /(?:^|;)\s*script-src ([^;]+)/.exec(policy)?.[1] ?? "";
      const hashes = inlineScriptHashes(original.toString("utf8"));
      if (hashes.length === 0) fail("GET: a page without inline scripts (did the build change?)");
      if (!/(?:^|;)\s*default-src 'self'/.test(policy)) fail(`GET: not the page policy: ${policy}`);
      for (const hash of hashes) {
        if (!scriptSrc.includes(hash)) fail(`GET: script-src lacks ${hash} of an inline script`);
      }
    } else if (!/(?:^|;)\s*default-src 'none'/.test(policy) || /script-src/.test(policy)) {
      fail(`GET: not the resource policy: ${policy}`);
    }

    const compare = (kind: string, response: RawResponse) => {
      for (const name of HEADERS_REPEATED_ON_304) {
        if (response.headers[name] !== full.headers[name]) {
          fail(`${kind}: ${name} ${show(response.headers[name])}, the 200 has ${show(full.headers[name])}`);
        }
      }
      if (response.repeated.length > 0) fail(`${kind}: headers sent twice: ${response.repeated.join(", ")}`);
    };

    const etag = full.headers.etag ?? "";
    const notModified = await send("GET", urlPath, { ...accept, "if-none-match": etag });
    if (notModified.status !== 304) fail(`If-None-Match ${etag}: status ${notModified.status}`);
    else {
      compare("304", notModified);
      if (notModified.body.length > 0) fail(`304: a body of ${notModified.body.length} bytes`);
      if (notModified.headers["content-length"] !== undefined) {
        fail(`304: Content-Length ${notModified.headers["content-length"]}`);
      }
    }

    const head = await send("HEAD", urlPath, accept);
    if (head.status !== 200) fail(`HEAD: status ${head.status}`);
    else {
      compare("HEAD", head);
      if (head.headers["content-encoding"] !== contentEncoding) {
        fail(
          `HEAD: Content-Encoding ${show(head.headers["content-encoding"])}, GET ${show(contentEncoding)}`,
        );
      }
      if (head.headers["content-length"] !== full.headers["content-length"]) {
        fail(
          `HEAD: Content-Length ${show(head.headers["content-length"])}, GET ${show(full.headers["content-length"])}`,
        );
      }
      if (head.body.length > 0) fail(`HEAD: a body of ${head.body.length} bytes`);
    }
  }
  return problems;
}

/** Grouped by what they are, so a broken rule shows once per kind of file, with every file it breaks. */
const kinds: Array<{ name: string; matches: (urlPath: string, file: string) => boolean }> = [
  { name: "prerendered pages", matches: (_, file) => file.endsWith(".html") },
  { name: "route data (.data)", matches: (urlPath) => urlPath.endsWith(".data") },
  { name: "hashed assets", matches: (urlPath) => urlPath.startsWith("/assets/") },
  { name: "images", matches: (urlPath) => urlPath.startsWith("/images/") },
  { name: "brochures and the catalog", matches: (urlPath) => urlPath.endsWith(".pdf") },
];
const kindOf = (urlPath: string, file: string) =>
  kinds.find((kind) => kind.matches(urlPath, file))?.name ?? "other files (icons, manifest, robots, sitemap)";

test("the build has pages and files to check", () => {
  const paths = files.map((entry) => entry.urlPath);
  // The sitemap is rendered on request (it lists the catalogue's pages): not a file of the build.
  expect(paths).toEqual(expect.arrayContaining(["/", "/about", "/contact", "/favicon.ico", "/robots.txt"]));
  expect(paths.some((urlPath) => urlPath.startsWith("/assets/") && urlPath.endsWith(".css"))).toBe(true);
  expect(paths.filter((urlPath) => /\.(br|gz)$/.test(urlPath))).toEqual([]);
});

for (const kind of [...kinds.map((entry) => entry.name), "other files (icons, manifest, robots, sitemap)"]) {
  test(`${kind}: the 200, the 304 and the HEAD agree, in every encoding`, async () => {
    const group = files.filter(({ urlPath, file }) => kindOf(urlPath, file) === kind);
    expect(group.length, "files of this kind in the build").toBeGreaterThan(0);
    const problems: string[] = [];
    for (const { urlPath, file } of group) problems.push(...(await problemsOf(urlPath, file)));
    expect(problems, `${problems.length} problems in ${group.length} files`).toEqual([]);
  });
}
