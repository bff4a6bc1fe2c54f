import { and, count, desc, eq, gt, gte, inArray, lte } from "drizzle-orm";
import {
  flashcardStates,
  flashcards,
  flashcollections,
  studyDays,
  videos,
  vocabularyReviewStates,
} from "#drizzle/schema";
import { slugOf } from "#core/collection-paths";
import type { Level } from "#core/levels";
import { addDays } from "#core/local-day";
import type { AppContext } from "../../context";
import { computeStreaks, type DailyGoal } from "../study-progress";
import { chunked, IDS_PER_QUERY } from "./rules";

// What a reminder says: reviews due, a streak at risk, new lessons at the member's level.

/** How far back "new lessons" reach. */
const NEW_LESSON_DAYS = 7;
/** New lessons listed in one mail. */
const NEW_LESSONS_IN_MAIL = 3;
/** Days of study read to measure a streak; a longer one is "60+ days". */
export const STREAK_WINDOW_DAYS = 60;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A member due a reminder now, with what their digest and the day's claim need. */
export interface DueMember {
  id: number;
  email: string;
  name: string;
  level: Level | null;
  frequency: "daily" | "weekly";
  hour: number;
  lastSentOn: string | null;
  day: string;
  goal: DailyGoal;
}

export interface ReminderLesson {
  title: string;
  url: string;
}

export interface ReminderDigest {
  frequency: "daily" | "weekly";
  flashcardsDue: number;
  wordsDue: number;
  /** The streak that ends today unless they study: its length in days (capped at the window), or null. */
  streakAtRisk: number | null;
  lessons: ReminderLesson[];
}

/**
 * The digests of a message's members in a few grouped queries: reviews due now (flashcards of published
 * collections, saved words), the days studied lately (for the streak), and the newest lessons per level.
 */
export async function buildDigests(
  ctx: AppContext,
  members: DueMember[],
  at: Date,
): Promise<Map<number, ReminderDigest>> {
  const flashcardsDue = new Map<number, number>();
  const wordsDue = new Map<number, number>();
  const studied = new Map<number, Array<{ day: string; seconds: number; cards: number }>>();
  if (members.length > 0) {
    const earliest = members.reduce((first, member) => (member.day < first ? member.day : first), members[0]!.day);
    const latest = members.reduce((last, member) => (member.day > last ? member.day : last), members[0]!.day);
    const since = addDays(earliest, -STREAK_WINDOW_DAYS);
    for (const chunk of chunked(
      members.map((member) => member.id),
      IDS_PER_QUERY,
    )) {
      const [cards, words, days] = await ctx.db.batch([
        ctx.db
          .select({ userId: flashcardStates.userId, total: count() })
          .from(flashcardStates)
          .innerJoin(flashcards, eq(flashcards.id, flashcardStates.flashcardId))
          .innerJoin(
            flashcollections,
            and(eq(flashcollections.id, flashcards.collectionId), eq(flashcollections.isPublished, true)),
          )
          .where(and(inArray(flashcardStates.userId, chunk), lte(flashcardStates.due, at)))
          .groupBy(flashcardStates.userId),
        ctx.db
          .select({ userId: vocabularyReviewStates.userId, total: count() })
          .from(vocabularyReviewStates)
          .where(and(inArray(vocabularyReviewStates.userId, chunk), lte(vocabularyReviewStates.due, at)))
          .groupBy(vocabularyReviewStates.userId),
        ctx.db
          .select({
            userId: studyDays.userId,
            day: studyDays.day,
            seconds: studyDays.secondsWatched,
            cards: studyDays.cardsReviewed,
          })
          .from(studyDays)
          .where(and(inArray(studyDays.userId, chunk), gte(studyDays.day, since), lte(studyDays.day, latest))),
      ]);
      for (const row of cards) flashcardsDue.set(row.userId, row.total);
      for (const row of words) wordsDue.set(row.userId, row.total);
      for (const row of days) {
        const list = studied.get(row.userId) ?? [];
        list.push({ day: row.day, seconds: row.seconds, cards: row.cards });
        studied.set(row.userId, list);
      }
    }
  }

  const lessonsByLevel = new Map<Level, ReminderLesson[]>();
  for (const level of new Set(members.flatMap((member) => (member.level ? [member.level] : [])))) {
    lessonsByLevel.set(level, await newLessonsAt(ctx, level, at));
  }

  const digests = new Map<number, ReminderDigest>();
  for (const member of members) {
    const since = addDays(member.day, -STREAK_WINDOW_DAYS);
    const days = (studied.get(member.id) ?? []).filter((row) => row.day >= since && row.day <= member.day);
    const streak = computeStreaks(days, member.day, member.goal);
    digests.set(member.id, {
      frequency: member.frequency,
      flashcardsDue: flashcardsDue.get(member.id) ?? 0,
      wordsDue: wordsDue.get(member.id) ?? 0,
      // Studied up to yesterday, not yet today: the streak ends tonight unless they study.
      streakAtRisk: !streak.todayCounts && streak.current > 0 ? streak.current : null,
      lessons: member.level ? (lessonsByLevel.get(member.level) ?? []) : [],
    });
  }
  return digests;
}

/** Up to three lessons of a level published in the last seven days, newest first. */
async function newLessonsAt(ctx: AppContext, level: Level, at: Date): Promise<ReminderLesson[]> {
  const rows = await ctx.db
    .select({ id: videos.id, title: videos.title, slug: videos.slug })
    .from(videos)
    .where(
      and(
        eq(videos.isPublished, true),
        eq(videos.level, level),
        gt(videos.publishedAt, new Date(at.getTime() - NEW_LESSON_DAYS * DAY_MS)),
        lte(videos.publishedAt, at),
      ),
    )
    .orderBy(desc(videos.publishedAt), desc(videos.id))
    .limit(NEW_LESSONS_IN_MAIL);
  return rows.map((row) => ({
    title: row.title,
    url: new URL(`/video/${row.id}/${slugOf(row)}`, ctx.config.appUrl).toString(),
  }));
}
