/**
 * The serving half of `npm run bench:catalogue` (docs/benchmarks.md#catalogue): a built server started
 * on a database that holds the generated range, then loaded through HTTP by 20 concurrent clients
 * (autocannon, keep-alive, one request in flight per client): family pages with two filters, item
 * searches as the header's suggestions ask them (`/api/search`) and as the search page shows them
 * (`/search`). Also read: the server's memory, the longest event-loop delay it reported, an item
 * page's compressed size and whether family and item pages name a script file.
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import { gunzipSync } from "node:zlib";
import type { CatalogueFamily } from "~/features/catalogue/model";
import { familyPath, itemPath } from "~/lib/catalogue-paths";
import { seededRandom } from "../lib/seeded-random";
import {
  type LoadResult,
  mainThreadCpu,
  percentile,
  processCpu,
  processesNamed,
  runLoad,
  sleep,
  startServer,
} from "./load-lib";

export const CLIENTS = 20;
/** A figure's run ends after this long whatever is left of its requests (a slow page would take minutes). */
const RUN_SECONDS = 60;
const MB = 1024 * 1024;

/** A row of the generated range: its cells by column. */
export type RangeRow = Record<string, string>;

/**
 * Family pages with two filters, each an item's own values (so no page is empty), over every family
 * that has two filter attributes: one address per distinct pair of values.
 */
export function familyPagePaths(families: readonly CatalogueFamily[], rows: readonly RangeRow[]): string[] {
  const bySlug = new Map(families.map((family) => [family.slug, family]));
  const paths = new Set<string>();
  for (const row of rows) {
    const family = bySlug.get(row.family ?? "");
    const filters = (family?.attributes ?? []).filter(
      (attribute) => attribute.filter && (row[attribute.key] ?? (attribute.key === "make" ? row.make : "")),
    );
    const [first, second] = filters;
    if (!family || !first || !second) continue;
    const cell = (key: string) => (key === "make" ? row.make : row[key]) ?? "";
    const params = new URLSearchParams([
      [first.key, cell(first.key)],
      [second.key, cell(second.key)],
    ]);
    paths.add(`${familyPath(family.slug)}?${params}`);
  }
  return [...paths];
}

/** What buyers type: skus written several ways, sizes, makes and models, typos, SDS, prefixes, misses. */
export function searchQueries(skus: readonly string[], count: number): string[] {
  const next = seededRandom(7);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const fixed = [
    "4x6",
    "4 x 6",
    '4"x6"',
    "102 x 152 mm",
    "2.25 x 1.25",
    "zebra",
    "honeywell scanner",
    "zt411",
    "ZD-421",
    "zd 421",
    "wax resin ribon 110mm",
    "polyethylne plank",
    "stretch film 18 in",
    "sds polyethylene foam",
    "direct thermal labels",
    "zebr",
    "corrugated box 12 x 12 x 12",
    "nitrile gloves",
    "xyzzy",
  ];
  const list: string[] = [];
  while (list.length < count) {
    const roll = next();
    const sku = pick(skus);
    if (roll < 0.3) list.push(roll < 0.15 ? sku : sku.toLowerCase().replace(/-/g, " "));
    else list.push(pick(fixed));
  }
  return list;
}

/** A process's resident memory now and its peak (VmRSS, VmHWM), in MB. */
function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1]) / 1024;
  return { rssMb: field("VmRSS"), peakMb: field("VmHWM") };
}

/** The longest event-loop delay the server saw since the last read of /metrics (which resets it). */
async function eventLoopMaxMs(origin: string): Promise<number> {
  const text = await (await fetch(`${origin}/metrics`)).text();
  const found = /^nodejs_eventloop_lag_max_seconds (\S+)/m.exec(text);
  return found ? Number(found[1]) * 1000 : Number.NaN;
}

export interface LoadFigures {
  p50: number;
  p95: number;
  p99: number;
  perSecond: number;
  errors: number;
  /** The longest event-loop delay during the run, ms. */
  loopMaxMs: number;
  /**
   * The server's main-thread CPU per request, ms: at CLIENTS clients a request waits for the others'
   * share, so p95 is about CLIENTS times this once the server is the limit.
   */
  cpuMs: number;
  /** Per request, ms: the server process's whole CPU (its other threads too) and PostgreSQL's. */
  processCpuMs: number;
  postgresCpuMs: number;
}

interface CpuFigures {
  cpuMs: number;
  processCpuMs: number;
  postgresCpuMs: number;
}

/** Starts counting the CPU the server and PostgreSQL use: the function returned gives it per request. */
function cpuOf(pid: number): (requests: number) => CpuFigures {
  const main = mainThreadCpu(pid);
  const whole = processCpu([pid]);
  const postgres = processCpu(processesNamed("postgres"));
  return (requests) => ({
    cpuMs: main(requests) / 1000,
    processCpuMs: whole(requests) / 1000,
    postgresCpuMs: postgres(requests) / 1000,
  });
}

function figuresOf(result: LoadResult, loopMaxMs: number, cpu: CpuFigures): LoadFigures {
  const non2xx = result.non2xx ?? 0;
  return {
    p50: result.latency.p50,
    // autocannon 9 summarises p90 and p97.5, not p95: read off each answer's own time.
    p95: Math.round(percentile(result.latencies, 0.95) * 10) / 10,
    p99: result.latency.p99,
    perSecond: result.duration > 0 ? result.requests.total / result.duration : 0,
    errors: result.errors + result.timeouts + non2xx,
    loopMaxMs,
    ...cpu,
  };
}

/**
 * `requests` GETs of the paths in turn at CLIENTS connections (or RUN_SECONDS of them), after a
 * warm-up of a tenth as many, or of one request per path when `firstPass` (then measured too: the
 * first request for each address, which the server renders, against the ones after, which it may keep).
 */
async function load(
  server: { origin: string; pid: number },
  paths: readonly string[],
  requests: number,
  firstPass = false,
): Promise<LoadFigures & { first?: LoadFigures }> {
  const { origin } = server;
  let at = 0;
  const run = (amount: number) =>
    runLoad(
      {
        url: origin,
        connections: CLIENTS,
        amount,
        headers: { "accept-encoding": "br, gzip" },
        requests: [
          {
            setupRequest: (request) => ({ ...request, path: paths[at++ % paths.length] ?? "/" }),
          },
        ],
      },
      RUN_SECONDS,
    );
  await eventLoopMaxMs(origin);
  let first: LoadFigures | undefined;
  if (firstPass) {
    const cold = cpuOf(server.pid);
    const result = await run(paths.length);
    first = figuresOf(result, await eventLoopMaxMs(origin), cold(result.requests.total));
  } else await run(Math.max(CLIENTS, Math.floor(requests / 10)));
  await eventLoopMaxMs(origin);
  const cpu = cpuOf(server.pid);
  const result = await run(requests);
  const used = cpu(result.requests.total);
  return { ...figuresOf(result, await eventLoopMaxMs(origin), used), ...(first ? { first } : {}) };
}

/** A page's body as sent (compressed, when the server compresses), and its text. */
function getRaw(url: string): Promise<{ status: number; bytes: number; text: string; encoding: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "gzip" } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const body = Buffer.concat(chunks);
          const encoding = String(response.headers["content-encoding"] ?? "identity");
          const text = (encoding === "gzip" ? gunzipSync(body) : body).toString("utf8");
          resolve({ status: response.statusCode ?? 0, bytes: body.length, text, encoding });
        });
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/** `<script src=…>` or a module preload: a script file the page would load. */
const SCRIPT_FILE = /<script\b[^>]*\bsrc=|<link\b[^>]*\brel="modulepreload"/i;

export interface PageFigures {
  /** The largest item page, gzip-compressed, in KB (1,024 bytes), and its address. */
  itemPageKb: number;
  itemPagePath: string;
  /** Family and item pages read that name a script file. */
  pagesWithScripts: string[];
  pagesRead: number;
}

async function pageFigures(origin: string, itemPaths: readonly string[], familyPaths: readonly string[]) {
  const figures: PageFigures = { itemPageKb: 0, itemPagePath: "", pagesWithScripts: [], pagesRead: 0 };
  for (const path of [...itemPaths, ...familyPaths]) {
    const page = await getRaw(`${origin}${path}`);
    if (page.status !== 200) throw new Error(`${path} answered ${page.status}`);
    figures.pagesRead += 1;
    if (SCRIPT_FILE.test(page.text)) figures.pagesWithScripts.push(path);
    if (itemPaths.includes(path) && page.bytes / 1024 > figures.itemPageKb) {
      figures.itemPageKb = page.bytes / 1024;
      figures.itemPagePath = `${path} (${page.encoding})`;
    }
  }
  return figures;
}

export interface ServeFigures {
  rssMb: number;
  peakMb: number;
  family: LoadFigures;
  /** The first request for each family address (rendered), before `family` (which may be kept pages). */
  familyFirst?: LoadFigures;
  /**
   * A prerendered page served from memory (/about), loaded the same way: the least a request costs on
   * this machine at this moment, to read the others against.
   */
  reference: LoadFigures;
  suggest: LoadFigures;
  searchPage: LoadFigures;
  pages: PageFigures;
}

/** One item of each family (the first of the range), and every other family's first few, for sizes. */
function itemPagePaths(rows: readonly RangeRow[]): string[] {
  const seen = new Map<string, number>();
  const paths: string[] = [];
  for (const row of rows) {
    const family = row.family ?? "";
    const count = seen.get(family) ?? 0;
    if (count >= 3) continue;
    seen.set(family, count + 1);
    paths.push(itemPath(family, row.sku ?? ""));
  }
  return paths;
}

/** Starts the built server on `databaseUrl` and measures it; the server is stopped whatever happens. */
export async function serveFigures(options: {
  databaseUrl: string;
  port: number;
  mailDir: string;
  families: readonly CatalogueFamily[];
  rows: readonly RangeRow[];
  skus: readonly string[];
  requests: number;
}): Promise<ServeFigures> {
  const server = await startServer(options.port, {
    DATABASE_URL: options.databaseUrl,
    MAIL_DIR: options.mailDir,
    LOG_LEVEL: "warn",
  });
  try {
    const { origin } = server;
    await sleep(500);
    const familyPaths = familyPagePaths(options.families, options.rows);
    const queries = searchQueries(options.skus, Math.max(options.requests, 1000));
    const encoded = queries.map((query) => encodeURIComponent(query));
    // About 40 family pages, spread over the families.
    const step = Math.max(1, Math.ceil(familyPaths.length / 40));
    const someFamilies = familyPaths.filter((_, index) => index % step === 0);
    const pages = await pageFigures(origin, itemPagePaths(options.rows), someFamilies);
    const reference = await load(server, ["/about"], options.requests);
    const { first: familyFirst, ...family } = await load(server, familyPaths, options.requests, true);
    const suggest = await load(
      server,
      encoded.map((query) => `/api/search?q=${query}`),
      options.requests,
    );
    const searchPage = await load(
      server,
      encoded.map((query) => `/search?q=${query}`),
      options.requests,
    );
    const { rssMb, peakMb } = memoryOf(server.pid);
    return {
      rssMb,
      peakMb,
      reference,
      family,
      ...(familyFirst ? { familyFirst } : {}),
      suggest,
      searchPage,
      pages,
    };
  } finally {
    await server.stop();
  }
}

export const toMb = (bytes: number) => bytes / MB;
