/**
 * The admin lesson workspace (/admin/videos/<id>/lesson): media, transcript cues, attachments,
 * categories and teachers, vocabulary and exercises of one lesson. Callers check the admin permission.
 */
import { and, asc, desc, eq, inArray, like, notInArray, or } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { type z } from "zod";
import {
  categories,
  teachers,
  transcriptCues,
  videoAttachments,
  videoCategories,
  videos,
  videoSentenceGaps,
  videoSentenceOrders,
  videoTeachers,
  videoVocabulary,
} from "#drizzle/schema";
import { describeCueErrors, validateCues, type CueErrors, type DraftCue } from "#core/cue-edits";
import {
  attachmentSchema,
  cueListSchema,
  type sentenceGapSchema,
  type sentenceOrderSchema,
  type vocabularySchema,
} from "#core/schemas/admin-lesson";
import type { AppContext } from "../context";
import { AppError, notFound, parseWith } from "../lib/errors";
import {
  getLessonCue,
  lessonCuesQuery,
  lessonVocabularyQuery,
  listLessonCues,
  sentenceGapsQuery,
  sentenceOrdersQuery,
} from "./lesson-content";
import { isMediaKey, signMediaUrl } from "./media";
import { indexVideo } from "./search";
import { deleteStoredObject } from "./uploads";

type Query = BatchItem<"sqlite">;

async function batch(ctx: AppContext, statements: Query[]) {
  if (statements.length === 0) return;
  await ctx.db.batch(statements as [Query, ...Query[]]);
}

export async function requireVideo(ctx: AppContext, videoId: number) {
  const [video] = await ctx.db
    .select({
      id: videos.id,
      title: videos.title,
      titleAr: videos.titleAr,
      slug: videos.slug,
      isPublished: videos.isPublished,
      durationSeconds: videos.durationSeconds,
      videoKey: videos.videoKey,
      thumbnailKey: videos.thumbnailKey,
    })
    .from(videos)
    .where(eq(videos.id, videoId))
    .limit(1);
  if (!video) throw notFound("We couldn't find that lesson.");
  return video;
}

/** Lessons for an admin picker: title search (drafts included), newest first, at most 50. */
export async function listLessonsForPicker(ctx: AppContext, { q = "" }: { q?: string } = {}) {
  const pattern = `%${q.replace(/[%_\\]/g, "")}%`;
  return ctx.db
    .select({ id: videos.id, title: videos.title, isPublished: videos.isPublished })
    .from(videos)
    .where(q ? or(like(videos.title, pattern), like(videos.titleAr, pattern)) : undefined)
    .orderBy(desc(videos.id))
    .limit(50);
}

export type AdminLessonVideo = Awaited<ReturnType<typeof requireVideo>>;

/** Everything the workspace shows, with signed URLs for the admin's preview. */
export async function getLessonWorkspace(ctx: AppContext, videoId: number) {
  const video = await requireVideo(ctx, videoId);
  const [cues, attachments, vocabulary, orders, gaps, allCategories, chosenCategories, allTeachers, chosenTeachers] =
    await ctx.db.batch([
      lessonCuesQuery(ctx, videoId),
      ctx.db
        .select()
        .from(videoAttachments)
        .where(eq(videoAttachments.videoId, videoId))
        .orderBy(asc(videoAttachments.id)),
      lessonVocabularyQuery(ctx, videoId),
      sentenceOrdersQuery(ctx, videoId),
      sentenceGapsQuery(ctx, videoId),
      ctx.db
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .orderBy(asc(categories.position), asc(categories.name)),
      ctx.db
        .select({ id: videoCategories.categoryId })
        .from(videoCategories)
        .where(eq(videoCategories.videoId, videoId)),
      ctx.db.select({ id: teachers.id, name: teachers.name }).from(teachers).orderBy(asc(teachers.name)),
      ctx.db.select({ id: videoTeachers.teacherId }).from(videoTeachers).where(eq(videoTeachers.videoId, videoId)),
    ]);
  const sign = (key: string | null) => (key && isMediaKey(key) ? signMediaUrl(ctx, key) : Promise.resolve(null));
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
        url: isMediaKey(attachment.fileKey) ? await signMediaUrl(ctx, attachment.fileKey) : null,
      })),
    ),
  ]);
  const chosenCategoryIds = new Set(chosenCategories.map((row) => row.id));
  const chosenTeacherIds = new Set(chosenTeachers.map((row) => row.id));
  return {
    video: { ...video, videoUrl, thumbnailUrl },
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

const CUE_INSERTS_PER_STATEMENT = 8; // 10 parameters per row; D1 allows 100 per statement.

/**
 * Saves the whole transcript of a lesson in one D1 batch: lines with an id of this lesson are updated
 * in place (exercises pointing at them stay linked), new lines inserted, the rest deleted. Validated
 * first (time order, start < end, no overlap, inside the video's duration). Then re-indexes the lesson
 * for search.
 */
export async function saveLessonCues(
  ctx: AppContext,
  { videoId, cues: input, replaceAll = false }: { videoId: number; cues: unknown; replaceAll?: boolean },
) {
  const video = await requireVideo(ctx, videoId);
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

  const existingIds = new Set((await listLessonCues(ctx, videoId)).map((cue) => cue.id));
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
          and(eq(transcriptCues.videoId, videoId), inArray(transcriptCues.id, removedIds.slice(index, index + 90))),
        ),
    );
  }
  const inserts: Array<typeof transcriptCues.$inferInsert> = [];
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
      statements.push(
        ctx.db
          .update(transcriptCues)
          .set({ ...values, updatedAt: now })
          .where(and(eq(transcriptCues.id, cue.id), eq(transcriptCues.videoId, videoId))),
      );
    } else {
      inserts.push({ ...values, videoId, createdAt: now, updatedAt: now });
    }
  });
  for (let index = 0; index < inserts.length; index += CUE_INSERTS_PER_STATEMENT) {
    statements.push(ctx.db.insert(transcriptCues).values(inserts.slice(index, index + CUE_INSERTS_PER_STATEMENT)));
  }
  await batch(ctx, statements);
  await indexVideo(ctx, videoId);
  return { count: cues.length, inserted: inserts.length, deleted: removedIds.length };
}

// ---------------------------------------------------------------------------------------------
// Media
// ---------------------------------------------------------------------------------------------

/** Points the lesson at a newly uploaded video (and its duration, when known). */
export async function setLessonVideo(
  ctx: AppContext,
  { videoId, key, durationSeconds }: { videoId: number; key: string; durationSeconds?: number | null },
) {
  await requireVideo(ctx, videoId);
  if (!isMediaKey(key) || !key.startsWith("videos/")) throw new AppError(422, ["That is not an uploaded video."]);
  const set: Partial<typeof videos.$inferInsert> = { videoKey: key, updatedAt: ctx.now() };
  if (durationSeconds && Number.isFinite(durationSeconds) && durationSeconds > 0) {
    set.durationSeconds = Math.round(durationSeconds);
  }
  await ctx.db.update(videos).set(set).where(eq(videos.id, videoId));
}

export async function setLessonThumbnail(ctx: AppContext, { videoId, key }: { videoId: number; key: string }) {
  await requireVideo(ctx, videoId);
  if (!isMediaKey(key) || !key.startsWith("thumbnails/")) throw new AppError(422, ["That is not an uploaded image."]);
  await ctx.db.update(videos).set({ thumbnailKey: key, updatedAt: ctx.now() }).where(eq(videos.id, videoId));
}

export async function setLessonDuration(
  ctx: AppContext,
  { videoId, durationSeconds }: { videoId: number; durationSeconds: number },
) {
  await requireVideo(ctx, videoId);
  const seconds = Math.round(durationSeconds);
  if (!(seconds > 0 && seconds <= 12 * 3600)) throw new AppError(422, ["The duration must be between 1 s and 12 h."]);
  await ctx.db.update(videos).set({ durationSeconds: seconds, updatedAt: ctx.now() }).where(eq(videos.id, videoId));
}

// ---------------------------------------------------------------------------------------------
// Attachments, categories, teachers
// ---------------------------------------------------------------------------------------------

export async function addLessonAttachment(
  ctx: AppContext,
  input: { videoId: number; title: unknown; key: string; contentType: string; sizeBytes: number },
) {
  await requireVideo(ctx, input.videoId);
  const { title } = parseWith(attachmentSchema, { title: input.title });
  if (!isMediaKey(input.key) || !input.key.startsWith("attachments/")) {
    throw new AppError(422, ["That is not an uploaded attachment."]);
  }
  const [row] = await ctx.db
    .insert(videoAttachments)
    .values({
      videoId: input.videoId,
      title,
      fileKey: input.key,
      contentType: input.contentType,
      sizeBytes: input.sizeBytes,
    })
    .returning({ id: videoAttachments.id });
  return row!;
}

export async function deleteLessonAttachment(
  ctx: AppContext,
  { videoId, attachmentId }: { videoId: number; attachmentId: number },
) {
  const [row] = await ctx.db
    .delete(videoAttachments)
    .where(and(eq(videoAttachments.id, attachmentId), eq(videoAttachments.videoId, videoId)))
    .returning({ fileKey: videoAttachments.fileKey });
  if (!row) throw notFound("That attachment is already gone.");
  const stillUsed = await ctx.db
    .select({ id: videoAttachments.id })
    .from(videoAttachments)
    .where(eq(videoAttachments.fileKey, row.fileKey))
    .limit(1);
  if (stillUsed.length === 0) await deleteStoredObject(ctx, row.fileKey);
}

/** Replaces the lesson's categories and teachers with the checked ones (unknown ids are ignored). */
export async function setLessonCategoriesAndTeachers(
  ctx: AppContext,
  { videoId, categoryIds, teacherIds }: { videoId: number; categoryIds: number[]; teacherIds: number[] },
) {
  await requireVideo(ctx, videoId);
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
  const categoryRows = knownCategories.map((row) => ({ videoId, categoryId: row.id }));
  const teacherRows = knownTeachers.map((row) => ({ videoId, teacherId: row.id }));
  const statements: Query[] = [
    ctx.db.delete(videoCategories).where(
      and(
        eq(videoCategories.videoId, videoId),
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
        eq(videoTeachers.videoId, videoId),
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
  await batch(ctx, statements);
}

// ---------------------------------------------------------------------------------------------
// Vocabulary and exercises
// ---------------------------------------------------------------------------------------------

export async function addLessonVocabulary(
  ctx: AppContext,
  { videoId, input }: { videoId: number; input: z.infer<typeof vocabularySchema> },
) {
  const video = await requireVideo(ctx, videoId);
  if (input.startMs !== undefined && video.durationSeconds > 0 && input.startMs > video.durationSeconds * 1000) {
    throw new AppError(422, ["The time is past the end of the video."], {
      startMs: ["The time is past the end of the video."],
    });
  }
  const [row] = await ctx.db
    .insert(videoVocabulary)
    .values({
      videoId,
      arabic: input.arabic,
      transliteration: input.transliteration,
      english: input.english,
      startMs: input.startMs ?? null,
    })
    .returning({ id: videoVocabulary.id });
  return row!;
}

export async function deleteLessonVocabulary(ctx: AppContext, { videoId, id }: { videoId: number; id: number }) {
  const rows = await ctx.db
    .delete(videoVocabulary)
    .where(and(eq(videoVocabulary.id, id), eq(videoVocabulary.videoId, videoId)))
    .returning({ id: videoVocabulary.id });
  if (rows.length === 0) throw notFound("That word is already gone.");
}

async function requireCue(ctx: AppContext, videoId: number, cueId: number) {
  const cue = await getLessonCue(ctx, { videoId, cueId });
  if (!cue) throw new AppError(422, ["Choose a line of this lesson."], { cueId: ["Choose a line of this lesson."] });
  return cue;
}

export async function addSentenceOrder(
  ctx: AppContext,
  { videoId, input }: { videoId: number; input: z.infer<typeof sentenceOrderSchema> },
) {
  await requireVideo(ctx, videoId);
  const cue = await requireCue(ctx, videoId, input.cueId);
  const [row] = await ctx.db
    .insert(videoSentenceOrders)
    .values({
      videoId,
      cueId: cue.id,
      sentence: input.sentence || cue.arabic,
      translation: input.translation || cue.english,
      position: 1_000_000,
    })
    .returning({ id: videoSentenceOrders.id });
  return row!;
}

export async function addSentenceGap(
  ctx: AppContext,
  { videoId, input }: { videoId: number; input: z.infer<typeof sentenceGapSchema> },
) {
  await requireVideo(ctx, videoId);
  const cue = await requireCue(ctx, videoId, input.cueId);
  const [row] = await ctx.db
    .insert(videoSentenceGaps)
    .values({
      videoId,
      cueId: cue.id,
      sentence: input.sentence,
      answer: input.answer,
      options: input.options,
      translation: input.translation || cue.english,
      position: 1_000_000,
    })
    .returning({ id: videoSentenceGaps.id });
  return row!;
}

export async function deleteExercise(
  ctx: AppContext,
  { videoId, kind, id }: { videoId: number; kind: "order" | "gap"; id: number },
) {
  const rows =
    kind === "order"
      ? await ctx.db
          .delete(videoSentenceOrders)
          .where(and(eq(videoSentenceOrders.id, id), eq(videoSentenceOrders.videoId, videoId)))
          .returning({ id: videoSentenceOrders.id })
      : await ctx.db
          .delete(videoSentenceGaps)
          .where(and(eq(videoSentenceGaps.id, id), eq(videoSentenceGaps.videoId, videoId)))
          .returning({ id: videoSentenceGaps.id });
  if (rows.length === 0) throw notFound("That exercise is already gone.");
}

/** Puts a finished upload where it belongs on the lesson, by its key's prefix. */
export async function attachUpload(
  ctx: AppContext,
  input: {
    videoId: number;
    stored: { key: string; contentType: string; sizeBytes: number };
    durationSeconds?: number;
    title?: string;
  },
) {
  const { key } = input.stored;
  if (key.startsWith("videos/")) {
    return setLessonVideo(ctx, { videoId: input.videoId, key, durationSeconds: input.durationSeconds });
  }
  if (key.startsWith("thumbnails/")) return setLessonThumbnail(ctx, { videoId: input.videoId, key });
  const fallbackTitle = key
    .split("/")
    .pop()!
    .replace(/-[0-9a-f]{8}(\.\w+)$/, "$1");
  await addLessonAttachment(ctx, {
    videoId: input.videoId,
    title: input.title?.trim() || fallbackTitle,
    key,
    contentType: input.stored.contentType,
    sizeBytes: input.stored.sizeBytes,
  });
}
