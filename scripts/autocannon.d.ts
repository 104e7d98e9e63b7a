// The part of autocannon's programmatic API the load scripts use; the package ships no types.
declare module "autocannon" {
  export type Context = Record<string, unknown>;

  export interface RequestSpec {
    method?: "GET" | "HEAD" | "POST";
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    /** Called before each request is sent; the context lives until its answer. */
    setupRequest?: (request: RequestSpec, context: Context) => RequestSpec | null;
    onResponse?: (
      status: number,
      body: string,
      context: Context,
      headers: Record<string, string | string[]>,
    ) => void;
  }

  export interface Options {
    url: string;
    connections?: number;
    pipelining?: number;
    /** Seconds. */
    duration?: number;
    /** Total requests; stops after this many. */
    amount?: number;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
    method?: "GET" | "HEAD" | "POST";
    headers?: Record<string, string>;
    body?: string;
    requests?: RequestSpec[];
  }

  export interface Percentiles {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }

  export interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Percentiles;
    requests: Percentiles & { sent: number };
    throughput: Percentiles;
  }

  export interface Instance {
    stop(): void;
    /** Each answer as it arrives (the other events are not used here). */
    on(
      event: "response",
      listener: (client: unknown, statusCode: number, bytes: number, ms: number) => void,
    ): Instance;
  }

  export default function autocannon(
    options: Options,
    callback: (error: Error | null, result: Result) => void,
  ): Instance;
}
