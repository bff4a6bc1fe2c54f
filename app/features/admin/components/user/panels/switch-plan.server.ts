import { adminSwitchPlan } from "#server/services/billing/admin-actions";
import { redirectWithToast } from "~/lib/toast.server";
import type { PanelSubmit } from "./types";

export async function submitSwitchPlan({ app, admin, userId, back, input }: PanelSubmit<"switch-plan">) {
  await adminSwitchPlan(app, { actor: admin, userId, ...input });
  return redirectWithToast(back, { text: "Plan changed." });
}
