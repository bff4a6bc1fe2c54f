// Wording of the progress page's figures. Days arrive as "YYYY-MM-DD" in the member's own calendar, so
// they are formatted as UTC dates: the server render and the hydrated page agree, whatever the browser's zone.

const DAY_FORMATS = {
  long: new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }),
  medium: new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }),
  short: new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" }),
  month: new Intl.DateTimeFormat("en-GB", { month: "short", timeZone: "UTC" }),
  year: new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }),
};

function dayDate(day: string): Date {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1));
}

/** "Monday 5 January" (long), "Mon 5 Jan" (medium), "5 Jan" (short), "Jan" (month), "5 January 2026" (year). */
export function formatDay(day: string, style: keyof typeof DAY_FORMATS = "medium"): string {
  return DAY_FORMATS[style].format(dayDate(day));
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString("en-GB")} ${count === 1 ? one : many}`;
}

/** "45 s", "12 min", "1 h 05 min": a day's watching. */
export function formatWatchTime(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;
}

/** Spoken form of `formatWatchTime`: "45 seconds", "12 minutes", "1 hour 5 minutes". */
export function describeWatchTime(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return plural(whole, "second");
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return plural(minutes, "minute");
  const rest = minutes % 60;
  return `${plural(Math.floor(minutes / 60), "hour")}${rest ? ` ${plural(rest, "minute")}` : ""}`;
}

/** Hours to one decimal under a hundred ("12.5"), whole above. */
export function formatHours(seconds: number): string {
  const hours = seconds / 3600;
  return hours < 100 ? (Math.floor(hours * 10) / 10).toFixed(1) : Math.floor(hours).toLocaleString("en-GB");
}

/** Minutes with one decimal under ten, for chart values ("0.4", "7.5", "42"). */
export function formatMinutes(seconds: number): string {
  const minutes = seconds / 60;
  if (minutes === 0) return "0";
  return minutes < 10 ? (Math.round(minutes * 10) / 10).toString() : Math.round(minutes).toString();
}
