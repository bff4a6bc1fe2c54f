import { and, asc, count, desc, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import {
  countries,
  playlists,
  playlistVideos,
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
import { PLAYLIST_LESSONS_MAX, PLAYLISTS_PER_LEARNER_MAX, type CreatePlaylistInput } from "#core/schemas/playlists";
import { slugify } from "#core/slug";
import { isLessonLocked, type ViewerAccess } from "../access/policy";
import type { AppContext } from "../context";
import { AppError, forbidden, notFound } from "../lib/errors";
import type { SessionUser } from "./auth";
import { isMediaKey, signMediaUrl } from "./media";

// Courses (study tracks), series and playlists: ordered lessons with the viewer's locks and progress.
// The viewer is their access (server/access): it decides the locks, and `userId` brings their own progress.

export interface LessonProgress {
  positionSeconds: number;
  completed: boolean;
  /** 0–100; 100 only once the lesson counts as completed. */
  percent: number;
}

export interface CollectionLesson {
  id: number;
  /** 1-based place in the collection's order. */
  number: number;
  title: string;
  titleAr: string;
  slug: string;
  level: Level;
  durationSeconds: number;
  isFree: boolean;
  locked: boolean;
  progress: LessonProgress | null;
}

export interface CollectionTeacher {
  id: number;
  name: string;
  nameAr: string | null;
  country: { name: string; code: string; dialect: string } | null;
}

export type ProgressState = "not-started" | "in-progress" | "completed";

export interface CollectionProgress {
  completed: number;
  total: number;
  percent: number;
  state: ProgressState;
}

export interface LessonRef {
  id: number;
  title: string;
  slug: string;
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

// ---------------------------------------------------------------------------------------------
// Progress (pure)
// ---------------------------------------------------------------------------------------------

export function toLessonProgress(
  durationSeconds: number,
  row: { positionSeconds: number | null; completedAt: Date | null },
): LessonProgress | null {
  if (row.positionSeconds === null && row.completedAt === null) return null;
  const positionSeconds = row.positionSeconds ?? 0;
  const completed = row.completedAt !== null;
  if (!completed && positionSeconds <= 0) return null;
  const percent = completed
    ? 100
    : durationSeconds > 0
      ? Math.min(99, Math.max(1, Math.round((positionSeconds / durationSeconds) * 100)))
      : 1;
  return { positionSeconds, completed, percent };
}

export function summarizeProgress(lessons: ReadonlyArray<{ progress: LessonProgress | null }>): CollectionProgress {
  const total = lessons.length;
  const completed = lessons.filter((lesson) => lesson.progress?.completed).length;
  const started = lessons.some((lesson) => lesson.progress !== null);
  const state: ProgressState = total > 0 && completed === total ? "completed" : started ? "in-progress" : "not-started";
  return { completed, total, percent: total ? Math.round((completed / total) * 100) : 0, state };
}

export function pickNextLesson<T extends { progress: LessonProgress | null }>(lessons: readonly T[]): T | null {
  return lessons.find((lesson) => !lesson.progress?.completed) ?? lessons[0] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Shared query pieces
// ---------------------------------------------------------------------------------------------

const lessonColumns = {
  id: videos.id,
  title: videos.title,
  titleAr: videos.titleAr,
  slug: videos.slug,
  level: videos.level,
  durationSeconds: videos.durationSeconds,
  isFree: videos.isFree,
  thumbnailKey: videos.thumbnailKey,
  positionSeconds: videoProgress.positionSeconds,
  completedAt: videoProgress.completedAt,
};

const teacherColumns = {
  id: teachers.id,
  name: teachers.name,
  nameAr: teachers.nameAr,
  // Aliased: D1 batches return rows keyed by column name, so two "name" columns would collide.
  countryName: sql<string | null>`${countries.name}`.as("country_name"),
  countryCode: countries.code,
  countryDialect: countries.dialect,
};

type LessonRow = {
  id: number;
  title: string;
  titleAr: string;
  slug: string;
  level: Level;
  durationSeconds: number;
  isFree: boolean;
  thumbnailKey: string | null;
  positionSeconds: number | null;
  completedAt: Date | null;
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

const publishedVideo = eq(videos.isPublished, true);

/** Joins the viewer's own progress row; visitors join nothing. */
function progressJoin(viewer: ViewerAccess): SQL | undefined {
  return and(
    eq(videoProgress.videoId, videos.id),
    viewer.userId === null ? sql`0` : eq(videoProgress.userId, viewer.userId),
  );
}

function toLessons(rows: LessonRow[], viewer: ViewerAccess): CollectionLesson[] {
  return rows.map((row, index) => ({
    id: row.id,
    number: index + 1,
    title: row.title,
    titleAr: row.titleAr,
    slug: row.slug || slugify(row.title),
    level: row.level,
    durationSeconds: row.durationSeconds,
    isFree: row.isFree,
    locked: isLessonLocked(row, viewer),
    progress: viewer.userId === null ? null : toLessonProgress(row.durationSeconds, row),
  }));
}

/**
 * The picture on a card: the collection's own cover (catalogue art, shown to all), else the poster of
 * its first lesson when the viewer may open that lesson (media is only signed for entitled viewers).
 */
async function coverUrl(
  ctx: AppContext,
  ownKey: string | null,
  firstLesson: { thumbnailKey: string | null; locked: boolean } | undefined,
): Promise<string | null> {
  if (ownKey && isMediaKey(ownKey)) return signMediaUrl(ctx, ownKey);
  if (firstLesson && !firstLesson.locked && firstLesson.thumbnailKey && isMediaKey(firstLesson.thumbnailKey)) {
    return signMediaUrl(ctx, firstLesson.thumbnailKey);
  }
  return null;
}

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
  viewer: ViewerAccess,
  collections: CollectionRow[],
  lessonRows: Array<LessonRow & { collectionId: number }>,
  teacherRows: TeacherRow[],
): Promise<CollectionDetail[]> {
  const lessonsById = groupBy(lessonRows);
  const teachersById = groupBy(teacherRows);
  return Promise.all(
    collections.map(async (collection) => {
      const rows = lessonsById.get(collection.id) ?? [];
      const lessons = toLessons(rows, viewer);
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
        progress: viewer.userId === null ? null : summarizeProgress(lessons),
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

async function loadCourses(ctx: AppContext, viewer: ViewerAccess, courseId?: number) {
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
      .leftJoin(videoProgress, progressJoin(viewer))
      .orderBy(asc(studyTrackVideos.studyTrackId), asc(studyTrackVideos.position), asc(videos.id)),
    ctx.db
      .select({ collectionId: studyTrackTeachers.studyTrackId, ...teacherColumns })
      .from(studyTrackTeachers)
      .innerJoin(studyTracks, and(eq(studyTracks.id, studyTrackTeachers.studyTrackId), visible))
      .innerJoin(teachers, eq(teachers.id, studyTrackTeachers.teacherId))
      .leftJoin(countries, eq(countries.id, teachers.countryId))
      .orderBy(asc(teachers.name), asc(teachers.id)),
  ]);
  return assembleCollections(ctx, viewer, rows, lessonRows, teacherRows);
}

/** Published courses in their admin order, each with totals, teachers and the viewer's progress. */
export async function listCourses(ctx: AppContext, viewer: ViewerAccess): Promise<CollectionSummary[]> {
  return (await loadCourses(ctx, viewer)).map(withoutLessons);
}

/** One published course with its ordered lessons; null when unknown or unpublished. */
export async function getCourse(
  ctx: AppContext,
  viewer: ViewerAccess,
  courseId: number,
): Promise<CollectionDetail | null> {
  const [course] = await loadCourses(ctx, viewer, courseId);
  return course ?? null;
}

// ---------------------------------------------------------------------------------------------
// Series
// ---------------------------------------------------------------------------------------------

async function loadSeries(ctx: AppContext, viewer: ViewerAccess, seriesId?: number) {
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
      .innerJoin(videos, and(eq(videos.id, seriesVideos.videoId), publishedVideo))
      .leftJoin(videoProgress, progressJoin(viewer))
      .orderBy(asc(seriesVideos.seriesId), asc(seriesVideos.position), asc(videos.id)),
    // Series have no teacher list of their own: their voices are the teachers of their lessons.
    ctx.db
      .selectDistinct({ collectionId: seriesVideos.seriesId, ...teacherColumns })
      .from(seriesVideos)
      .innerJoin(series, and(eq(series.id, seriesVideos.seriesId), visible))
      .innerJoin(videos, and(eq(videos.id, seriesVideos.videoId), publishedVideo))
      .innerJoin(videoTeachers, eq(videoTeachers.videoId, videos.id))
      .innerJoin(teachers, eq(teachers.id, videoTeachers.teacherId))
      .leftJoin(countries, eq(countries.id, teachers.countryId))
      .orderBy(asc(teachers.name), asc(teachers.id)),
  ]);
  return assembleCollections(ctx, viewer, rows, lessonRows, teacherRows);
}

/** Published series, newest first. */
export async function listSeries(ctx: AppContext, viewer: ViewerAccess): Promise<CollectionSummary[]> {
  return (await loadSeries(ctx, viewer)).map(withoutLessons);
}

export async function getSeries(
  ctx: AppContext,
  viewer: ViewerAccess,
  seriesId: number,
): Promise<CollectionDetail | null> {
  const [item] = await loadSeries(ctx, viewer, seriesId);
  return item ?? null;
}

// ---------------------------------------------------------------------------------------------
// Playlists: curated (ownerId null, the admin's "collection") and each learner's own
// ---------------------------------------------------------------------------------------------

export interface PlaylistSummary {
  id: number;
  title: string;
  slug: string;
  description: string;
  /** True for the viewer's own playlist; false for a curated one. */
  isOwn: boolean;
  lessonCount: number;
  totalSeconds: number;
  coverUrl: string | null;
  progress: CollectionProgress | null;
  updatedAt: Date;
  /** Only when asked about a lesson (`containingVideoId`): whether it is already in this playlist. */
  containsVideo?: boolean;
}

export interface PlaylistDetail extends PlaylistSummary {
  lessons: CollectionLesson[];
  nextLesson: LessonRef | null;
}

/** What a write answers: enough for the UI to update a menu or a heading. */
export interface PlaylistRef {
  id: number;
  title: string;
  slug: string;
  lessonCount: number;
}

function visiblePlaylists(viewer: Pick<ViewerAccess, "userId">): SQL | undefined {
  const curated = and(isNull(playlists.ownerId), eq(playlists.isPublished, true));
  return viewer.userId === null ? curated : or(curated, eq(playlists.ownerId, viewer.userId));
}

const playlistColumns = {
  id: playlists.id,
  title: playlists.title,
  slug: playlists.slug,
  description: playlists.description,
  ownerId: playlists.ownerId,
  updatedAt: playlists.updatedAt,
};

async function loadPlaylistSummaries(
  ctx: AppContext,
  viewer: ViewerAccess,
  options: { playlistId?: number } = {},
): Promise<PlaylistSummary[]> {
  const visible = and(
    visiblePlaylists(viewer),
    options.playlistId === undefined ? undefined : eq(playlists.id, options.playlistId),
  );
  const [rows, stats, firsts] = await ctx.db.batch([
    ctx.db
      .select(playlistColumns)
      .from(playlists)
      .where(visible)
      .orderBy(desc(playlists.updatedAt), desc(playlists.id)),
    ctx.db
      .select({
        playlistId: playlistVideos.playlistId,
        lessonCount: count(),
        totalSeconds: sql<number>`coalesce(sum(${videos.durationSeconds}), 0)`,
        completed: sql<number>`count(${videoProgress.completedAt})`,
        started: sql<number>`coalesce(sum(case when ${videoProgress.completedAt} is not null or ${videoProgress.positionSeconds} > 0 then 1 else 0 end), 0)`,
      })
      .from(playlistVideos)
      .innerJoin(playlists, and(eq(playlists.id, playlistVideos.playlistId), visible))
      .innerJoin(videos, and(eq(videos.id, playlistVideos.videoId), publishedVideo))
      .leftJoin(videoProgress, progressJoin(viewer))
      .groupBy(playlistVideos.playlistId),
    // SQLite fills bare columns from the row that holds the single min(): the first lesson of each playlist.
    ctx.db
      .select({
        playlistId: playlistVideos.playlistId,
        firstPosition: sql<number>`min(${playlistVideos.position})`,
        thumbnailKey: videos.thumbnailKey,
        isFree: videos.isFree,
      })
      .from(playlistVideos)
      .innerJoin(playlists, and(eq(playlists.id, playlistVideos.playlistId), visible))
      .innerJoin(videos, and(eq(videos.id, playlistVideos.videoId), publishedVideo))
      .groupBy(playlistVideos.playlistId),
  ]);
  const statsById = new Map(stats.map((row) => [row.playlistId, row]));
  const firstById = new Map(firsts.map((row) => [row.playlistId, row]));
  return Promise.all(
    rows.map(async (row) => {
      const stat = statsById.get(row.id);
      const first = firstById.get(row.id);
      const lessonCount = stat?.lessonCount ?? 0;
      const completed = Number(stat?.completed ?? 0);
      const started = Number(stat?.started ?? 0);
      return {
        id: row.id,
        title: row.title,
        slug: row.slug || slugify(row.title),
        description: row.description,
        isOwn: row.ownerId !== null && row.ownerId === viewer.userId,
        lessonCount,
        totalSeconds: Number(stat?.totalSeconds ?? 0),
        coverUrl: await coverUrl(
          ctx,
          null,
          first && { thumbnailKey: first.thumbnailKey, locked: isLessonLocked(first, viewer) },
        ),
        progress:
          viewer.userId === null
            ? null
            : {
                completed,
                total: lessonCount,
                percent: lessonCount ? Math.round((completed / lessonCount) * 100) : 0,
                state:
                  lessonCount > 0 && completed === lessonCount
                    ? "completed"
                    : started > 0
                      ? "in-progress"
                      : "not-started",
              },
        updatedAt: row.updatedAt,
      } satisfies PlaylistSummary;
    }),
  );
}

/**
 * The playlists a viewer may open: curated ones for everyone, plus a signed-in learner's own (most
 * recently changed first). With `containingVideoId`, each of the learner's own says whether it holds that lesson.
 */
export async function listPlaylists(
  ctx: AppContext,
  viewer: ViewerAccess,
  options: { containingVideoId?: number } = {},
): Promise<{ curated: PlaylistSummary[]; mine: PlaylistSummary[] }> {
  const summaries = await loadPlaylistSummaries(ctx, viewer);
  const mine = summaries.filter((playlist) => playlist.isOwn);
  // Curated playlists read in the order the team made them.
  const curated = summaries.filter((playlist) => !playlist.isOwn).sort((a, b) => a.id - b.id);
  if (options.containingVideoId !== undefined && viewer.userId !== null && mine.length > 0) {
    const rows = await ctx.db
      .select({ playlistId: playlistVideos.playlistId })
      .from(playlistVideos)
      .innerJoin(playlists, and(eq(playlists.id, playlistVideos.playlistId), eq(playlists.ownerId, viewer.userId)))
      .where(eq(playlistVideos.videoId, options.containingVideoId));
    const holding = new Set(rows.map((row) => row.playlistId));
    for (const playlist of mine) playlist.containsVideo = holding.has(playlist.id);
  }
  return { curated, mine };
}

/** A playlist the viewer may open (their own or a published curated one) with its lessons; else null. */
export async function getPlaylist(
  ctx: AppContext,
  viewer: ViewerAccess,
  playlistId: number,
): Promise<PlaylistDetail | null> {
  const [summary] = await loadPlaylistSummaries(ctx, viewer, { playlistId });
  if (!summary) return null;
  const rows = await ctx.db
    .select(lessonColumns)
    .from(playlistVideos)
    .innerJoin(
      playlists,
      and(eq(playlists.id, playlistVideos.playlistId), eq(playlists.id, playlistId), visiblePlaylists(viewer)),
    )
    .innerJoin(videos, and(eq(videos.id, playlistVideos.videoId), publishedVideo))
    .leftJoin(videoProgress, progressJoin(viewer))
    .orderBy(asc(playlistVideos.position), asc(playlistVideos.videoId));
  const lessons = toLessons(rows, viewer);
  const next = pickNextLesson(lessons);
  return {
    ...summary,
    // Recomputed from the rows, so the page agrees with itself even if a lesson changed in between.
    lessonCount: lessons.length,
    progress: viewer.userId === null ? null : summarizeProgress(lessons),
    lessons,
    nextLesson: next ? { id: next.id, title: next.title, slug: next.slug } : null,
  };
}

// --- Writes: the learner's own playlists only. Curated playlists are edited in the admin. ------

const NOT_FOUND = "We couldn't find that playlist.";

/** 404 for playlists the learner may not see (never reveal them), 403 for curated ones. */
async function requireOwnPlaylist(ctx: AppContext, user: Pick<SessionUser, "id">, playlistId: number) {
  const [row] = await ctx.db
    .select({ id: playlists.id, title: playlists.title, slug: playlists.slug, ownerId: playlists.ownerId })
    .from(playlists)
    .where(and(eq(playlists.id, playlistId), visiblePlaylists({ userId: user.id })));
  if (!row) throw notFound(NOT_FOUND);
  if (row.ownerId !== user.id) throw forbidden("Curated playlists can't be changed.");
  return row;
}

function ownedBy(user: Pick<SessionUser, "id">, playlistId: number) {
  return and(eq(playlists.id, playlistId), eq(playlists.ownerId, user.id));
}

/** `playlist_id` of rows whose playlist belongs to the user: ownership in every write's where. */
function inOwnedPlaylist(user: Pick<SessionUser, "id">, playlistId: number) {
  return sql`${playlistVideos.playlistId} in (select ${playlists.id} from ${playlists} where ${ownedBy(user, playlistId)})`;
}

function touchPlaylist(ctx: AppContext, user: Pick<SessionUser, "id">, playlistId: number) {
  return ctx.db.update(playlists).set({ updatedAt: ctx.now() }).where(ownedBy(user, playlistId));
}

/**
 * Renumbers a playlist's lessons 0, 1, 2… in their current order (ties broken by lesson id). Query
 * builders rather than `db.run(sql)`, because drizzle cannot batch raw statements that have parameters.
 */
function compactPositions(ctx: AppContext, user: Pick<SessionUser, "id">, playlistId: number) {
  const ranked = sql`(select video_id, row_number() over (order by position, video_id) - 1 as new_position from playlist_videos where playlist_id = ${playlistId}) as ranked`;
  return ctx.db
    .update(playlistVideos)
    .set({ position: sql`ranked.new_position` })
    .from(ranked)
    .where(
      and(
        eq(playlistVideos.playlistId, playlistId),
        sql`${playlistVideos.videoId} = ranked.video_id`,
        sql`${playlistVideos.position} <> ranked.new_position`,
        inOwnedPlaylist(user, playlistId),
      ),
    );
}

async function requirePublishedVideo(ctx: AppContext, videoId: number) {
  const [row] = await ctx.db
    .select({ id: videos.id })
    .from(videos)
    .where(and(eq(videos.id, videoId), publishedVideo));
  if (!row) {
    const message = "We couldn't find that lesson.";
    throw new AppError(422, [`videoId: ${message}`], { videoId: [message] });
  }
}

async function countLessons(ctx: AppContext, playlistId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ total: count() })
    .from(playlistVideos)
    .where(eq(playlistVideos.playlistId, playlistId));
  return row?.total ?? 0;
}

export async function createPlaylist(
  ctx: AppContext,
  user: Pick<SessionUser, "id">,
  input: CreatePlaylistInput,
): Promise<PlaylistRef> {
  const [existing] = await ctx.db.select({ total: count() }).from(playlists).where(eq(playlists.ownerId, user.id));
  if ((existing?.total ?? 0) >= PLAYLISTS_PER_LEARNER_MAX) {
    const message = `You can keep up to ${PLAYLISTS_PER_LEARNER_MAX} playlists. Delete one to make room.`;
    throw new AppError(422, [message], { title: [message] });
  }
  if (input.videoId !== undefined) await requirePublishedVideo(ctx, input.videoId);
  const now = ctx.now();
  const insertPlaylist = ctx.db
    .insert(playlists)
    .values({
      title: input.title,
      slug: slugify(input.title),
      ownerId: user.id,
      isPublished: true,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: playlists.id, title: playlists.title, slug: playlists.slug });
  if (input.videoId === undefined) {
    const [created] = await insertPlaylist;
    return { ...created!, lessonCount: 0 };
  }
  // One batch: the new playlist is the learner's newest, so the lesson goes into max(id).
  const [[created]] = await ctx.db.batch([
    insertPlaylist,
    ctx.db.insert(playlistVideos).select(
      ctx.db
        .select({
          playlistId: sql<number>`max(${playlists.id})`.as("playlist_id"),
          videoId: sql<number>`${input.videoId}`.as("video_id"),
          position: sql<number>`0`.as("position"),
        })
        .from(playlists)
        .where(eq(playlists.ownerId, user.id)),
    ),
  ]);
  return { ...created!, lessonCount: 1 };
}

export async function renamePlaylist(
  ctx: AppContext,
  user: Pick<SessionUser, "id">,
  { playlistId, title }: { playlistId: number; title: string },
): Promise<PlaylistRef> {
  await requireOwnPlaylist(ctx, user, playlistId);
  const [updated] = await ctx.db
    .update(playlists)
    .set({ title, slug: slugify(title), updatedAt: ctx.now() })
    .where(ownedBy(user, playlistId))
    .returning({ id: playlists.id, title: playlists.title, slug: playlists.slug });
  if (!updated) throw notFound(NOT_FOUND);
  return { ...updated, lessonCount: await countLessons(ctx, playlistId) };
}

export async function deletePlaylist(
  ctx: AppContext,
  user: Pick<SessionUser, "id">,
  { playlistId }: { playlistId: number },
): Promise<void> {
  await requireOwnPlaylist(ctx, user, playlistId);
  await ctx.db.batch([
    ctx.db.delete(playlistVideos).where(inOwnedPlaylist(user, playlistId)),
    ctx.db.delete(playlists).where(ownedBy(user, playlistId)),
  ]);
}

/** Adds a lesson at the end; adding one that is already there changes nothing (`added: false`). */
export async function addVideoToPlaylist(
  ctx: AppContext,
  user: Pick<SessionUser, "id">,
  { playlistId, videoId }: { playlistId: number; videoId: number },
): Promise<{ added: boolean; playlist: PlaylistRef }> {
  const playlist = await requireOwnPlaylist(ctx, user, playlistId);
  await requirePublishedVideo(ctx, videoId);
  if ((await countLessons(ctx, playlistId)) >= PLAYLIST_LESSONS_MAX) {
    const [present] = await ctx.db
      .select({ videoId: playlistVideos.videoId })
      .from(playlistVideos)
      .where(and(eq(playlistVideos.playlistId, playlistId), eq(playlistVideos.videoId, videoId)));
    if (!present) {
      const message = `A playlist holds at most ${PLAYLIST_LESSONS_MAX} lessons.`;
      throw new AppError(422, [message], { videoId: [message] });
    }
  }
  const [inserted] = await ctx.db.batch([
    ctx.db
      .insert(playlistVideos)
      .select(
        ctx.db
          .select({
            playlistId: playlists.id,
            videoId: sql<number>`${videoId}`.as("video_id"),
            position:
              sql<number>`(select coalesce(max(position) + 1, 0) from playlist_videos where playlist_id = ${playlistId})`.as(
                "position",
              ),
          })
          .from(playlists)
          .where(ownedBy(user, playlistId)),
      )
      .onConflictDoNothing()
      .returning({ videoId: playlistVideos.videoId }),
    touchPlaylist(ctx, user, playlistId),
  ]);
  return {
    added: inserted.length > 0,
    playlist: {
      id: playlist.id,
      title: playlist.title,
      slug: playlist.slug || slugify(playlist.title),
      lessonCount: await countLessons(ctx, playlistId),
    },
  };
}

/** Removes a lesson and closes the gap, so positions stay 0…n-1. */
export async function removeVideoFromPlaylist(
  ctx: AppContext,
  user: Pick<SessionUser, "id">,
  { playlistId, videoId }: { playlistId: number; videoId: number },
): Promise<PlaylistRef> {
  const playlist = await requireOwnPlaylist(ctx, user, playlistId);
  const [removed] = await ctx.db.batch([
    ctx.db
      .delete(playlistVideos)
      .where(
        and(
          eq(playlistVideos.playlistId, playlistId),
          eq(playlistVideos.videoId, videoId),
          inOwnedPlaylist(user, playlistId),
        ),
      )
      .returning({ videoId: playlistVideos.videoId }),
    compactPositions(ctx, user, playlistId),
    touchPlaylist(ctx, user, playlistId),
  ]);
  if (removed.length === 0) throw notFound("That lesson isn't in this playlist.");
  return {
    id: playlist.id,
    title: playlist.title,
    slug: playlist.slug || slugify(playlist.title),
    lessonCount: await countLessons(ctx, playlistId),
  };
}

/** The stored order: published lessons (what the learner sees) first, then any unpublished since. */
async function currentOrder(ctx: AppContext, playlistId: number) {
  const rows = await ctx.db
    .select({ videoId: playlistVideos.videoId, isPublished: videos.isPublished })
    .from(playlistVideos)
    .innerJoin(videos, eq(videos.id, playlistVideos.videoId))
    .where(eq(playlistVideos.playlistId, playlistId))
    .orderBy(asc(playlistVideos.position), asc(playlistVideos.videoId));
  return {
    visible: rows.filter((row) => row.isPublished).map((row) => row.videoId),
    hidden: rows.filter((row) => !row.isPublished).map((row) => row.videoId),
  };
}

/**
 * Puts the playlist's lessons in the given order. `videoIds` must be exactly the lessons the learner
 * sees in it (each once); lessons unpublished since they were added keep their place at the end.
 */
export async function reorderPlaylist(
  ctx: AppContext,
  user: Pick<SessionUser, "id">,
  { playlistId, videoIds }: { playlistId: number; videoIds: number[] },
): Promise<{ id: number; videoIds: number[] }> {
  await requireOwnPlaylist(ctx, user, playlistId);
  const { visible, hidden } = await currentOrder(ctx, playlistId);
  const wanted = new Set(videoIds);
  if (wanted.size !== videoIds.length || visible.length !== videoIds.length || visible.some((id) => !wanted.has(id))) {
    const message = "The new order must list every lesson in the playlist exactly once.";
    throw new AppError(422, [`videoIds: ${message}`], { videoIds: [message] });
  }
  const order = JSON.stringify([...videoIds, ...hidden]);
  // json_each keeps the statement at three bound values however long the playlist (D1 allows 100).
  await ctx.db.batch([
    ctx.db
      .update(playlistVideos)
      .set({
        position: sql`(select cast(ordered.key as integer) from json_each(${order}) as ordered where ordered.value = ${playlistVideos.videoId})`,
      })
      .where(
        and(
          eq(playlistVideos.playlistId, playlistId),
          sql`${playlistVideos.videoId} in (select value from json_each(${order}))`,
          inOwnedPlaylist(user, playlistId),
        ),
      ),
    compactPositions(ctx, user, playlistId),
    touchPlaylist(ctx, user, playlistId),
  ]);
  return { id: playlistId, videoIds };
}

/** One step up or down: the buttons that work without JavaScript. At either end it changes nothing. */
export async function movePlaylistVideo(
  ctx: AppContext,
  user: Pick<SessionUser, "id">,
  { playlistId, videoId, direction }: { playlistId: number; videoId: number; direction: "up" | "down" },
): Promise<{ moved: boolean }> {
  await requireOwnPlaylist(ctx, user, playlistId);
  const { visible } = await currentOrder(ctx, playlistId);
  const from = visible.indexOf(videoId);
  if (from === -1) throw notFound("That lesson isn't in this playlist.");
  const to = direction === "up" ? from - 1 : from + 1;
  if (to < 0 || to >= visible.length) return { moved: false };
  const next = [...visible];
  [next[from], next[to]] = [next[to]!, next[from]!];
  await reorderPlaylist(ctx, user, { playlistId, videoIds: next });
  return { moved: true };
}
