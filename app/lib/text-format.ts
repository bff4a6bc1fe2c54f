/** "38 min", "1 h 12 min", "2 h": the length of a whole course, series or playlist; "45 sec" under a minute. */
export function formatTotalDuration(totalSeconds: number): string {
  if (totalSeconds > 0 && totalSeconds < 59.5) return `${Math.max(1, Math.round(totalSeconds))} sec`;
  const minutes = Math.round(Math.max(0, totalSeconds) / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${minutes} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

const FIRST_STRONG_CHARACTER = /[A-Za-z\u00c0-\u024f\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff]/;

/**
 * Attributes for text a learner typed (a playlist name), which may be Arabic or not: Arabic when its
 * first letter is Arabic (so the Arabic font and RTL apply), otherwise direction left to the browser.
 */
export function scriptProps(text: string): { lang?: "ar"; dir: "rtl" | "auto" } {
  const first = FIRST_STRONG_CHARACTER.exec(text)?.[0];
  return first && /[\u0600-\u08ff]/.test(first) ? { lang: "ar", dir: "rtl" } : { dir: "auto" };
}
