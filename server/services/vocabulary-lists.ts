import { and, asc, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { transcriptCues, videos, vocabularyListItems, vocabularyLists } from "#drizzle/schema";
import { normalizeArabic } from "#core/arabic";
import type { NoteKind } from "#core/cards";
import { LIST_ITEMS_MAX, LISTS_PER_LEARNER_MAX, type ListItemInput } from "#core/schemas/vocabulary";
import { slugify } from "#core/slug";
import { QUIZ_OPTION_COUNT, type QuizWord } from "#core/vocabulary-quiz";
import { isLessonLocked } from "../access/policy";
import type { Member } from "../access/viewer";
import type { AppContext } from "../context";
import { spreadsheetCsv } from "../lib/csv";
import { AppError, notFound } from "../lib/errors";
import { isMediaKey, signMediaUrl } from "./media";
import { listGlobalPoolWords, recordQuizAttempt, type QuizSource } from "./vocabulary-pool";
import { normalizedArabicSql } from "./word-lookup";
import { learningFromSavedWord } from "./words/known";

// A learner's own vocabulary lists. Every read and write carries the owner in its `where`, so another
// learner's list or word answers exactly like one that does not exist (404).

const LIST_NOT_FOUND = "We couldn't find that vocabulary list.";
const ITEM_NOT_FOUND = "We couldn't find that word.";
/** How long a lesson moment plays when the cue's end is unknown. */
const MOMENT_FALLBACK_MS = 4000;

export interface VocabularyListSummary {
  id: number;
  title: string;
  slug: string;
  isDefault: boolean;
  wordCount: number;
  updatedAt: Date;
}

export interface VocabularyListItem {
  id: number;
  listId: number;
  arabic: string;
  transliteration: string;
  english: string;
  /** A saved word, or a whole line saved as a sentence card (docs/cards.md): the list marks sentences. */
  kind: NoteKind;
  missCount: number;
  /** The lesson moment the word was saved from, when it still exists. */
  lesson: { id: number; title: string; slug: string; seconds: number; href: string } | null;
  createdAt: Date;
}

export interface VocabularyListDetail extends VocabularyListSummary {
  items: VocabularyListItem[];
  /** Words in the whole list (items may be filtered by a search). */
  totalWords: number;
}

/** Percent-encoded, so an Arabic title's slug is a valid `Location` header too. */
export function vocabularyListHref(list: { id: number; title: string }) {
  return `/vocabulary-list/${list.id}/${encodeURIComponent(slugify(list.title))}`;
}

export function lessonMomentHref(lesson: { id: number; slug: string; title: string }, startMs: number | null) {
  const base = `/video/${lesson.id}/${lesson.slug || slugify(lesson.title)}`;
  return startMs === null ? base : `${base}?t=${Math.floor(startMs / 1000)}`;
}

const ownList = (userId: number, listId: number) =>
  and(eq(vocabularyLists.id, listId), eq(vocabularyLists.userId, userId));

export async function listVocabularyLists(
  ctx: AppContext,
  { userId }: { userId: number },
): Promise<VocabularyListSummary[]> {
  const rows = await ctx.db
    .select({
      id: vocabularyLists.id,
      title: vocabularyLists.title,
      isDefault: vocabularyLists.isDefault,
      updatedAt: vocabularyLists.updatedAt,
      wordCount: count(vocabularyListItems.id),
    })
    .from(vocabularyLists)
    .leftJoin(vocabularyListItems, eq(vocabularyListItems.listId, vocabularyLists.id))
    .where(eq(vocabularyLists.userId, userId))
    .groupBy(vocabularyLists.id)
    .orderBy(desc(vocabularyLists.isDefault), desc(vocabularyLists.updatedAt), desc(vocabularyLists.id));
  return rows.map((row) => ({ ...row, slug: slugify(row.title) }));
}

async function requireOwnList(ctx: AppContext, userId: number, listId: number) {
  const [list] = await ctx.db
    .select({
      id: vocabularyLists.id,
      title: vocabularyLists.title,
      isDefault: vocabularyLists.isDefault,
      updatedAt: vocabularyLists.updatedAt,
    })
    .from(vocabularyLists)
    .where(ownList(userId, listId))
    .limit(1);
  if (!list) throw notFound(LIST_NOT_FOUND);
  return list;
}

const itemColumns = {
  id: vocabularyListItems.id,
  listId: vocabularyListItems.listId,
  arabic: vocabularyListItems.arabic,
  transliteration: vocabularyListItems.transliteration,
  english: vocabularyListItems.english,
  kind: vocabularyListItems.kind,
  missCount: vocabularyListItems.missCount,
  startMs: vocabularyListItems.startMs,
  createdAt: vocabularyListItems.createdAt,
  videoId: videos.id,
  videoTitle: videos.title,
  videoSlug: videos.slug,
  videoPublished: videos.isPublished,
};

type ItemRow = {
  id: number;
  listId: number;
  arabic: string;
  transliteration: string;
  english: string;
  kind: NoteKind;
  missCount: number;
  startMs: number | null;
  createdAt: Date;
  videoId: number | null;
  videoTitle: string | null;
  videoSlug: string | null;
  videoPublished: boolean | null;
};

function toItem(row: ItemRow): VocabularyListItem {
  const lesson =
    row.videoId !== null && row.videoPublished && row.videoTitle !== null
      ? {
          id: row.videoId,
          title: row.videoTitle,
          slug: row.videoSlug || slugify(row.videoTitle),
          seconds: Math.floor((row.startMs ?? 0) / 1000),
          href: lessonMomentHref({ id: row.videoId, title: row.videoTitle, slug: row.videoSlug ?? "" }, row.startMs),
        }
      : null;
  return {
    id: row.id,
    listId: row.listId,
    arabic: row.arabic,
    transliteration: row.transliteration,
    english: row.english,
    kind: row.kind,
    missCount: row.missCount,
    lesson,
    createdAt: row.createdAt,
  };
}

/** Case- and tashkeel-insensitive match on any of the three columns. */
function matchesSearch(item: VocabularyListItem, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  const arabicNeedle = normalizeArabic(needle);
  return (
    (arabicNeedle !== "" && normalizeArabic(item.arabic).includes(arabicNeedle)) ||
    item.transliteration.toLowerCase().includes(needle) ||
    item.english.toLowerCase().includes(needle)
  );
}

/** One of the learner's lists with its words (newest first), optionally filtered by `q`. */
export async function getVocabularyList(
  ctx: AppContext,
  { userId, listId, ...options }: { userId: number; listId: number } & { q?: string },
): Promise<VocabularyListDetail> {
  const list = await requireOwnList(ctx, userId, listId);
  const rows = await ctx.db
    .select(itemColumns)
    .from(vocabularyListItems)
    .leftJoin(videos, eq(videos.id, vocabularyListItems.videoId))
    .where(eq(vocabularyListItems.listId, list.id))
    .orderBy(desc(vocabularyListItems.createdAt), desc(vocabularyListItems.id));
  const all = rows.map(toItem);
  const items = options.q ? all.filter((item) => matchesSearch(item, options.q ?? "")) : all;
  return { ...list, slug: slugify(list.title), wordCount: all.length, totalWords: all.length, items };
}

export async function createVocabularyList(
  ctx: AppContext,
  { userId, ...input }: { userId: number } & { title: string },
) {
  const [{ lists } = { lists: 0 }] = await ctx.db
    .select({ lists: count() })
    .from(vocabularyLists)
    .where(eq(vocabularyLists.userId, userId));
  if (lists >= LISTS_PER_LEARNER_MAX) {
    throw new AppError(422, [`You can keep up to ${LISTS_PER_LEARNER_MAX} lists. Delete one to make room.`]);
  }
  const now = ctx.now();
  const [list] = await ctx.db
    .insert(vocabularyLists)
    .values({ userId, title: input.title.trim(), isDefault: false, createdAt: now, updatedAt: now })
    .returning({ id: vocabularyLists.id, title: vocabularyLists.title });
  return { ...list!, slug: slugify(list!.title) };
}

export async function renameVocabularyList(
  ctx: AppContext,
  { userId, listId, ...input }: { userId: number; listId: number } & { title: string },
) {
  const [list] = await ctx.db
    .update(vocabularyLists)
    .set({ title: input.title.trim(), updatedAt: ctx.now() })
    .where(ownList(userId, listId))
    .returning({ id: vocabularyLists.id, title: vocabularyLists.title });
  if (!list) throw notFound(LIST_NOT_FOUND);
  return { ...list, slug: slugify(list.title) };
}

/** Deletes the list and its words. Deleting "My words" is allowed: the next saved word makes a new one. */
export async function deleteVocabularyList(ctx: AppContext, { userId, listId }: { userId: number; listId: number }) {
  const [list] = await ctx.db
    .delete(vocabularyLists)
    .where(ownList(userId, listId))
    .returning({ id: vocabularyLists.id, title: vocabularyLists.title });
  if (!list) throw notFound(LIST_NOT_FOUND);
  return list;
}

function duplicateWord(listTitle: string, arabic: string) {
  const message = `“${arabic}” is already in ${listTitle}.`;
  return new AppError(409, [message], { arabic: [message] });
}

/** The item in a list that is the same word, ignoring tashkeel and spelling variants. */
async function findSameWord(ctx: AppContext, listId: number, arabic: string, exceptItemId?: number) {
  const [item] = await ctx.db
    .select({ id: vocabularyListItems.id })
    .from(vocabularyListItems)
    .where(
      and(
        eq(vocabularyListItems.listId, listId),
        eq(normalizedArabicSql(vocabularyListItems.arabic), normalizeArabic(arabic)),
        exceptItemId === undefined ? undefined : ne(vocabularyListItems.id, exceptItemId),
      ),
    )
    .limit(1);
  return item ?? null;
}

async function requireRoomFor(ctx: AppContext, listId: number) {
  const [{ words } = { words: 0 }] = await ctx.db
    .select({ words: count() })
    .from(vocabularyListItems)
    .where(eq(vocabularyListItems.listId, listId));
  if (words >= LIST_ITEMS_MAX) throw new AppError(422, [`A list holds at most ${LIST_ITEMS_MAX} words.`]);
}

async function getOwnItem(ctx: AppContext, userId: number, itemId: number) {
  const [row] = await ctx.db
    .select(itemColumns)
    .from(vocabularyListItems)
    .innerJoin(vocabularyLists, eq(vocabularyLists.id, vocabularyListItems.listId))
    .leftJoin(videos, eq(videos.id, vocabularyListItems.videoId))
    .where(and(eq(vocabularyListItems.id, itemId), eq(vocabularyLists.userId, userId)))
    .limit(1);
  if (!row) throw notFound(ITEM_NOT_FOUND);
  return row;
}

/** Adds a word typed by hand. The same word twice in one list is a 409 with the message at the field. */
export async function addListItem(
  ctx: AppContext,
  {
    userId,
    listId,
    ...input
  }: { userId: number; listId: number } & (ListItemInput & { videoId?: number | null; startMs?: number | null }),
) {
  const list = await requireOwnList(ctx, userId, listId);
  const arabic = input.arabic.trim();
  if (await findSameWord(ctx, list.id, arabic)) throw duplicateWord(list.title, arabic);
  await requireRoomFor(ctx, list.id);
  const now = ctx.now();
  // One batch (only a batch is atomic): if touching the list fails, the word is not saved either, so the
  // member's retry is a first save rather than "already in your list" after an error (tests/integration/faults.test.ts).
  const [[inserted]] = await ctx.db.batch([
    ctx.db
      .insert(vocabularyListItems)
      .values({
        listId: list.id,
        arabic,
        transliteration: input.transliteration,
        english: input.english,
        videoId: input.videoId ?? null,
        startMs: input.startMs ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: vocabularyListItems.id }),
    ctx.db.update(vocabularyLists).set({ updatedAt: now }).where(eq(vocabularyLists.id, list.id)),
    // A word typed by hand that the lexicon has is "learning" too (docs/words.md "What the learner knows").
    learningFromSavedWord(ctx, { userId, listId: list.id, arabic, now }),
  ]);
  // Lost a race with the same word (a double submit): same answer as the duplicate check.
  if (!inserted) throw duplicateWord(list.title, arabic);
  return toItem(await getOwnItem(ctx, userId, inserted.id));
}

export async function updateListItem(
  ctx: AppContext,
  { userId, itemId, ...input }: { userId: number; itemId: number } & ListItemInput,
) {
  const item = await getOwnItem(ctx, userId, itemId);
  const arabic = input.arabic.trim();
  if (await findSameWord(ctx, item.listId, arabic, item.id)) {
    const list = await requireOwnList(ctx, userId, item.listId);
    throw duplicateWord(list.title, arabic);
  }
  const now = ctx.now();
  await ctx.db.batch([
    ctx.db
      .update(vocabularyListItems)
      .set({ arabic, transliteration: input.transliteration, english: input.english, updatedAt: now })
      .where(eq(vocabularyListItems.id, item.id)),
    ctx.db.update(vocabularyLists).set({ updatedAt: now }).where(eq(vocabularyLists.id, item.listId)),
    learningFromSavedWord(ctx, { userId, listId: item.listId, arabic, now }),
  ]);
  return toItem(await getOwnItem(ctx, userId, item.id));
}

/** Moves a word to another of the learner's lists; both lists must be theirs. */
export async function moveListItem(
  ctx: AppContext,
  { userId, itemId, toListId }: { userId: number; itemId: number; toListId: number },
) {
  const item = await getOwnItem(ctx, userId, itemId);
  const target = await requireOwnList(ctx, userId, toListId);
  if (target.id === item.listId) return { item: toItem(item), list: { ...target, slug: slugify(target.title) } };
  if (await findSameWord(ctx, target.id, item.arabic)) throw duplicateWord(target.title, item.arabic);
  await requireRoomFor(ctx, target.id);
  const now = ctx.now();
  await ctx.db.batch([
    ctx.db
      .update(vocabularyListItems)
      .set({ listId: target.id, updatedAt: now })
      .where(eq(vocabularyListItems.id, item.id)),
    ctx.db
      .update(vocabularyLists)
      .set({ updatedAt: now })
      .where(inArray(vocabularyLists.id, [item.listId, target.id])),
  ]);
  return { item: toItem({ ...item, listId: target.id }), list: { ...target, slug: slugify(target.title) } };
}

export async function deleteListItem(ctx: AppContext, { userId, itemId }: { userId: number; itemId: number }) {
  const item = await getOwnItem(ctx, userId, itemId);
  await ctx.db.delete(vocabularyListItems).where(eq(vocabularyListItems.id, item.id));
  return { id: item.id, listId: item.listId, arabic: item.arabic };
}

// ---------------------------------------------------------------------------------------------
// CSV export
// ---------------------------------------------------------------------------------------------

/** The list as a spreadsheet CSV (server/lib/csv.ts: BOM, RFC 4180 quoting, CRLF, formula cells defused). */
export async function exportVocabularyListCsv(ctx: AppContext, { userId, listId }: { userId: number; listId: number }) {
  const origin = ctx.config.appUrl.replace(/\/$/, "");
  const list = await getVocabularyList(ctx, { userId, listId });
  const body = spreadsheetCsv(
    ["Arabic", "Transliteration", "English", "Lesson", "Lesson link"],
    [...list.items]
      .reverse()
      .map((item) => [
        item.arabic,
        item.transliteration,
        item.english,
        item.lesson?.title ?? "",
        item.lesson ? `${origin}${item.lesson.href}` : "",
      ]),
  );
  return { filename: `${list.slug}.csv`, body, list };
}

// ---------------------------------------------------------------------------------------------
// Quiz
// ---------------------------------------------------------------------------------------------

/**
 * The list's words as quiz words, with audio where the learner may hear it: a word saved from a lesson
 * plays that lesson's moment (signed URL with a media fragment) if the learner may watch the lesson.
 */
export async function getListQuizSource(
  ctx: AppContext,
  { viewer, listId }: { viewer: Member; listId: number },
): Promise<QuizSource> {
  const list = await requireOwnList(ctx, viewer.userId, listId);
  const [rows, access] = await Promise.all([
    ctx.db
      .select({
        id: vocabularyListItems.id,
        arabic: vocabularyListItems.arabic,
        transliteration: vocabularyListItems.transliteration,
        english: vocabularyListItems.english,
        missCount: vocabularyListItems.missCount,
        startMs: vocabularyListItems.startMs,
        cueEndMs: transcriptCues.endMs,
        videoKey: videos.videoKey,
        isFree: videos.isFree,
        isPublished: videos.isPublished,
      })
      .from(vocabularyListItems)
      .leftJoin(videos, eq(videos.id, vocabularyListItems.videoId))
      .leftJoin(transcriptCues, eq(transcriptCues.id, vocabularyListItems.cueId))
      .where(eq(vocabularyListItems.listId, list.id))
      .orderBy(asc(vocabularyListItems.id)),
    viewer.access(),
  ]);
  const words = await Promise.all(
    rows.map(async (row): Promise<QuizWord> => {
      let audioUrl: string | null = null;
      const entitled = row.isPublished && !isLessonLocked({ isFree: Boolean(row.isFree) }, access);
      if (entitled && row.videoKey && isMediaKey(row.videoKey) && row.startMs !== null) {
        const end = row.cueEndMs && row.cueEndMs > row.startMs ? row.cueEndMs : row.startMs + MOMENT_FALLBACK_MS;
        audioUrl = `${await signMediaUrl(ctx, { key: row.videoKey })}#t=${row.startMs / 1000},${end / 1000}`;
      }
      return {
        key: `i${row.id}`,
        arabic: row.arabic,
        transliteration: row.transliteration,
        english: row.english,
        missCount: row.missCount,
        audioUrl,
      };
    }),
  );
  // The list's own words make the options; a small list borrows distractors from the global vocabulary.
  const pool = words.length >= QUIZ_OPTION_COUNT ? [] : await listGlobalPoolWords(ctx);
  return { words, pool };
}

/** A finished list quiz: missed words move up (missCount + 1), known ones drift down. */
export async function finishListQuiz(
  ctx: AppContext,
  { viewer, ...input }: { viewer: Member } & { listId: number; seed: number; wordKeys: string[]; answerKeys: string[] },
) {
  const quizSource = await getListQuizSource(ctx, { viewer, listId: input.listId });
  const { quiz, recorded } = await recordQuizAttempt(ctx, {
    userId: viewer.user.id,
    source: "list",
    sourceId: input.listId,
    quizSource,
    ...input,
  });
  if (recorded) {
    const idOf = (key: string) => Number(key.slice(1));
    const missed = quiz.answers.filter((answer) => !answer.correct).map((answer) => idOf(answer.question.word.key));
    const known = quiz.answers.filter((answer) => answer.correct).map((answer) => idOf(answer.question.word.key));
    const inList = (ids: number[]) =>
      and(inArray(vocabularyListItems.id, ids), eq(vocabularyListItems.listId, input.listId));
    const statements = [];
    if (missed.length) {
      statements.push(
        ctx.db
          .update(vocabularyListItems)
          .set({ missCount: sql`${vocabularyListItems.missCount} + 1` })
          .where(inList(missed)),
      );
    }
    if (known.length) {
      statements.push(
        ctx.db
          .update(vocabularyListItems)
          .set({ missCount: sql`max(${vocabularyListItems.missCount} - 1, 0)` })
          .where(inList(known)),
      );
    }
    const [first, ...rest] = statements;
    if (first) await ctx.db.batch([first, ...rest]);
  }
  return { score: quiz.score, recorded };
}
