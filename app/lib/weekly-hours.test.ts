import { describe, expect, it } from "vitest";
import { describeWeeklyHours, parseWeeklyHours } from "./weekly-hours";

describe("opening hours as an office writes them", () => {
  it("reads a range of days, a list of days, whole and half hours", () => {
    expect(parseWeeklyHours("Mon-Fri 08:00-17:00")).toEqual({
      days: [1, 2, 3, 4, 5],
      opensAt: 8,
      closesAt: 17,
    });
    expect(parseWeeklyHours("mon,wed, fri 7:30 - 16")).toEqual({
      days: [1, 3, 5],
      opensAt: 7.5,
      closesAt: 16,
    });
    expect(parseWeeklyHours("Sat-Mon 9-12")).toEqual({ days: [0, 1, 6], opensAt: 9, closesAt: 12 });
    expect(parseWeeklyHours("Monday-Saturday 0-24")).toEqual({
      days: [1, 2, 3, 4, 5, 6],
      opensAt: 0,
      closesAt: 24,
    });
  });

  it("refuses what it cannot read, saying how to write it", () => {
    for (const text of [
      "",
      "Mon-Fri",
      "8-17",
      "Mon-Fri 17-8",
      "Mon-Fri 8-25",
      "Mon-Fry 8-17",
      "Mon-Fri 8:75-17",
    ]) {
      expect(parseWeeklyHours(text), text).toEqual({ error: expect.stringContaining("Mon-Fri 08:00-17:00") });
    }
  });

  it("writes the hours back the way they are read", () => {
    for (const text of ["Mon-Fri 08:00-17:00", "Mon,Wed,Fri 07:30-16:00", "Sun-Mon,Sat 09:00-12:00"]) {
      const parsed = parseWeeklyHours(text);
      if ("error" in parsed) throw new Error(parsed.error);
      expect(describeWeeklyHours(parsed)).toBe(text);
    }
  });
});
