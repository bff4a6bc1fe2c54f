import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, timestamp, timestamps } from "./columns";
import { users } from "./users";

export const communityGroups = sqliteTable("community_groups", {
  id: id(),
  title: text("title").notNull(),
  slug: text("slug").notNull(),
  description: text("description").notNull().default(""),
  position: integer("position").notNull().default(0),
  ...timestamps,
});

export const communityThreads = sqliteTable(
  "community_threads",
  {
    id: id(),
    groupId: integer("group_id")
      .notNull()
      .references(() => communityGroups.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    pinnedAt: timestamp("pinned_at"),
    lockedAt: timestamp("locked_at"),
    lastActivityAt: timestamp("last_activity_at").notNull(),
    messagesCount: integer("messages_count").notNull().default(0),
    deletedAt: timestamp("deleted_at"),
    ...timestamps,
  },
  (t) => [index("community_threads_group_idx").on(t.groupId, t.pinnedAt, t.lastActivityAt)],
);

export const communityMessages = sqliteTable(
  "community_messages",
  {
    id: id(),
    threadId: integer("thread_id")
      .notNull()
      .references(() => communityThreads.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    quotedMessageId: integer("quoted_message_id"),
    editedAt: timestamp("edited_at"),
    deletedAt: timestamp("deleted_at"),
    ...timestamps,
  },
  (t) => [
    index("community_messages_thread_idx").on(t.threadId, t.createdAt),
    index("community_messages_user_idx").on(t.userId, t.createdAt),
  ],
);

/**
 * A shadowing attempt a member shared for feedback (docs/speaking.md): the audio in R2 under `key`, heard on the
 * community message that carries its line. Goes with the message, and with the account (R2 object too).
 */
export const sharedRecordings = sqliteTable(
  "shared_recordings",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    messageId: integer("message_id")
      .notNull()
      .references(() => communityMessages.id, { onDelete: "cascade" }),
    lessonId: integer("video_id").notNull(),
    cueId: integer("cue_id").notNull(),
    key: text("key").notNull().unique(),
    mimeType: text("mime_type").notNull(),
    bytes: integer("bytes").notNull(),
    createdAt: timestamp("created_at")
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [index("shared_recordings_user_idx").on(t.userId), index("shared_recordings_message_idx").on(t.messageId)],
);
