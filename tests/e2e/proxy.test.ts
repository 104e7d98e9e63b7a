import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import {
  describeOutcome,
  HEADERS_REPEATED_ON_304,
  type HeaderLines,
  headerOf,
  type RawOutcome,
  type RawRequest,
  rawRequest,
} from "./raw-http";
import { type SpawnedServer, spawnServer } from "./spawned-server";

/*
 * The site behind nginx, configured the way docs and tutorials show it ($host, $proxy_add_x_forwarded_for,
 * $scheme), as it runs in production. What a visitor writes into X-Forwarded-For or X-Forwarded-Proto
 * must not change who the server thinks it is or whether it speaks HTTPS; redirects, revalidation and
 * malformed Hosts behave through the proxy as they do directly.
 */

const NGINX = "/usr/sbin/nginx";
const basePort = Number(process.env.E2E_PORT ?? 3100);
// The real client, on an address of its own: the proxy itself talks to the server from 127.0.0.1.
const CLIENT = "127.0.0.2";
const OTHER_CLIENT = "127.0.0.3";
const HSTS = "max-age=31536000; includeSubDomains";

test.skip(
  !existsSync(NGINX) && !process.env.CI,
  `nginx is not installed at ${NGINX} (apt-get install -y nginx-light); .ci/run installs it, and in CI this test fails instead of skipping`,
);
test.describe.configure({ mode: "default" });

interface Nginx {
  /** Plain HTTP: X-Forwarded-Proto is $scheme. */
  plainPort: number;
  /** Stands for a TLS listener whose TLS ends at the proxy: X-Forwarded-Proto is https. */
  httpsPort: number;
  /** What nginx has written to its access log so far. */
  accessLog(): string;
  stop(): Promise<void>;
}

/**
 * The access-log lines of the nginx site in docs/deploy.md, as an operator copies them: every `map`
 * block, the `log_format` and the format the servers' `access_log` names. The test runs nginx with
 * them, so the log it checks is the one the documented configuration writes.
 */
function documentedLogging(): { http: string; format: string } {
  const docs = readFileSync(path.resolve("docs/deploy.md"), "utf8");
  const site = /```nginx\n# \/etc\/nginx\/sites-available\/ridgeline\n([\s\S]*?)```/.exec(docs)?.[1] ?? "";
  const maps = site.match(/^map [^\n]*\{\n[\s\S]*?^\}$/gm) ?? [];
  const logFormat = /^log_format [\s\S]*?;$/m.exec(site)?.[0];
  const format = /^\s*access_log \S+ (\w+);$/m.exec(site)?.[1];
  if (maps.length === 0 || !logFormat || !format)
    throw new Error("docs/deploy.md: the nginx site no longer has its map blocks, log_format and access_log");
  // Every server must name the format: a server without would log in the default, plain format.
  const servers = site.match(/^server \{/gm)?.length ?? 0;
  const named = site.match(new RegExp(`^ {4}access_log \\S+ ${format};$`, "gm"))?.length ?? 0;
  if (named !== servers)
    throw new Error(`docs/deploy.md: ${servers} nginx servers, ${named} with access_log … ${format}`);
  return { http: [...maps, logFormat].join("\n"), format };
}

/** The `proxy_set_header` lines of the nginx site's main server in docs/deploy.md, as an operator copies them. */
function documentedProxyHeaders(): string[] {
  const docs = readFileSync(path.resolve("docs/deploy.md"), "utf8");
  const site = /```nginx\n# \/etc\/nginx\/sites-available\/ridgeline\n([\s\S]*?)```/.exec(docs)?.[1] ?? "";
  const lines = site.match(/^ {4}proxy_set_header .+;$/gm)?.map((line) => line.trim()) ?? [];
  if (!lines.some((line) => line.startsWith("proxy_set_header Host ")))
    throw new Error("docs/deploy.md: the nginx site no longer sets the Host it passes on");
  return lines;
}

function nginxConfig(
  dir: string,
  upstream: number,
  plainPort: number,
  httpsPort: number,
  headers: "tutorial" | "documented" = "tutorial",
): string {
  const logging = documentedLogging();
  const headerLines = (proto: string) =>
    headers === "documented"
      ? documentedProxyHeaders().join("\n      ")
      : `proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto ${proto};`;
  const proxied = (proto: string) => `
    location / {
      proxy_pass http://127.0.0.1:${upstream};
      proxy_http_version 1.1;
      ${headerLines(proto)}
    }`;
  // As root, nginx would run its worker as "nobody", which cannot use the temporary folder.
  return `${process.getuid?.() === 0 ? "user root;" : ""}
worker_processes 1;
error_log ${dir}/error.log warn;
events { worker_connections 128; }
http {
${logging.http}
  access_log ${dir}/access.log ${logging.format};
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${plainPort};
    server_name _;${proxied("$scheme")}
  }
  server {
    listen 127.0.0.1:${httpsPort};
    server_name _;${proxied("https")}
  }
}
`;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

async function startNginx(
  upstream: number,
  plainPort: number,
  httpsPort: number,
  headers: "tutorial" | "documented" = "tutorial",
): Promise<Nginx> {
  if (!existsSync(NGINX))
    throw new Error(`nginx is required here and missing at ${NGINX}; .ci/run installs it`);
  const dir = mkdtempSync(path.join(tmpdir(), "site-nginx-"));
  writeFileSync(path.join(dir, "nginx.conf"), nginxConfig(dir, upstream, plainPort, httpsPort, headers));
  const child: ChildProcess = spawn(
    NGINX,
    [
      "-p",
      dir,
      "-c",
      path.join(dir, "nginx.conf"),
      "-e",
      path.join(dir, "error.log"),
      "-g",
      `daemon off; pid ${dir}/nginx.pid;`,
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const errorLog = () =>
    existsSync(path.join(dir, "error.log")) ? readFileSync(path.join(dir, "error.log"), "utf8") : "";
  for (let tries = 0; ; tries += 1) {
    if (child.exitCode !== null || tries > 100) {
      child.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`nginx did not start: ${stderr}${errorLog()}`);
    }
    if ((await accepts(plainPort)) && (await accepts(httpsPort))) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    plainPort,
    httpsPort,
    accessLog: () =>
      existsSync(path.join(dir, "access.log")) ? readFileSync(path.join(dir, "access.log"), "utf8") : "",
    async stop() {
      if (child.exitCode === null) child.kill("SIGQUIT");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function get(port: number, target: string, extra: HeaderLines = [], method = "GET"): Promise<RawOutcome> {
  return rawRequest(
    port,
    { method, target, headers: [["Host", `127.0.0.1:${port}`], ...extra, ["Connection", "close"]] },
    { localAddress: CLIENT },
  );
}

function contactPost(port: number, forwardedFor: string, from: string, index: number): Promise<RawOutcome> {
  const body = JSON.stringify({
    name: "Proxy Probe",
    email: `proxy-${index}@example.com`,
    phone: "",
    message: "Quote request sent through the proxy.",
  });
  const request: RawRequest = {
    method: "POST",
    target: "/api/contact",
    headers: [
      ["Host", `127.0.0.1:${port}`],
      ["Content-Type", "application/json"],
      ["Content-Length", String(Buffer.byteLength(body))],
      ["X-Forwarded-For", forwardedFor],
      ["Connection", "close"],
    ],
    body,
  };
  return rawRequest(port, request, { localAddress: from });
}

const statusOf = (outcome: RawOutcome) => (outcome.ok ? outcome.status : describeOutcome(outcome));

const setups = [
  { trust: "true", serverPort: basePort + 63, plainPort: basePort + 110, httpsPort: basePort + 111 },
  { trust: "127.0.0.1", serverPort: basePort + 64, plainPort: basePort + 112, httpsPort: basePort + 113 },
];

for (const { trust, serverPort, plainPort, httpsPort } of setups) {
  test.describe(`behind nginx with TRUST_PROXY=${trust}`, () => {
    let server: SpawnedServer | undefined;
    let nginx: Nginx | undefined;

    test.beforeAll(async () => {
      if (!existsSync(NGINX))
        throw new Error(`nginx is required in CI and missing at ${NGINX}; .ci/run installs it`);
      server = await spawnServer(serverPort, { TRUST_PROXY: trust });
      nginx = await startNginx(serverPort, plainPort, httpsPort);
    });

    test.afterAll(async () => {
      await nginx?.stop();
      await server?.stop();
    });

    test("a forged X-Forwarded-For does not dodge the per-client contact limit", async () => {
      const outcomes: RawOutcome[] = [];
      // A new first entry on every post: to a server that read the left end, each would be a new client.
      for (let i = 1; i <= 6; i += 1)
        outcomes.push(await contactPost(plainPort, `203.0.113.${i}`, CLIENT, i));
      expect(outcomes.map(statusOf)).toEqual([200, 200, 200, 200, 200, 429]);
      const refused = outcomes[5];
      expect(refused?.ok && Number(headerOf(refused, "retry-after"))).toBeGreaterThan(0);
      // The limit is the real client's, not everyone's: another address behind the same proxy is served.
      expect(statusOf(await contactPost(plainPort, "203.0.113.1", OTHER_CLIENT, 7))).toBe(200);
    });

    test("HSTS only when the proxy, not the visitor, says the request came over HTTPS", async () => {
      const plain = await get(plainPort, "/");
      const forged = await get(plainPort, "/", [["X-Forwarded-Proto", "https"]]);
      const https = await get(httpsPort, "/");
      for (const outcome of [plain, forged, https]) expect(statusOf(outcome)).toBe(200);
      expect(plain.ok && headerOf(plain, "strict-transport-security")).toBeUndefined();
      expect(forged.ok && headerOf(forged, "strict-transport-security")).toBeUndefined();
      expect(https.ok && headerOf(https, "strict-transport-security")).toBe(HSTS);
    });

    test("redirects through the proxy stay on the proxy's origin", async () => {
      const origin = `http://127.0.0.1:${plainPort}`;
      for (const [target, expected] of [
        ["/about/", "/about"],
        ["/services?from=old-site", "/about?from=old-site"],
        ["/.//evil.example/", undefined],
        ["/%2e//evil.example/", undefined],
      ]) {
        const outcome = await get(plainPort, target ?? "");
        expect(outcome.ok, `${target}: ${describeOutcome(outcome)}`).toBe(true);
        if (!outcome.ok) continue;
        if (expected) expect(outcome.status, target).toBe(301);
        if (outcome.status < 300 || outcome.status >= 400) {
          expect(outcome.status, target).toBeLessThan(500);
          continue;
        }
        const location = headerOf(outcome, "location") ?? "";
        expect(location, target).toMatch(/^\/(?![/\\])/);
        expect(new URL(location, origin).origin, target).toBe(origin);
        if (expected) expect(location, target).toBe(expected);
      }
    });

    test("a revalidated page answers 304 through the proxy with the 200's security headers", async () => {
      // Over the https-standing listener, so Strict-Transport-Security is among the headers compared.
      const full = await get(httpsPort, "/about");
      expect(statusOf(full)).toBe(200);
      if (!full.ok) return;
      const etag = headerOf(full, "etag");
      expect(etag).toBeTruthy();
      expect(headerOf(full, "content-security-policy")).toContain("script-src");
      const revalidated = await get(httpsPort, "/about", [["If-None-Match", etag ?? ""]]);
      expect(statusOf(revalidated)).toBe(304);
      if (!revalidated.ok) return;
      expect(headerOf(revalidated, "content-security-policy")).toBe(
        headerOf(full, "content-security-policy"),
      );
      const pick = (outcome: typeof full) =>
        Object.fromEntries(HEADERS_REPEATED_ON_304.map((name) => [name, headerOf(outcome, name)]));
      expect(pick(revalidated)).toEqual(pick(full));
      expect(revalidated.body.length).toBe(0);
    });

    test("newsletter link tokens never reach nginx's access log, in the request line or the Referer", async () => {
      const origin = `http://127.0.0.1:${plainPort}`;
      const token = () => randomBytes(32).toString("base64url");
      const [confirm, unsubscribe, mixedCase, referred] = [token(), token(), token(), token()];
      const form = (body: string): HeaderLines => [
        ["Content-Type", "application/x-www-form-urlencoded"],
        ["Content-Length", String(Buffer.byteLength(body))],
      ];
      const post = (target: string, body: string) =>
        rawRequest(
          plainPort,
          {
            method: "POST",
            target,
            headers: [["Host", `127.0.0.1:${plainPort}`], ...form(body), ["Connection", "close"]],
            body,
          },
          { localAddress: CLIENT },
        );
      const outcomes = [
        await get(plainPort, `/newsletter/confirm?token=${confirm}`, [
          ["Referer", `${origin}/newsletter/confirm?token=${confirm}`],
        ]),
        await post(`/newsletter/confirm?token=${confirm}`, `token=${confirm}`),
        // What a mail provider's one-click unsubscribe sends: no Origin, no Referer.
        await post(`/newsletter/unsubscribe?token=${unsubscribe}`, "List-Unsubscribe=One-Click"),
        await get(plainPort, `/newsletter/unsubscribe?utm_source=mail&TOKEN=${mixedCase}`),
        // A script of the opened page, fetched with the page's address as its Referer.
        await get(plainPort, "/favicon.ico", [
          ["Referer", `${origin}/newsletter/unsubscribe?token=${referred}`],
        ]),
      ];
      for (const outcome of outcomes) expect(outcome.ok, describeOutcome(outcome)).toBe(true);
      const logged = () => nginx?.accessLog().split("\n").filter(Boolean) ?? [];
      const ours = () =>
        logged().filter((line) => line.includes("/newsletter/") || line.includes("/favicon.ico"));
      await expect.poll(() => ours().length, { message: "access log lines of the five requests" }).toBe(5);
      const log = logged().join("\n");
      for (const secret of [confirm, unsubscribe, mixedCase, referred]) expect(log).not.toContain(secret);
      expect(
        ours().filter((line) => line.includes('"GET /newsletter/confirm?[redacted] HTTP/1.1"')),
      ).toHaveLength(1);
      expect(
        ours().filter((line) => line.includes('"POST /newsletter/confirm?[redacted] HTTP/1.1"')),
      ).toHaveLength(1);
      expect(
        ours().filter((line) => line.includes('"POST /newsletter/unsubscribe?[redacted] HTTP/1.1"')),
      ).toHaveLength(1);
      expect(
        ours().filter((line) => line.includes(`"${origin}/newsletter/unsubscribe?[redacted]"`)),
      ).toHaveLength(1);
      // What holds no token is logged as it was: the default format's other fields are all there.
      expect(log).toMatch(
        /^127\.0\.0\.2 - - \[[^\]]+\] "GET \/favicon\.ico HTTP\/1\.1" \d{3} \d+ "[^"]+" "-"$/m,
      );
    });

    test("a malformed Host through the proxy gets a 400 and the server keeps serving", async () => {
      for (const host of ["x@y", "[::1", "ex%61mple.com", "a b", ""]) {
        const outcome = await rawRequest(
          plainPort,
          {
            method: "GET",
            target: "/nope",
            headers: [
              ["Host", host],
              ["Connection", "close"],
            ],
          },
          { localAddress: CLIENT },
        );
        // nginx refuses some of these itself ("a b", empty); the rest reach the server as $host.
        expect(statusOf(outcome), `Host ${JSON.stringify(host)}`).toBe(400);
      }
      const refusedByServer = () =>
        (server?.logs() ?? []).filter((line) => {
          const { req, res } = line as { req?: { url?: string }; res?: { statusCode?: number } };
          return req?.url === "/nope" && res?.statusCode === 400;
        }).length;
      await expect.poll(refusedByServer, { message: "malformed Hosts that nginx passed on" }).toBe(3);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(server?.child.exitCode).toBeNull();
      expect(statusOf(await get(plainPort, "/healthz"))).toBe(200);
      expect((await fetch(`http://127.0.0.1:${serverPort}/healthz`)).status).toBe(200);
    });
  });
}

test.describe("behind nginx as docs/deploy.md configures it, on a port other than 443", () => {
  // Standing for https://www.example.com:8443: the browser's Origin names the port, and so must the
  // host the server compares it with.
  const serverPort = basePort + 66;
  const nginxPort = basePort + 114;
  let server: SpawnedServer | undefined;
  let nginx: Nginx | undefined;

  test.beforeAll(async () => {
    if (!existsSync(NGINX))
      throw new Error(`nginx is required in CI and missing at ${NGINX}; .ci/run installs it`);
    server = await spawnServer(serverPort, { TRUST_PROXY: "true" });
    nginx = await startNginx(serverPort, nginxPort, nginxPort + 1, "documented");
  });

  test.afterAll(async () => {
    await nginx?.stop();
    await server?.stop();
  });

  test("a form post from the site's own page is accepted, one from another origin refused", async () => {
    const origin = `http://127.0.0.1:${nginxPort}`;
    const post = (target: string, type: string, body: string, from: string) =>
      rawRequest(
        nginxPort,
        {
          method: "POST",
          target,
          headers: [
            ["Host", `127.0.0.1:${nginxPort}`],
            ["Origin", from],
            ["Content-Type", type],
            ["Content-Length", String(Buffer.byteLength(body))],
            ["Connection", "close"],
          ],
          body,
        },
        { localAddress: CLIENT },
      );
    const fields = {
      name: "Port Probe",
      email: "port-probe@example.com",
      phone: "",
      message: "Through 8443.",
    };
    const json = await post("/api/contact", "application/json", JSON.stringify(fields), origin);
    const form = await post(
      "/contact",
      "application/x-www-form-urlencoded",
      new URLSearchParams({ ...fields, email: "port-probe-2@example.com" }).toString(),
      origin,
    );
    // With `$host`, the port was dropped on the way and both were refused with 403.
    expect(statusOf(json)).toBe(200);
    expect(statusOf(form)).toBe(200);
    const foreign = await post(
      "/api/contact",
      "application/json",
      JSON.stringify({ ...fields, email: "port-probe-3@example.com" }),
      `http://127.0.0.1:${nginxPort + 7}`,
    );
    expect(statusOf(foreign)).toBe(403);
  });
});
