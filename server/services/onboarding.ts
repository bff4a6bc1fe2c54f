import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { countries, users, videos, type LearningGoal, type Level } from "#drizzle/schema";
import { LEVELS, type OnboardingInput, type PreferencesInput } from "#core/schemas/onboarding";
import { isLessonLocked, type LessonAccessFacts } from "../access/policy";
import type { AppContext } from "../context";
import { AppError } from "../lib/errors";
import { signThumbnailUrl } from "./catalog/lesson-summaries";
import { lessonPath } from "./lessons";
import { isMediaKey, signMediaUrl } from "./media";

// The learner's study preferences: asked once by the onboarding page, editable on /profile, read by the
// recommendations (./recommendations.ts, docs/recommendations.md).

export interface LearnerPreferences {
  level: Level | null;
  goal: LearningGoal | null;
  dailyGoalMinutes: number | null;
  /** A country code from the `countries` table, or null for "No preference". */
  dialectRegion: string | null;
  timeZone: string | null;
  onboardedAt: Date | null;
}

/** A region a learner may prefer: a country of the catalogue, with its dialect. */
export interface DialectRegion {
  code: string;
  name: string;
  dialect: string;
}

function preferencesQuery(ctx: AppContext, userId: number) {
  return ctx.db
    .select({
      level: users.level,
      goal: users.goal,
      dailyGoalMinutes: users.dailyGoalMinutes,
      dialectRegion: users.dialectRegion,
      timeZone: users.timeZone,
      onboardedAt: users.onboardedAt,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
}

function regionsQuery(ctx: AppContext) {
  return ctx.db
    .select({ code: countries.code, name: countries.name, dialect: countries.dialect })
    .from(countries)
    .orderBy(asc(countries.name), asc(countries.id));
}

const NO_PREFERENCES: LearnerPreferences = {
  level: null,
  goal: null,
  dailyGoalMinutes: null,
  dialectRegion: null,
  timeZone: null,
  onboardedAt: null,
};

/** The member's preferences alone (e.g. whether they have onboarded). */
export async function getLearnerPreferences(
  ctx: AppContext,
  { userId }: { userId: number },
): Promise<LearnerPreferences> {
  const [row] = await preferencesQuery(ctx, userId);
  return row ?? NO_PREFERENCES;
}

/** The member's preferences and the regions they may choose from, in one round trip. */
export async function getPreferences(
  ctx: AppContext,
  { userId }: { userId: number },
): Promise<{ preferences: LearnerPreferences; regions: DialectRegion[] }> {
  const [rows, regions] = await ctx.db.batch([preferencesQuery(ctx, userId), regionsQuery(ctx)]);
  return { preferences: rows[0] ?? NO_PREFERENCES, regions };
}

/**
 * The preferences (as `getPreferences`) and how many self-check clips this member would get on the onboarding
 * page (one per level whose pick they may watch, as `getOnboardingPage` picks them), in one round trip: the
 * profile invites to the self-check with the number the page really shows.
 */
export async function getPreferencesWithSelfCheck(
  ctx: AppContext,
  { userId, access: accessLoaded }: { userId: number; access: LessonAccessFacts | Promise<LessonAccessFacts> },
): Promise<{ preferences: LearnerPreferences; regions: DialectRegion[]; selfCheckClips: number }> {
  const { prefRows, regions, clipRows, access } = await loadOnboarding(ctx, { userId, access: accessLoaded });
  const selfCheckClips = LEVELS.filter((level) => {
    const row = clipRows[level][0];
    return row !== undefined && !isLessonLocked(row, access);
  }).length;
  return { preferences: prefRows[0] ?? NO_PREFERENCES, regions, selfCheckClips };
}

/** A short clip of the self-check: the lesson, its poster, and a playable URL when this member may watch it. */
export interface SelfCheckClip {
  lessonId: number;
  title: string;
  titleAr: string;
  level: Level;
  durationSeconds: number;
  href: string;
  posterUrl: string | null;
  /** Signed, only for a lesson this member may watch (a free lesson, or any with a subscription). */
  videoUrl: string | null;
  /** The lesson's caption tracks (served to members who may watch it), off unless the learner picks one. */
  captions: { ar: string; en: string };
}

/** How much of a lesson the self-check plays (a media fragment on the URL): the opening, not the lesson. */
export const SELF_CHECK_CLIP_SECONDS = 40;

/**
 * One clip per level for the self-check, picked the same way every time: among the published lessons of
 * that level, free ones first, then the shortest, then the lowest id (`videos_library_filters_idx` finds
 * them; onboarding is not a hot page). A level whose pick this member may not watch has no clip.
 */
function clipQuery(ctx: AppContext, level: Level) {
  return ctx.db
    .select({
      id: videos.id,
      title: videos.title,
      titleAr: videos.titleAr,
      slug: videos.slug,
      level: videos.level,
      durationSeconds: videos.durationSeconds,
      isFree: videos.isFree,
      videoKey: videos.videoKey,
      thumbnailKey: videos.thumbnailKey,
    })
    .from(videos)
    .where(and(eq(videos.isPublished, true), eq(videos.level, level)))
    .orderBy(desc(videos.isFree), asc(videos.durationSeconds), asc(videos.id))
    .limit(1);
}

/** One batch for the onboarding page and the profile: the member's answers, the regions, each level's clip. */
async function loadOnboarding(
  ctx: AppContext,
  { userId, access }: { userId: number; access: LessonAccessFacts | Promise<LessonAccessFacts> },
) {
  const [[prefRows, regions, beginner, intermediate, advanced], loadedAccess] = await Promise.all([
    ctx.db.batch([
      preferencesQuery(ctx, userId),
      regionsQuery(ctx),
      clipQuery(ctx, "beginner"),
      clipQuery(ctx, "intermediate"),
      clipQuery(ctx, "advanced"),
    ]),
    access,
  ]);
  return { prefRows, regions, clipRows: { beginner, intermediate, advanced }, access: loadedAccess };
}

/** Everything the onboarding page shows: the member's answers so far, the regions and the three clips. */
export async function getOnboardingPage(
  ctx: AppContext,
  { userId, access: accessLoaded }: { userId: number; access: LessonAccessFacts | Promise<LessonAccessFacts> },
) {
  const { prefRows, regions, clipRows: rows, access } = await loadOnboarding(ctx, { userId, access: accessLoaded });
  const clips = await Promise.all(
    LEVELS.map(async (level): Promise<SelfCheckClip | null> => {
      const row = rows[level][0];
      if (!row || isLessonLocked(row, access)) return null;
      const [posterUrl, videoUrl] = await Promise.all([
        signThumbnailUrl(ctx, row.thumbnailKey),
        row.videoKey && isMediaKey(row.videoKey) ? signMediaUrl(ctx, { key: row.videoKey }) : Promise.resolve(null),
      ]);
      return {
        lessonId: row.id,
        title: row.title,
        titleAr: row.titleAr,
        level: row.level,
        durationSeconds: row.durationSeconds,
        href: lessonPath(row),
        posterUrl,
        videoUrl: videoUrl ? `${videoUrl}#t=0,${SELF_CHECK_CLIP_SECONDS}` : null,
        captions: {
          ar: `/api/lessons/${row.id}/captions.vtt?lang=ar`,
          en: `/api/lessons/${row.id}/captions.vtt?lang=en`,
        },
      };
    }),
  );
  return { preferences: prefRows[0] ?? NO_PREFERENCES, regions, clips };
}

const UNKNOWN_REGION = "Choose one of the regions.";

/** The country's code as stored in `countries` (matched without regard to case), or a field error. */
async function resolveRegion(ctx: AppContext, code: string | null): Promise<string | null> {
  if (code === null) return null;
  const [row] = await ctx.db
    .select({ code: countries.code })
    .from(countries)
    .where(sql`lower(${countries.code}) = ${code.toLowerCase()}`)
    .limit(1);
  if (!row) throw new AppError(422, [UNKNOWN_REGION], { dialectRegion: [UNKNOWN_REGION] });
  return row.code;
}

const GONE = "This account no longer exists.";

/**
 * Stores the onboarding answers and marks the member onboarded (the first time only: `onboardedAt` keeps
 * the day they first answered). A time zone the browser did not send leaves the stored one alone.
 */
export async function completeOnboarding(ctx: AppContext, { userId, ...input }: { userId: number } & OnboardingInput) {
  const dialectRegion = await resolveRegion(ctx, input.dialectRegion);
  const now = ctx.now();
  const [updated] = await ctx.db
    .update(users)
    .set({
      level: input.level,
      goal: input.goal,
      // The question was "minutes a day": the daily goal counts minutes from now on.
      dailyGoalKind: "minutes",
      dailyGoalMinutes: input.dailyGoalMinutes,
      dialectRegion,
      ...(input.timeZone ? { timeZone: input.timeZone } : {}),
      onboardedAt: sql`coalesce(${users.onboardedAt}, ${now.getTime()})`,
      updatedAt: now,
    })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning({ id: users.id });
  if (!updated) throw new AppError(404, [GONE]);
}

/**
 * The preferences part of /profile (the profile's own fields, level included, are `updateProfile`'s). As
 * there, a field left empty is cleared. The region is checked before anything is written.
 */
export async function updatePreferences(ctx: AppContext, { userId, ...input }: { userId: number } & PreferencesInput) {
  const dialectRegion = await resolveRegion(ctx, input.dialectRegion);
  const [updated] = await ctx.db
    .update(users)
    .set({
      goal: input.goal ?? null,
      dailyGoalMinutes: input.dailyGoalMinutes ?? null,
      dialectRegion,
      timeZone: input.timeZone ?? null,
      updatedAt: ctx.now(),
    })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning({ id: users.id });
  if (!updated) throw new AppError(404, [GONE]);
}
