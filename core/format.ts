/** Display helpers shared by the public pages and the learning area. Deterministic on server and client. */

/** "4:05" for short clips, "1:02:09" past the hour. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** "12 minutes", for screen readers next to the compact badge; under a minute in seconds ("5 seconds"). */
export function describeDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  if (seconds < 60) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  const minutes = Math.round(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/** Prices are stored in cents; whole amounts drop the ".00". */
export function formatPrice(cents: number, currency: string, locale = "en-US"): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency: currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}

/** Dates in UTC so the server render and the hydrated client agree. */
export function formatDate(date: Date | string | number, style: "medium" | "long" = "medium"): string {
  return new Intl.DateTimeFormat("en-GB", { dateStyle: style, timeZone: "UTC" }).format(new Date(date));
}

export const LEVEL_LABELS = {
  beginner: "Beginner",
  intermediate: "Intermediate",
  advanced: "Advanced",
} as const;

export type LevelName = keyof typeof LEVEL_LABELS;

export function isLevel(value: string | null | undefined): value is LevelName {
  return value === "beginner" || value === "intermediate" || value === "advanced";
}
