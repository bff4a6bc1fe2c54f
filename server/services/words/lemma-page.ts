import { and, asc, countDistinct, count, desc, eq } from "drizzle-orm";
import { cueTokens, lemmas, memberLemmas, transcriptCues, videos } from "#drizzle/schema";
import type { WordStatus } from "#core/schemas/lexicon";
import { isLessonLocked, type LessonAccessFacts } from "../../access/policy";
import type { AppContext } from "../../context";
import { notFound } from "../../lib/errors";
import { lemmaColumns, readLemma, type LemmaSummary } from "./lookup";
import { UNKNOWN_LEMMA_MESSAGE } from "./status";

/** At most this many lessons on the page, and moments per lesson. */
export const LEMMA_PAGE_LESSONS = 20;
export const LEMMA_PAGE_MOMENTS = 3;
/** Rows read to fill them: the most-used lemmas (و, في) occur hundreds of times. */
const OCCURRENCE_ROWS = 400;

export interface LemmaMoment {
  cueId: number;
  startMs: number;
  /** The line, its English and the word's meaning there: null when the viewer may not watch the lesson. */
  line: { arabic: string; english: string; surface: string; gloss: string } | null;
}

export interface LemmaLesson {
  id: number;
  slug: string;
  title: string;
  titleAr: string;
  level: string;
  isFree: boolean;
  /** The viewer may not watch it (a visitor, or a premium lesson without a subscription): links only. */
  locked: boolean;
  occurrences: number;
  moments: LemmaMoment[];
}

export interface LemmaPage {
  lemma: LemmaSummary;
  /** The member's status; null for a visitor. */
  status: WordStatus | null;
  /** Published lessons where it occurs, newest first (by id), and how often it occurs in them all. */
  lessons: LemmaLesson[];
  totalLessons: number;
  totalOccurrences: number;
}

/**
 * A lemma's page (`/word/{id}/{key}`): the entry, the member's status, and the published lessons and moments
 * where it is heard, from `cue_tokens` (by its (lemma_id, video_id) index). Lines of lessons the viewer may not
 * watch are left out: those moments are links only. One D1 batch.
 */
export async function getLemmaPage(
  ctx: AppContext,
  { lemmaId, access }: { lemmaId: number; access: LessonAccessFacts },
): Promise<LemmaPage> {
  const published = and(eq(cueTokens.lemmaId, lemmaId), eq(videos.isPublished, true));
  const [found, rows, totals, statusRows] = await ctx.db.batch([
    ctx.db.select(lemmaColumns).from(lemmas).where(eq(lemmas.id, lemmaId)).limit(1),
    ctx.db
      .select({
        lessonId: videos.id,
        slug: videos.slug,
        title: videos.title,
        titleAr: videos.titleAr,
        level: videos.level,
        isFree: videos.isFree,
        cueId: cueTokens.cueId,
        surface: cueTokens.surface,
        gloss: cueTokens.gloss,
        startMs: transcriptCues.startMs,
        arabic: transcriptCues.arabic,
        english: transcriptCues.english,
      })
      .from(cueTokens)
      .innerJoin(videos, eq(videos.id, cueTokens.lessonId))
      .innerJoin(transcriptCues, eq(transcriptCues.id, cueTokens.cueId))
      .where(published)
      // Newest lesson first by id: the (lemma_id, video_id) index gives that order, so the limit stops early.
      .orderBy(desc(cueTokens.lessonId), asc(transcriptCues.startMs), asc(cueTokens.position))
      .limit(OCCURRENCE_ROWS),
    ctx.db
      .select({ lessons: countDistinct(cueTokens.lessonId), occurrences: count() })
      .from(cueTokens)
      .innerJoin(videos, eq(videos.id, cueTokens.lessonId))
      .where(published),
    ctx.db
      .select({ status: memberLemmas.status })
      .from(memberLemmas)
      .where(and(eq(memberLemmas.userId, access.userId ?? 0), eq(memberLemmas.lemmaId, lemmaId)))
      .limit(1),
  ]);
  const row = found[0];
  if (!row) throw notFound(UNKNOWN_LEMMA_MESSAGE);

  const lessons: LemmaLesson[] = [];
  const byId = new Map<number, LemmaLesson>();
  for (const occurrence of rows) {
    let lesson = byId.get(occurrence.lessonId);
    if (!lesson) {
      if (lessons.length >= LEMMA_PAGE_LESSONS) continue;
      lesson = {
        id: occurrence.lessonId,
        slug: occurrence.slug,
        title: occurrence.title,
        titleAr: occurrence.titleAr,
        level: occurrence.level,
        isFree: occurrence.isFree,
        locked: isLessonLocked(occurrence, access),
        occurrences: 0,
        moments: [],
      };
      byId.set(lesson.id, lesson);
      lessons.push(lesson);
    }
    lesson.occurrences += 1;
    // The same line twice (a word said twice in it) is one moment.
    if (lesson.moments.length >= LEMMA_PAGE_MOMENTS || lesson.moments.some((m) => m.cueId === occurrence.cueId))
      continue;
    lesson.moments.push({
      cueId: occurrence.cueId,
      startMs: occurrence.startMs,
      line: lesson.locked
        ? null
        : {
            arabic: occurrence.arabic,
            english: occurrence.english,
            surface: occurrence.surface,
            gloss: occurrence.gloss,
          },
    });
  }
  return {
    lemma: readLemma(row),
    status: access.userId === null ? null : (statusRows[0]?.status ?? "new"),
    lessons,
    totalLessons: totals[0]?.lessons ?? 0,
    totalOccurrences: totals[0]?.occurrences ?? 0,
  };
}

/** A lemma's id and key (for its page's address), or null. */
export async function findLemmaRef(ctx: AppContext, lemmaId: number): Promise<{ id: number; key: string } | null> {
  const [row] = await ctx.db.select({ id: lemmas.id, key: lemmas.key }).from(lemmas).where(eq(lemmas.id, lemmaId));
  return row ?? null;
}
