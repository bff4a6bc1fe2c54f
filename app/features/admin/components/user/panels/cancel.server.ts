import { formatDate } from "#core/format";
import { adminCancelSubscription } from "#server/services/billing/admin-actions";
import { redirectWithToast } from "~/lib/toast.server";
import type { PanelSubmit } from "./types";

export async function submitCancel({ app, admin, userId, back, input }: PanelSubmit<"cancel">) {
  const row = await adminCancelSubscription(app, { actor: admin, userId, ...input });
  return redirectWithToast(back, {
    text:
      input.when === "now"
        ? "Canceled: access has ended."
        : `Canceled: access continues until ${formatDate(row.currentPeriodEnd, "long")}.`,
  });
}
