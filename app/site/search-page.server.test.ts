import type { IncomingMessage } from "node:http";
import pino from "pino";
import { describe, expect, it, vi } from "vitest";
import type { OwnPageAsk } from "~/server/http/react-router-handler.server";
import { searchPages } from "./search-page.server";

/** A logger that keeps its lines, to read what was said. */
function keptLines() {
  const lines: { level: number; msg: string }[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

function askFor(path: string, render: OwnPageAsk["render"]): OwnPageAsk {
  const req = { headers: {} } as IncomingMessage;
  return { req, url: new URL(path, "http://localhost"), nonce: "nonce", gzip: false, render };
}

describe("the results page's template, when it cannot be made", () => {
  it("leaves the page to React Router, says why once, and tries again a minute later", async () => {
    vi.useFakeTimers();
    try {
      const { logger, lines } = keptLines();
      // Nothing but the logger is reached before a template exists.
      const answer = searchPages({ logger } as Parameters<typeof searchPages>[0], () => "client");
      const render = vi.fn(() => Promise.reject(new Error("the route threw")));
      expect(await answer(askFor("/search?q=4x6", render))).toBeUndefined();
      expect(await answer(askFor("/search?q=zebra", render))).toBeUndefined();
      expect(render).toHaveBeenCalledTimes(1);
      expect(lines.filter((line) => line.level === 50).map((line) => line.msg)).toEqual([
        "the results page's template could not be made",
      ]);
      vi.advanceTimersByTime(60_000);
      expect(await answer(askFor("/search?q=4x6", render))).toBeUndefined();
      expect(render).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("is not asked for an empty query or another page", async () => {
    const render = vi.fn(() => Promise.reject(new Error("never")));
    const answer = searchPages({} as Parameters<typeof searchPages>[0], () => "client");
    expect(await answer(askFor("/search?q=%20%20", render))).toBeUndefined();
    expect(await answer(askFor("/search", render))).toBeUndefined();
    expect(await answer(askFor("/products?q=4x6", render))).toBeUndefined();
    expect(render).not.toHaveBeenCalled();
  });
});
