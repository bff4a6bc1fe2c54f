import { formatDate } from "#core/format";
import { compSubscription } from "#server/services/billing/admin-actions";
import { redirectWithToast } from "~/lib/toast.server";
import type { PanelSubmit } from "./types";

export async function submitComp({ app, admin, userId, back, input }: PanelSubmit<"comp">) {
  const row = await compSubscription(app, { actor: admin, userId, ...input });
  return redirectWithToast(back, {
    text: `Complimentary access until ${formatDate(row.currentPeriodEnd, "long")}.`,
  });
}
