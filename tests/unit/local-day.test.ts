import { describe, expect, it } from "vitest";
import {
  addDays,
  daysBetween,
  daysEndingOn,
  effectiveTimeZone,
  isIsoDay,
  isValidTimeZone,
  localDay,
  startOfWeek,
  weekdayOf,
} from "../../core/local-day";

describe("localDay", () => {
  // 11:30 UTC on 5 January 2026: already the 6th in Auckland (UTC+13 in summer), still the 5th in Los Angeles.
  const lateMorningUtc = new Date(Date.UTC(2026, 0, 5, 11, 30));

  it("gives the member's calendar day in their zone", () => {
    expect(localDay(lateMorningUtc, "UTC")).toBe("2026-01-05");
    expect(localDay(lateMorningUtc, "Pacific/Auckland")).toBe("2026-01-06");
    expect(localDay(lateMorningUtc, "America/Los_Angeles")).toBe("2026-01-05");
    expect(localDay(lateMorningUtc, "Asia/Beirut")).toBe("2026-01-05");
  });

  it("turns the day at the zone's midnight, not UTC's", () => {
    // Beirut is UTC+2 in winter: 21:59 UTC is 23:59 there, 22:00 UTC is the next day.
    expect(localDay(new Date(Date.UTC(2026, 0, 5, 21, 59)), "Asia/Beirut")).toBe("2026-01-05");
    expect(localDay(new Date(Date.UTC(2026, 0, 5, 22, 0)), "Asia/Beirut")).toBe("2026-01-06");
    // Auckland (UTC+13): 10:59 UTC is 23:59, 11:00 UTC is midnight of the next day.
    expect(localDay(new Date(Date.UTC(2026, 0, 5, 10, 59)), "Pacific/Auckland")).toBe("2026-01-05");
    expect(localDay(new Date(Date.UTC(2026, 0, 5, 11, 0)), "Pacific/Auckland")).toBe("2026-01-06");
  });

  it("follows daylight saving time", () => {
    // New York: UTC-4 in July, UTC-5 in January. 03:30 UTC is the evening before in both.
    expect(localDay(new Date(Date.UTC(2026, 6, 10, 3, 30)), "America/New_York")).toBe("2026-07-09");
    expect(localDay(new Date(Date.UTC(2026, 6, 10, 4, 0)), "America/New_York")).toBe("2026-07-10");
    expect(localDay(new Date(Date.UTC(2026, 0, 10, 4, 30)), "America/New_York")).toBe("2026-01-09");
    expect(localDay(new Date(Date.UTC(2026, 0, 10, 5, 0)), "America/New_York")).toBe("2026-01-10");
  });

  it("counts a missing or unknown zone as UTC", () => {
    const lateEvening = new Date(Date.UTC(2026, 2, 1, 23, 30));
    expect(localDay(lateEvening, null)).toBe("2026-03-01");
    expect(localDay(lateEvening, undefined)).toBe("2026-03-01");
    expect(localDay(lateEvening, "")).toBe("2026-03-01");
    expect(localDay(lateEvening, "Mars/Olympus_Mons")).toBe("2026-03-01");
    expect(localDay(lateEvening, "x".repeat(500))).toBe("2026-03-01");
  });
});

describe("time zone checks", () => {
  it("knows real IANA zones and refuses the rest", () => {
    expect(isValidTimeZone("Asia/Damascus")).toBe(true);
    expect(isValidTimeZone("UTC")).toBe(true);
    expect(isValidTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isValidTimeZone("")).toBe(false);
    expect(isValidTimeZone(null)).toBe(false);
    expect(isValidTimeZone("<script>")).toBe(false);
  });

  it("falls back to UTC", () => {
    expect(effectiveTimeZone("Asia/Amman")).toBe("Asia/Amman");
    expect(effectiveTimeZone("nowhere")).toBe("UTC");
    expect(effectiveTimeZone(null)).toBe("UTC");
  });
});

describe("day arithmetic", () => {
  it("adds and counts days across months, years and leap days", () => {
    expect(addDays("2026-01-31", 1)).toBe("2026-02-01");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(daysBetween("2026-01-01", "2026-03-01")).toBe(59);
    expect(daysBetween("2026-03-01", "2026-01-01")).toBe(-59);
    // Days are calendar days: a zone's 23- or 25-hour days make no difference.
    expect(daysBetween("2026-03-28", "2026-03-30")).toBe(2);
  });

  it("knows weekdays and the Monday of a week", () => {
    expect(weekdayOf("2026-01-05")).toBe(0); // a Monday
    expect(weekdayOf("2026-01-11")).toBe(6); // a Sunday
    expect(startOfWeek("2026-01-11")).toBe("2026-01-05");
    expect(startOfWeek("2026-01-05")).toBe("2026-01-05");
  });

  it("lists consecutive days ending on a day", () => {
    expect(daysEndingOn("2026-01-02", 3)).toEqual(["2025-12-31", "2026-01-01", "2026-01-02"]);
    expect(daysEndingOn("2026-01-02", 0)).toEqual([]);
  });

  it("checks YYYY-MM-DD days", () => {
    expect(isIsoDay("2026-02-28")).toBe(true);
    expect(isIsoDay("2026-02-30")).toBe(false);
    expect(isIsoDay("2026-2-3")).toBe(false);
    expect(() => addDays("soon", 1)).toThrow(RangeError);
  });
});
