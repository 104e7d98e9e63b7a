import http, { type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LiveCatalogue } from "~/features/catalogue/catalogue.server";
import { catalogueOf, csvOf, importText, labelRow } from "~/features/catalogue/testing/fixtures.server";
import type { SuggestionsResponse } from "~/lib/search-types";
import { silentLogger, type TestDatabase, testDialects } from "../../tests/support/databases";
import { suggestionsEndpoint } from "./suggestions.server";

/** Six 4x6 labels with long names: their suggestions make an answer over the 1 KB it is compressed from. */
const rows = Array.from({ length: 6 }, (_, index) =>
  labelRow(`RDT-4X6-S${index}`, {
    name: `Direct thermal label 4 x 6 in, perforated, permanent adhesive, on a 3 in core, case ${index}`,
  }),
);

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

describe.each(testDialects)("the header's suggestions, answered before React Router, on $name", (dialect) => {
  let database: TestDatabase;
  let catalogue: LiveCatalogue;
  let server: http.Server;
  let port: number;

  const ask = (path: string, options: { method?: string; headers?: Record<string, string> } = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const req = http.request(
        { port, path, method: options.method ?? "GET", headers: options.headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        },
      );
      req.on("error", reject);
      req.end();
    });
  const json = (answer: Answer) => JSON.parse(answer.body.toString()) as SuggestionsResponse;

  beforeAll(async () => {
    database = await dialect.create();
    catalogue = await catalogueOf(database.db, rows);
    const endpoint = suggestionsEndpoint({ db: database.db, catalogue, logger: silentLogger });
    server = http.createServer((req, res) => {
      endpoint(req, res).catch((error: unknown) => {
        res.writeHead(500);
        res.end(String(error));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  }, 60_000);
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await database?.cleanup();
  });

  it("answers items first for a size, as JSON cacheable for a minute", async () => {
    const answer = await ask("/api/search?q=4x6");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(answer.headers["cache-control"]).toBe("public, max-age=60");
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(answer.headers["content-encoding"]).toBeUndefined();
    const body = json(answer);
    expect(body.query).toBe("4x6");
    expect(body.suggestions.slice(0, 6).map((suggestion) => suggestion.id)).toEqual(
      rows.map((row) => `item:${row.sku}`),
    );
    expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
  });

  it("sends the same answer gzip-compressed to a client that accepts it", async () => {
    const plain = await ask("/api/search?q=4x6");
    const compressed = await ask("/api/search?q=4x6", { headers: { "Accept-Encoding": "gzip, br" } });
    expect(plain.body.length).toBeGreaterThanOrEqual(1024);
    expect(compressed.headers["content-encoding"]).toBe("gzip");
    expect(compressed.body.length).toBeLessThan(plain.body.length);
    expect(gunzipSync(compressed.body).equals(plain.body)).toBe(true);
  });

  it("answers an empty list to no query or an empty one, and HEAD without a body", async () => {
    for (const path of ["/api/search", "/api/search?q=", "/api/search?q=%20%20&q=x"])
      expect(json(await ask(path)), path).toEqual({ query: "", total: 0, suggestions: [] });
    const head = await ask("/api/search?q=4x6", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(Number(head.headers["content-length"])).toBeGreaterThan(0);
    expect(head.body.length).toBe(0);
  });

  it("refuses any other method with 405", async () => {
    const answer = await ask("/api/search?q=4x6", { method: "POST" });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe("GET, HEAD");
  });

  it("answers anew once another catalogue version is served", async () => {
    const before = json(await ask("/api/search?q=RDT-4X6-NEW")).suggestions.map(
      (suggestion) => suggestion.id,
    );
    expect(before).not.toContain("item:RDT-4X6-NEW");
    const result = await importText(database.db, csvOf([...rows, labelRow("RDT-4X6-NEW")]));
    expect(result.status).toBe("imported");
    expect(await catalogue.refresh()).toBe(true);
    const ids = json(await ask("/api/search?q=RDT-4X6-NEW")).suggestions.map((suggestion) => suggestion.id);
    expect(ids[0]).toBe("item:RDT-4X6-NEW");
  });
});
