import { z } from "zod";

/** The month counts the range picker offers; `?months=` takes any whole number in between too. */
export const REVENUE_RANGE_CHOICES = [3, 6, 12, 18, 24] as const;
export const REVENUE_RANGE_DEFAULT = 12;

/** `?months=` of /admin/revenue: 3 to 24 whole months, anything else falls back to 12. */
export const revenueSearchSchema = z.object({
  months: z.coerce.number().int().min(3).max(24).catch(REVENUE_RANGE_DEFAULT).default(REVENUE_RANGE_DEFAULT),
});
export type RevenueSearch = z.infer<typeof revenueSearchSchema>;

/** The search of a request URL, never throwing. */
export function parseRevenueSearch(searchParams: URLSearchParams): RevenueSearch {
  const parsed = revenueSearchSchema.safeParse(Object.fromEntries(searchParams));
  return parsed.success ? parsed.data : { months: REVENUE_RANGE_DEFAULT };
}
