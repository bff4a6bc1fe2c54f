// A member's calendar: which local day an instant falls on in their IANA time zone, and plain arithmetic
// on "YYYY-MM-DD" days. Pure (Intl only), so the server, the browser and the tests agree.

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Longer than any IANA name ("America/Argentina/ComodRivadavia" is 32). */
const MAX_TIME_ZONE_LENGTH = 64;

/** Formatters of the zones seen so far; only zones Intl accepts are kept, so the map stays small. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat | null {
  const cached = formatters.get(timeZone);
  if (cached) return cached;
  if (!timeZone || timeZone.length > MAX_TIME_ZONE_LENGTH) return null;
  try {
    const formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    formatters.set(timeZone, formatter);
    return formatter;
  } catch {
    // RangeError: not a time zone this runtime knows.
    return null;
  }
}

/** True for a time zone Intl knows ("Asia/Beirut", "UTC"); false for anything else. */
export function isValidTimeZone(timeZone: string | null | undefined): timeZone is string {
  return typeof timeZone === "string" && formatterFor(timeZone) !== null;
}

/** The zone to compute days in: the member's when it is valid, else UTC. */
export function effectiveTimeZone(timeZone: string | null | undefined): string {
  return isValidTimeZone(timeZone) ? timeZone : "UTC";
}

/**
 * The calendar day ("YYYY-MM-DD") `date` falls on in `timeZone`. A missing or unknown zone counts as UTC,
 * so a bad value stored somewhere never stops a write.
 */
export function localDay(date: Date, timeZone: string | null | undefined): string {
  const formatter = timeZone && timeZone !== "UTC" ? formatterFor(timeZone) : null;
  if (!formatter) return date.toISOString().slice(0, 10);
  let year = "";
  let month = "";
  let day = "";
  for (const part of formatter.formatToParts(date)) {
    if (part.type === "year") year = part.value;
    else if (part.type === "month") month = part.value;
    else if (part.type === "day") day = part.value;
  }
  return `${year.padStart(4, "0")}-${month}-${day}`;
}

/** True for a real calendar day written "YYYY-MM-DD" (not 2026-02-30). */
export function isIsoDay(value: string): boolean {
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Midnight UTC of a day, as milliseconds: a day's position on a plain calendar, whatever the zone. */
function dayNumber(day: string): number {
  const match = ISO_DAY.exec(day);
  if (!match) throw new RangeError(`Not a day: ${day}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** The day `count` days after `day` (before it when negative). */
export function addDays(day: string, count: number): string {
  return new Date(dayNumber(day) + count * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayNumber(to) - dayNumber(from)) / DAY_MS);
}

/** 0 for Monday … 6 for Sunday (ISO weekdays, counted from zero). */
export function weekdayOf(day: string): number {
  return (new Date(dayNumber(day)).getUTCDay() + 6) % 7;
}

/** The Monday of the week `day` is in. */
export function startOfWeek(day: string): string {
  return addDays(day, -weekdayOf(day));
}

/** `count` consecutive days ending with `last`, oldest first. */
export function daysEndingOn(last: string, count: number): string[] {
  return Array.from({ length: Math.max(0, count) }, (_, index) => addDays(last, index - count + 1));
}
