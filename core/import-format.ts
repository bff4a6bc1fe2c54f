// Browser-safe display helpers of the mass vocabulary imports (the rules are in server/lib/vocabulary-csv.ts).

/** "0:12.500" (or "1:02:03.250"), the way the preview and the template show a start time. */
export function formatTimestamp(ms: number): string {
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  const seconds = (ms % 60_000) / 1000;
  let secondsText = seconds.toFixed(3).replace(/0+$/, "").replace(/\.$/, "");
  if (seconds < 10) secondsText = `0${secondsText}`;
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${secondsText}` : `${minutes}:${secondsText}`;
}
