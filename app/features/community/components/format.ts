/**
 * "just now", "5 minutes ago", "3 hours ago", "2 days ago", then the date. Relative to the loader's `now`
 * (not the browser clock) so the server render and the hydrated page say the same thing.
 */
export function formatRelativeTime(date: Date | string, now: Date | string): string {
  const seconds = Math.round((new Date(now).getTime() - new Date(date).getTime()) / 1000);
  if (seconds < 60) return "just now";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return minutes === 1 ? "1 minute ago" : `${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? "1 hour ago" : `${hours} hours ago`;
  const days = Math.floor(hours / 24);
  if (days < 30) return days === 1 ? "yesterday" : `${days} days ago`;
  return new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(date));
}

/** Full timestamp for the `title` of a relative time, in UTC like the rest of the app's dates. */
export function formatTimestamp(date: Date | string): string {
  return new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(
    new Date(date),
  );
}

export function countLabel(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString("en-GB")} ${count === 1 ? singular : plural}`;
}
