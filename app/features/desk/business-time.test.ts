import { describe, expect, it } from "vitest";
import { type BusinessHours, businessSecondsBetween, DEFAULT_BUSINESS_HOURS } from "./business-time";

const inZone = (timeZone: string): BusinessHours => ({ ...DEFAULT_BUSINESS_HOURS, timeZone });
const minutes = (start: string, end: string, zone: string) =>
  businessSecondsBetween(new Date(start), new Date(end), inZone(zone)) / 60;

describe("response time in business hours", () => {
  it("counts the clock within a working day", () => {
    // Tuesday 2026-11-24, 10:00 to 10:25 in Atlanta (UTC-5).
    expect(minutes("2026-11-24T15:00:00Z", "2026-11-24T15:25:00Z", "America/New_York")).toBe(25);
  });

  it("skips the weekend: Friday 16:50 to Monday 8:10 is twenty minutes", () => {
    // Friday 2026-11-27 16:50 Chicago (UTC-6) = 22:50Z; Monday 2026-11-30 08:10 = 14:10Z.
    expect(minutes("2026-11-27T22:50:00Z", "2026-11-30T14:10:00Z", "America/Chicago")).toBe(20);
  });

  it("counts a lead that arrives at night from the next opening", () => {
    // Wednesday 2026-11-25 23:30 in Reno (UTC-8) = Thursday 07:30Z; answered Thursday 08:45 local = 16:45Z.
    expect(minutes("2026-11-26T07:30:00Z", "2026-11-26T16:45:00Z", "America/Los_Angeles")).toBe(45);
  });

  it("reads the hours in the branch's own time zone: the same instants differ between branches", () => {
    // 13:30Z to 14:30Z on a Monday: 8:30-9:30 in Atlanta (all open), 7:30-8:30 in Dallas (half).
    expect(minutes("2026-11-30T13:30:00Z", "2026-11-30T14:30:00Z", "America/New_York")).toBe(60);
    expect(minutes("2026-11-30T13:30:00Z", "2026-11-30T14:30:00Z", "America/Chicago")).toBe(30);
    expect(minutes("2026-11-30T13:30:00Z", "2026-11-30T14:30:00Z", "America/Los_Angeles")).toBe(0);
  });

  it("crosses a change of daylight saving time by the local clock", () => {
    // Friday 2026-10-30 16:00 New York (EDT, UTC-4) = 20:00Z to Monday 2026-11-02 09:00 (EST, UTC-5) = 14:00Z.
    expect(minutes("2026-10-30T20:00:00Z", "2026-11-02T14:00:00Z", "America/New_York")).toBe(120);
  });

  it("is zero when nothing of the span is in business hours, or the end is not after the start", () => {
    expect(minutes("2026-11-28T15:00:00Z", "2026-11-29T20:00:00Z", "America/New_York")).toBe(0);
    expect(minutes("2026-11-24T15:25:00Z", "2026-11-24T15:00:00Z", "America/New_York")).toBe(0);
  });

  it("counts whole working days across a week", () => {
    // Monday 08:00 to the next Monday 08:00 in Chicago: five days of nine hours.
    expect(minutes("2026-11-30T14:00:00Z", "2026-12-07T14:00:00Z", "America/Chicago")).toBe(5 * 9 * 60);
  });
});
