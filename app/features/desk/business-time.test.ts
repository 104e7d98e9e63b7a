import { describe, expect, it } from "vitest";
import { defaultRouting } from "~/features/leads/routing/routing.server";
import {
  afterBusinessMillis,
  type BusinessHours,
  businessSecondsBetween,
  DEFAULT_BUSINESS_HOURS,
} from "./business-time";
import { isOverdue, overdueFrom } from "./hours";

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

describe("when a lead still New becomes overdue (30 business minutes by default)", () => {
  const services = { routing: defaultRouting(), timeZone: "America/New_York" };
  const overdue = (receivedAt: string, branch: string | null) =>
    overdueFrom(services, { receivedAt, branch })?.toISOString();

  it("carries the minutes left on Friday over the weekend to Monday morning", () => {
    // Friday 16:50 in Dallas: ten minutes on Friday, twenty on Monday from 8:00.
    expect(overdue("2026-11-27T22:50:00.000Z", "dallas")).toBe("2026-11-30T14:20:00.000Z");
  });

  it("counts a lead that arrives at night from the branch's opening", () => {
    // Wednesday 23:30 in Reno: overdue Thursday 8:30 Reno time.
    expect(overdue("2026-11-26T07:30:00.000Z", "reno")).toBe("2026-11-26T16:30:00.000Z");
  });

  it("reads the branch's own clock: the same arrival is overdue at different instants per branch", () => {
    // Monday 13:00Z is 8:00 in Atlanta, 7:00 in Dallas.
    expect(overdue("2026-11-30T13:00:00.000Z", "atlanta")).toBe("2026-11-30T13:30:00.000Z");
    expect(overdue("2026-11-30T13:00:00.000Z", "dallas")).toBe("2026-11-30T14:30:00.000Z");
    // An unrouted lead counts on the company's clock (New York).
    expect(overdue("2026-11-30T13:00:00.000Z", null)).toBe("2026-11-30T13:30:00.000Z");
  });

  it("marks only a lead still New, from the overdue instant on", () => {
    const lead = { status: "new", receivedAt: "2026-11-30T13:00:00.000Z", branch: "atlanta" };
    expect(isOverdue(services, lead, new Date("2026-11-30T13:29:59.000Z"))).toBe(false);
    expect(isOverdue(services, lead, new Date("2026-11-30T13:30:00.000Z"))).toBe(true);
    expect(isOverdue(services, { ...lead, status: "contacted" }, new Date("2026-12-30T00:00:00.000Z"))).toBe(
      false,
    );
  });

  it("follows configured hours with half hours, and has no overdue instant without open days", () => {
    const custom = {
      ...services,
      desk: { hours: { days: [6], opensAt: 9.5, closesAt: 12 }, overdueMinutes: 60 },
    };
    // Saturdays 9:30-12:00 in New York only: a Monday lead is overdue Saturday at 10:30.
    expect(overdueFrom(custom, { receivedAt: "2026-11-30T15:00:00.000Z", branch: null })?.toISOString()).toBe(
      "2026-12-05T15:30:00.000Z",
    );
    expect(
      afterBusinessMillis(new Date("2026-11-30T15:00:00.000Z"), 60_000, { ...inZone("UTC"), days: [] }),
    ).toBeNull();
  });
});
