import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, constants as zlibConstants } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESOURCE_POLICY } from "./csp.server";
import { securityHeaders, setSecurityHeaders } from "./security-headers.server";
import {
  IMMUTABLE,
  loadStaticFiles,
  precompressDirectory,
  REVALIDATE,
  serveStatic,
  urlPathFor,
} from "./static-files.server";

describe("urlPathFor", () => {
  it.each([
    ["index.html", "/"],
    [path.join("about", "index.html"), "/about"],
    [path.join("assets", "entry-abc123.js"), "/assets/entry-abc123.js"],
    [path.join("brochures", "ghs.pdf"), "/brochures/ghs.pdf"],
  ])("%s is served at %s", (file, url) => {
    expect(urlPathFor(file)).toBe(url);
  });
});

describe("serveStatic", () => {
  let dir: string;
  let server: Server;
  let origin: string;
  let files: Awaited<ReturnType<typeof loadStaticFiles>>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "static-"));
    await mkdir(path.join(dir, "about"));
    await mkdir(path.join(dir, "assets"));
    await mkdir(path.join(dir, "brochures"));
    await writeFile(
      path.join(dir, "about", "index.html"),
      `<!doctype html><title>About</title>${"x".repeat(4000)}`,
    );
    await writeFile(
      path.join(dir, "assets", "app-1a2b.js"),
      `console.info(${JSON.stringify("y".repeat(4000))})`,
    );
    await writeFile(path.join(dir, "brochures", "ghs.pdf"), "%PDF-1.4 fake");
    files = await loadStaticFiles(dir);
    server = createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://x");
      const https = req.headers["x-test-https"] === "1";
      // As the pipeline does for an answer it did not know to be a file's.
      if (req.headers["x-test-headers-set"] === "1") setSecurityHeaders(res, { https });
      const file = files.get(url.pathname);
      if (file) serveStatic(file, url.search, req, res, https);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  it("sends every response's security headers with a file, its own policy in place of theirs, each once", async () => {
    const answers = await Promise.all(
      ["0", "1"].map((set) =>
        fetch(`${origin}/about`, { headers: { "x-test-https": "1", "x-test-headers-set": set } }),
      ),
    );
    const [fresh, preset] = answers.map((response) => [...response.headers.entries()]);
    expect(fresh).toEqual(preset);
    const headers = new Map(fresh);
    for (const [name, value] of securityHeaders(true)) {
      if (name !== "Content-Security-Policy") expect(headers.get(name.toLowerCase())).toBe(value);
    }
    expect(headers.get("content-security-policy")).not.toBe(RESOURCE_POLICY);
    expect(headers.get("content-security-policy")).toContain("script-src");
    const plain = await fetch(`${origin}/about`);
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    expect(plain.headers.get("x-frame-options")).toBe("DENY");
  });

  it("sends the length of the bytes it holds now, after a page's compressed bytes were replaced", async () => {
    const page = files.get("/about");
    if (!page?.br) throw new Error("the page has no brotli bytes");
    const before = await fetch(`${origin}/about`, { headers: { "accept-encoding": "br" } });
    expect(Number(before.headers.get("content-length"))).toBe(page.br.body.length);
    // As loadStaticFiles does once a page compressed quickly at the start is compressed better.
    const text = brotliDecompressSync(page.br.body);
    const other = brotliCompressSync(text, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 0 } });
    expect(other.length).not.toBe(page.br.body.length);
    page.br = { body: other, etag: page.br.etag };
    const after = await fetch(`${origin}/about`, { headers: { "accept-encoding": "br" } });
    expect(Number(after.headers.get("content-length"))).toBe(other.length);
    expect(await after.text()).toBe(text.toString());
  });

  it("serves a prerendered page at its path, revalidated, brotli when asked", async () => {
    const response = await fetch(`${origin}/about`, { headers: { "accept-encoding": "br" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("cache-control")).toBe(REVALIDATE);
    expect(await response.text()).toContain("<title>About</title>");
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const first = await fetch(`${origin}/about`, { headers: { "accept-encoding": "gzip" } });
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    const second = await fetch(`${origin}/about`, {
      headers: { "accept-encoding": "gzip", "if-none-match": etag ?? "" },
    });
    expect(second.status).toBe(304);
  });

  it.each([
    ["a page", "/about"],
    ["a script", "/assets/app-1a2b.js"],
    ["a PDF", "/brochures/ghs.pdf"],
  ])("gives %s the same headers on a 200, a 304 and a HEAD", async (_what, url) => {
    for (const encoding of ["identity", "gzip", "br"]) {
      const get = await fetch(`${origin}${url}`, { headers: { "accept-encoding": encoding } });
      const etag = get.headers.get("etag") ?? "";
      const revalidated = await fetch(`${origin}${url}`, {
        headers: { "accept-encoding": encoding, "if-none-match": etag },
      });
      const head = await fetch(`${origin}${url}`, {
        method: "HEAD",
        headers: { "accept-encoding": encoding },
      });
      expect(revalidated.status).toBe(304);
      for (const name of ["content-security-policy", "cache-control", "etag", "vary", "content-type"]) {
        expect([name, revalidated.headers.get(name)]).toEqual([name, get.headers.get(name)]);
        expect([name, head.headers.get(name)]).toEqual([name, get.headers.get(name)]);
      }
      expect(get.headers.get("content-security-policy")).toBeTruthy();
      expect(await revalidated.text()).toBe("");
    }
  });

  it("caches hashed assets for a year", async () => {
    const response = await fetch(`${origin}/assets/app-1a2b.js`);
    expect(response.headers.get("cache-control")).toBe(IMMUTABLE);
  });

  it("offers a PDF as an attachment under its file name when asked to download", async () => {
    const preview = await fetch(`${origin}/brochures/ghs.pdf`);
    expect(preview.headers.get("content-type")).toBe("application/pdf");
    expect(preview.headers.get("content-disposition")).toBeNull();
    const download = await fetch(`${origin}/brochures/ghs.pdf?download`);
    expect(download.headers.get("content-disposition")).toBe('attachment; filename="ghs.pdf"');
  });

  it("knows nothing of paths outside the build", async () => {
    expect((await fetch(`${origin}/../package.json`)).status).toBe(404);
    expect((await fetch(`${origin}/about/../../etc/passwd`)).status).toBe(404);
  });
});

describe("loadStaticFiles with a run-time origin", () => {
  it("writes the origin wherever the build wrote the placeholder, in every encoding, with hashes to match", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "origin-"));
    const placeholder = "https://site-origin.invalid";
    try {
      const page = `<!doctype html><link rel="canonical" href="${placeholder}/"><script>window.o="${placeholder}"</script>${"<p>label</p>".repeat(300)}`;
      await writeFile(path.join(dir, "index.html"), page);
      await writeFile(path.join(dir, "robots.txt"), `Sitemap: ${placeholder}/sitemap.xml\n`);
      await writeFile(path.join(dir, "app.js"), `const fallback = "${placeholder}";`);
      await precompressDirectory(dir);
      const files = await loadStaticFiles(dir, { origin: "https://www.example.com", placeholder });
      const home = files.get("/");
      const expected = page.replaceAll(placeholder, "https://www.example.com");
      expect(home?.identity.body.toString()).toBe(expected);
      expect(brotliDecompressSync(home?.br?.body ?? Buffer.alloc(0)).toString()).toBe(expected);
      expect(gunzipSync(home?.gzip?.body ?? Buffer.alloc(0)).toString()).toBe(expected);
      expect(home?.contentSecurityPolicy).toContain(
        `'sha256-${createHash("sha256").update('window.o="https://www.example.com"').digest("base64")}'`,
      );
      expect(files.get("/robots.txt")?.identity.body.toString()).toContain(
        "https://www.example.com/sitemap.xml",
      );
      // Scripts are not rewritten: they only hold the placeholder as a fallback that is never used.
      expect(files.get("/app.js")?.identity.body.toString()).toContain(placeholder);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("precompressDirectory", () => {
  it("writes .br and .gz variants that loadStaticFiles serves, and never serves them on their own", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "precompress-"));
    try {
      await writeFile(path.join(dir, "index.html"), `<!doctype html>${"<p>label</p>".repeat(500)}`);
      await writeFile(path.join(dir, "tiny.txt"), "ok");
      const summary = await precompressDirectory(dir);
      expect(summary.files).toBe(1);
      const files = await loadStaticFiles(dir);
      expect([...files.keys()].sort()).toEqual(["/", "/tiny.txt"]);
      expect(files.get("/")?.br?.body.length).toBeLessThan(200);
      expect(files.get("/tiny.txt")?.br).toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
