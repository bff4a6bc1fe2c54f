import { and, type AnyColumn, asc, count, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import {
  countries,
  type Level,
  playlists,
  playlistVideos,
  series,
  seriesVideos,
  studyTracks,
  studyTrackVideos,
  teachers,
  transcriptCues,
  videoAttachments,
  videoProgress,
  videos,
  videoTeachers,
  videoVocabulary,
  vocabularyListItems,
  vocabularyLists,
} from "#drizzle/schema";
import type { CaptionLanguage } from "#core/schemas/lessons";
import { normalizeArabic } from "#core/arabic";
import { slugify } from "#core/slug";
import { assertCanOpen, canSeeLesson, isLessonLocked } from "../access/policy";
import type { Viewer } from "../access/viewer";
import type { AppContext } from "../context";
import { notFound } from "../lib/errors";
import { markdownToText, renderLessonDescription } from "../lib/markdown";
import { type LessonExercises, solvedExercisesQuery, toLessonExercises } from "./exercises";
import { lessonCuesQuery, lessonVocabularyQuery, sentenceGapsQuery, sentenceOrdersQuery } from "./lesson-content";
import { hlsUrls, streamQuery, toStreamState } from "./hls";
import { isMediaKey, signMediaUrl } from "./media";
import { type LessonProgress, toLessonProgress } from "./progress";
import { type LessonShare, lessonShare } from "./share";
import { normalizedArabicSql } from "./word-lookup";

export const LESSON_COLLECTION_KINDS = ["course", "series", "playlist"] as const;
export type LessonCollectionKind = (typeof LESSON_COLLECTION_KINDS)[number];
export interface LessonCollectionRef {
  kind: LessonCollectionKind;
  id: number;
}

// ---------------------------------------------------------------------------------------------
// Paths
// ---------------------------------------------------------------------------------------------

const slugOf = (item: { slug: string; title: string }) => item.slug || slugify(item.title);

export function collectionPath(kind: LessonCollectionKind, collection: { id: number; slug: string; title: string }) {
  return `/${kind}/${collection.id}/${slugOf(collection)}`;
}

/** The lesson's URL on its own or inside a course, series or playlist. */
export function lessonPath(
  lesson: { id: number; slug: string; title: string },
  collection?: { kind: LessonCollectionKind; id: number; slug: string; title: string } | null,
) {
  const own = `${lesson.id}/${slugOf(lesson)}`;
  return collection ? `${collectionPath(collection.kind, collection)}/${own}` : `/video/${own}`;
}

/**
 * A column under its own name. D1 batches return rows as objects keyed by column name, so two joined
 * columns both called "title" or "id" would overwrite each other without it.
 */
function aliased<T extends AnyColumn>(column: T, alias: string) {
  return sql<T["_"]["data"]>`${column}`.mapWith(column).as(alias);
}

// ---------------------------------------------------------------------------------------------
// Finding a lesson (404 rules)
// ---------------------------------------------------------------------------------------------

const videoColumns = {
  id: videos.id,
  title: videos.title,
  titleAr: videos.titleAr,
  slug: videos.slug,
  description: videos.description,
  level: videos.level,
  durationSeconds: videos.durationSeconds,
  isFree: videos.isFree,
  isPublished: videos.isPublished,
  publishedAt: videos.publishedAt,
  videoKey: videos.videoKey,
  thumbnailKey: videos.thumbnailKey,
  countryName: countries.name,
  countryCode: countries.code,
  countryDialect: countries.dialect,
};

const itemColumns = {
  id: videos.id,
  title: videos.title,
  titleAr: videos.titleAr,
  slug: videos.slug,
  durationSeconds: videos.durationSeconds,
  isFree: videos.isFree,
};

type ItemRow = { id: number; title: string; titleAr: string; slug: string; durationSeconds: number; isFree: boolean };

export interface FoundCollection {
  kind: LessonCollectionKind;
  id: number;
  title: string;
  titleAr: string;
  slug: string;
  /** Published lessons in order (drafts too for admins). */
  items: ItemRow[];
}

export interface FoundLesson {
  video: {
    id: number;
    title: string;
    titleAr: string;
    slug: string;
    /** The admin's Markdown, as written. */
    description: string;
    /** The description rendered by the blog's safe renderer (server/lib/markdown.ts), for the lesson page. */
    descriptionHtml: string;
    /** The description as plain text (meta descriptions, structured data). */
    descriptionText: string;
    level: Level;
    durationSeconds: number;
    isFree: boolean;
    isPublished: boolean;
    publishedAt: Date | null;
    videoKey: string | null;
    thumbnailKey: string | null;
    country: { name: string; code: string; dialect: string } | null;
  };
  collection: FoundCollection | null;
  canonicalPath: string;
}

function collectionQueries(ctx: AppContext, ref: LessonCollectionRef, viewer: Viewer) {
  const drafts = viewer.canSeeDrafts;
  const publishedVideo = drafts ? undefined : eq(videos.isPublished, true);
  if (ref.kind === "course") {
    return [
      ctx.db
        .select({ id: studyTracks.id, title: studyTracks.title, titleAr: studyTracks.titleAr, slug: studyTracks.slug })
        .from(studyTracks)
        .where(and(eq(studyTracks.id, ref.id), drafts ? undefined : eq(studyTracks.isPublished, true)))
        .limit(1),
      ctx.db
        .select(itemColumns)
        .from(studyTrackVideos)
        .innerJoin(videos, eq(videos.id, studyTrackVideos.videoId))
        .where(and(eq(studyTrackVideos.studyTrackId, ref.id), publishedVideo))
        .orderBy(asc(studyTrackVideos.position), asc(videos.id)),
    ] as const;
  }
  if (ref.kind === "series") {
    return [
      ctx.db
        .select({ id: series.id, title: series.title, titleAr: series.titleAr, slug: series.slug })
        .from(series)
        .where(and(eq(series.id, ref.id), drafts ? undefined : eq(series.isPublished, true)))
        .limit(1),
      ctx.db
        .select(itemColumns)
        .from(seriesVideos)
        .innerJoin(videos, eq(videos.id, seriesVideos.lessonId))
        .where(and(eq(seriesVideos.seriesId, ref.id), publishedVideo))
        .orderBy(asc(seriesVideos.position), asc(videos.id)),
    ] as const;
  }
  // Curated playlists (no owner) are public once published; a learner's own playlist is theirs alone.
  const visible: SQL | undefined =
    viewer.userId !== null
      ? or(and(isNull(playlists.ownerId), eq(playlists.isPublished, true)), eq(playlists.ownerId, viewer.userId))
      : and(isNull(playlists.ownerId), eq(playlists.isPublished, true));
  return [
    ctx.db
      .select({ id: playlists.id, title: playlists.title, titleAr: playlists.title, slug: playlists.slug })
      .from(playlists)
      .where(and(eq(playlists.id, ref.id), visible))
      .limit(1),
    ctx.db
      .select(itemColumns)
      .from(playlistVideos)
      .innerJoin(videos, eq(videos.id, playlistVideos.lessonId))
      .where(and(eq(playlistVideos.playlistId, ref.id), publishedVideo))
      .orderBy(asc(playlistVideos.position), asc(videos.id)),
  ] as const;
}

/**
 * The lesson and, when it is opened inside one, its course/series/playlist. 404 for an unknown id, a
 * draft (unless admin), a collection the viewer may not see, or a lesson that is not in that collection.
 * Entitlement is not checked here: see `getLessonPage` and `requireLessonAccess` (./lesson-access.ts).
 */
export async function findLesson(
  ctx: AppContext,
  { videoId: lessonId, context, viewer }: { videoId: number; context?: LessonCollectionRef | null; viewer: Viewer },
): Promise<FoundLesson> {
  const videoQuery = ctx.db
    .select(videoColumns)
    .from(videos)
    .leftJoin(countries, eq(countries.id, videos.countryId))
    .where(eq(videos.id, lessonId))
    .limit(1);

  let videoRows: Awaited<typeof videoQuery>;
  let collection: FoundCollection | null = null;
  if (context) {
    const [header, items] = collectionQueries(ctx, context, viewer);
    const [lessonRows, headerRows, itemRows] = await ctx.db.batch([videoQuery, header, items]);
    videoRows = lessonRows;
    const found = headerRows[0];
    if (!found) throw notFound("We couldn't find that collection.");
    if (!itemRows.some((item) => item.id === lessonId)) throw notFound("That lesson is not part of this collection.");
    collection = {
      kind: context.kind,
      ...found,
      titleAr: context.kind === "playlist" ? "" : found.titleAr,
      items: itemRows,
    };
  } else {
    videoRows = await videoQuery;
  }
  const row = videoRows[0];
  if (!row || !canSeeLesson(viewer, row)) throw notFound("We couldn't find that lesson.");

  const { countryName, countryCode, countryDialect, ...video } = row;
  const country =
    countryName && countryCode ? { name: countryName, code: countryCode, dialect: countryDialect ?? "" } : null;
  return {
    video: {
      ...video,
      descriptionHtml: renderLessonDescription(video.description),
      descriptionText: markdownToText(video.description),
      country,
    },
    collection,
    canonicalPath: lessonPath(video, collection),
  };
}

// ---------------------------------------------------------------------------------------------
// The lesson page
// ---------------------------------------------------------------------------------------------

export interface LessonListItem {
  id: number;
  title: string;
  titleAr: string;
  durationSeconds: number;
  isFree: boolean;
  locked: boolean;
  href: string;
  position: number;
  isCurrent: boolean;
  status: "completed" | "in-progress" | "not-started";
}

export interface LessonCollectionView {
  kind: LessonCollectionKind;
  id: number;
  title: string;
  titleAr: string;
  href: string;
  items: LessonListItem[];
  completedCount: number;
  currentIndex: number;
}

export interface LessonPage {
  lesson: FoundLesson["video"] & { canonicalPath: string };
  media: {
    videoUrl: string | null;
    /** The adaptive-streaming package, signed for this viewer (docs/video.md); null: play the MP4. */
    stream: { masterUrl: string; audioUrl: string } | null;
    posterUrl: string | null;
    captions: Array<{
      lang: CaptionLanguage;
      srclang: string;
      kind: "captions" | "subtitles";
      label: string;
      src: string;
    }>;
  };
  cues: Array<{
    id: number;
    position: number;
    startMs: number;
    endMs: number;
    arabic: string;
    transliteration: string;
    english: string;
  }>;
  /** `saved`: already in the learner's default list ("My words"). */
  vocabulary: Array<{
    id: number;
    arabic: string;
    transliteration: string;
    english: string;
    startMs: number | null;
    cueId: number | null;
    saved: boolean;
  }>;
  attachments: Array<{
    id: number;
    title: string;
    contentType: string;
    sizeBytes: number;
    fileName: string;
    url: string;
  }>;
  exercises: LessonExercises;
  teachers: Array<{
    id: number;
    name: string;
    nameAr: string | null;
    bio: string;
    country: { name: string; code: string; dialect: string } | null;
  }>;
  /** The course/series/playlist the lesson was opened in. */
  collection: LessonCollectionView | null;
  /** Courses and series this lesson belongs to (links on the standalone page). */
  partOf: Array<{
    kind: "course" | "series";
    id: number;
    title: string;
    href: string;
    position: number;
    total: number;
  }>;
  nextLesson: (LessonListItem & { via: { kind: LessonCollectionKind; title: string } | null }) | null;
  previousLesson: LessonListItem | null;
  progress: LessonProgress | null;
  /** Its canonical URL and picture, absolute and unsigned, for search engines and link previews (docs/seo.md). */
  share: LessonShare;
}

function membershipQuery(ctx: AppContext, kind: "course" | "series", lessonId: number) {
  if (kind === "course") {
    return ctx.db
      .select({
        collectionId: aliased(studyTracks.id, "collection_id"),
        collectionTitle: aliased(studyTracks.title, "collection_title"),
        collectionSlug: aliased(studyTracks.slug, "collection_slug"),
        ...itemColumns,
      })
      .from(studyTrackVideos)
      .innerJoin(studyTracks, and(eq(studyTracks.id, studyTrackVideos.studyTrackId), eq(studyTracks.isPublished, true)))
      .innerJoin(videos, and(eq(videos.id, studyTrackVideos.videoId), eq(videos.isPublished, true)))
      .where(
        inArray(
          studyTrackVideos.studyTrackId,
          ctx.db
            .select({ id: studyTrackVideos.studyTrackId })
            .from(studyTrackVideos)
            .where(eq(studyTrackVideos.videoId, lessonId)),
        ),
      )
      .orderBy(asc(studyTracks.position), asc(studyTracks.id), asc(studyTrackVideos.position), asc(videos.id));
  }
  return ctx.db
    .select({
      collectionId: aliased(series.id, "collection_id"),
      collectionTitle: aliased(series.title, "collection_title"),
      collectionSlug: aliased(series.slug, "collection_slug"),
      ...itemColumns,
    })
    .from(seriesVideos)
    .innerJoin(series, and(eq(series.id, seriesVideos.seriesId), eq(series.isPublished, true)))
    .innerJoin(videos, and(eq(videos.id, seriesVideos.lessonId), eq(videos.isPublished, true)))
    .where(
      inArray(
        seriesVideos.seriesId,
        ctx.db.select({ id: seriesVideos.seriesId }).from(seriesVideos).where(eq(seriesVideos.lessonId, lessonId)),
      ),
    )
    .orderBy(asc(series.id), asc(seriesVideos.position), asc(videos.id));
}

type MembershipRow = ItemRow & { collectionId: number; collectionTitle: string; collectionSlug: string };

function groupMembership(rows: MembershipRow[]) {
  const groups = new Map<number, { id: number; title: string; slug: string; items: ItemRow[] }>();
  for (const { collectionId, collectionTitle, collectionSlug, ...item } of rows) {
    const group = groups.get(collectionId) ?? {
      id: collectionId,
      title: collectionTitle,
      slug: collectionSlug,
      items: [],
    };
    group.items.push(item);
    groups.set(collectionId, group);
  }
  return [...groups.values()];
}

function teachersQuery(ctx: AppContext, lessonId: number) {
  return ctx.db
    .select({
      id: teachers.id,
      name: teachers.name,
      nameAr: teachers.nameAr,
      bio: teachers.bio,
      countryName: aliased(countries.name, "teacher_country_name"),
      countryCode: aliased(countries.code, "teacher_country_code"),
      countryDialect: aliased(countries.dialect, "teacher_country_dialect"),
    })
    .from(videoTeachers)
    .innerJoin(teachers, eq(teachers.id, videoTeachers.teacherId))
    .leftJoin(countries, eq(countries.id, teachers.countryId))
    .where(eq(videoTeachers.videoId, lessonId))
    .orderBy(asc(teachers.name));
}

function toTeacher({
  countryName,
  countryCode,
  countryDialect,
  ...teacher
}: Awaited<ReturnType<typeof teachersQuery>>[number]): LessonPage["teachers"][number] {
  return {
    ...teacher,
    country:
      countryName && countryCode ? { name: countryName, code: countryCode, dialect: countryDialect ?? "" } : null,
  };
}

const fileNameOf = (key: string) => key.split("/").pop() ?? key;

async function signIfMedia(ctx: AppContext, key: string | null, options?: { downloadName?: string }) {
  return key && isMediaKey(key) ? signMediaUrl(ctx, { key, ...options }) : null;
}

/**
 * Everything the lesson page shows, for a viewer entitled to it: the lesson with signed media URLs, its
 * transcript, vocabulary, attachments, exercises summary, teachers, the ordered collection it was opened
 * in (with the learner's marks), the next lesson in that context and the learner's progress.
 * A visitor gets a free lesson's page without anything of a member's (ADR 038).
 * Throws 404 (see `findLesson`), 401 for visitors on a premium lesson and 402 without access to one.
 */
export async function getLessonPage(
  ctx: AppContext,
  {
    videoId: lessonId,
    context,
    viewer,
    found: alreadyFound,
  }: { videoId: number; context?: LessonCollectionRef | null; viewer: Viewer; found?: FoundLesson },
): Promise<LessonPage> {
  const [found, access] = await Promise.all([
    alreadyFound ?? findLesson(ctx, { videoId: lessonId, context, viewer }),
    viewer.lessonAccess(),
  ]);
  assertCanOpen(found.video, access);
  const viewerId = viewer.userId;
  // A visitor on a free lesson has no progress, list or solved exercise: those reads match nothing.
  const ownedBy = (column: AnyColumn) => (viewerId === null ? sql`0` : eq(column, viewerId));
  const { video, collection } = found;
  const progressIds = [...new Set([video.id, ...(collection?.items.map((item) => item.id) ?? [])])];

  const [
    cueRows,
    vocabularyRows,
    attachmentRows,
    teacherRows,
    orderRows,
    gapRows,
    progressRows,
    courseRows,
    seriesRows,
    savedRows,
    solvedRows,
    streamRows,
  ] = await ctx.db.batch([
    lessonCuesQuery(ctx, { lessonId: video.id }),
    lessonVocabularyQuery(ctx, { lessonId: video.id }),
    ctx.db
      .select({
        id: videoAttachments.id,
        title: videoAttachments.title,
        fileKey: videoAttachments.fileKey,
        contentType: videoAttachments.contentType,
        sizeBytes: videoAttachments.sizeBytes,
      })
      .from(videoAttachments)
      .where(eq(videoAttachments.videoId, video.id))
      .orderBy(asc(videoAttachments.id)),
    teachersQuery(ctx, video.id),
    sentenceOrdersQuery(ctx, { lessonId: video.id }),
    sentenceGapsQuery(ctx, { lessonId: video.id }),
    ctx.db
      .select({
        lessonId: videoProgress.videoId,
        positionSeconds: videoProgress.positionSeconds,
        watchedSeconds: videoProgress.watchedSeconds,
        completedAt: videoProgress.completedAt,
      })
      .from(videoProgress)
      .where(and(ownedBy(videoProgress.userId), inArray(videoProgress.videoId, progressIds))),
    membershipQuery(ctx, "course", video.id),
    membershipQuery(ctx, "series", video.id),
    ctx.db
      .select({ key: normalizedArabicSql(vocabularyListItems.arabic) })
      .from(vocabularyListItems)
      .innerJoin(
        vocabularyLists,
        and(
          eq(vocabularyLists.id, vocabularyListItems.listId),
          ownedBy(vocabularyLists.userId),
          eq(vocabularyLists.isDefault, true),
        ),
      )
      .where(
        inArray(
          normalizedArabicSql(vocabularyListItems.arabic),
          ctx.db
            .select({ key: normalizedArabicSql(videoVocabulary.arabic) })
            .from(videoVocabulary)
            .where(eq(videoVocabulary.videoId, video.id)),
        ),
      ),
    solvedExercisesQuery(ctx, { userId: viewerId, lessonId: video.id }),
    streamQuery(ctx, video.id),
  ]);

  const progressById = new Map(progressRows.map((row) => [row.lessonId, row]));
  const toItem =
    (owner: { kind: LessonCollectionKind; id: number; slug: string; title: string } | null) =>
    (item: ItemRow, index: number): LessonListItem => {
      const progress = progressById.get(item.id);
      return {
        id: item.id,
        title: item.title,
        titleAr: item.titleAr,
        durationSeconds: item.durationSeconds,
        isFree: item.isFree,
        locked: isLessonLocked(item, access),
        href: lessonPath(item, owner),
        position: index + 1,
        isCurrent: item.id === video.id,
        status: progress?.completedAt
          ? "completed"
          : progress && progress.positionSeconds > 0
            ? "in-progress"
            : "not-started",
      };
    };

  let collectionView: LessonCollectionView | null = null;
  let nextLesson: LessonPage["nextLesson"] = null;
  let previousLesson: LessonListItem | null = null;
  if (collection) {
    const items = collection.items.map(toItem(collection));
    const currentIndex = items.findIndex((item) => item.isCurrent);
    collectionView = {
      kind: collection.kind,
      id: collection.id,
      title: collection.title,
      titleAr: collection.titleAr,
      href: collectionPath(collection.kind, collection),
      items,
      completedCount: items.filter((item) => item.status === "completed").length,
      currentIndex,
    };
    const next = items[currentIndex + 1];
    nextLesson = next ? { ...next, via: { kind: collection.kind, title: collection.title } } : null;
    previousLesson = currentIndex > 0 ? (items[currentIndex - 1] ?? null) : null;
  }

  const seriesGroups = groupMembership(seriesRows);
  const courseGroups = groupMembership(courseRows);
  const partOf: LessonPage["partOf"] = [
    ...courseGroups.map((group) => ({ kind: "course" as const, group })),
    ...seriesGroups.map((group) => ({ kind: "series" as const, group })),
  ].map(({ kind, group }) => ({
    kind,
    id: group.id,
    title: group.title,
    href: collectionPath(kind, group),
    position: group.items.findIndex((item) => item.id === video.id) + 1,
    total: group.items.length,
  }));
  if (!collection) {
    // On its own page, "next" follows the first series (then course) that continues after this lesson.
    for (const { kind, group } of [
      ...seriesGroups.map((group) => ({ kind: "series" as const, group })),
      ...courseGroups.map((group) => ({ kind: "course" as const, group })),
    ]) {
      const index = group.items.findIndex((item) => item.id === video.id);
      const next = group.items[index + 1];
      if (index >= 0 && next) {
        const owner = { kind, id: group.id, slug: group.slug, title: group.title };
        nextLesson = { ...toItem(owner)(next, index + 1), via: { kind, title: group.title } };
        break;
      }
    }
  }

  const attachments = await Promise.all(
    attachmentRows
      .filter((attachment) => isMediaKey(attachment.fileKey))
      .map(async ({ fileKey, ...attachment }) => ({
        ...attachment,
        fileName: fileNameOf(fileKey),
        url: (await signMediaUrl(ctx, { key: fileKey, downloadName: fileNameOf(fileKey) }))!,
      })),
  );
  const [videoUrl, posterUrl, stream] = await Promise.all([
    signIfMedia(ctx, video.videoKey),
    signIfMedia(ctx, video.thumbnailKey),
    // Entitlement was checked above (assertCanOpen): the package is signed for this very viewer.
    hlsUrls(ctx, { lessonId: video.id, stream: toStreamState(streamRows[0]), subject: viewerId ?? "visitor" }),
  ]);
  const captionBase = `/api/lessons/${video.id}/captions.vtt`;
  const hasText = (pick: (cue: (typeof cueRows)[number]) => string) => cueRows.some((cue) => pick(cue).trim() !== "");
  const captions: LessonPage["media"]["captions"] = [];
  if (hasText((cue) => cue.arabic))
    captions.push({
      lang: "ar",
      srclang: "ar",
      kind: "captions",
      label: "العربية (Arabic)",
      src: `${captionBase}?lang=ar`,
    });
  if (hasText((cue) => cue.transliteration))
    captions.push({
      lang: "tr",
      srclang: "ar-Latn",
      kind: "subtitles",
      label: "Transliteration",
      src: `${captionBase}?lang=tr`,
    });
  if (hasText((cue) => cue.english))
    captions.push({ lang: "en", srclang: "en", kind: "captions", label: "English", src: `${captionBase}?lang=en` });

  const savedKeys = new Set(savedRows.map((row) => row.key));
  const cueAt = (startMs: number | null) =>
    startMs === null ? null : (cueRows.find((cue) => cue.startMs === startMs)?.id ?? null);
  return {
    lesson: { ...video, canonicalPath: found.canonicalPath },
    media: { videoUrl, stream, posterUrl, captions },
    cues: cueRows,
    vocabulary: vocabularyRows.map((word) => ({
      ...word,
      cueId: cueAt(word.startMs),
      saved: savedKeys.has(normalizeArabic(word.arabic)),
    })),
    attachments,
    exercises: toLessonExercises(orderRows, gapRows, solvedRows),
    teachers: teacherRows.map(toTeacher),
    collection: collectionView,
    partOf,
    nextLesson,
    previousLesson,
    progress: toLessonProgress(progressById.get(video.id), video.durationSeconds),
    share: lessonShare(ctx, video),
  };
}

// ---------------------------------------------------------------------------------------------
// The locked lesson (a premium lesson for a visitor or a member without a subscription)
// ---------------------------------------------------------------------------------------------

/** How many transcript lines a locked lesson shows. */
export const PREVIEW_LINES = 3;

/** The same shape as the parts of `LessonPage` it shares (`lesson`, `media.posterUrl`, `teachers`). */
export interface LessonPreview {
  lesson: Omit<FoundLesson["video"], "videoKey" | "thumbnailKey"> & { canonicalPath: string };
  media: { posterUrl: string | null };
  /** The first `PREVIEW_LINES` lines, and how many there are in all. */
  lines: Array<{ id: number; arabic: string; transliteration: string; english: string }>;
  lineCount: number;
  teachers: LessonPage["teachers"];
  share: LessonShare;
}

/**
 * What a locked lesson shows (ADR 038): its facts, teachers, poster and first lines. Never the video, an
 * attachment, the rest of the transcript or the exercises. The poster URL is signed like any media URL; a
 * cached copy of the page is far younger than the URL's lifetime (server/lib/page-cache.ts).
 */
export async function getLessonPreview(ctx: AppContext, { found }: { found: FoundLesson }): Promise<LessonPreview> {
  const { videoKey: _video, thumbnailKey, ...lesson } = found.video;
  const [lineRows, countRows, teacherRows] = await ctx.db.batch([
    lessonCuesQuery(ctx, { lessonId: lesson.id }).limit(PREVIEW_LINES),
    ctx.db.select({ count: count() }).from(transcriptCues).where(eq(transcriptCues.lessonId, lesson.id)),
    teachersQuery(ctx, lesson.id),
  ]);
  return {
    lesson: { ...lesson, canonicalPath: found.canonicalPath },
    media: { posterUrl: await signIfMedia(ctx, thumbnailKey) },
    lines: lineRows.map(({ id, arabic, transliteration, english }) => ({ id, arabic, transliteration, english })),
    lineCount: countRows[0]?.count ?? 0,
    teachers: teacherRows.map(toTeacher),
    share: lessonShare(ctx, found.video),
  };
}
