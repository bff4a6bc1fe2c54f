/**
 * How much of a lesson, and of the catalogue, is glossed (docs/words.md "Glossing"): a token is glossed when
 * it has a lemma and a meaning in its sentence. The worklist gathers the unglossed tokens of every lesson by
 * their normalized spelling, most frequent first, so one lemma fixes many.
 */
import { and, asc, count, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { cueTokens, lemmas, transcriptCues, videos } from "#drizzle/schema";
import { normalizeArabic } from "#core/arabic";
import { readJsonList } from "#core/schemas/lexicon";
import type { AppContext } from "../../context";

export interface Coverage {
  /** Tokens with a lemma and a gloss. */
  glossed: number;
  /** Word tokens of the transcript. */
  total: number;
}

const ID_CHUNK = 90;

/** The SQL condition of an unglossed token. */
export const unglossed = () => or(isNull(cueTokens.lemmaId), eq(cueTokens.gloss, ""));
const glossedCount = () =>
  sql<number>`coalesce(sum(case when ${cueTokens.lemmaId} is not null and ${cueTokens.gloss} <> '' then 1 else 0 end), 0)`;

export function isComplete(coverage: Coverage): boolean {
  return coverage.glossed >= coverage.total;
}

export function percentOf(coverage: Coverage): number {
  return coverage.total === 0 ? 100 : Math.floor((coverage.glossed / coverage.total) * 100);
}

/** Coverage per lesson (a lesson without tokens: 0 of 0). */
export async function coverageByLesson(
  ctx: AppContext,
  { lessonIds }: { lessonIds: readonly number[] },
): Promise<Map<number, Coverage>> {
  const result = new Map<number, Coverage>(lessonIds.map((id) => [id, { glossed: 0, total: 0 }]));
  const ids = [...new Set(lessonIds)];
  for (let index = 0; index < ids.length; index += ID_CHUNK) {
    const rows = await ctx.db
      .select({ lessonId: cueTokens.lessonId, total: count(), glossed: glossedCount() })
      .from(cueTokens)
      .where(inArray(cueTokens.lessonId, ids.slice(index, index + ID_CHUNK)))
      .groupBy(cueTokens.lessonId);
    for (const row of rows) result.set(row.lessonId, { glossed: Number(row.glossed), total: row.total });
  }
  return result;
}

export async function lessonCoverage(ctx: AppContext, { lessonId }: { lessonId: number }): Promise<Coverage> {
  return (await coverageByLesson(ctx, { lessonIds: [lessonId] })).get(lessonId)!;
}

export interface MissingGloss {
  surface: string;
  /** 1-based line numbers where it is unglossed. */
  lines: number[];
}

/** The lesson's unglossed words (by spelling, in transcript order) and the lines they are on. */
export async function missingGlosses(ctx: AppContext, { lessonId }: { lessonId: number }): Promise<MissingGloss[]> {
  const [cues, tokens] = await ctx.db.batch([
    // The editor's order and line numbers (server/services/lesson-content.ts).
    ctx.db
      .select({ id: transcriptCues.id })
      .from(transcriptCues)
      .where(eq(transcriptCues.lessonId, lessonId))
      .orderBy(asc(transcriptCues.startMs), asc(transcriptCues.id)),
    ctx.db
      .select({ cueId: cueTokens.cueId, surface: cueTokens.surface, position: cueTokens.position })
      .from(cueTokens)
      .where(and(eq(cueTokens.lessonId, lessonId), unglossed()))
      .orderBy(asc(cueTokens.cueId), asc(cueTokens.position)),
  ]);
  const lineOf = new Map(cues.map((cue, index) => [cue.id, index + 1]));
  const bySurface = new Map<string, MissingGloss>();
  const ordered = [...tokens].sort(
    (a, b) => (lineOf.get(a.cueId) ?? 0) - (lineOf.get(b.cueId) ?? 0) || a.position - b.position,
  );
  for (const token of ordered) {
    const entry = bySurface.get(token.surface) ?? { surface: token.surface, lines: [] };
    const line = lineOf.get(token.cueId) ?? 0;
    if (!entry.lines.includes(line)) entry.lines.push(line);
    bySurface.set(token.surface, entry);
  }
  return [...bySurface.values()];
}

/** "3 of 40 words are not glossed yet: بيبلّش (line 2), عنّا (lines 3, 5)." */
export function describeMissing(coverage: Coverage, missing: readonly MissingGloss[], shown = 8): string {
  const left = coverage.total - coverage.glossed;
  const words = missing
    .slice(0, shown)
    .map((entry) => `${entry.surface} (line${entry.lines.length > 1 ? "s" : ""} ${entry.lines.join(", ")})`);
  const more = missing.length > shown ? `, and ${missing.length - shown} more` : "";
  return `${left} of ${coverage.total} words ${left === 1 ? "is" : "are"} not glossed yet: ${words.join(", ")}${more}.`;
}

export interface CatalogueCoverage {
  all: Coverage;
  published: Coverage;
  lessons: { total: number; complete: number; withTokens: number };
}

/** The catalogue's coverage: every lesson, the published ones, and how many lessons are complete. */
export async function catalogueCoverage(ctx: AppContext): Promise<CatalogueCoverage> {
  const rows = await ctx.db
    .select({
      lessonId: cueTokens.lessonId,
      isPublished: videos.isPublished,
      total: count(),
      glossed: glossedCount(),
    })
    .from(cueTokens)
    .innerJoin(videos, eq(videos.id, cueTokens.lessonId))
    .groupBy(cueTokens.lessonId);
  const [{ lessons }] = (await ctx.db.select({ lessons: count() }).from(videos)) as [{ lessons: number }];
  const all: Coverage = { glossed: 0, total: 0 };
  const published: Coverage = { glossed: 0, total: 0 };
  let complete = lessons - rows.length;
  for (const row of rows) {
    const glossed = Number(row.glossed);
    all.glossed += glossed;
    all.total += row.total;
    if (row.isPublished) {
      published.glossed += glossed;
      published.total += row.total;
    }
    if (glossed >= row.total) complete += 1;
  }
  return { all, published, lessons: { total: lessons, complete, withTokens: rows.length } };
}

export interface WorklistOccurrence {
  tokenId: number;
  lessonId: number;
  lessonTitle: string;
  isPublished: boolean;
  cueId: number;
  /** 1-based line number in its lesson. */
  line: number;
  surface: string;
}

export interface WorklistEntry {
  /** The normalized spelling the group shares (normalizeArabic). */
  form: string;
  /** The spellings met, most frequent first. */
  surfaces: string[];
  occurrences: number;
  lessons: number;
  /** The lemma the word analysis guessed for most of them, if any. */
  guess: { id: number; arabic: string; transliteration: string; meaning: string } | null;
  /** The first few places, to open the editor at. */
  examples: WorklistOccurrence[];
}

/** Spellings read before grouping; each is a group's candidate. */
const SURFACES_READ = 500;
const EXAMPLES_PER_ENTRY = 5;

/**
 * The unglossed tokens of every lesson (drafts included), grouped by normalized spelling, most frequent
 * first: `limit` groups, each with its first places.
 */
export async function glossingWorklist(
  ctx: AppContext,
  { limit = 50 }: { limit?: number } = {},
): Promise<{ entries: WorklistEntry[]; unglossed: number }> {
  const occurrences = count().as("occurrences");
  const [surfaces, [total]] = await ctx.db.batch([
    ctx.db
      .select({ surface: cueTokens.surface, occurrences })
      .from(cueTokens)
      .where(unglossed())
      .groupBy(cueTokens.surface)
      .orderBy(sql`${occurrences} desc`, asc(cueTokens.surface))
      .limit(SURFACES_READ),
    ctx.db.select({ unglossed: count() }).from(cueTokens).where(unglossed()),
  ]);
  const groups = new Map<string, { form: string; surfaces: Array<{ surface: string; n: number }>; n: number }>();
  for (const row of surfaces) {
    const form = normalizeArabic(row.surface);
    const group = groups.get(form) ?? { form, surfaces: [], n: 0 };
    group.surfaces.push({ surface: row.surface, n: row.occurrences });
    group.n += row.occurrences;
    groups.set(form, group);
  }
  const top = [...groups.values()].sort((a, b) => b.n - a.n || a.form.localeCompare(b.form)).slice(0, limit);
  const wanted = top.flatMap((group) => group.surfaces.map((entry) => entry.surface));

  const places: Array<{
    tokenId: number;
    surface: string;
    lemmaId: number | null;
    cueId: number;
    lessonId: number;
    lessonTitle: string;
    isPublished: boolean;
  }> = [];
  for (let index = 0; index < wanted.length; index += ID_CHUNK) {
    places.push(
      ...(await ctx.db
        .select({
          tokenId: cueTokens.id,
          surface: cueTokens.surface,
          lemmaId: cueTokens.lemmaId,
          cueId: cueTokens.cueId,
          lessonId: cueTokens.lessonId,
          lessonTitle: videos.title,
          isPublished: videos.isPublished,
        })
        .from(cueTokens)
        .innerJoin(videos, eq(videos.id, cueTokens.lessonId))
        .where(and(unglossed(), inArray(cueTokens.surface, wanted.slice(index, index + ID_CHUNK))))
        .orderBy(asc(cueTokens.lessonId), asc(cueTokens.cueId), asc(cueTokens.position))),
    );
  }

  // Line numbers of the lessons the examples are in.
  const lessonIds = [...new Set(places.map((place) => place.lessonId))];
  const lineOf = new Map<number, number>();
  for (let index = 0; index < lessonIds.length; index += ID_CHUNK) {
    const cues = await ctx.db
      .select({ id: transcriptCues.id, lessonId: transcriptCues.lessonId })
      .from(transcriptCues)
      .where(inArray(transcriptCues.lessonId, lessonIds.slice(index, index + ID_CHUNK)))
      .orderBy(asc(transcriptCues.lessonId), asc(transcriptCues.startMs), asc(transcriptCues.id));
    let lesson = -1;
    let line = 0;
    for (const cue of cues) {
      if (cue.lessonId !== lesson) [lesson, line] = [cue.lessonId, 0];
      line += 1;
      lineOf.set(cue.id, line);
    }
  }

  const guessIds = new Set<number>();
  const byForm = new Map<string, typeof places>();
  for (const place of places) {
    const form = normalizeArabic(place.surface);
    byForm.set(form, [...(byForm.get(form) ?? []), place]);
  }
  const guessOf = new Map<string, number>();
  for (const [form, list] of byForm) {
    const votes = new Map<number, number>();
    for (const place of list) if (place.lemmaId) votes.set(place.lemmaId, (votes.get(place.lemmaId) ?? 0) + 1);
    const best = [...votes].sort((a, b) => b[1] - a[1])[0];
    if (best) {
      guessOf.set(form, best[0]);
      guessIds.add(best[0]);
    }
  }
  const guesses = new Map<number, { id: number; arabic: string; transliteration: string; meaning: string }>();
  const ids = [...guessIds];
  for (let index = 0; index < ids.length; index += ID_CHUNK) {
    const rows = await ctx.db
      .select({
        id: lemmas.id,
        arabic: lemmas.arabic,
        transliteration: lemmas.transliteration,
        meanings: lemmas.meanings,
      })
      .from(lemmas)
      .where(inArray(lemmas.id, ids.slice(index, index + ID_CHUNK)));
    for (const row of rows) guesses.set(row.id, { ...row, meaning: readJsonList(row.meanings)[0] ?? "" });
  }

  const entries = top.map((group): WorklistEntry => {
    const list = byForm.get(group.form) ?? [];
    const guessId = guessOf.get(group.form);
    return {
      form: group.form,
      surfaces: group.surfaces.sort((a, b) => b.n - a.n).map((entry) => entry.surface),
      occurrences: group.n,
      lessons: new Set(list.map((place) => place.lessonId)).size,
      guess: guessId ? (guesses.get(guessId) ?? null) : null,
      examples: list.slice(0, EXAMPLES_PER_ENTRY).map((place) => ({
        tokenId: place.tokenId,
        lessonId: place.lessonId,
        lessonTitle: place.lessonTitle,
        isPublished: place.isPublished,
        cueId: place.cueId,
        line: lineOf.get(place.cueId) ?? 0,
        surface: place.surface,
      })),
    };
  });
  return { entries, unglossed: total?.unglossed ?? 0 };
}
