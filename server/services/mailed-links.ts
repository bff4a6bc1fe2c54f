import { and, eq, isNull, type SQL } from "drizzle-orm";
import { passwordResetTokens, signInLinks } from "#drizzle/schema";
import type { AppContext } from "../context";

/**
 * The statements that void every link still in a member's mail that could sign in or set a password: unused
 * password-reset (and invitation) links and unused sign-in links. A completed reset, a password change and an
 * email change that takes effect each add them to their own batch, so the change and the voiding stand or fall
 * together: whatever was mailed before was asked for under the old password, or sent to the old address, and
 * must not outlive the change. `when` (a condition read inside the batch) limits them to a change that was made.
 */
export function endMailedLinks(ctx: AppContext, { userId, when }: { userId: number; when?: SQL }) {
  const now = ctx.now();
  return [
    ctx.db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt), when)),
    ctx.db
      .update(signInLinks)
      .set({ usedAt: now })
      .where(and(eq(signInLinks.userId, userId), isNull(signInLinks.usedAt), when)),
  ] as const;
}
