import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { cueTokens, lemmaForms, lemmas, lessonLemmas, transcriptCues } from "#drizzle/schema";
import { normalizeArabic, splitArabicWords } from "#core/arabic";
import { bestKnownAnalysis, formsLexicon, formsToAsk } from "#core/words/lexicon";
import type { AppContext } from "../../context";

type Query = BatchItem<"sqlite">;

/** Rows per multi-row insert, under D1's 100 bound parameters (12 columns a token row). */
const TOKEN_ROWS_PER_INSERT = 8;
/** Forms per `IN (…)` lookup, under the same limit. */
const FORMS_PER_QUERY = 90;

/** The word tokens of a line, in order (what `cue_tokens.position` counts). */
export function lineWords(arabic: string): string[] {
  return splitArabicWords(arabic)
    .filter((token) => token.isWord)
    .map((token) => token.text);
}

export interface TokenRow {
  cueId: number;
  position: number;
  surface: string;
  lemmaId: number | null;
  gloss: string;
  prefixes: string[];
  stem: string;
  suffixes: string[];
  source: string;
}

/** The lemma ids of these normalized forms, and whether each is a verb form. */
async function lemmaFormsFor(ctx: AppContext, forms: string[]) {
  const rows: Array<{ form: string; lemmaId: number; isVerb: boolean; partOfSpeech: string; arabicPlain: string }> = [];
  for (let index = 0; index < forms.length; index += FORMS_PER_QUERY) {
    rows.push(
      ...(await ctx.db
        .select({
          form: lemmaForms.form,
          lemmaId: lemmaForms.lemmaId,
          isVerb: lemmaForms.isVerb,
          partOfSpeech: lemmas.partOfSpeech,
          arabicPlain: lemmas.arabicPlain,
        })
        .from(lemmaForms)
        .innerJoin(lemmas, eq(lemmas.id, lemmaForms.lemmaId))
        .where(inArray(lemmaForms.form, forms.slice(index, index + FORMS_PER_QUERY)))
        .orderBy(asc(lemmaForms.lemmaId))),
    );
  }
  return rows;
}

/**
 * Tokens for the lines of one lesson: a token whose line still has the same word at the same place keeps
 * its lemma and gloss (a gloss written by the team survives an edit of another word); a word met again
 * elsewhere in the same line keeps its gloss too; any other word gets the analysis's best guess
 * (core/words/analysis.ts): its lemma, no contextual gloss yet.
 */
export async function planLessonTokens(
  ctx: AppContext,
  { lessonId }: { lessonId: number },
): Promise<{ cues: Array<{ id: number }>; tokens: TokenRow[] }> {
  const [cues, stored] = await ctx.db.batch([
    ctx.db
      .select({ id: transcriptCues.id, arabic: transcriptCues.arabic })
      .from(transcriptCues)
      .where(eq(transcriptCues.lessonId, lessonId))
      .orderBy(asc(transcriptCues.position)),
    ctx.db
      .select()
      .from(cueTokens)
      .where(eq(cueTokens.lessonId, lessonId))
      .orderBy(asc(cueTokens.cueId), asc(cueTokens.position)),
  ]);
  const storedByCue = new Map<number, Array<(typeof stored)[number]>>();
  for (const row of stored) {
    const list = storedByCue.get(row.cueId) ?? [];
    list.push(row);
    storedByCue.set(row.cueId, list);
  }

  const words = cues.map((cue) => lineWords(cue.arabic));
  const toAnalyse = new Set<string>();
  const plans: Array<Array<TokenRow | string>> = cues.map((cue, cueIndex) => {
    const old = storedByCue.get(cue.id) ?? [];
    const used = new Set<number>();
    return words[cueIndex]!.map((surface, position) => {
      const same = old.find((row) => row.position === position && row.surface === surface);
      const moved =
        same ?? old.find((row) => row.surface === surface && !used.has(row.id) && row.source !== "analysis");
      if (moved && !used.has(moved.id)) {
        used.add(moved.id);
        return {
          cueId: cue.id,
          position,
          surface,
          lemmaId: moved.lemmaId,
          gloss: moved.gloss,
          prefixes: JSON.parse(moved.prefixes) as string[],
          stem: moved.stem,
          suffixes: JSON.parse(moved.suffixes) as string[],
          source: moved.source,
        };
      }
      toAnalyse.add(surface);
      return surface;
    });
  });

  const found = toAnalyse.size > 0 ? await lemmaFormsFor(ctx, formsToAsk(toAnalyse)) : [];
  const lexicon = formsLexicon(found);
  // Of two lemmas written alike, the one whose dictionary form it is, then the older entry (rows come by id).
  const lemmaOf = new Map<string, number>();
  for (const row of found)
    if (row.arabicPlain === row.form && !lemmaOf.has(row.form)) lemmaOf.set(row.form, row.lemmaId);
  for (const row of found) if (!lemmaOf.has(row.form)) lemmaOf.set(row.form, row.lemmaId);

  const tokens = plans.flatMap((plan, cueIndex) =>
    plan.map((item, position): TokenRow => {
      if (typeof item !== "string") return item;
      const analysis = bestKnownAnalysis(item, lexicon);
      return {
        cueId: cues[cueIndex]!.id,
        position,
        surface: item,
        lemmaId: analysis ? (lemmaOf.get(analysis.lookup) ?? null) : null,
        gloss: "",
        prefixes: analysis ? analysis.prefixes.map((affix) => affix.form) : [],
        stem: analysis ? analysis.stem : normalizeArabic(item),
        suffixes: analysis ? analysis.suffixes.map((affix) => affix.form) : [],
        source: "analysis",
      };
    }),
  );
  return { cues, tokens };
}

/** The statements that replace a lesson's tokens with these and rebuild its lemma set (one batch). */
export function writeLessonTokens(
  ctx: AppContext,
  { lessonId, tokens, now }: { lessonId: number; tokens: TokenRow[]; now: Date },
): Query[] {
  const statements: Query[] = [ctx.db.delete(cueTokens).where(eq(cueTokens.lessonId, lessonId))];
  const rows = tokens.map((token) => ({
    cueId: token.cueId,
    lessonId,
    position: token.position,
    surface: token.surface,
    lemmaId: token.lemmaId,
    gloss: token.gloss,
    prefixes: JSON.stringify(token.prefixes),
    stem: token.stem,
    suffixes: JSON.stringify(token.suffixes),
    source: token.source,
    createdAt: now,
    updatedAt: now,
  }));
  for (let index = 0; index < rows.length; index += TOKEN_ROWS_PER_INSERT) {
    statements.push(ctx.db.insert(cueTokens).values(rows.slice(index, index + TOKEN_ROWS_PER_INSERT)));
  }
  statements.push(...rebuildLessonLemmas(ctx, { lessonId }));
  return statements;
}

/** Rebuilds `lesson_lemmas` of a lesson from its tokens: every lemma but names, with its count. */
export function rebuildLessonLemmas(ctx: AppContext, { lessonId }: { lessonId: number }): Query[] {
  return [
    ctx.db.delete(lessonLemmas).where(eq(lessonLemmas.lessonId, lessonId)),
    ctx.db.insert(lessonLemmas).select(
      ctx.db
        .select({
          lessonId: sql<number>`${lessonId}`.as("video_id"),
          lemmaId: sql<number>`${cueTokens.lemmaId}`.as("lemma_id"),
          occurrences: count().as("occurrences"),
        })
        .from(cueTokens)
        .innerJoin(lemmas, eq(lemmas.id, cueTokens.lemmaId))
        .where(and(eq(cueTokens.lessonId, lessonId), ne(lemmas.partOfSpeech, "name")))
        .groupBy(cueTokens.lemmaId),
    ),
  ];
}

/** Tokenises a lesson's lines again (after its transcript was saved). */
export async function tokenizeLesson(ctx: AppContext, { lessonId }: { lessonId: number }): Promise<void> {
  const { tokens } = await planLessonTokens(ctx, { lessonId });
  const statements = writeLessonTokens(ctx, { lessonId, tokens, now: ctx.now() });
  await ctx.db.batch(statements as [Query, ...Query[]]);
}
