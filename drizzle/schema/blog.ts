import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, timestamp, timestamps } from "./columns";
import { users } from "./users";

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
