import { sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, timestamp, timestamps } from "./columns";

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
