import { and, type AnyColumn, asc, count, desc, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { communityGroups, communityMessages, communityThreads, users } from "#drizzle/schema";
import { pageCount, pageOfPosition } from "#core/community-paths";
import type { CreateMessageInput, CreateThreadInput, ModerateThreadInput } from "#core/schemas/community";
import { slugify } from "#core/slug";
import { requireSignedIn } from "../access/policy";
import type { Member, Viewer } from "../access/viewer";
import type { AppContext } from "../context";
import { AppError, forbidden, notFound } from "../lib/errors";
import { type DiscussionAuthor, renderPost, toDiscussionAuthor } from "./discussion";
import { hitRateLimit, type RateLimitRule } from "./rate-limit";
import { recordingsOfMessages, removeMessageRecording, removeThreadRecordings } from "./shared-recordings";

// Community: groups → threads → messages (docs/product-rules.md#discussions). Visitors read; members post, edit and
// delete their own; moderators (admin or community:moderate) pin, lock, move and delete anything.

export const THREADS_PAGE_SIZE = 20;
export const MESSAGES_PAGE_SIZE = 20;
export const COMMUNITY_POST_RATE_LIMIT: RateLimitRule = { limit: 10, windowMs: 10 * 60 * 1000 };
export const COMMUNITY_THREAD_RATE_LIMIT: RateLimitRule = { limit: 5, windowMs: 60 * 60 * 1000 };

function requireMember(viewer: Viewer): Member {
  return requireSignedIn(viewer, "Please sign in to take part in the community.");
}

function requireModerator(viewer: Viewer): Member {
  const member = requireMember(viewer);
  if (!member.canModerateCommunity) throw forbidden("Only community moderators can do that.");
  return member;
}

export interface GroupRef {
  id: number;
  title: string;
  slug: string;
}

// ---------------------------------------------------------------------------------------------
// Groups
// ---------------------------------------------------------------------------------------------

export interface CommunityGroupSummary extends GroupRef {
  description: string;
  threadsCount: number;
  messagesCount: number;
  latest: { threadId: number; threadTitle: string; threadSlug: string; at: Date } | null;
}

const liveThread = isNull(communityThreads.deletedAt);

/** Every group in its admin order, with live thread and message counts and the thread active last. */
export async function listGroups(ctx: AppContext): Promise<CommunityGroupSummary[]> {
  const latest = alias(communityThreads, "latest_thread");
  const stats = ctx.db
    .select({
      groupId: communityThreads.groupId,
      threadsCount: sql<number>`count(*)`.as("group_threads_count"),
      messagesCount: sql<number>`coalesce(sum(${communityThreads.messagesCount}), 0)`.as("group_messages_count"),
    })
    .from(communityThreads)
    .where(liveThread)
    .groupBy(communityThreads.groupId)
    .as("group_stats");
  const rows = await ctx.db
    .select({
      id: communityGroups.id,
      title: communityGroups.title,
      slug: communityGroups.slug,
      description: communityGroups.description,
      threadsCount: stats.threadsCount,
      messagesCount: stats.messagesCount,
      latestId: latest.id,
      latestTitle: latest.title,
      latestSlug: latest.slug,
      latestAt: latest.lastActivityAt,
    })
    .from(communityGroups)
    .leftJoin(stats, eq(stats.groupId, communityGroups.id))
    .leftJoin(
      latest,
      eq(
        latest.id,
        sql`(select t.id from community_threads t where t.group_id = ${communityGroups.id} and t.deleted_at is null order by t.last_activity_at desc, t.id desc limit 1)`,
      ),
    )
    .orderBy(asc(communityGroups.position), asc(communityGroups.id));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    slug: row.slug || slugify(row.title),
    description: row.description,
    threadsCount: Number(row.threadsCount ?? 0),
    messagesCount: Number(row.messagesCount ?? 0),
    latest:
      row.latestId !== null && row.latestAt
        ? {
            threadId: row.latestId,
            threadTitle: row.latestTitle ?? "",
            threadSlug: row.latestSlug || slugify(row.latestTitle ?? ""),
            at: row.latestAt,
          }
        : null,
  }));
}

export async function getGroup(ctx: AppContext, { groupId }: { groupId: number }) {
  const [row] = await ctx.db
    .select({
      id: communityGroups.id,
      title: communityGroups.title,
      slug: communityGroups.slug,
      description: communityGroups.description,
    })
    .from(communityGroups)
    .where(eq(communityGroups.id, groupId))
    .limit(1);
  return row ? { ...row, slug: row.slug || slugify(row.title) } : null;
}

// ---------------------------------------------------------------------------------------------
// Threads
// ---------------------------------------------------------------------------------------------

export interface ThreadSummary {
  id: number;
  title: string;
  slug: string;
  author: DiscussionAuthor;
  /** Live messages after the opening one. */
  repliesCount: number;
  lastActivityAt: Date;
  lastPosterName: string | null;
  pinned: boolean;
  locked: boolean;
  createdAt: Date;
}

export interface Paged<T> {
  items: T[];
  page: number;
  pageCount: number;
  total: number;
  pageSize: number;
}

/** A group's live threads: pinned first, then by latest activity. `page` past the end gives no items. */
export async function listThreads(
  ctx: AppContext,
  { groupId, page = 1, pageSize = THREADS_PAGE_SIZE }: { groupId: number; page?: number; pageSize?: number },
): Promise<Paged<ThreadSummary>> {
  const where = and(eq(communityThreads.groupId, groupId), liveThread);
  const [rows, totals] = await ctx.db.batch([
    ctx.db
      .select({
        id: communityThreads.id,
        title: communityThreads.title,
        slug: communityThreads.slug,
        pinnedAt: communityThreads.pinnedAt,
        lockedAt: communityThreads.lockedAt,
        lastActivityAt: communityThreads.lastActivityAt,
        messagesCount: communityThreads.messagesCount,
        createdAt: communityThreads.createdAt,
        // Aliased: D1 batches key rows by column name, so a second "id" would overwrite the thread's.
        authorId: sql<number>`${users.id}`.as("author_id"),
        authorName: users.name,
        authorAvatarKey: users.avatarKey,
        lastPosterName: sql<
          string | null
        >`(select u.name from community_messages m join users u on u.id = m.user_id where m.thread_id = ${communityThreads.id} and m.deleted_at is null order by m.created_at desc, m.id desc limit 1)`.as(
          "last_poster_name",
        ),
      })
      .from(communityThreads)
      .innerJoin(users, eq(users.id, communityThreads.userId))
      .where(where)
      .orderBy(
        sql`${communityThreads.pinnedAt} is null`,
        desc(communityThreads.lastActivityAt),
        desc(communityThreads.id),
      )
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ctx.db.select({ total: count() }).from(communityThreads).where(where),
  ]);
  const total = totals[0]?.total ?? 0;
  return {
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      slug: row.slug || slugify(row.title),
      author: toDiscussionAuthor(row.authorId, row.authorName, row.authorAvatarKey),
      repliesCount: Math.max(0, row.messagesCount - 1),
      lastActivityAt: row.lastActivityAt,
      lastPosterName: row.lastPosterName,
      pinned: row.pinnedAt !== null,
      locked: row.lockedAt !== null,
      createdAt: row.createdAt,
    })),
    page,
    pageCount: pageCount(total, pageSize),
    total,
    pageSize,
  };
}

export interface ThreadDetail {
  id: number;
  title: string;
  slug: string;
  group: GroupRef;
  author: DiscussionAuthor;
  pinned: boolean;
  locked: boolean;
  messagesCount: number;
  lastActivityAt: Date;
  createdAt: Date;
  /** Moves on every post, edit, delete and moderation: what the page polls to know it is stale. */
  updatedAt: Date;
}

/** A live thread with its group, or null (unknown or deleted). */
export async function getThread(ctx: AppContext, { threadId }: { threadId: number }): Promise<ThreadDetail | null> {
  const [row] = await ctx.db
    .select({
      id: communityThreads.id,
      title: communityThreads.title,
      slug: communityThreads.slug,
      pinnedAt: communityThreads.pinnedAt,
      lockedAt: communityThreads.lockedAt,
      messagesCount: communityThreads.messagesCount,
      lastActivityAt: communityThreads.lastActivityAt,
      createdAt: communityThreads.createdAt,
      updatedAt: communityThreads.updatedAt,
      groupId: communityGroups.id,
      groupTitle: communityGroups.title,
      groupSlug: communityGroups.slug,
      authorId: users.id,
      authorName: users.name,
      authorAvatarKey: users.avatarKey,
    })
    .from(communityThreads)
    .innerJoin(communityGroups, eq(communityGroups.id, communityThreads.groupId))
    .innerJoin(users, eq(users.id, communityThreads.userId))
    .where(and(eq(communityThreads.id, threadId), liveThread))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    title: row.title,
    slug: row.slug || slugify(row.title),
    group: { id: row.groupId, title: row.groupTitle, slug: row.groupSlug || slugify(row.groupTitle) },
    author: toDiscussionAuthor(row.authorId, row.authorName, row.authorAvatarKey),
    pinned: row.pinnedAt !== null,
    locked: row.lockedAt !== null,
    messagesCount: row.messagesCount,
    lastActivityAt: row.lastActivityAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

async function requireThread(ctx: AppContext, threadId: number): Promise<ThreadDetail> {
  const thread = await getThread(ctx, { threadId });
  if (!thread) throw notFound("We couldn't find that thread.");
  return thread;
}

/** What a page polls: cheap, and changes whenever anything on the thread does. */
export async function getThreadActivity(ctx: AppContext, { threadId }: { threadId: number }) {
  const [row] = await ctx.db
    .select({ updatedAt: communityThreads.updatedAt, messagesCount: communityThreads.messagesCount })
    .from(communityThreads)
    .where(and(eq(communityThreads.id, threadId), liveThread))
    .limit(1);
  if (!row) throw notFound("We couldn't find that thread.");
  return row;
}

/**
 * Recounts a thread's live messages, which the community lists show, after a moderator's change in the
 * admin (server/admin/resources/community-messages.ts); `touch` also moves its last activity to now.
 */
export async function recountThreadMessages(
  ctx: AppContext,
  { threadId, touch }: { threadId: number } & { touch: boolean },
) {
  const [live] = await ctx.db
    .select({ value: count() })
    .from(communityMessages)
    .where(and(eq(communityMessages.threadId, threadId), isNull(communityMessages.deletedAt)));
  const now = new Date();
  await ctx.db
    .update(communityThreads)
    .set({ messagesCount: live?.value ?? 0, updatedAt: now, ...(touch ? { lastActivityAt: now } : {}) })
    .where(eq(communityThreads.id, threadId));
}

// ---------------------------------------------------------------------------------------------
// Rate limits
// ---------------------------------------------------------------------------------------------

/** Moderators are not limited: they clean up in bursts. */
async function requirePostingAllowance(ctx: AppContext, member: Member, kind: "thread" | "message") {
  if (member.canModerateCommunity) return;
  if (kind === "thread") {
    const threads = await hitRateLimit(ctx, {
      key: `community:thread:user:${member.userId}`,
      rule: COMMUNITY_THREAD_RATE_LIMIT,
    });
    if (threads > COMMUNITY_THREAD_RATE_LIMIT.limit) {
      throw new AppError(429, [
        `You can start up to ${COMMUNITY_THREAD_RATE_LIMIT.limit} threads an hour. Please wait a while, or reply in an existing thread.`,
      ]);
    }
  }
  const posts = await hitRateLimit(ctx, {
    key: `community:post:user:${member.userId}`,
    rule: COMMUNITY_POST_RATE_LIMIT,
  });
  if (posts > COMMUNITY_POST_RATE_LIMIT.limit) {
    throw new AppError(429, [
      `You're posting very quickly: up to ${COMMUNITY_POST_RATE_LIMIT.limit} messages every 10 minutes. Please wait a few minutes and try again.`,
    ]);
  }
}

// ---------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------

export interface MessageQuote {
  id: number;
  authorName: string;
  /** Null when the quoted message was deleted since. */
  html: string | null;
  mostlyArabic: boolean;
  deleted: boolean;
  /** The page of the thread the quoted message is on. */
  page: number;
}

export interface CommunityMessage {
  id: number;
  /** 1-based place in the thread. */
  number: number;
  /** Empty once deleted: the placeholder stays in the flow, the words do not. */
  body: string;
  html: string | null;
  mostlyArabic: boolean;
  createdAt: Date;
  editedAt: Date | null;
  deleted: boolean;
  author: DiscussionAuthor;
  quote: MessageQuote | null;
  /** A shadowing attempt shared with this message (docs/speaking.md): its signed URL. */
  recording: { url: string; mimeType: string } | null;
  isOwn: boolean;
  canEdit: boolean;
  canDelete: boolean;
}

/** Messages that come before `m` in a thread's order (created_at, id): its 0-based position. */
function positionOf(m: { threadId: AnyColumn; createdAt: AnyColumn; id: AnyColumn }) {
  return sql<number>`(select count(*) from community_messages p where p.thread_id = ${m.threadId} and (p.created_at < ${m.createdAt} or (p.created_at = ${m.createdAt} and p.id < ${m.id})))`;
}

/**
 * One page of a thread, oldest first; deleted messages stay as placeholders so replies keep their place.
 * Not batched: D1 batches key rows by column name, and the quote join repeats names.
 */
export async function listMessages(
  ctx: AppContext,
  {
    viewer,
    thread,
    page = 1,
    pageSize = MESSAGES_PAGE_SIZE,
  }: { viewer: Viewer } & { thread: Pick<ThreadDetail, "id" | "locked">; page?: number; pageSize?: number },
): Promise<Paged<CommunityMessage>> {
  const quoted = alias(communityMessages, "quoted");
  const quotedAuthor = alias(users, "quoted_author");
  const [rows, totals] = await Promise.all([
    ctx.db
      .select({
        id: communityMessages.id,
        body: communityMessages.body,
        createdAt: communityMessages.createdAt,
        editedAt: communityMessages.editedAt,
        deletedAt: communityMessages.deletedAt,
        authorId: users.id,
        authorName: users.name,
        authorAvatarKey: users.avatarKey,
        quotedId: quoted.id,
        quotedBody: quoted.body,
        quotedDeletedAt: quoted.deletedAt,
        quotedAuthorName: quotedAuthor.name,
        quotedPosition: positionOf(quoted),
      })
      .from(communityMessages)
      .innerJoin(users, eq(users.id, communityMessages.userId))
      .leftJoin(
        quoted,
        and(eq(quoted.id, communityMessages.quotedMessageId), eq(quoted.threadId, communityMessages.threadId)),
      )
      .leftJoin(quotedAuthor, eq(quotedAuthor.id, quoted.userId))
      .where(eq(communityMessages.threadId, thread.id))
      .orderBy(asc(communityMessages.createdAt), asc(communityMessages.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ctx.db.select({ total: count() }).from(communityMessages).where(eq(communityMessages.threadId, thread.id)),
  ]);
  const moderator = viewer.canModerateCommunity;
  const total = totals[0]?.total ?? 0;
  const recordings = await recordingsOfMessages(
    ctx,
    rows.filter((row) => row.deletedAt === null).map((row) => row.id),
  );
  return {
    items: rows.map((row, index) => {
      const deleted = row.deletedAt !== null;
      const isOwn = row.authorId === viewer.userId;
      return {
        id: row.id,
        number: (page - 1) * pageSize + index + 1,
        body: deleted ? "" : row.body,
        ...(deleted ? { html: null, mostlyArabic: false } : renderPost(row.body)),
        createdAt: row.createdAt,
        editedAt: deleted ? null : row.editedAt,
        deleted,
        author: toDiscussionAuthor(row.authorId, row.authorName, row.authorAvatarKey),
        quote:
          !deleted && row.quotedId !== null
            ? {
                id: row.quotedId,
                authorName: row.quotedAuthorName ?? "",
                ...(row.quotedDeletedAt === null
                  ? renderPost(row.quotedBody ?? "")
                  : { html: null, mostlyArabic: false }),
                deleted: row.quotedDeletedAt !== null,
                page: pageOfPosition(Number(row.quotedPosition ?? 0), pageSize),
              }
            : null,
        recording: deleted ? null : (recordings.get(row.id) ?? null),
        isOwn,
        canEdit: isOwn && !deleted && (!thread.locked || moderator),
        canDelete: !deleted && (isOwn || moderator),
      };
    }),
    page,
    pageCount: pageCount(total, pageSize),
    total,
    pageSize,
  };
}

/** A thread's live message count, recomputed in SQL so concurrent writes cannot drift it. */
const liveMessagesCount = (threadId: number) =>
  sql`(select count(*) from community_messages m where m.thread_id = ${threadId} and m.deleted_at is null)`;

/** Where a message is: its thread and page, for redirects after posting and for `?message=` links. */
export async function locateMessage(
  ctx: AppContext,
  { messageId, pageSize = MESSAGES_PAGE_SIZE }: { messageId: number; pageSize?: number },
) {
  const [row] = await ctx.db
    .select({ threadId: communityMessages.threadId, position: positionOf(communityMessages) })
    .from(communityMessages)
    .innerJoin(communityThreads, eq(communityThreads.id, communityMessages.threadId))
    .where(and(eq(communityMessages.id, messageId), liveThread))
    .limit(1);
  if (!row) throw notFound("We couldn't find that message.");
  return { threadId: row.threadId, messageId, page: pageOfPosition(Number(row.position), pageSize) };
}

/** Starts a thread in a group with its opening message, in one batch. */
export async function createThread(
  ctx: AppContext,
  { viewer, groupId, title, body }: { viewer: Viewer } & (CreateThreadInput & { groupId: number }),
): Promise<ThreadDetail> {
  const member = requireMember(viewer);
  const group = await getGroup(ctx, { groupId });
  if (!group) throw notFound("We couldn't find that group.");
  await requirePostingAllowance(ctx, member, "thread");
  const now = ctx.now();
  const [inserted] = await ctx.db.batch([
    ctx.db
      .insert(communityThreads)
      .values({
        groupId,
        userId: member.userId,
        title,
        slug: slugify(title),
        lastActivityAt: now,
        messagesCount: 1,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: communityThreads.id }),
    // The batch is one transaction on one connection, so this is the thread just inserted.
    ctx.db
      .insert(communityMessages)
      .values({ threadId: sql`last_insert_rowid()`, userId: member.userId, body, createdAt: now, updatedAt: now }),
  ]);
  return requireThread(ctx, inserted[0]!.id);
}

/** Replies in a thread (optionally quoting a message of the same thread); answers where it landed. */
export async function createMessage(
  ctx: AppContext,
  { viewer, threadId, body, quotedMessageId }: { viewer: Viewer } & (CreateMessageInput & { threadId: number }),
) {
  const member = requireMember(viewer);
  const thread = await requireThread(ctx, threadId);
  if (thread.locked && !member.canModerateCommunity) {
    throw new AppError(409, ["This thread is locked, so it takes no new replies."]);
  }
  if (quotedMessageId !== undefined) {
    const [quoted] = await ctx.db
      .select({ id: communityMessages.id })
      .from(communityMessages)
      .where(
        and(
          eq(communityMessages.id, quotedMessageId),
          eq(communityMessages.threadId, threadId),
          isNull(communityMessages.deletedAt),
        ),
      )
      .limit(1);
    if (!quoted) {
      const message = "The message you quoted is no longer in this thread.";
      throw new AppError(422, [message], { quotedMessageId: [message] });
    }
  }
  await requirePostingAllowance(ctx, member, "message");
  const now = ctx.now();
  const [inserted] = await ctx.db.batch([
    ctx.db
      .insert(communityMessages)
      .values({ threadId, userId: member.userId, body, quotedMessageId, createdAt: now, updatedAt: now })
      .returning({ id: communityMessages.id }),
    ctx.db
      .update(communityThreads)
      .set({ messagesCount: liveMessagesCount(threadId), lastActivityAt: now, updatedAt: now })
      .where(eq(communityThreads.id, threadId)),
  ]);
  const messageId = inserted[0]!.id;
  const { page } = await locateMessage(ctx, { messageId });
  return { messageId, page, thread };
}

async function getMessageForWrite(ctx: AppContext, messageId: number) {
  const [row] = await ctx.db
    .select({
      id: communityMessages.id,
      userId: communityMessages.userId,
      threadId: communityMessages.threadId,
      lockedAt: communityThreads.lockedAt,
    })
    .from(communityMessages)
    .innerJoin(communityThreads, eq(communityThreads.id, communityMessages.threadId))
    .where(and(eq(communityMessages.id, messageId), isNull(communityMessages.deletedAt), liveThread))
    .limit(1);
  return row ?? null;
}

/**
 * Someone else's message answers 404, not 403: the JSON client logs a member out on 403
 * (docs/product-rules.md#errors-and-toasts), and a message you may not change is, for you, one that is not there to
 * change.
 */
const NOT_YOURS = "We couldn't find that message among yours.";

/** Edits the viewer's own live message. A locked thread refuses edits, except from moderators. */
export async function updateMessage(
  ctx: AppContext,
  { viewer, messageId, body }: { viewer: Viewer } & { messageId: number; body: string },
) {
  const member = requireMember(viewer);
  const row = await getMessageForWrite(ctx, messageId);
  if (!row || row.userId !== member.userId) throw notFound(NOT_YOURS);
  if (row.lockedAt && !member.canModerateCommunity) {
    throw new AppError(409, ["This thread is locked, so its messages can no longer be edited."]);
  }
  const now = ctx.now();
  const [updated] = await ctx.db.batch([
    ctx.db
      .update(communityMessages)
      .set({ body, editedAt: now, updatedAt: now })
      .where(
        and(
          eq(communityMessages.id, messageId),
          eq(communityMessages.userId, member.userId),
          isNull(communityMessages.deletedAt),
        ),
      )
      .returning({ id: communityMessages.id }),
    ctx.db.update(communityThreads).set({ updatedAt: now }).where(eq(communityThreads.id, row.threadId)),
  ]);
  if (updated.length === 0) throw notFound(NOT_YOURS);
  return locateMessage(ctx, { messageId });
}

/** Soft-deletes a message: the author's own, or any for a moderator. The placeholder keeps its place. */
export async function deleteMessage(
  ctx: AppContext,
  { viewer, messageId }: { viewer: Viewer } & { messageId: number },
) {
  const member = requireMember(viewer);
  const moderator = member.canModerateCommunity;
  const row = await getMessageForWrite(ctx, messageId);
  if (!row || (!moderator && row.userId !== member.userId)) throw notFound(NOT_YOURS);
  const now = ctx.now();
  const [deleted] = await ctx.db.batch([
    ctx.db
      .update(communityMessages)
      .set({ deletedAt: now, updatedAt: now })
      .where(
        and(
          eq(communityMessages.id, messageId),
          isNull(communityMessages.deletedAt),
          moderator ? undefined : eq(communityMessages.userId, member.userId),
        ),
      )
      .returning({ id: communityMessages.id }),
    ctx.db
      .update(communityThreads)
      .set({ messagesCount: liveMessagesCount(row.threadId), updatedAt: now })
      .where(eq(communityThreads.id, row.threadId)),
  ]);
  if (deleted.length === 0) throw notFound(NOT_YOURS);
  await removeMessageRecording(ctx, { messageId });
  return locateMessage(ctx, { messageId });
}

// ---------------------------------------------------------------------------------------------
// Moderation
// ---------------------------------------------------------------------------------------------

/** Pin, unpin, lock, unlock or move a thread to another group. Moderators only. */
export async function moderateThread(
  ctx: AppContext,
  { viewer, threadId, action, groupId }: { viewer: Viewer } & (ModerateThreadInput & { threadId: number }),
): Promise<ThreadDetail> {
  requireModerator(viewer);
  const thread = await requireThread(ctx, threadId);
  const now = ctx.now();
  let changes: Partial<typeof communityThreads.$inferInsert>;
  switch (action) {
    // Pinning or locking twice keeps the first time (pinned threads are ordered by activity anyway).
    case "pin":
      changes = thread.pinned ? {} : { pinnedAt: now };
      break;
    case "unpin":
      changes = { pinnedAt: null };
      break;
    case "lock":
      changes = thread.locked ? {} : { lockedAt: now };
      break;
    case "unlock":
      changes = { lockedAt: null };
      break;
    case "move": {
      const target = groupId === undefined ? null : await getGroup(ctx, { groupId });
      if (!target) {
        const message = "Choose a group that exists.";
        throw new AppError(422, [message], { groupId: [message] });
      }
      changes = { groupId: target.id };
      break;
    }
  }
  await ctx.db
    .update(communityThreads)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(communityThreads.id, threadId), liveThread));
  return requireThread(ctx, threadId);
}

/** Soft-deletes a whole thread (it leaves every list and its URL answers 404). Moderators only. */
export async function deleteThread(ctx: AppContext, { viewer, threadId }: { viewer: Viewer } & { threadId: number }) {
  requireModerator(viewer);
  const thread = await requireThread(ctx, threadId);
  const now = ctx.now();
  await ctx.db
    .update(communityThreads)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(communityThreads.id, threadId), liveThread));
  await removeThreadRecordings(ctx, { threadId });
  return { group: thread.group };
}

/** One message as the thread page shows it to this viewer (placeholder when deleted). */
export async function getMessage(ctx: AppContext, { viewer, messageId }: { viewer: Viewer; messageId: number }) {
  const { threadId, page } = await locateMessage(ctx, { messageId });
  const thread = await requireThread(ctx, threadId);
  const messages = await listMessages(ctx, { viewer, thread, page });
  const message = messages.items.find((item) => item.id === messageId);
  if (!message) throw notFound("We couldn't find that message.");
  return { ...message, threadId, page };
}
