import { and, asc, eq, gte, lte } from "drizzle-orm";
import { transcriptCues, videos, videoSentenceGaps, videoSentenceOrders, videoVocabulary } from "#drizzle/schema";
import { isPastTheEnd, WORD_PAST_THE_END } from "#core/word-time";
import type { AppContext } from "../context";
import { AppError } from "../lib/errors";

// What a lesson holds, read the same way by the lesson page, the admin workspace, captions, search, the
// assistant and word look-ups: its transcript lines, vocabulary and sentence exercises. The `…Query`
// functions return a query to await or to put in the caller's D1 batch. Callers check access first.

/**
 * What decides who may use a lesson's own endpoints (`requireLessonAccess` in server/access/policy.ts):
 * whether it is published, free, and how long it is. Null for an unknown lesson.
 */
export async function findLessonGate(ctx: AppContext, { lessonId }: { lessonId: number }) {
  const [lesson] = await ctx.db
    .select({
      id: videos.id,
      durationSeconds: videos.durationSeconds,
      isFree: videos.isFree,
      isPublished: videos.isPublished,
    })
    .from(videos)
    .where(eq(videos.id, lessonId))
    .limit(1);
  return lesson ?? null;
}

/** The word-time rule (core/word-time.ts) for one word the registry writes: 422 at `startMs`. */
export async function checkWordTime(ctx: AppContext, { lessonId, startMs }: { lessonId: number; startMs: number }) {
  const lesson = await findLessonGate(ctx, { lessonId });
  if (lesson && isPastTheEnd(lesson.durationSeconds, startMs)) {
    throw new AppError(422, [WORD_PAST_THE_END], { startMs: [WORD_PAST_THE_END] });
  }
}

const cueColumns = {
  id: transcriptCues.id,
  position: transcriptCues.position,
  startMs: transcriptCues.startMs,
  endMs: transcriptCues.endMs,
  arabic: transcriptCues.arabic,
  transliteration: transcriptCues.transliteration,
  english: transcriptCues.english,
};

// Start time, then id: the order of the (video_id, start_ms) index, so nothing is sorted. The cue editor
// refuses overlapping lines, so a lesson's lines share a start only when inserted in bulk, in id order.
const cueOrder = [asc(transcriptCues.startMs), asc(transcriptCues.id)] as const;

/** A lesson's transcript lines in time order. */
export function lessonCuesQuery(ctx: AppContext, { lessonId }: { lessonId: number }) {
  return ctx.db
    .select(cueColumns)
    .from(transcriptCues)
    .where(eq(transcriptCues.lessonId, lessonId))
    .orderBy(...cueOrder);
}

export type LessonCue = Awaited<ReturnType<typeof lessonCuesQuery>>[number];

export async function listLessonCues(ctx: AppContext, { lessonId }: { lessonId: number }): Promise<LessonCue[]> {
  return lessonCuesQuery(ctx, { lessonId });
}

/** The lines of every lesson with an id in [fromVideoId, toVideoId], lesson by lesson, each in time order. */
export async function listCuesOfLessons(
  ctx: AppContext,
  { fromVideoId, toVideoId }: { fromVideoId: number; toVideoId: number },
) {
  return ctx.db
    .select({ lessonId: transcriptCues.lessonId, ...cueColumns })
    .from(transcriptCues)
    .where(and(gte(transcriptCues.lessonId, fromVideoId), lte(transcriptCues.lessonId, toVideoId)))
    .orderBy(asc(transcriptCues.lessonId), ...cueOrder);
}

/** One line, only if it belongs to this lesson. */
export async function getLessonCue(
  ctx: AppContext,
  { videoId: lessonId, cueId }: { videoId: number; cueId: number },
): Promise<LessonCue | null> {
  const [cue] = await ctx.db
    .select(cueColumns)
    .from(transcriptCues)
    .where(and(eq(transcriptCues.id, cueId), eq(transcriptCues.lessonId, lessonId)))
    .limit(1);
  return cue ?? null;
}

/** The lesson's words, where they come up first (words without a moment lead), then as added. */
export function lessonVocabularyQuery(ctx: AppContext, { lessonId }: { lessonId: number }) {
  return ctx.db
    .select({
      id: videoVocabulary.id,
      arabic: videoVocabulary.arabic,
      transliteration: videoVocabulary.transliteration,
      english: videoVocabulary.english,
      startMs: videoVocabulary.startMs,
    })
    .from(videoVocabulary)
    .where(eq(videoVocabulary.videoId, lessonId))
    .orderBy(asc(videoVocabulary.startMs), asc(videoVocabulary.id));
}

export type LessonWord = Awaited<ReturnType<typeof lessonVocabularyQuery>>[number];

function sentenceOrders(ctx: AppContext) {
  return ctx.db
    .select({
      id: videoSentenceOrders.id,
      lessonId: videoSentenceOrders.videoId,
      cueId: videoSentenceOrders.cueId,
      sentence: videoSentenceOrders.sentence,
      translation: videoSentenceOrders.translation,
      startMs: transcriptCues.startMs,
      endMs: transcriptCues.endMs,
    })
    .from(videoSentenceOrders)
    .leftJoin(transcriptCues, eq(transcriptCues.id, videoSentenceOrders.cueId));
}

function sentenceGaps(ctx: AppContext) {
  return ctx.db
    .select({
      id: videoSentenceGaps.id,
      lessonId: videoSentenceGaps.videoId,
      cueId: videoSentenceGaps.cueId,
      sentence: videoSentenceGaps.sentence,
      answer: videoSentenceGaps.answer,
      acceptedVariants: videoSentenceGaps.acceptedVariants,
      options: videoSentenceGaps.options,
      translation: videoSentenceGaps.translation,
      startMs: transcriptCues.startMs,
      endMs: transcriptCues.endMs,
    })
    .from(videoSentenceGaps)
    .leftJoin(transcriptCues, eq(transcriptCues.id, videoSentenceGaps.cueId));
}

/** Sentence-order exercises in the admin's order, each with the moment of the line it is cut from. */
export function sentenceOrdersQuery(ctx: AppContext, { lessonId }: { lessonId: number }) {
  return sentenceOrders(ctx)
    .where(eq(videoSentenceOrders.videoId, lessonId))
    .orderBy(asc(videoSentenceOrders.position), asc(videoSentenceOrders.id));
}

/** Fill-the-gap exercises in the admin's order, each with the moment of the line it is cut from. */
export function sentenceGapsQuery(ctx: AppContext, { lessonId }: { lessonId: number }) {
  return sentenceGaps(ctx)
    .where(eq(videoSentenceGaps.videoId, lessonId))
    .orderBy(asc(videoSentenceGaps.position), asc(videoSentenceGaps.id));
}

export type SentenceOrderRow = Awaited<ReturnType<typeof sentenceOrdersQuery>>[number];
export type SentenceGapRow = Awaited<ReturnType<typeof sentenceGapsQuery>>[number];

/** One sentence-order exercise of any lesson (its `lessonId` says which); null when unknown. */
export async function getSentenceOrder(
  ctx: AppContext,
  { exerciseId }: { exerciseId: number },
): Promise<SentenceOrderRow | null> {
  const [row] = await sentenceOrders(ctx).where(eq(videoSentenceOrders.id, exerciseId)).limit(1);
  return row ?? null;
}

/** One fill-the-gap exercise of any lesson (its `lessonId` says which); null when unknown. */
export async function getSentenceGap(
  ctx: AppContext,
  { exerciseId }: { exerciseId: number },
): Promise<SentenceGapRow | null> {
  const [row] = await sentenceGaps(ctx).where(eq(videoSentenceGaps.id, exerciseId)).limit(1);
  return row ?? null;
}
