import { and, asc, eq, sql } from "drizzle-orm";
import { vocabularyListItems, vocabularyLists } from "#drizzle/schema";
import { normalizeArabic } from "#core/arabic";
import type { SaveWordInput } from "#core/schemas/lessons";
import type { AppContext } from "../context";
import { SENTENCE_CARD_TYPES } from "#core/cards";
import { AppError, notFound } from "../lib/errors";
import { getLessonCue } from "./lesson-content";
import { normalizedArabicSql } from "./word-lookup";
import { learningFromSavedWord } from "./words/known";

export const DEFAULT_LIST_TITLE = "My words";

/** The learner's default vocabulary list, created on first use. One statement, so two first saves can't make two lists. */
export async function getOrCreateDefaultList(ctx: AppContext, { userId }: { userId: number }) {
  const now = ctx.now().getTime();
  await ctx.db.run(sql`
    insert into ${vocabularyLists} (user_id, title, is_default, created_at, updated_at)
    select ${userId}, ${DEFAULT_LIST_TITLE}, 1, ${now}, ${now}
    where not exists (select 1 from ${vocabularyLists} where user_id = ${userId} and is_default = 1)
  `);
  const [list] = await ctx.db
    .select({ id: vocabularyLists.id, title: vocabularyLists.title })
    .from(vocabularyLists)
    .where(and(eq(vocabularyLists.userId, userId), eq(vocabularyLists.isDefault, true)))
    .orderBy(asc(vocabularyLists.id))
    .limit(1);
  if (!list) throw new Error(`getOrCreateDefaultList: no default list for user ${userId}`);
  return list;
}

const itemColumns = {
  id: vocabularyListItems.id,
  listId: vocabularyListItems.listId,
  arabic: vocabularyListItems.arabic,
  transliteration: vocabularyListItems.transliteration,
  english: vocabularyListItems.english,
  videoId: vocabularyListItems.videoId,
  cueId: vocabularyListItems.cueId,
  startMs: vocabularyListItems.startMs,
  endMs: vocabularyListItems.endMs,
  kind: vocabularyListItems.kind,
  cardTypes: vocabularyListItems.cardTypes,
  createdAt: vocabularyListItems.createdAt,
};

/** The item in a list that is the same word, ignoring tashkeel and spelling variants (كِيفَك = كيفك). */
async function findSameWord(ctx: AppContext, listId: number, arabic: string) {
  const [item] = await ctx.db
    .select(itemColumns)
    .from(vocabularyListItems)
    .where(
      and(
        eq(vocabularyListItems.listId, listId),
        eq(vocabularyListItems.kind, "word"),
        eq(normalizedArabicSql(vocabularyListItems.arabic), normalizeArabic(arabic)),
      ),
    )
    .orderBy(asc(vocabularyListItems.id))
    .limit(1);
  return item ?? null;
}

/** Whether the learner already has this word in their default list (without creating the list). */
export async function isWordSaved(
  ctx: AppContext,
  { userId, arabic }: { userId: number; arabic: string },
): Promise<boolean> {
  const [list] = await ctx.db
    .select({ id: vocabularyLists.id })
    .from(vocabularyLists)
    .where(and(eq(vocabularyLists.userId, userId), eq(vocabularyLists.isDefault, true)))
    .orderBy(asc(vocabularyLists.id))
    .limit(1);
  return list ? (await findSameWord(ctx, list.id, arabic)) !== null : false;
}

/**
 * Saves a word from a lesson into the learner's default list ("My words"), creating the list if needed.
 * Idempotent: saving the same word again (with or without tashkeel) returns the existing item with
 * `created: false`. The list is always the caller's own; a cue must belong to the lesson.
 */
export async function saveWordToDefaultList(
  ctx: AppContext,
  {
    userId,
    input,
  }: {
    userId: number;
    input: Omit<SaveWordInput, "cueId" | "startMs"> & {
      videoId: number;
      cueId?: number | null;
      startMs?: number | null;
    };
  },
) {
  const arabic = input.arabic.trim();
  let startMs = input.startMs ?? null;
  // The line the word was heard in is its example: its card plays that line (docs/cards.md).
  let endMs: number | null = null;
  if (input.cueId) {
    const cue = await getLessonCue(ctx, { videoId: input.videoId, cueId: input.cueId });
    if (!cue)
      throw new AppError(422, ["cueId: that line is not part of this lesson."], {
        cueId: ["That line is not part of this lesson."],
      });
    startMs = cue.startMs;
    endMs = cue.endMs;
  }
  const list = await getOrCreateDefaultList(ctx, { userId });
  const existing = await findSameWord(ctx, list.id, arabic);
  if (existing) return { list, item: existing, created: false };

  const now = ctx.now();
  // One batch (only a batch is atomic): if touching the list fails, the word is not saved either, so the
  // learner's retry saves it rather than finding it saved after an error (tests/integration/faults.test.ts).
  const [[inserted]] = await ctx.db.batch([
    ctx.db
      .insert(vocabularyListItems)
      .values({
        listId: list.id,
        arabic,
        transliteration: input.transliteration ?? "",
        english: input.english ?? "",
        videoId: input.videoId,
        cueId: input.cueId ?? null,
        startMs,
        endMs,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning(itemColumns),
    ctx.db.update(vocabularyLists).set({ updatedAt: now }).where(eq(vocabularyLists.id, list.id)),
    // Its lemma is "learning" now, unless the member already has a status for it (docs/words.md).
    learningFromSavedWord(ctx, { userId, listId: list.id, arabic, now }),
  ]);
  if (inserted) return { list, item: inserted, created: true };
  // Lost a race with an identical save: answer with the row that won.
  const winner = await findSameWord(ctx, list.id, arabic);
  if (!winner) throw new Error("saveWordToDefaultList: conflicting insert left no row");
  return { list, item: winner, created: false };
}

/** A line already saved as a sentence by this member (in any of their lists). */
async function findSavedLine(ctx: AppContext, { userId, cueId }: { userId: number; cueId: number }) {
  const [item] = await ctx.db
    .select(itemColumns)
    .from(vocabularyListItems)
    .innerJoin(vocabularyLists, eq(vocabularyLists.id, vocabularyListItems.listId))
    .where(
      and(
        eq(vocabularyLists.userId, userId),
        eq(vocabularyListItems.kind, "sentence"),
        eq(vocabularyListItems.cueId, cueId),
      ),
    )
    .orderBy(asc(vocabularyListItems.id))
    .limit(1);
  return item ?? null;
}

/**
 * Saves a whole line of a lesson as a sentence card in "My words": its Arabic, transliteration and English, and
 * the line's range in the lesson's media, which the card plays. Idempotent per member and line. A line that is
 * not the lesson's is a 404 (the caller has already checked the member may open the lesson).
 */
export async function saveLineToDefaultList(
  ctx: AppContext,
  { userId, videoId, cueId }: { userId: number; videoId: number; cueId: number },
) {
  const cue = await getLessonCue(ctx, { videoId, cueId });
  if (!cue) throw notFound("We couldn't find that line in this lesson.");
  const list = await getOrCreateDefaultList(ctx, { userId });
  const existing = await findSavedLine(ctx, { userId, cueId });
  if (existing) return { list, item: existing, created: false };
  const now = ctx.now();
  const [[inserted]] = await ctx.db.batch([
    ctx.db
      .insert(vocabularyListItems)
      .values({
        listId: list.id,
        kind: "sentence",
        arabic: cue.arabic.trim(),
        transliteration: cue.transliteration,
        english: cue.english,
        videoId,
        cueId,
        startMs: cue.startMs,
        endMs: cue.endMs,
        cardTypes: [...SENTENCE_CARD_TYPES],
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning(itemColumns),
    ctx.db.update(vocabularyLists).set({ updatedAt: now }).where(eq(vocabularyLists.id, list.id)),
  ]);
  if (inserted) return { list, item: inserted, created: true };
  // A double click, or another line with the very same words already saved: that note is this line's card.
  const [same] = await ctx.db
    .select(itemColumns)
    .from(vocabularyListItems)
    .where(
      and(
        eq(vocabularyListItems.listId, list.id),
        eq(vocabularyListItems.kind, "sentence"),
        eq(vocabularyListItems.arabic, cue.arabic.trim()),
      ),
    )
    .limit(1);
  if (!same) throw new Error("saveLineToDefaultList: conflicting insert left no row");
  return { list, item: same, created: false };
}
