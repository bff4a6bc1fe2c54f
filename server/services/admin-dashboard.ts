import { and, count, desc, eq, gte, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import {
  blogs,
  communityThreads,
  globalVocabularyDecks,
  globalVocabularyWords,
  plans,
  series,
  studyTracks,
  subscriptionCancelReasons,
  subscriptions,
  users,
  videos,
  videoVocabulary,
  type SubscriptionStatus,
} from "#drizzle/schema";
import type { AppContext } from "../context";

export const DASHBOARD_WINDOW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface RecentSignup {
  id: number;
  name: string;
  email: string;
  createdAt: Date;
  subscription: { status: SubscriptionStatus; planTitle: string } | null;
}

/** One day of the 30-day window (UTC), oldest first. */
export interface DailyActivity {
  day: string;
  signups: number;
  cancellations: number;
}

export interface CancelReasonCount {
  label: string;
  total: number;
}

export interface AdminDashboard {
  members: number;
  signupsLast30Days: number;
  cancellationsLast30Days: number;
  subscriptions: Record<SubscriptionStatus, number>;
  activity: DailyActivity[];
  topCancelReasons: CancelReasonCount[];
  content: {
    lessons: number;
    publishedLessons: number;
    courses: number;
    series: number;
    lessonVocabulary: number;
    decks: number;
    deckWords: number;
    publishedPosts: number;
    communityThreads: number;
  };
  recentSignups: RecentSignup[];
}

/** The price of one plan period expressed per month: annual plans count a twelfth a month. */
export function monthlyEquivalentCents(priceCents: number, interval: "month" | "year"): number {
  return interval === "year" ? priceCents / 12 : priceCents;
}

/** The first UTC midnight of the window, so every bucket is a whole calendar day and today is the last one. */
export function windowStart(now: Date, days = DASHBOARD_WINDOW_DAYS): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (days - 1) * DAY_MS);
}

/** Fills the days nobody signed up or canceled with zeros, so the chart has exactly `days` bars. */
export function buildDailyActivity(
  start: Date,
  signups: ReadonlyArray<{ day: number; total: number }>,
  cancellations: ReadonlyArray<{ day: number; total: number }>,
  days = DASHBOARD_WINDOW_DAYS,
): DailyActivity[] {
  const activity = Array.from({ length: days }, (_, index) => ({
    day: new Date(start.getTime() + index * DAY_MS).toISOString().slice(0, 10),
    signups: 0,
    cancellations: 0,
  }));
  for (const row of signups) if (activity[row.day]) activity[row.day]!.signups += row.total;
  for (const row of cancellations) if (activity[row.day]) activity[row.day]!.cancellations += row.total;
  return activity;
}

/** The figures on /admin: members, subscriptions by state, 30 days of activity and content counts (revenue: admin-revenue.ts). */
export async function getAdminDashboard(
  ctx: AppContext,
  { recentLimit = 8 }: { recentLimit?: number } = {},
): Promise<AdminDashboard> {
  const since = windowStart(ctx.now());
  const sinceMs = since.getTime();
  const liveUsers = isNull(users.deletedAt);
  const signupDay = sql<number>`cast((${users.createdAt} - ${sinceMs}) / ${DAY_MS} as integer)`;
  const cancelDay = sql<number>`cast((${subscriptions.canceledAt} - ${sinceMs}) / ${DAY_MS} as integer)`;
  const canceledInWindow = and(isNotNull(subscriptions.canceledAt), gte(subscriptions.canceledAt, since));
  const reasonLabel = sql<string | null>`${subscriptionCancelReasons.label}`.as("reason_label");

  const [
    memberRows,
    statusRows,
    signupRows,
    cancelRows,
    reasonRows,
    lessonRows,
    publishedRows,
    courseRows,
    seriesRows,
    vocabularyRows,
    deckRows,
    deckWordRows,
    postRows,
    threadRows,
    recentRows,
  ] = await ctx.db.batch([
    ctx.db.select({ total: count() }).from(users).where(liveUsers),
    ctx.db.select({ status: subscriptions.status, total: count() }).from(subscriptions).groupBy(subscriptions.status),
    ctx.db
      .select({ day: signupDay, total: count() })
      .from(users)
      .where(and(liveUsers, gte(users.createdAt, since)))
      .groupBy(signupDay),
    ctx.db.select({ day: cancelDay, total: count() }).from(subscriptions).where(canceledInWindow).groupBy(cancelDay),
    ctx.db
      .select({ label: reasonLabel, total: count() })
      .from(subscriptions)
      .leftJoin(subscriptionCancelReasons, eq(subscriptionCancelReasons.id, subscriptions.cancelReasonId))
      .where(canceledInWindow)
      .groupBy(subscriptions.cancelReasonId)
      .orderBy(desc(count()), subscriptionCancelReasons.label),
    ctx.db.select({ total: count() }).from(videos),
    ctx.db.select({ total: count() }).from(videos).where(eq(videos.isPublished, true)),
    ctx.db.select({ total: count() }).from(studyTracks),
    ctx.db.select({ total: count() }).from(series),
    ctx.db.select({ total: count() }).from(videoVocabulary),
    ctx.db.select({ total: count() }).from(globalVocabularyDecks),
    ctx.db.select({ total: count() }).from(globalVocabularyWords),
    ctx.db.select({ total: count() }).from(blogs).where(eq(blogs.status, "published")),
    ctx.db.select({ total: count() }).from(communityThreads).where(isNull(communityThreads.deletedAt)),
    ctx.db
      .select({ id: users.id, name: users.name, email: users.email, createdAt: users.createdAt })
      .from(users)
      .where(liveUsers)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(recentLimit),
  ]);

  const subscriptionCounts: Record<SubscriptionStatus, number> = {
    trialing: 0,
    active: 0,
    past_due: 0,
    canceled: 0,
    expired: 0,
  };
  for (const row of statusRows) subscriptionCounts[row.status] = row.total;

  const latestByUser = new Map<number, RecentSignup["subscription"]>();
  if (recentRows.length > 0) {
    const subscriptionRows = await ctx.db
      .select({ userId: subscriptions.userId, status: subscriptions.status, planTitle: plans.title })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(
        inArray(
          subscriptions.userId,
          recentRows.map((row) => row.id),
        ),
      )
      .orderBy(desc(subscriptions.currentPeriodEnd));
    for (const row of subscriptionRows) {
      if (!latestByUser.has(row.userId)) latestByUser.set(row.userId, { status: row.status, planTitle: row.planTitle });
    }
  }

  const activity = buildDailyActivity(since, signupRows, cancelRows);
  return {
    members: memberRows[0]?.total ?? 0,
    signupsLast30Days: activity.reduce((sum, day) => sum + day.signups, 0),
    cancellationsLast30Days: activity.reduce((sum, day) => sum + day.cancellations, 0),
    subscriptions: subscriptionCounts,
    activity,
    topCancelReasons: reasonRows
      .slice(0, 5)
      .map((row) => ({ label: row.label ?? "No reason given", total: row.total })),
    content: {
      lessons: lessonRows[0]?.total ?? 0,
      publishedLessons: publishedRows[0]?.total ?? 0,
      courses: courseRows[0]?.total ?? 0,
      series: seriesRows[0]?.total ?? 0,
      lessonVocabulary: vocabularyRows[0]?.total ?? 0,
      decks: deckRows[0]?.total ?? 0,
      deckWords: deckWordRows[0]?.total ?? 0,
      publishedPosts: postRows[0]?.total ?? 0,
      communityThreads: threadRows[0]?.total ?? 0,
    },
    recentSignups: recentRows.map((row) => ({ ...row, subscription: latestByUser.get(row.id) ?? null })),
  };
}
