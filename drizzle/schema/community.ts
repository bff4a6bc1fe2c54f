import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
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

export const blogs = sqliteTable(
  "blogs",
  {
    id: id(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    body: text("body").notNull(),
    coverKey: text("cover_key"),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: ["draft", "published"] })
      .notNull()
      .default("draft"),
    publishedAt: timestamp("published_at"),
    ...timestamps,
  },
  (t) => [index("blogs_published_idx").on(t.status, t.publishedAt)],
);

export const blogComments = sqliteTable(
  "blog_comments",
  {
    id: id(),
    blogId: integer("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    isHidden: integer("is_hidden", { mode: "boolean" }).notNull().default(false),
    deletedAt: timestamp("deleted_at"),
    ...timestamps,
  },
  (t) => [index("blog_comments_blog_idx").on(t.blogId, t.createdAt)],
);

export const suggestedBlogs = sqliteTable(
  "suggested_blogs",
  {
    id: id(),
    blogId: integer("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    suggestedBlogId: integer("suggested_blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [uniqueIndex("suggested_blogs_pair_unique").on(t.blogId, t.suggestedBlogId)],
);

export const mailingList = sqliteTable(
  "mailing_list",
  {
    id: id(),
    email: text("email").notNull(),
    name: text("name"),
    source: text("source").notNull().default("landing"),
    consentAt: timestamp("consent_at").notNull(),
    confirmTokenHash: text("confirm_token_hash"),
    confirmedAt: timestamp("confirmed_at"),
    unsubscribedAt: timestamp("unsubscribed_at"),
    ...timestamps,
  },
  (t) => [uniqueIndex("mailing_list_email_unique").on(t.email)],
);

export const faqs = sqliteTable("faqs", {
  id: id(),
  question: text("question").notNull(),
  answer: text("answer").notNull(),
  position: integer("position").notNull().default(0),
  isFeatured: integer("is_featured", { mode: "boolean" }).notNull().default(false),
  ...timestamps,
});
