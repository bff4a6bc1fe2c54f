import { describe, expect, it } from "vitest";
import { isIsoDateString, reviveDates } from "../../core/dates";

describe("ISO date revival (docs/product-rules.md#dates-across-the-wire)", () => {
  it.each([
    "2026-11-21",
    "2026-11-21T10:15",
    "2026-11-21T10:15:30",
    "2026-11-21T10:15:30.123",
    "2026-11-21T10:15:30.123Z",
    "2026-11-21T10:15:30+02:00",
    "2026-11-21T10:15:30.5-0500",
  ])("reads %s as a date", (value) => {
    expect(isIsoDateString(value)).toBe(true);
  });

  it.each(["2026-13-01", "2026-02-30", "2026-11-21T25:00", "21/11/2026", "2026-11-21 and more", "hello", "2026"])(
    "leaves %s as a string",
    (value) => {
      expect(isIsoDateString(value)).toBe(false);
    },
  );

  it("revives nested values and leaves the rest alone", () => {
    const revived: { data: { createdAt: Date; items: { due: Date }[]; title: string; count: number; flag: null } } =
      reviveDates({
        data: {
          createdAt: "2026-11-21T10:00:00.000Z",
          items: [{ due: "2026-12-01" }],
          title: "Marhaba",
          count: 3,
          flag: null,
        },
      } as never);
    expect(revived.data.createdAt).toBeInstanceOf(Date);
    expect(revived.data.createdAt.toISOString()).toBe("2026-11-21T10:00:00.000Z");
    expect(revived.data.items[0]!.due).toBeInstanceOf(Date);
    expect(revived.data.title).toBe("Marhaba");
    expect(revived.data.count).toBe(3);
    expect(revived.data.flag).toBeNull();
  });
});
