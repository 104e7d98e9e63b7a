import { describe, expect, it } from "vitest";
import { formatLongDate } from "./format-date";

describe("formatLongDate", () => {
  it.each([
    ["2025-02-11", "February 11, 2025"],
    ["2026-01-01", "January 1, 2026"],
    ["2025-12-31", "December 31, 2025"],
  ])("%s → %s", (iso, expected) => {
    expect(formatLongDate(iso)).toBe(expected);
  });
});
