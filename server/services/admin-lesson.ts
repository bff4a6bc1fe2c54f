/**
 * The admin lesson workspace (/admin/videos/<id>/lesson): media, transcript cues, attachments,
 * categories and teachers, vocabulary and exercises of one lesson. Callers check the admin permission.
 * Its words and exercises are written through the registry's declarations of those tables
 * (server/admin/resources/lesson-content.ts), so one set of rules holds on both paths. A change to what a
 * published lesson shows on the cached public pages (its video, thumbnail, duration, transcript, categories
 * and teachers) purges them (server/services/page-cache.ts); its attachments, words and exercises are on none.
 */
import { and, asc, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { type z } from "zod";
import {
  categories,
  teachers,
  transcriptCues,
  videoAttachments,
  videoCategories,
  videos,
  videoStreams,
  videoSentenceGaps,
  videoSentenceOrders,
  videoTeachers,
  videoVocabulary,
} from "#drizzle/schema";
import {
  videoSentenceGapResource,
  videoSentenceOrderResource,
  videoVocabularyResource,
} from "../admin/resources/lesson-content";
import type { AdminResource, AdminRow } from "../admin/types";
import { describeCueErrors, validateCues, type CueErrors, type DraftCue } from "#core/cue-edits";
import {
  attachmentSchema,
  cueListSchema,
  type sentenceGapSchema,
  type sentenceOrderSchema,
  type vocabularySchema,
} from "#core/schemas/admin-lesson";
import type { AuditChanges } from "#drizzle/schema";
import type { AppContext } from "../context";
import { createRecord } from "./admin-resources";
import { recountStatements } from "./catalog/counters";
import { tokenizeLesson } from "./words/tokens";
import { auditInsert, auditInsertWhen, diffChanges, type AuditEntry } from "./audit-log";
import type { SessionUser } from "./auth";
import { AppError, notFound, parseWith } from "../lib/errors";
import {
  getLessonCue,
  lessonCuesQuery,
  lessonVocabularyQuery,
  listLessonCues,
  sentenceGapsQuery,
  sentenceOrdersQuery,
} from "./lesson-content";
import { deletePackageObjects, streamQuery, toStreamState } from "./hls";
import { isMediaKey, signMediaUrl } from "./media";
import { bumpPageCache } from "./page-cache";
import { indexVideo } from "./search";
import { deleteStoredObject, readStoredVideoDuration } from "./uploads";
import { Mp4DurationError } from "../lib/mp4-duration";
import type { DurationSource } from "#core/duration-source";
import { containsText } from "./text-match";

type Query = BatchItem<"sqlite">;

/** The administrator making a change: each write below logs one audit row about the lesson, in its batch. */
export interface LessonActor {
  id: number;
}

function lessonAuditEntry(
  actor: LessonActor,
  video: { id: number; title: string },
  action: string,
  changes: AuditChanges = {},
): AuditEntry {
  return { actorId: actor.id, action, resource: "videos", recordId: video.id, recordLabel: video.title, changes };
}

function lessonAudit(
  ctx: AppContext,
  actor: LessonActor,
  video: { id: number; title: string },
  action: string,
  changes: AuditChanges = {},
) {
  return auditInsert(ctx, lessonAuditEntry(actor, video, action, changes));
}

/** Purges the cached public pages after a change they show: only a published lesson is on them. */
async function purgeIfShown(ctx: AppContext, video: { isPublished: boolean }, changed: boolean) {
  if (changed && video.isPublished) await bumpPageCache(ctx);
}

/**
 * Adds a row to one of the lesson's tables the way the registry does (server/admin/resources/lesson-content.ts):
 * validated by the resource's schema and `beforeChange` hooks, written with the workspace's own audit row.
 * `set` holds what the workspace decides itself (the transcript line, the position at the end).
 */
async function addThroughResource(
  ctx: AppContext,
  actor: SessionUser,
  resource: AdminResource,
  input: AdminRow,
  { set, audit }: { set?: AdminRow; audit: AuditEntry },
): Promise<{ id: number }> {
  const record = await createRecord({ app: ctx, user: actor }, { resource, input, set, audit: () => audit });
  return { id: Number(record.id) };
}

async function batch(ctx: AppContext, statements: Query[]) {
  if (statements.length === 0) return;
  await ctx.db.batch(statements as [Query, ...Query[]]);
}

export async function requireVideo(ctx: AppContext, { lessonId }: { lessonId: number }) {
  const [video] = await ctx.db
    .select({
      id: videos.id,
      title: videos.title,
      titleAr: videos.titleAr,
      slug: videos.slug,
      isPublished: videos.isPublished,
      durationSeconds: videos.durationSeconds,
      durationSource: videos.durationSource,
      videoKey: videos.videoKey,
      thumbnailKey: videos.thumbnailKey,
    })
    .from(videos)
    .where(eq(videos.id, lessonId))
    .limit(1);
  if (!video) throw notFound("We couldn't find that lesson.");
  return video;
}

/** Lessons for an admin picker: title search (drafts included), newest first, at most 50. */
export async function listLessonsForPicker(ctx: AppContext, { q = "" }: { q?: string } = {}) {
  return ctx.db
    .select({ id: videos.id, title: videos.title, isPublished: videos.isPublished })
    .from(videos)
    .where(containsText([videos.title, videos.titleAr], q))
    .orderBy(desc(videos.id))
    .limit(50);
}

export type AdminLessonVideo = Awaited<ReturnType<typeof requireVideo>>;

/** Everything the workspace shows, with signed URLs for the admin's preview. */
export async function getLessonWorkspace(ctx: AppContext, { lessonId }: { lessonId: number }) {
  const video = await requireVideo(ctx, { lessonId });
  const [
    cues,
    attachments,
    vocabulary,
    orders,
    gaps,
    allCategories,
    chosenCategories,
    allTeachers,
    chosenTeachers,
    streamRows,
  ] = await ctx.db.batch([
    lessonCuesQuery(ctx, { lessonId }),
    ctx.db
      .select()
      .from(videoAttachments)
      .where(eq(videoAttachments.videoId, lessonId))
      .orderBy(asc(videoAttachments.id)),
    lessonVocabularyQuery(ctx, { lessonId }),
    sentenceOrdersQuery(ctx, { lessonId }),
    sentenceGapsQuery(ctx, { lessonId }),
    ctx.db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.name)),
    ctx.db
      .select({ id: videoCategories.categoryId })
      .from(videoCategories)
      .where(eq(videoCategories.videoId, lessonId)),
    ctx.db.select({ id: teachers.id, name: teachers.name }).from(teachers).orderBy(asc(teachers.name)),
    ctx.db.select({ id: videoTeachers.teacherId }).from(videoTeachers).where(eq(videoTeachers.videoId, lessonId)),
    streamQuery(ctx, lessonId),
  ]);
  const sign = (key: string | null) => (key && isMediaKey(key) ? signMediaUrl(ctx, { key }) : Promise.resolve(null));
  const [videoUrl, thumbnailUrl, signedAttachments] = await Promise.all([
    sign(video.videoKey),
    sign(video.thumbnailKey),
    Promise.all(
      attachments.map(async (attachment) => ({
        id: attachment.id,
        title: attachment.title,
        contentType: attachment.contentType,
        sizeBytes: attachment.sizeBytes,
        fileName: attachment.fileKey.split("/").pop() ?? attachment.fileKey,
        url: isMediaKey(attachment.fileKey) ? await signMediaUrl(ctx, { key: attachment.fileKey }) : null,
      })),
    ),
  ]);
  const chosenCategoryIds = new Set(chosenCategories.map((row) => row.id));
  const chosenTeacherIds = new Set(chosenTeachers.map((row) => row.id));
  return {
    video: { ...video, videoUrl, thumbnailUrl },
    stream: toStreamState(streamRows[0]),
    cues,
    attachments: signedAttachments,
    vocabulary,
    sentenceOrders: orders,
    sentenceGaps: gaps,
    categories: allCategories.map((category) => ({ ...category, checked: chosenCategoryIds.has(category.id) })),
    teachers: allTeachers.map((teacher) => ({ ...teacher, checked: chosenTeacherIds.has(teacher.id) })),
  };
}

export type LessonWorkspace = Awaited<ReturnType<typeof getLessonWorkspace>>;

// ---------------------------------------------------------------------------------------------
// Transcript cues
// ---------------------------------------------------------------------------------------------

/** Thrown when the lines do not validate: messages per line for the API, per field for the editor. */
export class CueValidationError extends AppError {
  constructor(readonly lineErrors: Record<number, CueErrors>) {
    const fieldErrors: Record<string, string[]> = {};
    for (const [index, fields] of Object.entries(lineErrors)) {
      for (const [field, messages] of Object.entries(fields)) fieldErrors[`cues[${index}].${field}`] = messages ?? [];
    }
    super(422, describeCueErrors(lineErrors), fieldErrors);
  }
}

const SHOWN_CUE_FIELDS = ["startMs", "endMs", "arabic", "transliteration", "english"] as const;

const CUE_INSERTS_PER_STATEMENT = 8; // 10 parameters per row; D1 allows 100 per statement.

/**
 * Saves the whole transcript of a lesson in one D1 batch: lines with an id of this lesson are updated
 * in place (exercises pointing at them stay linked), new lines inserted, the rest deleted. Validated
 * first (time order, start < end, no overlap, inside the video's duration). Then re-indexes the lesson
 * for search.
 */
export async function saveLessonCues(
  ctx: AppContext,
  {
    lessonId,
    cues: input,
    replaceAll = false,
    actor,
  }: { lessonId: number; cues: unknown; replaceAll?: boolean; actor: LessonActor },
) {
  const video = await requireVideo(ctx, { lessonId });
  const parsed = cueListSchema.safeParse(input);
  if (!parsed.success) {
    const lineErrors: Record<number, CueErrors> = {};
    for (const issue of parsed.error.issues) {
      const [, index, field] = issue.path;
      if (typeof index === "number" && typeof field === "string") {
        const line = (lineErrors[index] ??= {});
        const key = (
          ["startMs", "endMs", "arabic", "transliteration", "english"].includes(field) ? field : "line"
        ) as keyof CueErrors;
        (line[key] ??= []).push(issue.message);
      } else {
        throw new AppError(422, [issue.message]);
      }
    }
    throw new CueValidationError(lineErrors);
  }
  const cues: DraftCue[] = parsed.data;
  const durationMs = video.durationSeconds > 0 ? video.durationSeconds * 1000 : null;
  const lineErrors = validateCues(cues, durationMs);
  if (Object.keys(lineErrors).length > 0) throw new CueValidationError(lineErrors);

  const stored = await listLessonCues(ctx, { lessonId });
  const existingIds = new Set(stored.map((cue) => cue.id));
  // A replacement (subtitles generator) starts afresh; otherwise ids of other lessons are ignored.
  const keptIds = replaceAll ? [] : cues.flatMap((cue) => (cue.id && existingIds.has(cue.id) ? [cue.id] : []));
  if (new Set(keptIds).size !== keptIds.length) throw new AppError(422, ["The same line appears twice."]);
  const now = ctx.now();

  const statements: Query[] = [];
  const removedIds = [...existingIds].filter((id) => !keptIds.includes(id));
  for (let index = 0; index < removedIds.length; index += 90) {
    statements.push(
      ctx.db
        .delete(transcriptCues)
        .where(
          and(eq(transcriptCues.lessonId, lessonId), inArray(transcriptCues.id, removedIds.slice(index, index + 90))),
        ),
    );
  }
  const inserts: Array<typeof transcriptCues.$inferInsert> = [];
  const before = new Map(stored.map((cue) => [cue.id, cue]));
  let edited = false;
  cues.forEach((cue, position) => {
    const values = {
      position,
      startMs: cue.startMs,
      endMs: cue.endMs,
      arabic: cue.arabic.trim(),
      transliteration: cue.transliteration.trim(),
      english: cue.english.trim(),
    };
    if (!replaceAll && cue.id && existingIds.has(cue.id)) {
      const old = before.get(cue.id)!;
      // Pages order lines by time: a position alone shows nowhere.
      edited ||= SHOWN_CUE_FIELDS.some((key) => old[key] !== values[key]);
      statements.push(
        ctx.db
          .update(transcriptCues)
          .set({ ...values, updatedAt: now })
          .where(and(eq(transcriptCues.id, cue.id), eq(transcriptCues.lessonId, lessonId))),
      );
    } else {
      inserts.push({ ...values, lessonId, createdAt: now, updatedAt: now });
    }
  });
  for (let index = 0; index < inserts.length; index += CUE_INSERTS_PER_STATEMENT) {
    statements.push(ctx.db.insert(transcriptCues).values(inserts.slice(index, index + CUE_INSERTS_PER_STATEMENT)));
  }
  statements.push(
    lessonAudit(ctx, actor, video, replaceAll ? "lesson.transcript-replace" : "lesson.transcript-save", {
      lines: { before: existingIds.size, after: cues.length },
      ...(inserts.length ? { added: { after: inserts.length } } : {}),
      ...(removedIds.length ? { removed: { after: removedIds.length } } : {}),
    }),
  );
  await batch(ctx, statements);
  // Every word of the new lines gets its lemma (docs/words.md "The data model", tokenising).
  await tokenizeLesson(ctx, { lessonId });
  await indexVideo(ctx, { lessonId });
  // The landing page's sample lesson shows the lines, and the library's search finds lessons by them.
  await purgeIfShown(ctx, video, edited || inserts.length > 0 || removedIds.length > 0);
  return { count: cues.length, inserted: inserts.length, deleted: removedIds.length };
}

// ---------------------------------------------------------------------------------------------
// Media
// ---------------------------------------------------------------------------------------------

/** What a new video did to the lesson's duration: read (and from where), or why it could not be. */
export type DurationReading =
  { read: true; seconds: number; source: Exclude<DurationSource, "typed"> } | { read: false; reason: string };

/**
 * Points the lesson at a newly uploaded video and reads its duration from the file (ADR 041): the MP4's
 * header on the server, else the duration the admin's browser read from the file while uploading it (WebM,
 * Matroska). A video whose duration cannot be read leaves the lesson without one (0 s, "typed"), which the
 * publishing checklist shows, rather than keeping the previous video's.
 */
export async function setLessonVideo(
  ctx: AppContext,
  {
    lessonId,
    key,
    durationSeconds: browserSeconds,
    actor,
  }: { lessonId: number; key: string; durationSeconds?: number | null; actor: LessonActor },
): Promise<DurationReading> {
  const video = await requireVideo(ctx, { lessonId });
  if (!isMediaKey(key) || !key.startsWith("videos/")) throw new AppError(422, ["That is not an uploaded video."]);
  let reading: DurationReading;
  try {
    reading = { read: true, seconds: wholeSeconds(await readStoredVideoDuration(ctx, { key })), source: "media" };
  } catch (error) {
    if (!(error instanceof Mp4DurationError)) throw error;
    reading =
      browserSeconds && Number.isFinite(browserSeconds) && browserSeconds > 0
        ? { read: true, seconds: wholeSeconds(browserSeconds), source: "browser" }
        : { read: false, reason: error.message };
  }
  const durationSeconds = reading.read ? reading.seconds : 0;
  const durationSource: DurationSource = reading.read ? reading.source : "typed";
  const newVideo = key !== video.videoKey;
  await batch(ctx, [
    ctx.db
      .update(videos)
      .set({ videoKey: key, durationSeconds, durationSource, updatedAt: ctx.now() })
      .where(eq(videos.id, lessonId)),
    // A package is of the video it was made from: a new video plays as its MP4 until it is packaged again.
    ...(newVideo ? [ctx.db.delete(videoStreams).where(eq(videoStreams.videoId, lessonId))] : []),
    lessonAudit(
      ctx,
      actor,
      video,
      "lesson.video-set",
      diffChanges(
        { videoKey: video.videoKey, durationSeconds: video.durationSeconds, durationSource: video.durationSource },
        { videoKey: key, durationSeconds, durationSource },
      ),
    ),
  ]);
  if (newVideo) await deletePackageObjects(ctx, lessonId);
  await purgeIfShown(ctx, video, newVideo || durationSeconds !== video.durationSeconds);
  return reading;
}

function wholeSeconds(seconds: number) {
  return Math.min(12 * 3600, Math.max(1, Math.round(seconds)));
}

/**
 * Reads the duration of the lesson's current video again from its file (a lesson whose duration was typed
 * before durations were read from the media). 422 on the duration field when there is no video or the file
 * does not say.
 */
export async function readLessonDuration(
  ctx: AppContext,
  { lessonId, actor }: { lessonId: number; actor: LessonActor },
) {
  const video = await requireVideo(ctx, { lessonId });
  if (!video.videoKey || !isMediaKey(video.videoKey)) {
    const message = "Upload the video first: the duration is read from it.";
    throw new AppError(422, [message], { duration: [message] });
  }
  let seconds: number;
  try {
    seconds = wholeSeconds(await readStoredVideoDuration(ctx, { key: video.videoKey }));
  } catch (error) {
    if (!(error instanceof Mp4DurationError)) throw error;
    const message = `The duration could not be read from the video: ${error.message} Upload it again from this tab.`;
    throw new AppError(422, [message], { duration: [message] });
  }
  await setLessonDuration(ctx, { lessonId, durationSeconds: seconds, source: "media", actor });
  return { seconds };
}

export async function setLessonThumbnail(
  ctx: AppContext,
  { lessonId, key, actor }: { lessonId: number; key: string; actor: LessonActor },
) {
  const video = await requireVideo(ctx, { lessonId });
  if (!isMediaKey(key) || !key.startsWith("thumbnails/")) throw new AppError(422, ["That is not an uploaded image."]);
  await ctx.db.batch([
    ctx.db.update(videos).set({ thumbnailKey: key, updatedAt: ctx.now() }).where(eq(videos.id, lessonId)),
    lessonAudit(
      ctx,
      actor,
      video,
      "lesson.thumbnail-set",
      diffChanges({ thumbnailKey: video.thumbnailKey }, { thumbnailKey: key }),
    ),
  ]);
  await purgeIfShown(ctx, video, key !== video.thumbnailKey);
}

/** Stores a duration read from the media (never one typed by hand: see readLessonDuration). */
export async function setLessonDuration(
  ctx: AppContext,
  {
    lessonId,
    durationSeconds,
    source,
    actor,
  }: { lessonId: number; durationSeconds: number; source: Exclude<DurationSource, "typed">; actor: LessonActor },
) {
  const video = await requireVideo(ctx, { lessonId });
  const seconds = Math.round(durationSeconds);
  if (!(seconds > 0 && seconds <= 12 * 3600)) throw new AppError(422, ["The duration must be between 1 s and 12 h."]);
  if (seconds === video.durationSeconds && source === video.durationSource) return;
  await ctx.db.batch([
    ctx.db
      .update(videos)
      .set({ durationSeconds: seconds, durationSource: source, updatedAt: ctx.now() })
      .where(eq(videos.id, lessonId)),
    lessonAudit(
      ctx,
      actor,
      video,
      "lesson.duration-set",
      diffChanges(
        { durationSeconds: video.durationSeconds, durationSource: video.durationSource },
        { durationSeconds: seconds, durationSource: source },
      ),
    ),
  ]);
  await purgeIfShown(ctx, video, seconds !== video.durationSeconds);
}

// ---------------------------------------------------------------------------------------------
// Attachments, categories, teachers
// ---------------------------------------------------------------------------------------------

export async function addLessonAttachment(
  ctx: AppContext,
  input: {
    lessonId: number;
    title: unknown;
    key: string;
    contentType: string;
    sizeBytes: number;
    actor: LessonActor;
  },
) {
  const video = await requireVideo(ctx, { lessonId: input.lessonId });
  const { title } = parseWith(attachmentSchema, { title: input.title });
  if (!isMediaKey(input.key) || !input.key.startsWith("attachments/")) {
    throw new AppError(422, ["That is not an uploaded attachment."]);
  }
  const [rows] = await ctx.db.batch([
    ctx.db
      .insert(videoAttachments)
      .values({
        videoId: input.lessonId,
        title,
        fileKey: input.key,
        contentType: input.contentType,
        sizeBytes: input.sizeBytes,
      })
      .returning({ id: videoAttachments.id }),
    lessonAudit(ctx, input.actor, video, "lesson.attachment-add", { attachment: { after: title } }),
  ]);
  return rows[0]!;
}

export async function deleteLessonAttachment(
  ctx: AppContext,
  { lessonId, attachmentId, actor }: { lessonId: number; attachmentId: number; actor: LessonActor },
) {
  const video = await requireVideo(ctx, { lessonId });
  const [existing] = await ctx.db
    .select({ title: videoAttachments.title })
    .from(videoAttachments)
    .where(and(eq(videoAttachments.id, attachmentId), eq(videoAttachments.videoId, lessonId)))
    .limit(1);
  if (!existing) throw notFound("That attachment is already gone.");
  const [deleted] = await ctx.db.batch([
    ctx.db
      .delete(videoAttachments)
      .where(and(eq(videoAttachments.id, attachmentId), eq(videoAttachments.videoId, lessonId)))
      .returning({ fileKey: videoAttachments.fileKey }),
    auditInsertWhen(ctx, {
      entry: {
        actorId: actor.id,
        action: "lesson.attachment-delete",
        resource: "videos",
        recordId: video.id,
        recordLabel: video.title,
        changes: { attachment: { before: existing.title } },
      },
      condition: sql`changes() > 0`,
    }),
  ]);
  const row = deleted[0];
  if (!row) throw notFound("That attachment is already gone.");
  const stillUsed = await ctx.db
    .select({ id: videoAttachments.id })
    .from(videoAttachments)
    .where(eq(videoAttachments.fileKey, row.fileKey))
    .limit(1);
  if (stillUsed.length === 0) await deleteStoredObject(ctx, { key: row.fileKey });
}

/** Replaces the lesson's categories and teachers with the checked ones (unknown ids are ignored). */
export async function setLessonCategoriesAndTeachers(
  ctx: AppContext,
  {
    lessonId,
    categoryIds,
    teacherIds,
    actor,
  }: { lessonId: number; categoryIds: number[]; teacherIds: number[]; actor: LessonActor },
) {
  const video = await requireVideo(ctx, { lessonId });
  const [beforeCategories, beforeTeachers] = await ctx.db.batch([
    ctx.db
      .select({ id: videoCategories.categoryId })
      .from(videoCategories)
      .where(eq(videoCategories.videoId, lessonId))
      .orderBy(asc(videoCategories.categoryId)),
    ctx.db
      .select({ id: videoTeachers.teacherId })
      .from(videoTeachers)
      .where(eq(videoTeachers.videoId, lessonId))
      .orderBy(asc(videoTeachers.teacherId)),
  ]);
  const [knownCategories, knownTeachers] = await ctx.db.batch([
    ctx.db
      .select({ id: categories.id })
      .from(categories)
      .where(inArray(categories.id, categoryIds.length ? categoryIds.slice(0, 90) : [0])),
    ctx.db
      .select({ id: teachers.id })
      .from(teachers)
      .where(inArray(teachers.id, teacherIds.length ? teacherIds.slice(0, 90) : [0])),
  ]);
  const categoryRows = knownCategories.map((row) => ({ videoId: lessonId, categoryId: row.id }));
  const teacherRows = knownTeachers.map((row) => ({ videoId: lessonId, teacherId: row.id }));
  const statements: Query[] = [
    ctx.db.delete(videoCategories).where(
      and(
        eq(videoCategories.videoId, lessonId),
        categoryRows.length
          ? notInArray(
              videoCategories.categoryId,
              categoryRows.map((row) => row.categoryId),
            )
          : undefined,
      ),
    ),
    ctx.db.delete(videoTeachers).where(
      and(
        eq(videoTeachers.videoId, lessonId),
        teacherRows.length
          ? notInArray(
              videoTeachers.teacherId,
              teacherRows.map((row) => row.teacherId),
            )
          : undefined,
      ),
    ),
  ];
  if (categoryRows.length) statements.push(ctx.db.insert(videoCategories).values(categoryRows).onConflictDoNothing());
  if (teacherRows.length) statements.push(ctx.db.insert(videoTeachers).values(teacherRows).onConflictDoNothing());
  const changes = diffChanges(
    { categories: beforeCategories.map((row) => row.id), teachers: beforeTeachers.map((row) => row.id) },
    {
      categories: categoryRows.map((row) => row.categoryId).sort((a, b) => a - b),
      teachers: teacherRows.map((row) => row.teacherId).sort((a, b) => a - b),
    },
  );
  if (Object.keys(changes).length > 0) statements.push(lessonAudit(ctx, actor, video, "lesson.tags-set", changes));
  // Published lessons are counted per teacher (./catalog/counters.ts): in the same batch as the change.
  if ("teachers" in changes) statements.push(...recountStatements(ctx));
  await batch(ctx, statements);
  // The library filters by them; lesson cards and the landing page name the teachers.
  await purgeIfShown(ctx, video, Object.keys(changes).length > 0);
}

// ---------------------------------------------------------------------------------------------
// Vocabulary and exercises
// ---------------------------------------------------------------------------------------------

export async function addLessonVocabulary(
  ctx: AppContext,
  { lessonId, input, actor }: { lessonId: number; input: z.infer<typeof vocabularySchema>; actor: SessionUser },
) {
  const video = await requireVideo(ctx, { lessonId });
  const word = {
    videoId: lessonId,
    arabic: input.arabic,
    transliteration: input.transliteration,
    english: input.english,
    startMs: input.startMs ?? null,
  };
  return addThroughResource(ctx, actor, videoVocabularyResource, word, {
    audit: lessonAuditEntry(actor, video, "lesson.word-add", { word: { after: `${input.arabic} (${input.english})` } }),
  });
}

export async function deleteLessonVocabulary(
  ctx: AppContext,
  { lessonId, id, actor }: { lessonId: number; id: number; actor: LessonActor },
) {
  const video = await requireVideo(ctx, { lessonId });
  const [word] = await ctx.db
    .select({ arabic: videoVocabulary.arabic, english: videoVocabulary.english })
    .from(videoVocabulary)
    .where(and(eq(videoVocabulary.id, id), eq(videoVocabulary.videoId, lessonId)))
    .limit(1);
  if (!word) throw notFound("That word is already gone.");
  const [rows] = await ctx.db.batch([
    ctx.db
      .delete(videoVocabulary)
      .where(and(eq(videoVocabulary.id, id), eq(videoVocabulary.videoId, lessonId)))
      .returning({ id: videoVocabulary.id }),
    auditInsertWhen(ctx, {
      entry: {
        actorId: actor.id,
        action: "lesson.word-delete",
        resource: "videos",
        recordId: video.id,
        recordLabel: video.title,
        changes: { word: { before: `${word.arabic} (${word.english})` } },
      },
      condition: sql`changes() > 0`,
    }),
  ]);
  if (rows.length === 0) throw notFound("That word is already gone.");
}

/** A new exercise goes after the lesson's others (the registry's form keeps positions to 10,000). */
const NEW_EXERCISE_POSITION = 1_000_000;

async function requireCue(ctx: AppContext, lessonId: number, cueId: number) {
  const cue = await getLessonCue(ctx, { videoId: lessonId, cueId });
  if (!cue) throw new AppError(422, ["Choose a line of this lesson."], { cueId: ["Choose a line of this lesson."] });
  return cue;
}

export async function addSentenceOrder(
  ctx: AppContext,
  { lessonId, input, actor }: { lessonId: number; input: z.infer<typeof sentenceOrderSchema>; actor: SessionUser },
) {
  const video = await requireVideo(ctx, { lessonId });
  const cue = await requireCue(ctx, lessonId, input.cueId);
  const sentence = input.sentence || cue.arabic;
  const exercise = { videoId: lessonId, sentence, translation: input.translation || cue.english };
  return addThroughResource(ctx, actor, videoSentenceOrderResource, exercise, {
    set: { cueId: cue.id, position: NEW_EXERCISE_POSITION },
    audit: lessonAuditEntry(actor, video, "lesson.exercise-add", { sentenceOrder: { after: sentence } }),
  });
}

export async function addSentenceGap(
  ctx: AppContext,
  { lessonId, input, actor }: { lessonId: number; input: z.infer<typeof sentenceGapSchema>; actor: SessionUser },
) {
  const video = await requireVideo(ctx, { lessonId });
  const cue = await requireCue(ctx, lessonId, input.cueId);
  const exercise = {
    videoId: lessonId,
    sentence: input.sentence,
    answer: input.answer,
    options: input.options,
    translation: input.translation || cue.english,
  };
  return addThroughResource(ctx, actor, videoSentenceGapResource, exercise, {
    set: { cueId: cue.id, position: NEW_EXERCISE_POSITION },
    audit: lessonAuditEntry(actor, video, "lesson.exercise-add", { sentenceGap: { after: input.sentence } }),
  });
}

export async function deleteExercise(
  ctx: AppContext,
  { lessonId, kind, id, actor }: { lessonId: number; kind: "order" | "gap"; id: number; actor: LessonActor },
) {
  const video = await requireVideo(ctx, { lessonId });
  const audit = auditInsertWhen(ctx, {
    entry: {
      actorId: actor.id,
      action: "lesson.exercise-delete",
      resource: "videos",
      recordId: video.id,
      recordLabel: video.title,
      changes: { [kind === "order" ? "sentenceOrder" : "sentenceGap"]: { before: `#${id}` } },
    },
    condition: sql`changes() > 0`,
  });
  const [rows] =
    kind === "order"
      ? await ctx.db.batch([
          ctx.db
            .delete(videoSentenceOrders)
            .where(and(eq(videoSentenceOrders.id, id), eq(videoSentenceOrders.videoId, lessonId)))
            .returning({ id: videoSentenceOrders.id }),
          audit,
        ])
      : await ctx.db.batch([
          ctx.db
            .delete(videoSentenceGaps)
            .where(and(eq(videoSentenceGaps.id, id), eq(videoSentenceGaps.videoId, lessonId)))
            .returning({ id: videoSentenceGaps.id }),
          audit,
        ]);
  if (rows.length === 0) throw notFound("That exercise is already gone.");
}

/** Puts a finished upload where it belongs on the lesson, by its key's prefix. */
export async function attachUpload(
  ctx: AppContext,
  input: {
    lessonId: number;
    stored: { key: string; contentType: string; sizeBytes: number };
    durationSeconds?: number;
    title?: string;
    actor: LessonActor;
  },
) {
  const { key } = input.stored;
  const actor = input.actor;
  if (key.startsWith("videos/")) {
    return setLessonVideo(ctx, { lessonId: input.lessonId, key, durationSeconds: input.durationSeconds, actor });
  }
  if (key.startsWith("thumbnails/")) return setLessonThumbnail(ctx, { lessonId: input.lessonId, key, actor });
  const fallbackTitle = key
    .split("/")
    .pop()!
    .replace(/-[0-9a-f]{8}(\.\w+)$/, "$1");
  await addLessonAttachment(ctx, {
    lessonId: input.lessonId,
    title: input.title?.trim() || fallbackTitle,
    key,
    contentType: input.stored.contentType,
    sizeBytes: input.stored.sizeBytes,
    actor,
  });
}
