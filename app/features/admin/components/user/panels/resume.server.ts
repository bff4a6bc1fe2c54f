import { adminResumeSubscription } from "#server/services/billing/admin-actions";
import { redirectWithToast } from "~/lib/toast.server";
import type { PanelSubmit } from "./types";

export async function submitResume({ app, admin, userId, back, input }: PanelSubmit<"resume">) {
  await adminResumeSubscription(app, { actor: admin, userId, ...input });
  return redirectWithToast(back, { text: "Resumed: the subscription renews again." });
}
