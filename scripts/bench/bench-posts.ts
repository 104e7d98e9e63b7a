/**
 * `npm run bench`'s posts: both forms on SQLite and contact posts on PostgreSQL, each post from its own
 * client (its own X-Forwarded-For and e-mail), 50 connections, after warm-up posts from other clients.
 */
import { randomBytes } from "node:crypto";
import type { Request as RequestSpec, Result } from "autocannon";
import {
  clientAddress,
  processCpu,
  processesNamed,
  type RunningServer,
  requestsPerSecond,
  runLoad,
  summary,
} from "./load-lib";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const POSTS = 3000;
/** Posts of each form sent first and not measured: the first posts of a process compile its statements and code. */
const WARM_UP_POSTS = 500;
/** Every form's p99 on SQLite. */
const POST_P99_MS = 50;
/** Contact posts a second on SQLite, 50 connections, each post from its own client. */
const CONTACT_POSTS_PER_SECOND = 2000;
/** Contact posts a second on PostgreSQL, one instance with its default pool, and their p99. */
const POSTGRES_POSTS_PER_SECOND = 1200;
const POSTGRES_P99_MS = 60;

type Form = "contact" | "newsletter";

async function measurePost(
  origin: string,
  store: string,
  form: Form,
  clientOffset: number,
  posts = POSTS,
): Promise<Result> {
  const run = randomBytes(3).toString("hex");
  let sequence = 0;
  const request: RequestSpec = {
    method: "POST",
    path: `/api/${form}`,
    headers: { "content-type": "application/json" },
    setupRequest(base: RequestSpec) {
      const index = sequence++;
      const email = `bench-${form}-${run}-${index}@example.com`;
      const body =
        form === "contact" ? { name: "Bench", email, phone: "", message: "Quote for 500 labels" } : { email };
      return {
        ...base,
        headers: { ...base.headers, "x-forwarded-for": clientAddress(clientOffset + index) },
        body: JSON.stringify(body),
      };
    },
  };
  const result = await runLoad(
    { url: origin, connections: CONNECTIONS, amount: posts, requests: [request] },
    120,
  );
  console.info(summary(`ours POST /api/${form} (${store})${posts === POSTS ? "" : ", warming up"}`, result));
  return result;
}

/** Clients of each form, far apart so no two posts share a per-client count. */
const CLIENTS: Record<Form, number> = { contact: 0, newsletter: 1 << 20 };
const WARM_UP_CLIENTS = 1 << 19;

/**
 * Posts of both forms on our server on SQLite: latency, throughput and server CPU per post, after
 * WARM_UP_POSTS of each from other clients (the steady state a running site is in).
 */
export async function measureSqlitePosts(ours: RunningServer, missed: string[]): Promise<void> {
  const forms = ["contact", "newsletter"] as const;
  for (const form of forms)
    await measurePost(ours.origin, "sqlite", form, CLIENTS[form] + WARM_UP_CLIENTS, WARM_UP_POSTS);
  for (const form of forms) {
    const cpu = processCpu([ours.pid]);
    const result = await measurePost(ours.origin, "sqlite", form, CLIENTS[form]);
    console.info(`${"".padEnd(34)}  server CPU ${cpu(result.requests.total).toFixed(0)} µs/post`);
    if (result.latency.p99 > POST_P99_MS)
      missed.push(`POST /api/${form} p99 ${result.latency.p99} ms > ${POST_P99_MS} ms`);
    const perSecond = requestsPerSecond(result);
    if (form === "contact" && perSecond < CONTACT_POSTS_PER_SECOND) {
      missed.push(`POST /api/contact ${perSecond.toFixed(0)} posts/s < ${CONTACT_POSTS_PER_SECOND}`);
    }
  }
}

/**
 * Contact posts on PostgreSQL (one server, its default pool, a database of its own on the local
 * PostgreSQL): posts a second, p99, and the CPU a post of the server and of PostgreSQL's processes.
 */
export async function measurePostgresPosts(ours: RunningServer, missed: string[]): Promise<void> {
  await measurePost(ours.origin, "postgres", "contact", CLIENTS.contact + WARM_UP_CLIENTS, WARM_UP_POSTS);
  const server = processCpu([ours.pid]);
  const database = processCpu(processesNamed("postgres"));
  const result = await measurePost(ours.origin, "postgres", "contact", CLIENTS.contact);
  const perSecond = requestsPerSecond(result);
  const met = perSecond >= POSTGRES_POSTS_PER_SECOND && result.latency.p99 <= POSTGRES_P99_MS;
  console.info(
    `${"".padEnd(34)}  server CPU ${server(result.requests.total).toFixed(0)} µs/post, ` +
      `PostgreSQL ${database(result.requests.total).toFixed(0)} µs/post; target >= ${POSTGRES_POSTS_PER_SECOND} ` +
      `posts/s at p99 <= ${POSTGRES_P99_MS} ms: ${met ? "met" : "NOT met"}`,
  );
  if (perSecond < POSTGRES_POSTS_PER_SECOND)
    missed.push(
      `POST /api/contact (postgres) ${perSecond.toFixed(0)} posts/s < ${POSTGRES_POSTS_PER_SECOND}`,
    );
  if (result.latency.p99 > POSTGRES_P99_MS)
    missed.push(`POST /api/contact (postgres) p99 ${result.latency.p99} ms > ${POSTGRES_P99_MS} ms`);
}
