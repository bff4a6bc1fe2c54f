import { asc, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { globalVocabularyWords } from "#drizzle/schema";
import { normalizeArabic } from "#core/arabic";
import type { AppContext } from "../context";
import { lessonVocabularyQuery } from "./lesson-content";

/**
 * The part of `normalizeArabic` that SQLite can do with `replace()`: tashkeel and tatweel dropped, hamza
 * carriers, taa marbuta and alef maqsura folded. Stored vocabulary is plain Arabic, so this is enough to
 * find it by the key `normalizeArabic` gives; results are re-checked in code with the full rule.
 */
const SQL_FOLDS: Array<[string, string]> = [
  ...[..."\u064b\u064c\u064d\u064e\u064f\u0650\u0651\u0652\u0653\u0654\u0655\u0670\u0640"].map(
    (mark) => [mark, ""] as [string, string],
  ),
  ["\u0623", "\u0627"],
  ["\u0625", "\u0627"],
  ["\u0622", "\u0627"],
  ["\u0671", "\u0627"],
  ["\u0624", "\u0648"],
  ["\u0626", "\u064a"],
  ["\u0621", ""],
  ["\u0629", "\u0647"],
  ["\u0649", "\u064a"],
];

/** SQL expression: the column folded like `normalizeArabic` (see SQL_FOLDS). Literals only, no bound parameters. */
export function normalizedArabicSql(column: SQLWrapper): SQL<string> {
  let expression = sql<string>`trim(${column})`;
  for (const [from, to] of SQL_FOLDS)
    expression = sql<string>`replace(${expression}, ${sql.raw(`'${from}'`)}, ${sql.raw(`'${to}'`)})`;
  return expression;
}

/** Conjunctions, prepositions and the article that Levantine writes joined to the next word. */
const PROCLITIC_GROUPS = [
  ["و", "ف"],
  ["ب", "ل", "ع"],
  ["ال", "ل"],
];
const MIN_STEM_LENGTH = 2;

/**
 * Keys to look a clicked word up by, most specific first: the word itself, then with joined
 * conjunctions, prepositions and the article removed (وبالبيت → بالبيت, البيت, بيت).
 */
export function lookupKeys(word: string): string[] {
  const key = normalizeArabic(word);
  if (!key || key.includes(" ")) return key ? [key] : [];
  const keys = [key];
  let frontier = [key];
  for (const group of PROCLITIC_GROUPS) {
    const next: string[] = [];
    for (const form of frontier) {
      next.push(form);
      for (const prefix of group) {
        if (form.startsWith(prefix) && form.length - prefix.length >= MIN_STEM_LENGTH)
          next.push(form.slice(prefix.length));
      }
    }
    frontier = [...new Set(next)];
  }
  for (const form of frontier) if (!keys.includes(form)) keys.push(form);
  return keys;
}

export interface WordEntry {
  arabic: string;
  transliteration: string;
  english: string;
  /** Where the word comes up in the lesson, when it is from the lesson's vocabulary. */
  startMs: number | null;
}

export interface WordLookup {
  word: string;
  found: boolean;
  source: "lesson" | "global" | null;
  /** exact: the word itself; base: the word without a joined prefix (بالشام → الشام); phrase: part of a listed expression. */
  match: "exact" | "base" | "phrase" | null;
  entry: WordEntry | null;
}

function bestMatch<T extends { arabic: string }>(rows: T[], keys: string[]) {
  let best: { row: T; rank: number } | null = null;
  for (const row of rows) {
    const rank = keys.indexOf(normalizeArabic(row.arabic));
    if (rank >= 0 && (!best || rank < best.rank)) best = { row, rank };
  }
  return best ? { row: best.row, match: best.rank === 0 ? ("exact" as const) : ("base" as const) } : null;
}

/**
 * The meaning of a word clicked in a lesson: from that lesson's vocabulary first (the teacher's gloss
 * fits the context), then the global vocabulary, tashkeel- and spelling-insensitive (normalizeArabic).
 * When neither has it, a multi-word expression of the lesson that contains it ("السلامة" → "مع السلامة").
 */
export async function lookupWord(
  ctx: AppContext,
  { lessonId, word }: { lessonId: number; word: string },
): Promise<WordLookup> {
  const keys = lookupKeys(word);
  const none: WordLookup = { word, found: false, source: null, match: null, entry: null };
  if (keys.length === 0) return none;

  const [lessonWords, globalRows] = await ctx.db.batch([
    lessonVocabularyQuery(ctx, { lessonId }),
    ctx.db
      .select({
        arabic: globalVocabularyWords.arabic,
        transliteration: globalVocabularyWords.transliteration,
        english: globalVocabularyWords.english,
      })
      .from(globalVocabularyWords)
      .where(inArray(normalizedArabicSql(globalVocabularyWords.arabic), keys))
      .orderBy(asc(globalVocabularyWords.id))
      .limit(20),
  ]);
  // Of two entries that match alike, the one the teacher added first wins, not the one heard first.
  const lessonRows: WordEntry[] = lessonWords
    .sort((a, b) => a.id - b.id)
    .map(({ arabic, transliteration, english, startMs }) => ({ arabic, transliteration, english, startMs }));

  const lesson = bestMatch(lessonRows, keys);
  const global = bestMatch(globalRows, keys);
  // An exact global entry beats a lesson entry that only matched after stripping a prefix.
  if (lesson && !(lesson.match === "base" && global?.match === "exact")) {
    return { word, found: true, source: "lesson", match: lesson.match, entry: lesson.row };
  }
  if (global) {
    return { word, found: true, source: "global", match: global.match, entry: { ...global.row, startMs: null } };
  }
  const phrase = lessonRows.find((row) => {
    const parts = normalizeArabic(row.arabic).split(" ");
    return parts.length > 1 && keys.some((key) => parts.includes(key));
  });
  if (phrase) return { word, found: true, source: "lesson", match: "phrase", entry: phrase };
  return none;
}
