import http from "node:http";
import { expect, test } from "@playwright/test";
import { spawnServer } from "./spawned-server";

test.describe("HTTP behaviour of the server", () => {
  test("/about answers 200 directly and /about/ redirects to it", async ({ request }) => {
    expect((await request.get("/about", { maxRedirects: 0 })).status()).toBe(200);
    const slash = await request.get("/about/?a=1", { maxRedirects: 0 });
    expect(slash.status()).toBe(301);
    expect(slash.headers().location).toBe("/about?a=1");
  });

  test("pages are revalidated and compressed; hashed assets are immutable", async ({ request }) => {
    // A page with scripts (decision 0023: the landing pages have none).
    const page = await request.get("/contact", { headers: { "accept-encoding": "br, gzip" } });
    expect(page.headers()["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect(page.headers()["content-encoding"]).toBe("br");
    expect(page.headers().etag).toBeTruthy();
    const gzip = await request.get("/contact", { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers()["content-encoding"]).toBe("gzip");

    const html = await page.text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const script = await request.get(asset ?? "");
    expect(script.status()).toBe(200);
    expect(script.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  test("an unchanged page answers 304", async ({ request }) => {
    const first = await request.get("/products");
    const second = await request.get("/products", {
      headers: { "if-none-match": first.headers().etag ?? "" },
    });
    expect(second.status()).toBe(304);
  });

  test("the 404 page is compressed too", async ({ request }) => {
    const response = await request.get("/missing", { headers: { "accept-encoding": "gzip" } });
    expect(response.status()).toBe(404);
    expect(response.headers()["content-encoding"]).toBe("gzip");
  });

  test("GET /healthz answers ok", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  test("bad requests get a 4xx with a clear message, never a 500", async ({ request }) => {
    const bodiless = await request.post("/contact");
    expect(bodiless.status()).toBe(415);
    const wrongType = await request.post("/contact", {
      data: "hello",
      headers: { "content-type": "text/plain" },
    });
    expect(wrongType.status()).toBe(415);
    const oversize = await request.post("/contact", {
      form: { message: "x".repeat(40_000) },
    });
    expect(oversize.status()).toBe(413);
    const put = await request.put("/contact", { form: { a: "b" } });
    expect(put.status()).toBe(405);
    expect(put.headers().allow).toBe("GET, HEAD, POST");
    const json = await request.post("/api/anything", { data: { a: 1 } });
    expect(json.status()).toBeLessThan(500);
  });

  test("a form posted from another site is refused with 403; one from this site is not", async ({
    request,
    baseURL,
  }) => {
    const form = { email: "cross@example.com" };
    const bySecFetch = await request.post("/api/newsletter", {
      form,
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(bySecFetch.status()).toBe(403);
    const byOrigin = await request.post("/contact", { form, headers: { origin: "https://evil.example" } });
    expect(byOrigin.status()).toBe(403);
    const opaque = await request.post("/contact", { form, headers: { origin: "null" } });
    expect(opaque.status()).toBe(403);
    const sameSite = await request.post("/api/newsletter", {
      form: { email: "" },
      headers: { origin: baseURL ?? "", "sec-fetch-site": "same-origin" },
    });
    expect(sameSite.status()).toBe(400);
  });

  test("a POST without a Content-Length (chunked) gets 411", async ({ baseURL }) => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${baseURL}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
      });
      req.on("response", (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      req.end(JSON.stringify({ name: "A", email: "a@b.co", message: "x".repeat(100) }));
    });
    expect(status).toBe(411);
  });

  test("security headers are on every response", async ({ request }) => {
    const responses = await Promise.all([
      request.get("/"),
      request.get("/missing"),
      request.get("/healthz"),
      request.get("/favicon.svg"),
      request.get("/brochures/ridgeline-ghs-chemical-labels.pdf"),
      request.get("/services", { maxRedirects: 0 }),
      request.post("/api/newsletter", { data: { email: "" } }),
      request.put("/contact", { form: { a: "b" } }),
    ]);
    for (const response of responses) {
      const headers = response.headers();
      const where = `${response.url()} ${response.status()}`;
      expect(headers["content-security-policy"], where).toContain("frame-ancestors 'none'");
      expect(headers["x-content-type-options"], where).toBe("nosniff");
      expect(headers["referrer-policy"], where).toBe("strict-origin-when-cross-origin");
      expect(headers["permissions-policy"], where).toContain("camera=()");
      expect(headers["cross-origin-opener-policy"], where).toBe("same-origin");
      // Plain HTTP here: HSTS only goes out over HTTPS.
      expect(headers["strict-transport-security"], where).toBeUndefined();
    }
  });

  test("HSTS is sent when a trusted proxy says the request came over HTTPS", async ({ request }) => {
    const response = await request.get("/", { headers: { "x-forwarded-proto": "https" } });
    expect(response.headers()["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });
});

test.describe("server lifecycle", () => {
  const port = Number(process.env.E2E_PORT ?? 3100) + 91;

  test("logs one structured line per request and the path of a 404; SIGTERM lets in-flight requests finish", async () => {
    // On a database of its own, empty, as a first production start.
    const server = await spawnServer(port);
    const { origin, logs } = server;
    try {
      // The start line says which Node runs the site: the project's pinned Node 24.
      const started = logs().find((line) => line.msg === "server listening");
      expect(String(started?.node)).toMatch(/^v24\./);
      // The first start migrates the empty database and writes the starter range into it.
      const migrated = logs().find((line) => line.msg === "database migrations applied");
      expect((migrated?.migrations as unknown[] | undefined)?.length).toBeGreaterThanOrEqual(18);
      expect(logs().some((line) => line.msg === "catalogue: starter range loaded")).toBe(true);
      expect((await fetch(`${origin}/products`)).status).toBe(200);
      expect((await fetch(`${origin}/no-such-thing`)).status).toBe(404);
      await expect
        .poll(
          () =>
            logs().filter((line) => (line.req as { url?: string } | undefined)?.url === "/products").length,
        )
        .toBe(1);
      await expect
        .poll(() => logs().some((line) => line.event === "not_found" && line.path === "/no-such-thing"))
        .toBe(true);

      // A slow upload keeps one request in flight while the signal arrives.
      const inFlight = new Promise<number>((resolve, reject) => {
        const req = http.request(
          `${origin}/contact`,
          {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded", "content-length": "9" },
          },
          (res) => {
            res.resume();
            res.on("end", () => resolve(res.statusCode ?? 0));
          },
        );
        req.on("error", reject);
        req.write("name=");
        setTimeout(() => req.end("abcd"), 600);
      });
      await new Promise((resolve) => setTimeout(resolve, 150));
      server.child.kill("SIGTERM");
      const status = await inFlight;
      expect(status).toBeGreaterThanOrEqual(200);
      expect(status).toBeLessThan(500);
      expect(await server.exited).toBe(0);
      expect(logs().some((line) => line.msg === "server stopped")).toBe(true);
    } finally {
      await server.stop();
    }
  });
});
