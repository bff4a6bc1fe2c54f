import type { RevenueMonth, TrialOutcomes } from "#server/services/admin-revenue";

/** Figures the page derives from the report's months (client-safe: types only from the server). */

/** The trial outcomes of several months together (the headline and the table's total over the range). */
export function sumTrials(months: ReadonlyArray<Pick<RevenueMonth, "trials">>): TrialOutcomes {
  const total: TrialOutcomes = { ended: 0, converted: 0, notConverted: 0, pending: 0, conversionRate: null };
  for (const { trials } of months) {
    total.ended += trials.ended;
    total.converted += trials.converted;
    total.notConverted += trials.notConverted;
    total.pending += trials.pending;
  }
  const decided = total.converted + total.notConverted;
  total.conversionRate = decided > 0 ? total.converted / decided : null;
  return total;
}

/** The MRR the current (last) month's movement is measured from: the previous month's end. */
export function previousMrrCents(months: ReadonlyArray<Pick<RevenueMonth, "mrrCents">>, startingMrrCents: number) {
  return months.length >= 2 ? months[months.length - 2]!.mrrCents : startingMrrCents;
}
