import { and, asc, count, eq, sql } from "drizzle-orm";
import {
  deckProgress,
  globalVocabularyDeckCategories,
  globalVocabularyDecks,
  globalVocabularyThemes,
  globalVocabularyWords,
  type Level,
} from "#drizzle/schema";
import { normalizeArabic } from "#core/arabic";
import { slugify } from "#core/slug";
import type { AppContext } from "../context";
import { notFound } from "../lib/errors";
import { isMediaKey, signMediaUrl } from "./media";
import { getOrCreateDefaultList } from "./vocabulary-save";
import { addListItem } from "./vocabulary-lists";
import { listGlobalPoolWords, recordQuizAttempt, type QuizSource } from "./vocabulary-pool";

// The shared vocabulary the Ahla team curates: themes → decks (grouped by deck category) → words,
// plus each learner's progress per deck (best score, plays).

const THEME_NOT_FOUND = "We couldn't find that vocabulary theme.";
const DECK_NOT_FOUND = "We couldn't find that deck.";

export interface ThemeSummary {
  id: number;
  title: string;
  titleAr: string;
  slug: string;
  description: string;
  deckCount: number;
  wordCount: number;
}

export interface DeckSummary {
  id: number;
  title: string;
  titleAr: string;
  slug: string;
  description: string;
  level: Level;
  wordCount: number;
  progress: { bestScore: number; plays: number } | null;
}

export interface ThemeDetail extends ThemeSummary {
  categories: Array<{ id: number | null; title: string; decks: DeckSummary[] }>;
}

export interface DeckWord {
  id: number;
  arabic: string;
  transliteration: string;
  english: string;
  exampleArabic: string;
  exampleEnglish: string;
  audioUrl: string | null;
}

export interface DeckDetail extends DeckSummary {
  theme: { id: number; title: string; slug: string };
  category: string | null;
  words: DeckWord[];
  totalWords: number;
}

export const themeHref = (theme: { id: number; title: string; slug: string }) =>
  `/global-vocabulary-theme/${theme.id}/${encodeURIComponent(theme.slug || slugify(theme.title))}`;
export const deckHref = (deck: { id: number; title: string; slug: string }) =>
  `/global-vocabulary-deck/${deck.id}/${encodeURIComponent(deck.slug || slugify(deck.title))}`;

export async function listVocabularyThemes(ctx: AppContext): Promise<ThemeSummary[]> {
  const [themes, stats] = await ctx.db.batch([
    ctx.db
      .select({
        id: globalVocabularyThemes.id,
        title: globalVocabularyThemes.title,
        titleAr: globalVocabularyThemes.titleAr,
        slug: globalVocabularyThemes.slug,
        description: globalVocabularyThemes.description,
      })
      .from(globalVocabularyThemes)
      .orderBy(asc(globalVocabularyThemes.position), asc(globalVocabularyThemes.id)),
    ctx.db
      .select({
        themeId: globalVocabularyDecks.themeId,
        deckCount: sql<number>`count(distinct ${globalVocabularyDecks.id})`,
        wordCount: count(globalVocabularyWords.id),
      })
      .from(globalVocabularyDecks)
      .leftJoin(globalVocabularyWords, eq(globalVocabularyWords.deckId, globalVocabularyDecks.id))
      .groupBy(globalVocabularyDecks.themeId),
  ]);
  const byTheme = new Map(stats.map((row) => [row.themeId, row]));
  return themes.map((theme) => ({
    ...theme,
    slug: theme.slug || slugify(theme.title),
    deckCount: Number(byTheme.get(theme.id)?.deckCount ?? 0),
    wordCount: byTheme.get(theme.id)?.wordCount ?? 0,
  }));
}

async function loadDecks(ctx: AppContext, userId: number, where: { themeId?: number; deckId?: number }) {
  return ctx.db
    .select({
      id: globalVocabularyDecks.id,
      themeId: globalVocabularyDecks.themeId,
      title: globalVocabularyDecks.title,
      titleAr: globalVocabularyDecks.titleAr,
      slug: globalVocabularyDecks.slug,
      description: globalVocabularyDecks.description,
      level: globalVocabularyDecks.level,
      position: globalVocabularyDecks.position,
      categoryId: globalVocabularyDecks.categoryId,
      categoryTitle: globalVocabularyDeckCategories.title,
      categoryPosition: globalVocabularyDeckCategories.position,
      wordCount: sql<number>`(select count(*) from ${globalVocabularyWords} where ${globalVocabularyWords.deckId} = ${globalVocabularyDecks.id})`,
      bestScore: deckProgress.bestScore,
      plays: deckProgress.plays,
    })
    .from(globalVocabularyDecks)
    .leftJoin(globalVocabularyDeckCategories, eq(globalVocabularyDeckCategories.id, globalVocabularyDecks.categoryId))
    .leftJoin(deckProgress, and(eq(deckProgress.deckId, globalVocabularyDecks.id), eq(deckProgress.userId, userId)))
    .where(
      and(
        where.themeId === undefined ? undefined : eq(globalVocabularyDecks.themeId, where.themeId),
        where.deckId === undefined ? undefined : eq(globalVocabularyDecks.id, where.deckId),
      ),
    )
    .orderBy(asc(globalVocabularyDecks.position), asc(globalVocabularyDecks.id));
}

type DeckRow = Awaited<ReturnType<typeof loadDecks>>[number];

function toDeckSummary(row: DeckRow): DeckSummary {
  return {
    id: row.id,
    title: row.title,
    titleAr: row.titleAr,
    slug: row.slug || slugify(row.title),
    description: row.description,
    level: row.level,
    wordCount: Number(row.wordCount),
    progress: row.plays === null ? null : { bestScore: row.bestScore ?? 0, plays: row.plays },
  };
}

/** A theme with its decks grouped by category (categories in their order, uncategorised last). */
export async function getVocabularyTheme(
  ctx: AppContext,
  { userId, themeId }: { userId: number; themeId: number },
): Promise<ThemeDetail> {
  const themes = await listVocabularyThemes(ctx);
  const theme = themes.find((candidate) => candidate.id === themeId);
  if (!theme) throw notFound(THEME_NOT_FOUND);
  const rows = await loadDecks(ctx, userId, { themeId });
  const groups = new Map<number | null, { id: number | null; title: string; position: number; decks: DeckSummary[] }>();
  for (const row of rows) {
    const key = row.categoryId ?? null;
    let group = groups.get(key);
    if (!group) {
      group = {
        id: key,
        title: row.categoryTitle ?? "More decks",
        position: row.categoryPosition ?? Number.MAX_SAFE_INTEGER,
        decks: [],
      };
      groups.set(key, group);
    }
    group.decks.push(toDeckSummary(row));
  }
  const categories = [...groups.values()]
    .sort((a, b) => a.position - b.position)
    .map(({ id, title, decks }) => ({ id, title, decks }));
  return { ...theme, categories };
}

async function deckWordsAudio(ctx: AppContext, audioKey: string | null) {
  return audioKey && isMediaKey(audioKey) ? signMediaUrl(ctx, { key: audioKey }) : null;
}

/** A deck's words in their order, as a query (so a caller can batch it): the deck page and its export read these. */
export function deckWordsQuery(ctx: AppContext, { deckId }: { deckId: number }) {
  return ctx.db
    .select({
      id: globalVocabularyWords.id,
      arabic: globalVocabularyWords.arabic,
      transliteration: globalVocabularyWords.transliteration,
      english: globalVocabularyWords.english,
      exampleArabic: globalVocabularyWords.exampleArabic,
      exampleEnglish: globalVocabularyWords.exampleEnglish,
      audioKey: globalVocabularyWords.audioKey,
    })
    .from(globalVocabularyWords)
    .where(eq(globalVocabularyWords.deckId, deckId))
    .orderBy(asc(globalVocabularyWords.position), asc(globalVocabularyWords.id));
}

/** A deck with its words (in their order), optionally filtered by `q` on Arabic, transliteration or English. */
export async function getVocabularyDeck(
  ctx: AppContext,
  { userId, deckId, ...options }: { userId: number; deckId: number } & { q?: string },
): Promise<DeckDetail> {
  const [row] = await loadDecks(ctx, userId, { deckId });
  if (!row) throw notFound(DECK_NOT_FOUND);
  const [[theme], wordRows] = await ctx.db.batch([
    ctx.db
      .select({ id: globalVocabularyThemes.id, title: globalVocabularyThemes.title, slug: globalVocabularyThemes.slug })
      .from(globalVocabularyThemes)
      .where(eq(globalVocabularyThemes.id, row.themeId)),
    deckWordsQuery(ctx, { deckId }),
  ]);
  if (!theme) throw notFound(DECK_NOT_FOUND);
  const needle = options.q?.trim().toLowerCase() ?? "";
  const arabicNeedle = normalizeArabic(needle);
  const matching = needle
    ? wordRows.filter(
        (word) =>
          (arabicNeedle !== "" && normalizeArabic(word.arabic).includes(arabicNeedle)) ||
          word.transliteration.toLowerCase().includes(needle) ||
          word.english.toLowerCase().includes(needle),
      )
    : wordRows;
  const words = await Promise.all(
    matching.map(async ({ audioKey, ...word }) => ({ ...word, audioUrl: await deckWordsAudio(ctx, audioKey) })),
  );
  return {
    ...toDeckSummary(row),
    theme: { ...theme, slug: theme.slug || slugify(theme.title) },
    category: row.categoryTitle,
    words,
    totalWords: wordRows.length,
  };
}

export async function getDeckQuizSource(
  ctx: AppContext,
  { userId, deckId }: { userId: number; deckId: number },
): Promise<QuizSource> {
  const deck = await getVocabularyDeck(ctx, { userId, deckId });
  const words = deck.words.map((word) => ({
    key: `g${word.id}`,
    arabic: word.arabic,
    transliteration: word.transliteration,
    english: word.english,
    audioUrl: word.audioUrl,
  }));
  const pool = words.length >= 4 ? [] : await listGlobalPoolWords(ctx, { exceptDeckId: deckId });
  return { words, pool };
}

/**
 * A finished deck quiz: the best score (percent) is kept and plays counted, once per run — a double
 * submit of the same run changes nothing.
 */
export async function finishDeckQuiz(
  ctx: AppContext,
  { userId, ...input }: { userId: number } & { deckId: number; seed: number; wordKeys: string[]; answerKeys: string[] },
) {
  const quizSource = await getDeckQuizSource(ctx, { userId, deckId: input.deckId });
  const { quiz, recorded } = await recordQuizAttempt(ctx, {
    userId,
    source: "deck",
    sourceId: input.deckId,
    quizSource,
    ...input,
  });
  if (recorded) {
    const now = ctx.now();
    await ctx.db
      .insert(deckProgress)
      .values({
        userId,
        deckId: input.deckId,
        bestScore: quiz.score.percent,
        plays: 1,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [deckProgress.userId, deckProgress.deckId],
        set: {
          bestScore: sql`max(${deckProgress.bestScore}, excluded.best_score)`,
          plays: sql`${deckProgress.plays} + 1`,
          updatedAt: now,
        },
      });
  }
  const [progress] = await ctx.db
    .select({ bestScore: deckProgress.bestScore, plays: deckProgress.plays })
    .from(deckProgress)
    .where(and(eq(deckProgress.userId, userId), eq(deckProgress.deckId, input.deckId)));
  return { score: quiz.score, recorded, progress: progress ?? null };
}

/** Copies a global word into one of the learner's lists ("My words" when none is named). */
export async function saveGlobalWordToList(
  ctx: AppContext,
  { userId, ...input }: { userId: number } & { wordId: number; listId?: number },
) {
  const [word] = await ctx.db
    .select({
      arabic: globalVocabularyWords.arabic,
      transliteration: globalVocabularyWords.transliteration,
      english: globalVocabularyWords.english,
    })
    .from(globalVocabularyWords)
    .where(eq(globalVocabularyWords.id, input.wordId))
    .limit(1);
  if (!word) throw notFound("We couldn't find that word.");
  const listId = input.listId ?? (await getOrCreateDefaultList(ctx, { userId })).id;
  return addListItem(ctx, { userId, listId, ...word });
}
