import { describe, expect, it } from "vitest";
import { createCounter, OVERFLOW_KEY, visitorHash } from "./counter.server";

// 10:00 in New York on 2026-11-24.
const MORNING = Date.parse("2026-11-24T15:00:00.000Z");
const DAY = "2026-11-24";
const SALT = "salt-of-the-day";

const counterAt = (maxKeys?: number) =>
  createCounter({ timeZone: "America/New_York", now: () => MORNING, ...(maxKeys ? { maxKeys } : {}) });

describe("the counter's memory between two writes", () => {
  it("hands over each count once, with its day, kind, key and detail", () => {
    const counter = counterAt();
    counter.count("pageview", "/products");
    counter.count("pageview", "/products");
    counter.count("form", "contact", "sent");
    counter.count("form", "contact", "refused");

    expect(counter.take().counts).toEqual([
      { day: DAY, metric: "pageview", key: "/products", detail: "", count: 2 },
      { day: DAY, metric: "form", key: "contact", detail: "sent", count: 1 },
      { day: DAY, metric: "form", key: "contact", detail: "refused", count: 1 },
    ]);
    expect(counter.size()).toBe(0);
    expect(counter.take().counts).toEqual([]);
  });

  it("counts a key beyond its room under (other), and keeps counting the keys it holds", () => {
    const counter = counterAt(2);
    counter.count("pageview", "/a");
    counter.count("pageview", "/b");
    counter.count("pageview", "/c");
    counter.count("pageview", "/d");
    counter.count("pageview", "/a");

    const counts = counter.take().counts.map(({ key, count }) => [key, count]);
    expect(counts).toEqual([
      ["/a", 2],
      ["/b", 1],
      [OVERFLOW_KEY, 2],
    ]);
  });

  it("hashes each visitor once, in slices, with the day's salt", () => {
    const counter = counterAt();
    const agents = ["Firefox", "Safari"];
    const addresses = ["192.0.2.1", "192.0.2.2", "192.0.2.3"];
    for (let visit = 0; visit < 3; visit += 1)
      for (const address of addresses) for (const agent of agents) counter.visitor(address, agent);

    // Without the day's salt nothing can be hashed yet; the visitors wait for it.
    expect(counter.hashSome(100)).toBe(false);
    expect(counter.take().visitors).toEqual([]);
    counter.setSalt(DAY, SALT);
    expect(counter.hashSome(4)).toBe(true);
    expect(counter.hashSome(4)).toBe(false);

    const expected = addresses.flatMap((address) => agents.map((agent) => visitorHash(SALT, address, agent)));
    const hashes = counter.take().visitors.map((row) => row.visitorHash);
    expect(hashes.sort()).toEqual(expected.sort());
    // Seen today already: a return visit is not handed over again.
    counter.visitor("192.0.2.1", "Firefox");
    expect(counter.take().visitors).toEqual([]);
  });

  it("tells user agents apart by their first 512 characters", () => {
    const counter = counterAt();
    counter.setSalt(DAY, SALT);
    const long = "Mozilla/5.0 ".padEnd(600, "x");
    counter.visitor("192.0.2.1", `${long}a`);
    counter.visitor("192.0.2.1", `${long}b`);

    expect(counter.take().visitors).toEqual([
      { day: DAY, visitorHash: visitorHash(SALT, "192.0.2.1", long) },
    ]);
  });
});
