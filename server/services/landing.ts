import { and, asc, eq, isNotNull } from "drizzle-orm";
import { countries, teachers, testimonials, videos, videoTeachers } from "#drizzle/schema";
import { busiestTeachersQuery } from "./catalog/counters";
import type { AppContext } from "../context";
import { buildWebVtt } from "../lib/webvtt";
import { signThumbnailUrl } from "./catalog/lesson-summaries";
import { lessonCuesQuery } from "./lesson-content";
import { lessonPath } from "./lessons";
import { isMediaKey, signMediaUrl } from "./media";

// What the marketing page shows from D1 beside the catalogue: one playable free lesson and the teachers.

export const SAMPLE_CUES = 14;

export interface SampleLesson {
  id: number;
  title: string;
  titleAr: string;
  path: string;
  level: string;
  durationSeconds: number;
  videoUrl: string;
  posterUrl: string | null;
  /** English captions as a data: URL (a visitor has no session for the captions endpoint). */
  captionsUrl: string;
  country: { name: string; dialect: string } | null;
  teacherNames: string[];
  cues: Array<{ id: number; startMs: number; endMs: number; arabic: string; transliteration: string; english: string }>;
}

/**
 * The landing page's sample: the earliest published free lesson that has a video. It is signed for
 * every visitor, on purpose: free lessons are the product's open door (the rest of the catalogue still
 * asks for an account, then a plan).
 */
export async function getSampleLesson(ctx: AppContext): Promise<SampleLesson | null> {
  const [lesson] = await ctx.db
    .select({
      id: videos.id,
      title: videos.title,
      titleAr: videos.titleAr,
      slug: videos.slug,
      level: videos.level,
      durationSeconds: videos.durationSeconds,
      videoKey: videos.videoKey,
      thumbnailKey: videos.thumbnailKey,
      countryName: countries.name,
      countryDialect: countries.dialect,
    })
    .from(videos)
    .leftJoin(countries, eq(countries.id, videos.countryId))
    .where(and(eq(videos.isPublished, true), eq(videos.isFree, true), isNotNull(videos.videoKey)))
    .orderBy(asc(videos.publishedAt), asc(videos.id))
    .limit(1);
  if (!lesson?.videoKey || !isMediaKey(lesson.videoKey)) return null;
  const [cues, teacherRows, videoUrl, posterUrl] = await Promise.all([
    lessonCuesQuery(ctx, { lessonId: lesson.id }).limit(SAMPLE_CUES),
    ctx.db
      .select({ name: teachers.name })
      .from(videoTeachers)
      .innerJoin(teachers, eq(teachers.id, videoTeachers.teacherId))
      .where(eq(videoTeachers.videoId, lesson.id)),
    signMediaUrl(ctx, { key: lesson.videoKey }),
    signThumbnailUrl(ctx, lesson.thumbnailKey),
  ]);
  return {
    id: lesson.id,
    title: lesson.title,
    titleAr: lesson.titleAr,
    path: lessonPath(lesson),
    level: lesson.level,
    durationSeconds: lesson.durationSeconds,
    videoUrl,
    posterUrl,
    captionsUrl: `data:text/vtt;charset=utf-8,${encodeURIComponent(
      buildWebVtt(
        cues.map((cue) => ({ id: cue.id, startMs: cue.startMs, endMs: cue.endMs, text: cue.english })),
        { language: "en" },
      ),
    )}`,
    country: lesson.countryName ? { name: lesson.countryName, dialect: lesson.countryDialect ?? "" } : null,
    teacherNames: teacherRows.map((row) => row.name),
    cues,
  };
}

export interface LandingTeacher {
  id: number;
  name: string;
  nameAr: string | null;
  bio: string;
  country: { name: string; dialect: string } | null;
  lessonCount: number;
}

/** Teachers with at least one published lesson, the busiest first (their lesson counters: ./catalog/counters.ts). */
export async function listLandingTeachers(
  ctx: AppContext,
  { limit = 6 }: { limit?: number } = {},
): Promise<LandingTeacher[]> {
  const rows = await busiestTeachersQuery(ctx, { limit });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    nameAr: row.nameAr,
    bio: row.bio,
    country: row.countryName ? { name: row.countryName, dialect: row.countryDialect ?? "" } : null,
    lessonCount: row.lessonCount,
  }));
}

export interface LandingTestimonial {
  id: number;
  quote: string;
  name: string;
  city: string;
  context: string;
  phrase: { arabic: string; meaning: string } | null;
}

/**
 * The learners' words the landing page shows: published, with the learner's consent recorded, never a
 * sample; in the admin's order. None: the page leaves the section out.
 */
export async function listPublishedTestimonials(
  ctx: AppContext,
  { limit = 6 }: { limit?: number } = {},
): Promise<LandingTestimonial[]> {
  const rows = await ctx.db
    .select()
    .from(testimonials)
    .where(and(eq(testimonials.isPublished, true), isNotNull(testimonials.consentAt), eq(testimonials.isSample, false)))
    .orderBy(asc(testimonials.position), asc(testimonials.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    quote: row.quote,
    name: row.name,
    city: row.city,
    context: row.context,
    phrase: row.phraseArabic ? { arabic: row.phraseArabic, meaning: row.phraseMeaning ?? "" } : null,
  }));
}
