import { and, eq, sql } from "drizzle-orm";
import { cueTokens, lemmas, memberLemmas, transcriptCues, vocabularyListItems, vocabularyLists } from "#drizzle/schema";
import { normalizeArabic } from "#core/arabic";
import {
  readJsonList,
  regionNotesSchema,
  verbFormsSchema,
  type RegionNotes,
  type VerbForms,
  type WordStatus,
} from "#core/schemas/lexicon";
import { explainBreakdown, type ExplainedAffix } from "#core/words/explain";
import type { AppContext } from "../../context";
import { normalizedArabicSql } from "../word-lookup";

/** A lemma as the learner reads it: the JSON columns parsed (a broken one reads as empty). */
export interface LemmaSummary {
  id: number;
  key: string;
  arabic: string;
  transliteration: string;
  arabizi: string;
  meanings: string[];
  partOfSpeech: string;
  root: string;
  gender: "m" | "f" | null;
  plural: string;
  verbForms: VerbForms | null;
  forms: string[];
  regions: RegionNotes;
  notes: string;
}

/** The columns `readLemma` needs, for any select that reads a lemma. */
export const lemmaColumns = {
  id: lemmas.id,
  key: lemmas.key,
  arabic: lemmas.arabic,
  transliteration: lemmas.transliteration,
  arabizi: lemmas.arabizi,
  meanings: lemmas.meanings,
  partOfSpeech: lemmas.partOfSpeech,
  root: lemmas.root,
  gender: lemmas.gender,
  plural: lemmas.plural,
  verbForms: lemmas.verbForms,
  forms: lemmas.forms,
  regions: lemmas.regions,
  notes: lemmas.notes,
};
type LemmaRow = Pick<typeof lemmas.$inferSelect, keyof typeof lemmaColumns>;

function parseJson(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function readLemma(row: LemmaRow): LemmaSummary {
  const verbForms = verbFormsSchema.safeParse(parseJson(row.verbForms));
  const regions = regionNotesSchema.safeParse(parseJson(row.regions) ?? {});
  return {
    id: row.id,
    key: row.key,
    arabic: row.arabic,
    transliteration: row.transliteration,
    arabizi: row.arabizi,
    meanings: readJsonList(row.meanings),
    partOfSpeech: row.partOfSpeech,
    root: row.root,
    gender: row.gender === "m" || row.gender === "f" ? row.gender : null,
    plural: row.plural,
    verbForms: verbForms.success ? verbForms.data : null,
    forms: readJsonList(row.forms),
    regions: regions.success ? regions.data : {},
    notes: row.notes,
  };
}

/** The answer of a word clicked at its place in a line (docs/words.md "The popup"). */
export interface TokenLookup {
  /** The word as written in the line. */
  word: string;
  /** True when there is a meaning to show: the gloss in this sentence or the lemma's meanings. */
  found: boolean;
  token: {
    cueId: number;
    position: number;
    surface: string;
    /** The meaning in this sentence; "" until someone glosses it (then the lemma's meanings stand in). */
    gloss: string;
    /** Who glossed it: seed, team, analysis (a guess), ai. */
    source: string;
  };
  /** Proclitics + stem + enclitics as written, each affix with its short English. */
  breakdown: { prefixes: ExplainedAffix[]; stem: string; suffixes: ExplainedAffix[] };
  lemma: LemmaSummary | null;
  /** "Hear it": the line's moment. */
  moment: { startMs: number; endMs: number };
  /** The member's status for the lemma ("new" without a row, or without a lemma). */
  status: WordStatus;
  /** The lemma (or this very word) is in the member's "My words". */
  saved: boolean;
}

/**
 * One statement, every read by an index: the token by (cue_id, position) — the line must be this lesson's —,
 * its line's moment, its lemma by id, the member's status by (user_id, lemma_id), and whether the lemma's
 * dictionary form (or the word as clicked) is in their default list.
 */
export function tokenLookupQuery(
  ctx: AppContext,
  {
    userId,
    lessonId,
    cueId,
    position,
    word,
  }: { userId: number | null; lessonId: number; cueId: number; position: number; word: string },
) {
  const clicked = normalizeArabic(word);
  return ctx.db
    .select({
      surface: cueTokens.surface,
      gloss: cueTokens.gloss,
      prefixes: cueTokens.prefixes,
      stem: cueTokens.stem,
      suffixes: cueTokens.suffixes,
      source: cueTokens.source,
      startMs: transcriptCues.startMs,
      endMs: transcriptCues.endMs,
      lemmaId: cueTokens.lemmaId,
      lemma: lemmaColumns,
      status: memberLemmas.status,
      // A visitor (no userId) has no status and no list.
      saved:
        userId === null
          ? sql<number>`0`
          : sql<number>`exists (
        select 1 from ${vocabularyListItems}
        join ${vocabularyLists} on ${vocabularyLists.id} = ${vocabularyListItems.listId}
        where ${vocabularyLists.userId} = ${userId} and ${vocabularyLists.isDefault} = 1
          and ${normalizedArabicSql(vocabularyListItems.arabic)} in (${lemmas.arabicPlain}, ${clicked})
      )`,
    })
    .from(cueTokens)
    .innerJoin(transcriptCues, eq(transcriptCues.id, cueTokens.cueId))
    .leftJoin(lemmas, eq(lemmas.id, cueTokens.lemmaId))
    .leftJoin(
      memberLemmas,
      userId === null ? sql`0` : and(eq(memberLemmas.userId, userId), eq(memberLemmas.lemmaId, cueTokens.lemmaId)),
    )
    .where(
      and(
        eq(cueTokens.cueId, cueId),
        eq(cueTokens.position, position),
        eq(cueTokens.lessonId, lessonId),
        eq(transcriptCues.lessonId, lessonId),
      ),
    )
    .limit(1);
}

/**
 * A word of a lesson looked up by where it is: the line (`cueId`) and its place among the line's words
 * (`position`, as `cue_tokens` counts). Null when the lesson has no such token, or the token there is no
 * longer the word clicked (the line was edited since the page was loaded): the caller falls back to the
 * lookup by the word alone (server/services/word-lookup.ts).
 */
export async function lookupToken(
  ctx: AppContext,
  input: { userId: number | null; lessonId: number; cueId: number; position: number; word: string },
): Promise<TokenLookup | null> {
  const [row] = await tokenLookupQuery(ctx, input);
  if (!row || normalizeArabic(row.surface) !== normalizeArabic(input.word)) return null;
  const lemma = row.lemma && row.lemmaId !== null ? readLemma(row.lemma) : null;
  const breakdown = explainBreakdown({
    prefixes: readJsonList(row.prefixes),
    stem: row.stem,
    suffixes: readJsonList(row.suffixes),
    partOfSpeech: lemma?.partOfSpeech ?? null,
  });
  return {
    word: row.surface,
    found: row.gloss !== "" || (lemma !== null && lemma.meanings.length > 0),
    token: { cueId: input.cueId, position: input.position, surface: row.surface, gloss: row.gloss, source: row.source },
    breakdown,
    lemma,
    moment: { startMs: row.startMs, endMs: row.endMs },
    status: lemma ? (row.status ?? "new") : "new",
    saved: Boolean(row.saved),
  };
}
