import { describe, expect, it } from "vitest";
import { lastDays, readDay, readPeriod } from "./period";

describe("the report's period as asked for", () => {
  it("reads real dates only, refusing anything else before parsing it", () => {
    expect(readDay("2026-02-28")).toBe("2026-02-28");
    for (const text of [
      "2026-02-30",
      "2026-13-01",
      "26-01-01",
      "<img src=x onerror=alert(1)>",
      "9".repeat(5000),
      "",
    ])
      expect(readDay(text), text).toBeNull();
  });

  it("defaults to the 30 days to today, follows a first day alone to today, and refuses what it cannot cover", () => {
    expect(readPeriod(null, null, "2026-11-28")).toEqual({ since: "2026-10-30", until: "2026-11-28" });
    expect(readPeriod("2026-11-01", null, "2026-11-28")).toEqual({
      since: "2026-11-01",
      until: "2026-11-28",
    });
    expect(readPeriod(null, "2026-11-10", "2026-11-28")).toEqual({
      since: "2026-10-12",
      until: "2026-11-10",
    });
    expect(readPeriod("2026-11-10", "2026-11-01", "2026-11-28")).toEqual({
      error: "The first day must not be after the last.",
    });
    expect(readPeriod("2026-13-01", null, "2026-11-28")).toEqual({ error: "Enter dates as YYYY-MM-DD." });
    expect(readPeriod("2024-01-01", "2025-01-01", "2026-11-28")).toEqual({
      since: "2024-01-01",
      until: "2025-01-01",
    });
    expect(readPeriod("2024-01-01", "2025-01-02", "2026-11-28")).toMatchObject({
      error: expect.stringMatching(/367 days/),
    });
    expect(lastDays(7, "2026-11-28")).toEqual({ since: "2026-11-22", until: "2026-11-28" });
  });
});
