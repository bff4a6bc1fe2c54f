import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import {
  adminAuditLog,
  apiIdempotencyKeys,
  deckProgress,
  flashcardReviewLogs,
  flashcardStates,
  flashcardSuspensions,
  flashcollectionCardTypes,
  mailingList,
  mailOutbox,
  memberLemmas,
  memberLemmaSets,
  passwordResetTokens,
  playlists,
  rateLimits,
  reviewSettings,
  sessions,
  sharedRecordings,
  signInLinks,
  studyDays,
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
import { deleteRecordingObjects, sharedRecordingKeys } from "./shared-recordings";

/** Who is being erased: the account's id and the addresses it used (current and pending). */
interface Erased {
  userId: number;
  emails: string[];
}

type Fate =
  | { fate: "kept"; why: string }
  | { fate: "deleted" | "anonymised"; why: string; erase: (ctx: AppContext, who: Erased) => BatchItem<"sqlite">[] };

/** A table whose rows carry the member's id in `column`: all of them go. */
const byMember =
  (table: Parameters<AppContext["db"]["delete"]>[0], column: Parameters<typeof eq>[0]) =>
  (ctx: AppContext, { userId }: Erased) => [ctx.db.delete(table).where(eq(column, userId))];

/**
 * What happens to each table that holds something of a member's when they delete their account
 * (docs/security.md, "Deleting an account"). `deleted`: their rows go, by the statement beside it. `kept`:
 * the rows stay for what the business must keep or what others rely on, and point at the anonymised
 * account ("Deleted member", no email, no password, no avatar). tests/integration/account-deletion.test.ts
 * finds every table with a member column and fails on one missing here.
 */
export const PERSONAL_DATA: Readonly<Record<string, Fate>> = {
  users: { fate: "kept", why: "anonymised in place: the id keeps the kept rows below consistent" },
  sessions: { fate: "deleted", why: "sign-ins, with address and browser", erase: byMember(sessions, sessions.userId) },
  api_idempotency_keys: {
    fate: "deleted",
    why: "answers to their recent writes, kept for retries",
    erase: byMember(apiIdempotencyKeys, apiIdempotencyKeys.userId),
  },
  user_permissions: {
    fate: "deleted",
    why: "nothing to grant any more",
    erase: byMember(userPermissions, userPermissions.userId),
  },
  sign_in_links: {
    fate: "deleted",
    why: "one-time sign-in links",
    erase: byMember(signInLinks, signInLinks.userId),
  },
  study_days: {
    fate: "deleted",
    why: "personal study history (minutes and cards per day)",
    erase: byMember(studyDays, studyDays.userId),
  },
  password_reset_tokens: {
    fate: "deleted",
    why: "one-time links",
    erase: byMember(passwordResetTokens, passwordResetTokens.userId),
  },
  vocabulary_lists: {
    fate: "deleted",
    why: "the member's own words (their items go with them)",
    erase: byMember(vocabularyLists, vocabularyLists.userId),
  },
  flashcard_states: {
    fate: "deleted",
    why: "personal study schedule",
    erase: byMember(flashcardStates, flashcardStates.userId),
  },
  flashcard_review_logs: {
    fate: "deleted",
    why: "personal study history",
    erase: byMember(flashcardReviewLogs, flashcardReviewLogs.userId),
  },
  vocabulary_review_states: {
    fate: "deleted",
    why: "personal study schedule",
    erase: byMember(vocabularyReviewStates, vocabularyReviewStates.userId),
  },
  vocabulary_review_logs: {
    fate: "deleted",
    why: "personal study history",
    erase: byMember(vocabularyReviewLogs, vocabularyReviewLogs.userId),
  },
  review_settings: {
    fate: "deleted",
    why: "the member's daily review limits",
    erase: byMember(reviewSettings, reviewSettings.userId),
  },
  flashcollection_card_types: {
    fate: "deleted",
    why: "the card types the member chose for curated collections",
    erase: byMember(flashcollectionCardTypes, flashcollectionCardTypes.userId),
  },
  flashcard_suspensions: {
    fate: "deleted",
    why: "curated cards the member suspended",
    erase: byMember(flashcardSuspensions, flashcardSuspensions.userId),
  },
  // Before member_lemmas: with the sets gone, each of its row deletes finds no set to rewrite
  // (migrations/0022_lemma_sets.sql), instead of rewriting a set of thousands of ids once per word.
  member_lemma_sets: {
    fate: "deleted",
    why: "what the member knows, as one list per status (docs/words.md)",
    erase: byMember(memberLemmaSets, memberLemmaSets.userId),
  },
  member_lemmas: {
    fate: "deleted",
    why: "what the member knows of each word (docs/words.md)",
    erase: byMember(memberLemmas, memberLemmas.userId),
  },
  deck_progress: {
    fate: "deleted",
    why: "personal study progress",
    erase: byMember(deckProgress, deckProgress.userId),
  },
  video_ai_messages: {
    fate: "deleted",
    why: "private conversations with the lesson assistant",
    erase: byMember(videoAiMessages, videoAiMessages.userId),
  },
  playlists: {
    fate: "deleted",
    why: "the member's own playlists (curated ones have no owner)",
    erase: byMember(playlists, playlists.ownerId),
  },
  video_progress: { fate: "kept", why: "lesson completion counts in the admin dashboard" },
  exercise_attempts: { fate: "kept", why: "how hard each exercise is, across learners" },
  listening_attempts: { fate: "kept", why: "how hard each listening activity is, across learners" },
  video_comments: { fate: "kept", why: "part of a lesson's discussion, shown as by a deleted member" },
  blog_comments: { fate: "kept", why: "part of a post's discussion, shown as by a deleted member" },
  community_threads: { fate: "kept", why: "others replied to them; shown as by a deleted member" },
  community_messages: { fate: "kept", why: "part of others' conversations; shown as by a deleted member" },
  shared_recordings: {
    fate: "deleted",
    why: "the member's voice shared for feedback (the R2 objects go after the batch)",
    erase: byMember(sharedRecordings, sharedRecordings.userId),
  },
  subscriptions: { fate: "kept", why: "billing records the business must keep" },
  invoices: { fate: "kept", why: "accounting records the business must keep" },
  blogs: { fate: "kept", why: "published writing of the team, not a learner's" },
  mail_outbox: {
    fate: "deleted",
    why: "mail addressed to the member (by address)",
    erase: (ctx, { emails }) => emails.map((email) => ctx.db.delete(mailOutbox).where(eq(mailOutbox.to, email))),
  },
  mailing_list: {
    fate: "deleted",
    why: "the newsletter subscription of the member's address",
    erase: (ctx, { emails }) => emails.map((email) => ctx.db.delete(mailingList).where(eq(mailingList.email, email))),
  },
  admin_audit_log: {
    fate: "anonymised",
    why: "the record of admin actions stays; rows about the member lose their name, email and edited details",
    erase: (ctx, { userId }) => [
      ctx.db
        .update(adminAuditLog)
        .set({ changes: {} })
        .where(and(eq(adminAuditLog.subjectUserId, userId), eq(adminAuditLog.resource, "users"))),
      ctx.db
        .update(adminAuditLog)
        .set({ recordLabel: "Deleted member" })
        .where(eq(adminAuditLog.subjectUserId, userId)),
    ],
  },
  rate_limits: {
    fate: "deleted",
    why: "counters keyed by the member's address",
    erase: (ctx, { emails }) =>
      emails.map((email) => ctx.db.delete(rateLimits).where(sql`instr(${rateLimits.key}, ${email}) > 0`)),
  },
};

/**
 * Erases what a member's deletion must erase: the account anonymised and every `deleted` table above
 * emptied of the member's rows, in one D1 batch (only a batch is atomic); then the avatar's and the shared
 * recordings' R2 objects (after the batch: should that fail, an object is orphaned, never left linked to the account).
 */
export async function erasePersonalData(
  ctx: AppContext,
  { userId, extra = [] }: { userId: number; extra?: BatchItem<"sqlite">[] },
) {
  const [account] = await ctx.primary
    .select({ email: users.email, pendingEmail: users.pendingEmail, avatarKey: users.avatarKey })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!account) return;
  const who: Erased = {
    userId,
    emails: account.pendingEmail ? [account.email, account.pendingEmail] : [account.email],
  };
  const voices = await sharedRecordingKeys(ctx, { userId });
  const erasures = Object.values(PERSONAL_DATA).flatMap((table) =>
    table.fate === "kept" ? [] : table.erase(ctx, who),
  );
  await ctx.db.batch([
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
    ...erasures,
    ...extra,
  ]);
  if (account.avatarKey) await deleteAvatarObject(ctx, { key: account.avatarKey });
  await deleteRecordingObjects(ctx, voices);
}
