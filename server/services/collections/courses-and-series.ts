import { and, asc, desc, eq, sql } from "drizzle-orm";
import {
  countries,
  series,
  seriesVideos,
  studyTracks,
  studyTrackTeachers,
  studyTrackVideos,
  teachers,
  videoProgress,
  videos,
  videoTeachers,
  type Level,
} from "#drizzle/schema";
import { slugify } from "#core/slug";
import type { LessonAccessFacts } from "../../access/policy";
import type { Viewer } from "../../access/viewer";
import type { AppContext } from "../../context";
import {
  coverUrl,
  lessonColumns,
  progressJoin,
  publishedVideo,
  toLessons,
  type CollectionLesson,
  type LessonRef,
  type LessonRow,
} from "./collection-lessons";
import { pickNextLesson, summarizeProgress, type CollectionProgress } from "./progress";

// Courses (study tracks) and series: the team's published collections, each with its teachers, totals and
// the viewer's progress.

export interface CollectionTeacher {
  id: number;
  name: string;
  nameAr: string | null;
  country: { name: string; code: string; dialect: string } | null;
}

export interface CollectionSummary {
  id: number;
  title: string;
  titleAr: string;
  slug: string;
  description: string;
  level: Level;
  lessonCount: number;
  freeLessonCount: number;
  totalSeconds: number;
  coverUrl: string | null;
  teachers: CollectionTeacher[];
  /** Null for visitors: there is nothing to track yet. */
  progress: CollectionProgress | null;
  /** What "Start"/"Continue" opens: the first lesson not completed, in order; the first once all are done. */
  nextLesson: LessonRef | null;
}

export interface CollectionDetail extends CollectionSummary {
  lessons: CollectionLesson[];
}

const teacherColumns = {
  id: teachers.id,
  name: teachers.name,
  nameAr: teachers.nameAr,
  // Aliased: D1 batches return rows keyed by column name, so two "name" columns would collide.
  countryName: sql<string | null>`${countries.name}`.as("country_name"),
  countryCode: countries.code,
  countryDialect: countries.dialect,
};

type TeacherRow = {
  collectionId: number;
  id: number;
  name: string;
  nameAr: string | null;
  countryName: string | null;
  countryCode: string | null;
  countryDialect: string | null;
};

type CollectionRow = {
  id: number;
  title: string;
  titleAr: string;
  slug: string;
  description: string;
  level: Level;
  thumbnailKey: string | null;
};

function groupBy<T extends { collectionId: number }>(rows: T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const list = groups.get(row.collectionId) ?? [];
    list.push(row);
    groups.set(row.collectionId, list);
  }
  return groups;
}

function toTeacher(row: Omit<TeacherRow, "collectionId">): CollectionTeacher {
  return {
    id: row.id,
    name: row.name,
    nameAr: row.nameAr,
    country:
      row.countryName && row.countryCode
        ? { name: row.countryName, code: row.countryCode, dialect: row.countryDialect ?? "" }
        : null,
  };
}

async function assembleCollections(
  ctx: AppContext,
  access: LessonAccessFacts,
  collections: CollectionRow[],
  lessonRows: Array<LessonRow & { collectionId: number }>,
  teacherRows: TeacherRow[],
): Promise<CollectionDetail[]> {
  const lessonsById = groupBy(lessonRows);
  const teachersById = groupBy(teacherRows);
  return Promise.all(
    collections.map(async (collection) => {
      const rows = lessonsById.get(collection.id) ?? [];
      const lessons = toLessons(rows, access);
      const next = pickNextLesson(lessons);
      const seenTeachers = new Set<number>();
      const collectionTeachers = (teachersById.get(collection.id) ?? [])
        .filter((row) => !seenTeachers.has(row.id) && seenTeachers.add(row.id))
        .map(toTeacher);
      return {
        id: collection.id,
        title: collection.title,
        titleAr: collection.titleAr,
        slug: collection.slug || slugify(collection.title),
        description: collection.description,
        level: collection.level,
        lessonCount: lessons.length,
        freeLessonCount: lessons.filter((lesson) => lesson.isFree).length,
        totalSeconds: lessons.reduce((sum, lesson) => sum + lesson.durationSeconds, 0),
        coverUrl: await coverUrl(
          ctx,
          collection.thumbnailKey,
          rows[0] && { thumbnailKey: rows[0].thumbnailKey, locked: lessons[0]!.locked },
        ),
        teachers: collectionTeachers,
        progress: access.userId === null ? null : summarizeProgress(lessons),
        nextLesson: next ? { id: next.id, title: next.title, slug: next.slug } : null,
        lessons,
      };
    }),
  );
}

function withoutLessons({ lessons: _lessons, ...summary }: CollectionDetail): CollectionSummary {
  return summary;
}

// ---------------------------------------------------------------------------------------------
// Courses (study tracks)
// ---------------------------------------------------------------------------------------------

async function loadCourses(ctx: AppContext, access: LessonAccessFacts, courseId?: number) {
  const visible = and(
    eq(studyTracks.isPublished, true),
    courseId === undefined ? undefined : eq(studyTracks.id, courseId),
  );
  const [rows, lessonRows, teacherRows] = await ctx.db.batch([
    ctx.db
      .select({
        id: studyTracks.id,
        title: studyTracks.title,
        titleAr: studyTracks.titleAr,
        slug: studyTracks.slug,
        description: studyTracks.description,
        level: studyTracks.level,
        thumbnailKey: studyTracks.thumbnailKey,
      })
      .from(studyTracks)
      .where(visible)
      .orderBy(asc(studyTracks.position), asc(studyTracks.id)),
    ctx.db
      .select({ collectionId: studyTrackVideos.studyTrackId, ...lessonColumns })
      .from(studyTrackVideos)
      .innerJoin(studyTracks, and(eq(studyTracks.id, studyTrackVideos.studyTrackId), visible))
      .innerJoin(videos, and(eq(videos.id, studyTrackVideos.videoId), publishedVideo))
      .leftJoin(videoProgress, progressJoin(access))
      .orderBy(asc(studyTrackVideos.studyTrackId), asc(studyTrackVideos.position), asc(videos.id)),
    ctx.db
      .select({ collectionId: studyTrackTeachers.studyTrackId, ...teacherColumns })
      .from(studyTrackTeachers)
      .innerJoin(studyTracks, and(eq(studyTracks.id, studyTrackTeachers.studyTrackId), visible))
      .innerJoin(teachers, eq(teachers.id, studyTrackTeachers.teacherId))
      .leftJoin(countries, eq(countries.id, teachers.countryId))
      .orderBy(asc(teachers.name), asc(teachers.id)),
  ]);
  return assembleCollections(ctx, access, rows, lessonRows, teacherRows);
}

/** Published courses in their admin order, each with totals, teachers and the viewer's progress. */
export async function listCourses(ctx: AppContext, { viewer }: { viewer: Viewer }): Promise<CollectionSummary[]> {
  const access = await viewer.access();
  return (await loadCourses(ctx, access)).map(withoutLessons);
}

/** One published course with its ordered lessons; null when unknown or unpublished. */
export async function getCourse(
  ctx: AppContext,
  { viewer, courseId }: { viewer: Viewer; courseId: number },
): Promise<CollectionDetail | null> {
  const access = await viewer.access();
  const [course] = await loadCourses(ctx, access, courseId);
  return course ?? null;
}

// ---------------------------------------------------------------------------------------------
// Series
// ---------------------------------------------------------------------------------------------

async function loadSeries(ctx: AppContext, access: LessonAccessFacts, seriesId?: number) {
  const visible = and(eq(series.isPublished, true), seriesId === undefined ? undefined : eq(series.id, seriesId));
  const [rows, lessonRows, teacherRows] = await ctx.db.batch([
    ctx.db
      .select({
        id: series.id,
        title: series.title,
        titleAr: series.titleAr,
        slug: series.slug,
        description: series.description,
        level: series.level,
        thumbnailKey: series.thumbnailKey,
      })
      .from(series)
      .where(visible)
      .orderBy(desc(series.createdAt), asc(series.id)),
    ctx.db
      .select({ collectionId: seriesVideos.seriesId, ...lessonColumns })
      .from(seriesVideos)
      .innerJoin(series, and(eq(series.id, seriesVideos.seriesId), visible))
      .innerJoin(videos, and(eq(videos.id, seriesVideos.lessonId), publishedVideo))
      .leftJoin(videoProgress, progressJoin(access))
      .orderBy(asc(seriesVideos.seriesId), asc(seriesVideos.position), asc(videos.id)),
    // Series have no teacher list of their own: their voices are the teachers of their lessons.
    ctx.db
      .selectDistinct({ collectionId: seriesVideos.seriesId, ...teacherColumns })
      .from(seriesVideos)
      .innerJoin(series, and(eq(series.id, seriesVideos.seriesId), visible))
      .innerJoin(videos, and(eq(videos.id, seriesVideos.lessonId), publishedVideo))
      .innerJoin(videoTeachers, eq(videoTeachers.videoId, videos.id))
      .innerJoin(teachers, eq(teachers.id, videoTeachers.teacherId))
      .leftJoin(countries, eq(countries.id, teachers.countryId))
      .orderBy(asc(teachers.name), asc(teachers.id)),
  ]);
  return assembleCollections(ctx, access, rows, lessonRows, teacherRows);
}

/** Published series, newest first. */
export async function listSeries(ctx: AppContext, { viewer }: { viewer: Viewer }): Promise<CollectionSummary[]> {
  const access = await viewer.access();
  return (await loadSeries(ctx, access)).map(withoutLessons);
}

export async function getSeries(
  ctx: AppContext,
  { viewer, seriesId }: { viewer: Viewer; seriesId: number },
): Promise<CollectionDetail | null> {
  const access = await viewer.access();
  const [item] = await loadSeries(ctx, access, seriesId);
  return item ?? null;
}
