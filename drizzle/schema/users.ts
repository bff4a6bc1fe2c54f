import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, LEARNING_GOALS, LEVELS, timestamp, timestamps } from "./columns";

export const users = sqliteTable(
  "users",
  {
    id: id(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash"),
    googleSubject: text("google_subject"),
    avatarKey: text("avatar_key"),
    level: text("level", { enum: LEVELS }),
    birthday: text("birthday"),
    transliterationScheme: text("transliteration_scheme", { enum: ["romanized", "arabizi"] })
      .notNull()
      .default("romanized"),
    emailVerifiedAt: timestamp("email_verified_at"),
    /** An address the member asked to move to: it replaces `email` only once a link sent there is opened. */
    pendingEmail: text("pending_email"),
    pendingEmailRequestedAt: timestamp("pending_email_requested_at"),
    disabledAt: timestamp("disabled_at"),
    deletedAt: timestamp("deleted_at"),
    /**
     * Device cookies (server/services/device-cookies.ts, ADR 030) carry the generation they were issued in; it
     * goes up whenever every session of the account is revoked, so they stop counting as known browsers then too.
     */
    deviceGeneration: integer("device_generation").notNull().default(0),
    // ----- Onboarding and study preferences (docs/product-rules.md, "Keeping learners coming back") -----
    /** Why they learn: travel, family, work or heritage. */
    goal: text("goal", { enum: LEARNING_GOALS }),
    /** The daily goal: minutes watched, or cards reviewed when `dailyGoalKind` is "cards". */
    dailyGoalMinutes: integer("daily_goal_minutes"),
    dailyGoalKind: text("daily_goal_kind", { enum: ["minutes", "cards"] })
      .notNull()
      .default("minutes"),
    dailyGoalCards: integer("daily_goal_cards"),
    /** The Levantine region whose dialect they want most (a country code), if any. */
    dialectRegion: text("dialect_region"),
    /** IANA time zone (e.g. "Asia/Beirut"), detected on first visit and editable: days, streaks and reminders use it. */
    timeZone: text("time_zone"),
    onboardedAt: timestamp("onboarded_at"),
    /** Opt-in reminder emails: off, daily or weekly, at `reminderHour` in their time zone. */
    reminderFrequency: text("reminder_frequency", { enum: ["off", "daily", "weekly"] })
      .notNull()
      .default("off"),
    reminderHour: integer("reminder_hour").notNull().default(18),
    /** The local date (YYYY-MM-DD) of the last reminder sent: at most one per day, whatever the cron does. */
    reminderLastSentOn: text("reminder_last_sent_on"),
    ...timestamps,
  },
  (t) => [
    index("users_reminder_idx").on(t.reminderFrequency, t.reminderHour),
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_google_subject_unique").on(t.googleSubject),
    index("users_created_at_idx").on(t.createdAt),
  ],
);

export const permissions = sqliteTable("permissions", {
  code: text("code").primaryKey(),
  description: text("description").notNull(),
});

export const userPermissions = sqliteTable(
  "user_permissions",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text("code")
      .notNull()
      .references(() => permissions.code, { onDelete: "cascade" }),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.userId, t.code] })],
);

export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at").notNull(),
    revokedAt: timestamp("revoked_at"),
    userAgent: text("user_agent"),
    ipAddress: text("ip_address"),
    lastSeenAt: timestamp("last_seen_at"),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** One-time sign-in links sent by email: stored as a hash, valid 15 minutes, used once. */
export const signInLinks = sqliteTable(
  "sign_in_links",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
    usedAt: timestamp("used_at"),
    createdAt: timestamps.createdAt,
  },
  (t) => [uniqueIndex("sign_in_links_hash_unique").on(t.tokenHash), index("sign_in_links_user_idx").on(t.userId)],
);

export const passwordResetTokens = sqliteTable(
  "password_reset_tokens",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
    usedAt: timestamp("used_at"),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex("password_reset_tokens_hash_unique").on(t.tokenHash),
    index("password_reset_tokens_user_idx").on(t.userId),
  ],
);

/**
 * Rate-limit counters, each changed by one atomic upsert (server/services/rate-limit.ts): fixed windows
 * use `count` and `window_started_at`; progressive delays also keep the last failure and how long the
 * next attempt must wait.
 */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  windowStartedAt: timestamp("window_started_at").notNull(),
  lastAttemptAt: timestamp("last_attempt_at"),
  blockedUntil: timestamp("blocked_until"),
});

/** OAuth "state" with its PKCE verifier and return address, single use. */
export const oauthStates = sqliteTable("oauth_states", {
  state: text("state").primaryKey(),
  codeVerifier: text("code_verifier").notNull(),
  redirectTo: text("redirect_to"),
  expiresAt: timestamp("expires_at").notNull(),
});

export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: id(),
    to: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text_body").notNull(),
    html: text("html_body"),
    /** Extra headers the message carried (List-Unsubscribe…), as the provider was sent them. */
    headers: text("headers", { mode: "json" }).$type<Record<string, string>>(),
    template: text("template").notNull(),
    provider: text("provider").notNull(),
    status: text("status", { enum: ["queued", "sent", "failed"] })
      .notNull()
      .default("sent"),
    error: text("error"),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("mail_outbox_to_idx").on(t.to, t.createdAt)],
);

/**
 * Idempotency-Key of a member's write to the JSON API (server/api/idempotency.ts): the first request with a
 * key claims it (status null while it runs), then keeps its answer, which a retry with the same key gets
 * again instead of doing the write twice. Kept a day (the cron removes older ones).
 */
export const apiIdempotencyKeys = sqliteTable(
  "api_idempotency_keys",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** "METHOD /api/path" the key was first used for. */
    route: text("route").notNull(),
    /** SHA-256 of the body it was first used with. */
    bodyHash: text("body_hash").notNull(),
    status: integer("status"),
    responseBody: text("response_body"),
    contentType: text("content_type"),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("api_idempotency_keys_created_idx").on(t.createdAt)],
);
