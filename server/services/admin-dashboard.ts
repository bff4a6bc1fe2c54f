import { and, count, desc, eq, gte, inArray, isNull } from "drizzle-orm";
import {
  plans,
  series,
  studyTracks,
  subscriptions,
  users,
  videos,
  type SubscriptionStatus,
} from "../../drizzle/schema";
import type { AppContext } from "../context";

const SIGNUP_WINDOW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface RecentSignup {
  id: number;
  name: string;
  email: string;
  createdAt: Date;
  subscription: { status: SubscriptionStatus; planTitle: string } | null;
}

export interface AdminDashboard {
  members: number;
  signupsLast30Days: number;
  subscriptions: Record<SubscriptionStatus, number>;
  content: {
    lessons: number;
    publishedLessons: number;
    courses: number;
    series: number;
  };
  recentSignups: RecentSignup[];
}

/** The figures on /admin: members, subscriptions by state, recent signups and content counts. */
export async function getAdminDashboard(
  ctx: AppContext,
  { recentLimit = 8 }: { recentLimit?: number } = {},
): Promise<AdminDashboard> {
  const since = new Date(ctx.now().getTime() - SIGNUP_WINDOW_DAYS * DAY_MS);
  const liveUsers = isNull(users.deletedAt);
  const [memberRows, signupRows, statusRows, lessonRows, publishedRows, courseRows, seriesRows, recentRows] =
    await ctx.db.batch([
      ctx.db.select({ total: count() }).from(users).where(liveUsers),
      ctx.db
        .select({ total: count() })
        .from(users)
        .where(and(liveUsers, gte(users.createdAt, since))),
      ctx.db.select({ status: subscriptions.status, total: count() }).from(subscriptions).groupBy(subscriptions.status),
      ctx.db.select({ total: count() }).from(videos),
      ctx.db.select({ total: count() }).from(videos).where(eq(videos.isPublished, true)),
      ctx.db.select({ total: count() }).from(studyTracks),
      ctx.db.select({ total: count() }).from(series),
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

  return {
    members: memberRows[0]?.total ?? 0,
    signupsLast30Days: signupRows[0]?.total ?? 0,
    subscriptions: subscriptionCounts,
    content: {
      lessons: lessonRows[0]?.total ?? 0,
      publishedLessons: publishedRows[0]?.total ?? 0,
      courses: courseRows[0]?.total ?? 0,
      series: seriesRows[0]?.total ?? 0,
    },
    recentSignups: recentRows.map((row) => ({ ...row, subscription: latestByUser.get(row.id) ?? null })),
  };
}
