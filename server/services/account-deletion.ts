import { eq, sql } from "drizzle-orm";
import {
  deckProgress,
  flashcardReviewLogs,
  flashcardStates,
  mailingList,
  mailOutbox,
  passwordResetTokens,
  playlists,
  rateLimits,
  sessions,
  userPermissions,
  users,
  videoAiMessages,
  vocabularyLists,
  vocabularyReviewLogs,
  vocabularyReviewStates,
} from "#drizzle/schema";
import type { AppContext } from "../context";
import { randomToken } from "../lib/crypto";
import { deleteAvatarObject } from "./profile";

/**
 * What happens to each table that holds something of a member's when they delete their account
 * (docs/security.md, "Deleting an account"). `deleted`: their rows go. `kept`: the rows stay for what the business must keep or
 * what others rely on, and point at the anonymised account ("Deleted member", no email, no password, no
 * avatar). tests/integration/account-deletion.test.ts finds every table with a member column and fails on
 * one missing here.
 */
export const PERSONAL_DATA: Readonly<Record<string, { fate: "deleted" | "kept"; why: string }>> = {
  users: { fate: "kept", why: "anonymised in place: the id keeps the kept rows below consistent" },
  sessions: { fate: "deleted", why: "sign-ins, with address and browser" },
  user_permissions: { fate: "deleted", why: "nothing to grant any more" },
  password_reset_tokens: { fate: "deleted", why: "one-time links" },
  vocabulary_lists: { fate: "deleted", why: "the member's own words (their items go with them)" },
  flashcard_states: { fate: "deleted", why: "personal study schedule" },
  flashcard_review_logs: { fate: "deleted", why: "personal study history" },
  vocabulary_review_states: { fate: "deleted", why: "personal study schedule" },
  vocabulary_review_logs: { fate: "deleted", why: "personal study history" },
  deck_progress: { fate: "deleted", why: "personal study progress" },
  video_ai_messages: { fate: "deleted", why: "private conversations with the lesson assistant" },
  playlists: { fate: "deleted", why: "the member's own playlists (curated ones have no owner)" },
  video_progress: { fate: "kept", why: "lesson completion counts in the admin dashboard" },
  exercise_attempts: { fate: "kept", why: "how hard each exercise is, across learners" },
  listening_attempts: { fate: "kept", why: "how hard each listening activity is, across learners" },
  video_comments: { fate: "kept", why: "part of a lesson's discussion, shown as by a deleted member" },
  blog_comments: { fate: "kept", why: "part of a post's discussion, shown as by a deleted member" },
  community_threads: { fate: "kept", why: "others replied to them; shown as by a deleted member" },
  community_messages: { fate: "kept", why: "part of others' conversations; shown as by a deleted member" },
  subscriptions: { fate: "kept", why: "billing records the business must keep" },
  invoices: { fate: "kept", why: "accounting records the business must keep" },
  blogs: { fate: "kept", why: "published writing of the team, not a learner's" },
  mail_outbox: { fate: "deleted", why: "mail addressed to the member (by address)" },
  mailing_list: { fate: "deleted", why: "the newsletter subscription of the member's address" },
  rate_limits: { fate: "deleted", why: "counters keyed by the member's address" },
};

/**
 * The statements that erase a member's personal data, to run in one D1 batch (only a batch is atomic)
 * with the account's own anonymisation. `emails` are the addresses the member used (current and pending).
 */
export function personalDataErasure(ctx: AppContext, userId: number, emails: string[]) {
  const addressed = emails.filter(Boolean);
  return [
    ctx.db
      .update(users)
      .set({
        email: `deleted-${userId}-${randomToken(6)}@deleted.invalid`,
        name: "Deleted member",
        passwordHash: null,
        googleSubject: null,
        avatarKey: null,
        birthday: null,
        pendingEmail: null,
        pendingEmailRequestedAt: null,
        deletedAt: ctx.now(),
      })
      .where(eq(users.id, userId)),
    ctx.db.delete(sessions).where(eq(sessions.userId, userId)),
    ctx.db.delete(userPermissions).where(eq(userPermissions.userId, userId)),
    ctx.db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId)),
    ctx.db.delete(vocabularyLists).where(eq(vocabularyLists.userId, userId)),
    ctx.db.delete(flashcardStates).where(eq(flashcardStates.userId, userId)),
    ctx.db.delete(flashcardReviewLogs).where(eq(flashcardReviewLogs.userId, userId)),
    ctx.db.delete(vocabularyReviewStates).where(eq(vocabularyReviewStates.userId, userId)),
    ctx.db.delete(vocabularyReviewLogs).where(eq(vocabularyReviewLogs.userId, userId)),
    ctx.db.delete(deckProgress).where(eq(deckProgress.userId, userId)),
    ctx.db.delete(videoAiMessages).where(eq(videoAiMessages.userId, userId)),
    ctx.db.delete(playlists).where(eq(playlists.ownerId, userId)),
    ...addressed.flatMap((email) => [
      ctx.db.delete(mailOutbox).where(eq(mailOutbox.to, email)),
      ctx.db.delete(mailingList).where(eq(mailingList.email, email)),
      ctx.db.delete(rateLimits).where(sql`instr(${rateLimits.key}, ${email}) > 0`),
    ]),
  ] as const;
}

/**
 * Erases what a member's deletion must erase: the account anonymised and the personal rows above deleted
 * in one D1 batch, then the avatar's R2 object (after the batch: should that fail, the object is orphaned,
 * never left linked to the account).
 */
export async function erasePersonalData(ctx: AppContext, userId: number) {
  const [account] = await ctx.primary
    .select({ email: users.email, pendingEmail: users.pendingEmail, avatarKey: users.avatarKey })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!account) return;
  const [first, ...rest] = personalDataErasure(ctx, userId, [account.email, account.pendingEmail ?? ""]);
  await ctx.db.batch([first, ...rest]);
  if (account.avatarKey) await deleteAvatarObject(ctx, account.avatarKey);
}
