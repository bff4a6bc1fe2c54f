import { AppError } from "#server/lib/errors";
import { deleteMember, getUserDetail } from "#server/services/admin-users";
import { replyWithAppError } from "~/lib/form-reply.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { PanelSubmit } from "./types";

/** Deletes the account once the admin has typed its current email; a mismatch answers on the form. */
export async function submitDelete({
  app,
  admin,
  userId,
  input,
  submission,
  intent,
}: PanelSubmit<"delete"> & { submission: Parameters<typeof replyWithAppError>[0]; intent: string }) {
  const user = await getUserDetail(app, { userId });
  if (input.confirmEmail !== user.email) {
    const message = "Type the member's current email exactly to confirm.";
    return replyWithAppError(submission, new AppError(422, [message], { confirmEmail: [message] }), {
      extra: { intent },
    });
  }
  await deleteMember(app, { actor: admin, userId, reason: input.reason });
  return redirectWithToast("/admin/users", { text: `${user.name}'s account is deleted.` });
}
