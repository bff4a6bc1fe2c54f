import { formatDate } from "#core/format";
import { extendSubscription } from "#server/services/billing/admin-actions";
import { redirectWithToast } from "~/lib/toast.server";
import type { PanelSubmit } from "./types";

export async function submitExtend({ app, admin, userId, back, input }: PanelSubmit<"extend">) {
  const row = await extendSubscription(app, { actor: admin, userId, ...input });
  return redirectWithToast(back, { text: `Extended to ${formatDate(row.currentPeriodEnd, "long")}.` });
}
