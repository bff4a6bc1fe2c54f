/**
 * docs/product-rules.md#dates-across-the-wire: every string shaped like an ISO date or datetime (optional time,
 * fraction and zone) is read as a Date. Strings that only look close (no real calendar day, stray text) stay strings.
 */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export function isIsoDateString(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, year, month, day, hour, minute, second] = match;
  const m = Number(month);
  const d = Number(day);
  if (m < 1 || m > 12 || d < 1) return false;
  const daysInMonth = new Date(Date.UTC(Number(year), m, 0)).getUTCDate();
  if (d > daysInMonth) return false;
  if (hour !== undefined && (Number(hour) > 23 || Number(minute) > 59 || Number(second ?? 0) > 59)) return false;
  return !Number.isNaN(Date.parse(value.replace(" ", "T")));
}

export function reviveDates<T>(value: T): T {
  if (typeof value === "string") return (isIsoDateString(value) ? new Date(value.replace(" ", "T")) : value) as T;
  if (Array.isArray(value)) return value.map((item) => reviveDates(item)) as T;
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) result[key] = reviveDates(item);
    return result as T;
  }
  return value;
}
