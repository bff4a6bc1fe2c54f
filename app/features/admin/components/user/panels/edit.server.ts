import { updateMember } from "#server/services/admin-users";
import { redirectWithToast } from "~/lib/toast.server";
import type { PanelSubmit } from "./types";

export async function submitEdit({ app, admin, userId, back, input }: PanelSubmit<"update">) {
  const { emailPending } = await updateMember(app, { actor: admin, userId, ...input });
  return redirectWithToast(back, {
    text: emailPending
      ? `Saved. ${emailPending} becomes their email once they open the link we sent there.`
      : "Profile saved.",
  });
}
