import { formatPrice } from "#core/format";

/** Display helpers of the revenue page and the dashboard card (UTC months, deterministic on server and client). */

const MINUS = "\u2212";

/** "$12" or "$8.25"; one currency at a time. */
export function formatMoney(cents: number, currency: string): string {
  return formatPrice(cents, currency);
}

/** A movement with its sign always shown: "+$12", "−$8.25", "$0". */
export function formatSignedMoney(cents: number, currency: string): string {
  if (cents === 0) return formatPrice(0, currency);
  return `${cents > 0 ? "+" : MINUS}${formatPrice(Math.abs(cents), currency)}`;
}

/** An axis label: "$1.2K", "$40". */
export function formatCompactMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: currency.toUpperCase(),
    notation: "compact",
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  }).format(cents / 100);
}

/** "67%" of a 0–1 ratio. */
export function formatRate(ratio: number): string {
  return new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 0 }).format(ratio);
}

/** "+12.5%" / "−3%" of a change against a base; null when there is no base to compare with. */
export function formatChangeRate(change: number, base: number): string | null {
  if (base <= 0) return null;
  const text = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 1 }).format(
    Math.abs(change) / base,
  );
  return change === 0 ? text : `${change > 0 ? "+" : MINUS}${text}`;
}

const monthFormats = {
  long: new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }),
  medium: new Intl.DateTimeFormat("en-GB", { month: "short", year: "numeric", timeZone: "UTC" }),
  name: new Intl.DateTimeFormat("en-GB", { month: "long", timeZone: "UTC" }),
  short: new Intl.DateTimeFormat("en-GB", { month: "short", timeZone: "UTC" }),
};

const monthDate = (month: string) => new Date(`${month}-01T00:00:00Z`);

/** "March 2031" (long), "Mar 2031" (medium), "March" (name) or "Mar ’31" (short, for axis labels). */
export function formatMonth(month: string, style: "long" | "medium" | "name" | "short" = "medium"): string {
  const date = monthDate(month);
  if (style === "short") return `${monthFormats.short.format(date)} \u2019${month.slice(2, 4)}`;
  return monthFormats[style].format(date);
}

/** The month `delta` months from `month`: shiftMonth("2041-01", -1) is "2040-12". */
export function shiftMonth(month: string, delta: number): string {
  const date = monthDate(month);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + delta, 1)).toISOString().slice(0, 7);
}

/** "+3 subscriptions", "1 subscription". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
}
