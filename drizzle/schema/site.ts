import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Site-wide counters kept in one row per name. `page_cache` is the generation of the public pages held in
 * the Workers Cache API (server/lib/page-cache.ts): bumping it is the purge.
 */
export const siteCounters = sqliteTable("site_counters", {
  name: text("name").primaryKey(),
  value: integer("value").notNull().default(0),
  updatedAt: integer("updated_at", { mode: "timestamp" }),
});
