import { expect, test } from "@playwright/test";
import {
  Findings,
  type FuzzCase,
  fuzzCases,
  request,
  type ServerUnderTest,
  STACK_LINE,
} from "./hostile-support";
import {
  bodyText,
  describeOutcome,
  type HeaderLines,
  headerOf,
  type RawRequest,
  rawRequest,
} from "./raw-http";
import { type SpawnedServer, spawnServer } from "./spawned-server";
import { uniqueClientAddress } from "./support";

/*
 * What a hostile client can send on the wire, against a production server of our own: malformed Host
 * headers and request targets (which fetch and browsers never send), open-redirect paths, e-mail values
 * built to make a backtracking pattern slow, and a seeded fuzz run. Every request gets a 4xx or better,
 * never a 5xx or a dropped connection, and the process keeps serving.
 */

const PORT = Number(process.env.E2E_PORT ?? 3100) + 50;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const GOOD_HOST = `127.0.0.1:${PORT}`;
const PATHS = ["/api/contact", "/nope", "/about.data", "/"];
const METHODS = ["GET", "HEAD", "POST"];
const SEED = Number(process.env.HOSTILE_SEED ?? 20_261_121);

// One server for the file, its tests in order: the timings must not compete with the fuzz run. A test
// that fails gets a fresh worker, and with it a fresh server, so a crash does not fail the tests after it.
test.describe.configure({ mode: "default" });

let spawned: SpawnedServer | undefined;
const server = (): SpawnedServer => {
  if (!spawned) throw new Error("the server did not start");
  return spawned;
};

test.beforeAll(async () => {
  // TRUST_PROXY lets each post present a client address of its own, so the per-client limit of the
  // contact form never answers before the check a test is about.
  spawned = await spawnServer(PORT, { TRUST_PROXY: "true" });
});

test.afterAll(async () => {
  await spawned?.stop();
});

const send = (req: RawRequest | Buffer, timeoutMs = 10_000) => rawRequest(PORT, req, { timeoutMs });
const underTest: ServerUnderTest = {
  exitCode: () => server().child.exitCode,
  health: () => send({ method: "GET", target: "/healthz", headers: [["Host", GOOD_HOST]] }, 5_000),
};

test("malformed Host headers get a 400 on every route and method; the server keeps serving", async () => {
  test.setTimeout(90_000);
  const badHosts: Array<[string, HeaderLines]> = [
    ["Host: x@y", [["Host", "x@y"]]],
    ["Host: x:99999", [["Host", "x:99999"]]],
    ["Host: x:0x50", [["Host", "x:0x50"]]],
    ["Host: a b", [["Host", "a b"]]],
    ["an empty Host", [["Host", ""]]],
    ["Host: [::1", [["Host", "[::1"]]],
    ["Host: ex%61mple.com", [["Host", "ex%61mple.com"]]],
    ["a 2,000-character Host", [["Host", `${"a".repeat(2_000)}.example`]]],
    [
      "two Host lines",
      [
        ["Host", GOOD_HOST],
        ["Host", "evil.example"],
      ],
    ],
    ["HTTP/1.1 without Host", []],
  ];
  const findings = new Findings(underTest);
  let cases = 0;
  hosts: for (const [name, hostLines] of badHosts) {
    for (const path of PATHS) {
      for (const method of METHODS) {
        const where = `${method} ${path} with ${name}`;
        const answer = findings.answered(where, await send(request(method, path, hostLines)), path);
        if (answer && answer.status !== 400)
          findings.add(where, `expected 400, got ${describeOutcome(answer)}`);
        cases += 1;
        if (!(await findings.serving(where))) break hosts;
      }
    }
  }
  expect(findings.problems, findings.problems.join("\n")).toEqual([]);
  expect(cases).toBe(badHosts.length * PATHS.length * METHODS.length);
});

test("Host x@y on routes React Router answers: a 400, and the process stays alive and healthy", async () => {
  for (const path of ["/nope", "/api/contact"]) {
    const outcome = await send(request("GET", path, [["Host", "x@y"]]));
    expect(outcome.ok && outcome.status, describeOutcome(outcome)).toBe(400);
  }
  // Give a crash time to happen: an uncaught exception ends the process a tick after the answer.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(server().child.exitCode).toBeNull();
  expect((await fetch(`${ORIGIN}/healthz`)).status).toBe(200);
});

test("a CONNECT (proxy tunnel) request is refused with 405, and the server keeps serving", async () => {
  const outcome = await send(request("CONNECT", "evil.example:443", [["Host", "evil.example:443"]]));
  expect(outcome.ok && outcome.status, describeOutcome(outcome)).toBe(405);
  expect((await fetch(`${ORIGIN}/healthz`)).status).toBe(200);
});

test("request targets that are not origin-form get a 400; odd paths a 4xx; the server keeps serving", async () => {
  test.setTimeout(60_000);
  const notOriginForm = [
    ...PATHS.flatMap((path) => [`//x@y${path}`, `http://a:b@e.x${path}`]),
    "//x@y/anything",
    "http://a:b@e.x/nope",
    "*",
    "abc",
  ];
  // Origin-form, but odd: a bad escape, an escaped traversal, a path longer than the whole header budget.
  const odd = ["/%", "/..%2f..%2fetc/passwd", `/${"a".repeat(16 * 1024)}`];
  const findings = new Findings(underTest);
  cases: for (const target of [...notOriginForm, ...odd]) {
    for (const method of METHODS) {
      const where = `${method} ${target.slice(0, 60)}`;
      const answer = findings.answered(
        where,
        await send(request(method, target, [["Host", GOOD_HOST]], "/")),
        "/",
      );
      if (answer) {
        const strict = notOriginForm.includes(target);
        if (strict ? answer.status !== 400 : answer.status < 400 || answer.status >= 500)
          findings.add(where, `expected ${strict ? "400" : "a 4xx"}, got ${describeOutcome(answer)}`);
        if (bodyText(answer).includes("root:")) findings.add(where, "the answer holds /etc/passwd");
      }
      if (!(await findings.serving(where))) break cases;
    }
  }
  expect(findings.problems, findings.problems.join("\n")).toEqual([]);
});

test("no redirect leaves the site, whatever dots, slashes and backslashes the path holds", async () => {
  const probes = [
    "/.//evil.example/",
    "/%2e//evil.example/",
    "/./\\evil.example/",
    "//evil.example/",
    "/\\evil.example/",
    "/%5cevil.example/",
    "/%2f%2fevil.example/",
    "///evil.example//",
    "/.//evil.example/?next=//evil.example",
    // Legacy paths (answered with a 301 from the table) and trailing slashes with the same tails.
    "/.//services/",
    "/%2e//services/",
    "/./\\services/",
    "//services/",
    "///services//",
    "/\\services/",
    "/services//",
    "/services/.//evil.example/",
    "/services/?next=//evil.example",
    "/.//thermal-ribbons/",
    "/%2e//privacy-policy//",
  ];
  const findings = new Findings(underTest);
  let redirects = 0;
  for (const target of probes) {
    for (const method of ["GET", "HEAD"]) {
      const where = `${method} ${target}`;
      const answer = findings.answered(
        where,
        await send(request(method, target, [["Host", GOOD_HOST]])),
        "/",
      );
      if (!(await findings.serving(where))) break;
      if (!answer || answer.status < 300 || answer.status >= 400) continue;
      redirects += 1;
      const location = headerOf(answer, "location") ?? "";
      const resolved = new URL(location, ORIGIN);
      if (resolved.host !== new URL(ORIGIN).host)
        findings.add(where, `Location ${location} leaves for ${resolved.host}`);
      if (!/^\/(?![/\\])/.test(location))
        findings.add(where, `Location ${JSON.stringify(location)} is not a plain path`);
    }
  }
  expect(findings.problems, findings.problems.join("\n")).toEqual([]);
  // Legacy paths and trailing slashes do redirect, so the checks above did run.
  expect(redirects).toBeGreaterThan(0);
  for (const [target, location] of [
    ["/about/", "/about"],
    ["/services?next=//evil.example", "/about?next=//evil.example"],
  ]) {
    const answer = await send(request("GET", target ?? "", [["Host", GOOD_HOST]]));
    expect(answer.ok && answer.status, describeOutcome(answer)).toBe(301);
    expect(answer.ok && headerOf(answer, "location")).toBe(location);
  }
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The server's own `responseTime` for the request sent with this User-Agent (see pipeline.server.ts). */
async function serverTime(userAgent: string): Promise<number> {
  const timeOf = () =>
    server()
      .logs()
      .map((line) => line as { req?: { userAgent?: string }; responseTime?: number })
      .find((line) => line.req?.userAgent === userAgent)?.responseTime;
  await expect.poll(timeOf, { message: `log line of ${userAgent}` }).toBeDefined();
  return timeOf() ?? Number.POSITIVE_INFINITY;
}

test("32 KB hostile e-mail values are refused in milliseconds and do not stall other visitors", async () => {
  test.setTimeout(90_000);
  // The first two are plain long values; the last two make ^[^\s@]+@[^\s@]+\.[^\s@]+$ try every split of
  // the domain (about 0.5 s of blocked event loop each on this machine).
  const values: Record<string, string> = {
    "a@ + 32,000 dots + !": `a@${".".repeat(32_000)}!`,
    "16,000 a + @ + 8,000 'a.'": `${"a".repeat(16_000)}@${"a.".repeat(8_000)}`,
    "a@ + 32,000 dots + @": `a@${".".repeat(32_000)}@`,
    "a@ + 16,000 'a.' + ' x'": `a@${"a.".repeat(16_000)} x`,
  };
  let sent = 0;
  const post = async (email: string) => {
    const body = JSON.stringify({
      name: "Hostile Probe",
      email,
      phone: "",
      message: "Checking the e-mail check.",
    });
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(32 * 1024);
    sent += 1;
    const userAgent = `hostile-email-probe/${sent}`;
    const outcome = await send(
      {
        method: "POST",
        target: "/api/contact",
        headers: [
          ["Host", GOOD_HOST],
          ["User-Agent", userAgent],
          ["Content-Type", "application/json"],
          ["Content-Length", String(Buffer.byteLength(body))],
          ["X-Forwarded-For", uniqueClientAddress()],
          ["Connection", "close"],
        ],
        body,
      },
      30_000,
    );
    expect(outcome.ok && outcome.status, describeOutcome(outcome)).toBe(400);
    const title = outcome.ok ? (JSON.parse(bodyText(outcome)) as { title?: string }).title : "";
    expect(["Invalid Email", "Email Too Long"]).toContain(title);
    return { client: outcome.ms, server: await serverTime(userAgent) };
  };
  const figures = (times: number[]) => times.map((ms) => ms.toFixed(0)).join(", ");

  await post("warm-up@example"); // the first post of a process pays for compiling the form code
  for (const [name, email] of Object.entries(values)) {
    const times: Array<{ client: number; server: number }> = [];
    for (let i = 0; i < 5; i += 1) times.push(await post(email));
    // The server's own figure is what is asserted: on a busy machine the client's adds its own waits.
    const server = times.map((time) => time.server);
    console.info(
      `hostile e-mail "${name}": server ${figures(server)} ms; client ${figures(times.map((t) => t.client))} ms`,
    );
    expect.soft(median(server), `${name}: median of 5`).toBeLessThan(50);
    expect.soft(Math.max(...server), `${name}: slowest of 5`).toBeLessThan(250);
  }

  const slow = values["a@ + 32,000 dots + @"] ?? "";
  const posts = Promise.all(Array.from({ length: 10 }, () => post(slow)));
  // Sent while the ten posts are being read and checked. Its time is the client's: a blocked event loop
  // would not even start the request's clock on the server.
  await new Promise((resolve) => setTimeout(resolve, 20));
  const page = await send({
    method: "GET",
    target: "/about",
    headers: [
      ["Host", GOOD_HOST],
      ["Connection", "close"],
    ],
  });
  const postTimes = await posts;
  console.info(
    `/about during 10 parallel hostile posts: ${page.ms.toFixed(0)} ms; ` +
      `the posts took ${figures(postTimes.map((t) => t.client))} ms`,
  );
  expect(page.ok && page.status, describeOutcome(page)).toBe(200);
  expect(page.ms, "/about while hostile posts are checked").toBeLessThan(500);
});

test("a seeded fuzz run of methods, targets, Host values, headers and bodies: no 5xx, no dropped connection", async () => {
  test.setTimeout(90_000);
  const maxRequests = 1_500;
  const budgetMs = 20_000;
  const cases = fuzzCases(SEED, maxRequests, { port: PORT, origin: ORIGIN, goodHost: GOOD_HOST });
  const findings = new Findings(underTest);
  const statuses = new Map<number, number>();
  let slowest = { ms: 0, what: "" };
  let sent = 0;
  const started = Date.now();
  // Four requests in flight at a time; which requests are sent depends on the seed alone.
  const lane = async () => {
    while (sent < cases.length && Date.now() - started < budgetMs && server().child.exitCode === null) {
      const sample = cases[sent] as FuzzCase;
      const index = sent;
      sent += 1;
      const what = `#${index} ${sample.method} ${sample.target.slice(0, 80)} (${sample.bytes.length} bytes)`;
      const outcome = await send(sample.bytes, 5_000);
      const answer = findings.answered(what, outcome, sample.target);
      if (answer) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (outcome.ms > slowest.ms) slowest = { ms: outcome.ms, what };
    }
  };
  await Promise.all([lane(), lane(), lane(), lane()]);
  await findings.serving("after the fuzz run");
  const seen = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
  console.info(
    `fuzz seed ${SEED}: ${sent} requests in ${Date.now() - started} ms; statuses ${seen.join(" ")}`,
  );
  console.info(`fuzz slowest: ${slowest.what} took ${slowest.ms.toFixed(1)} ms`);
  if (findings.problems.length > 0) console.error(`rerun with HOSTILE_SEED=${SEED}`);
  expect(findings.problems.slice(0, 20), findings.problems.slice(0, 20).join("\n")).toEqual([]);
  // A hang is the 5 s per request above; this catches one answer made slow by its input. Under a full test
  // run on two cores an ordinary answer took up to 1.3 s, so the bound leaves room for that.
  expect(slowest.ms, `slowest: ${slowest.what}`).toBeLessThan(2_500);
  // A generator that stopped reaching pages, refusals or the forms would pass without testing much.
  expect(sent).toBeGreaterThanOrEqual(300);
  for (const status of [200, 400, 405])
    expect(statuses.get(status) ?? 0, `answers with ${status}`).toBeGreaterThan(0);
});

test("no answer shows a visitor a stack trace, and nothing reaches the process's last-resort handlers", async () => {
  // Requests that make the code below the pipeline throw if nothing catches them first.
  const probes: RawRequest[] = [
    request("GET", "/nope", [["Host", "x@y"]]),
    request("GET", "/about.data", [["Host", "a b"]]),
    request("POST", "/api/contact", [["Host", "x:99999"]]),
    request("GET", "//x@y/anything", [["Host", GOOD_HOST]]),
    request("GET", "http://a:b@e.x/nope", [["Host", GOOD_HOST]]),
    request("GET", "/%", [["Host", GOOD_HOST]]),
    request("GET", "/%E0%A4%A.data", [["Host", GOOD_HOST]]),
    request("GET", "/about.data?_routes=%", [["Host", GOOD_HOST]]),
    ...["{", `{"email":${"[".repeat(5_000)}}`, '{"name":{"toString":1}}', "\u00ff\u00fe"].map(
      (body): RawRequest => ({
        method: "POST",
        target: "/api/contact",
        headers: [
          ["Host", GOOD_HOST],
          ["Content-Type", "application/json"],
          ["Content-Length", String(Buffer.byteLength(body))],
          ["X-Forwarded-For", uniqueClientAddress()],
        ],
        body,
      }),
    ),
    ...["text/html", "application/json"].map(
      (accept): RawRequest => ({
        method: "POST",
        target: "/contact",
        headers: [
          ["Host", GOOD_HOST],
          ["Accept", accept],
          ["Content-Type", "application/x-www-form-urlencoded"],
          ["Content-Length", "8"],
          ["X-Forwarded-For", uniqueClientAddress()],
        ],
        body: "name=%E0",
      }),
    ),
  ];
  const bodies: string[] = [];
  for (const probe of probes) {
    const outcome = await send(probe);
    const where = `${probe.method} ${probe.target} (Host ${probe.headers.find(([n]) => n === "Host")?.[1]})`;
    expect(outcome.ok, `${where}: ${describeOutcome(outcome)}`).toBe(true);
    if (!outcome.ok) continue;
    const body = bodyText(outcome);
    bodies.push(body);
    expect(outcome.status, `${where}: ${body.slice(0, 200)}`).toBeLessThan(500);
    expect(body, where).not.toMatch(STACK_LINE);
    expect(body, where).not.toContain("node_modules");
    expect(body, where).not.toContain(process.cwd());
    expect(body, where).not.toMatch(/\b(TypeError|URIError|SyntaxError|RangeError)\b/);
    if (server().child.exitCode !== null) break;
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(server().child.exitCode, "the server process exited").toBeNull();
  expect(bodies.length).toBe(probes.length);
  // "fatal" is what an uncaught exception is logged at before the process exits.
  const fatal = server()
    .logs()
    .filter((line) => Number(line.level) >= 60 || /uncaught|unhandled/i.test(String(line.msg)));
  expect(fatal.map((line) => line.msg)).toEqual([]);
});
