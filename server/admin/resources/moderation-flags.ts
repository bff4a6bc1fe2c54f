import { z } from "zod";
import { dateText } from "../schema-helpers";
import type { AdminBeforeChangeHook, AdminRow } from "../types";

/**
 * Pinned / locked / removed are timestamps in D1 (when it happened) but a checkbox in the admin: ticking
 * stamps the time, unticking clears it. Accepts a boolean (form, API) or the stored date (API round trip).
 */
export const timestampFlag = () =>
  z
    .union([z.boolean(), dateText(), z.null()])
    .transform((value) => (value === true ? new Date() : value === false ? null : value))
    .optional();

/** Keeps the original time of a flag that was already set, so saving a form doesn't move it. */
export function keepFlagTimes(values: AdminRow, existing: AdminRow, names: readonly string[]): AdminRow {
  const result = { ...values };
  for (const name of names) {
    if (result[name] instanceof Date && existing[name] instanceof Date) result[name] = existing[name];
  }
  return result;
}

/** `keepFlagTimes` as an update hook. */
export function keepFlags(names: readonly string[]): AdminBeforeChangeHook {
  return (_ctx, { values, existing }) => (existing ? keepFlagTimes(values, existing, names) : values);
}
