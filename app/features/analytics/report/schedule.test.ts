import { describe, expect, it } from "vitest";
import { addDays, mondayOf, periodBounds, zonedInstant } from "./calendar";
import { digestDedupeKey, latestDigest } from "./schedule";

const NEW_YORK = "America/New_York";

describe("days and instants in the company's time zone", () => {
  it("finds the Monday of any day of the week", () => {
    expect(mondayOf("2026-11-09")).toBe("2026-11-09");
    expect(mondayOf("2026-11-15")).toBe("2026-11-09");
    expect(mondayOf("2027-01-01")).toBe("2026-12-28");
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
  });

  it("reads 07:00 in New York as 12:00 UTC in winter and 11:00 UTC in summer", () => {
    expect(zonedInstant("2026-11-02", 7, 0, NEW_YORK).toISOString()).toBe("2026-11-02T12:00:00.000Z");
    expect(zonedInstant("2026-10-26", 7, 0, NEW_YORK).toISOString()).toBe("2026-10-26T11:00:00.000Z");
    expect(zonedInstant("2026-11-02", 7, 0, "America/Los_Angeles").toISOString()).toBe(
      "2026-11-02T15:00:00.000Z",
    );
    expect(zonedInstant("2026-11-02", 7, 0, "UTC").toISOString()).toBe("2026-11-02T07:00:00.000Z");
  });

  it("handles the hours the clocks skip and repeat", () => {
    // 02:30 does not exist on 2026-03-08 in New York: an hour later, 03:30 EDT.
    expect(zonedInstant("2026-03-08", 2, 30, NEW_YORK).toISOString()).toBe("2026-03-08T07:30:00.000Z");
    // 01:30 happens twice on 2026-11-01: the first one, in summer time.
    expect(zonedInstant("2026-11-01", 1, 30, NEW_YORK).toISOString()).toBe("2026-11-01T05:30:00.000Z");
  });

  it("bounds a period from its first midnight to the midnight after it, across a clock change", () => {
    expect(periodBounds({ since: "2026-10-26", until: "2026-11-01" }, NEW_YORK)).toEqual({
      from: "2026-10-26T04:00:00.000Z",
      to: "2026-11-02T05:00:00.000Z",
    });
  });
});

describe("when the weekly digest is due", () => {
  it("is due at 07:00 on Monday in New York, for the week Monday to Sunday before", () => {
    const before = latestDigest(new Date("2026-11-16T11:59:59.000Z"), NEW_YORK);
    const at = latestDigest(new Date("2026-11-16T12:00:00.000Z"), NEW_YORK);
    expect(before.monday).toBe("2026-11-09");
    expect(at.monday).toBe("2026-11-16");
    expect(at.dueAt.toISOString()).toBe("2026-11-16T12:00:00.000Z");
    expect(at.week).toEqual({ since: "2026-11-09", until: "2026-11-15" });
    expect(at.previous).toEqual({ since: "2026-11-02", until: "2026-11-08" });
    expect(digestDedupeKey(at.monday)).toBe("weekly-digest:2026-11-16");
  });

  it("stays at 07:00 local on the Monday after the clocks go back (11:00 UTC before, 12:00 after)", () => {
    expect(latestDigest(new Date("2026-10-26T11:00:00.000Z"), NEW_YORK).monday).toBe("2026-10-26");
    expect(latestDigest(new Date("2026-10-26T10:59:00.000Z"), NEW_YORK).monday).toBe("2026-10-19");
    // The clocks went back on Sunday 2026-11-01: Monday's 07:00 is 12:00 UTC.
    expect(latestDigest(new Date("2026-11-02T11:30:00.000Z"), NEW_YORK).monday).toBe("2026-10-26");
    expect(latestDigest(new Date("2026-11-02T12:00:00.000Z"), NEW_YORK).monday).toBe("2026-11-02");
  });

  it("stays at 07:00 local on the Monday after the clocks go forward", () => {
    // The clocks went forward on Sunday 2026-03-08: Monday's 07:00 is 11:00 UTC.
    expect(latestDigest(new Date("2026-03-09T10:59:00.000Z"), NEW_YORK).monday).toBe("2026-03-02");
    expect(latestDigest(new Date("2026-03-09T11:00:00.000Z"), NEW_YORK).monday).toBe("2026-03-09");
  });

  it("is the same digest all week, until the next Monday's 07:00", () => {
    const mondays = ["2026-11-17T12:00:00.000Z", "2026-11-22T23:59:00.000Z", "2026-11-23T11:59:00.000Z"].map(
      (at) => latestDigest(new Date(at), NEW_YORK).monday,
    );
    expect(mondays).toEqual(["2026-11-16", "2026-11-16", "2026-11-16"]);
  });
});
