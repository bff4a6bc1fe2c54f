/**
 * Glossing a lesson from the cue editor (docs/words.md "Glossing"): each line's tokens with their lemma and
 * meaning in the sentence; a token glossed by the team (an existing lemma or a new one, written through the
 * lexicon's admin resource so one set of rules holds); Workers AI's suggestions for the unglossed tokens,
 * which the admin accepts or edits; publishing through the lessons resource, which asks for a confirmation
 * below 100 % or when another item of the publishing checklist fails. Every write rebuilds the lesson's `lesson_lemmas` and logs one audit row in its batch.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { cueTokens, lemmaForms, lemmas, transcriptCues } from "#drizzle/schema";
import { normalizeArabic } from "#core/arabic";
import { readJsonList, type PartOfSpeech } from "#core/schemas/lexicon";
import {
  aiGlossAnswerSchema,
  glossChoiceErrors,
  type AcceptGlossesInput,
  type AiGlossAnswer,
  type GlossTokenInput,
} from "#core/schemas/glossing";
import { lemmasResource } from "../../admin/resources/lemmas";
import { CONFIRM_PUBLISH_FIELD, videosResource } from "../../admin/resources/videos";
import type { AppContext } from "../../context";
import { AppError, notFound } from "../../lib/errors";
import { createRecord, updateRecord } from "../admin-resources";
import { requireVideo } from "../admin-lesson";
import { auditInsert } from "../audit-log";
import type { SessionUser } from "../auth";
import { lessonCoverage, type Coverage } from "./coverage";
import { rebuildLessonLemmas } from "./tokens";

type Query = BatchItem<"sqlite">;

export interface GlossLemma {
  id: number;
  key: string;
  arabic: string;
  transliteration: string;
  partOfSpeech: string;
  meanings: string[];
}

export interface GlossToken {
  id: number;
  position: number;
  surface: string;
  prefixes: string[];
  stem: string;
  suffixes: string[];
  lemma: GlossLemma | null;
  gloss: string;
  source: string;
  glossed: boolean;
}

export interface GlossLine {
  cueId: number;
  /** 1-based, in the editor's order. */
  line: number;
  startMs: number;
  arabic: string;
  transliteration: string;
  english: string;
  tokens: GlossToken[];
}

function toLemma(row: {
  id: number | null;
  key: string | null;
  arabic: string | null;
  transliteration: string | null;
  partOfSpeech: string | null;
  meanings: string | null;
}): GlossLemma | null {
  if (row.id === null) return null;
  return {
    id: row.id,
    key: row.key ?? "",
    arabic: row.arabic ?? "",
    transliteration: row.transliteration ?? "",
    partOfSpeech: row.partOfSpeech ?? "",
    meanings: readJsonList(row.meanings ?? "[]"),
  };
}

const lemmaColumns = {
  id: lemmas.id,
  key: lemmas.key,
  arabic: lemmas.arabic,
  transliteration: lemmas.transliteration,
  partOfSpeech: lemmas.partOfSpeech,
  meanings: lemmas.meanings,
};

/** Every line of a lesson with its tokens, and the lesson's coverage. */
export async function lessonGlossing(
  ctx: AppContext,
  { lessonId }: { lessonId: number },
): Promise<{ lines: GlossLine[]; coverage: Coverage }> {
  await requireVideo(ctx, { lessonId });
  const [cues, tokens] = await ctx.db.batch([
    ctx.db
      .select({
        id: transcriptCues.id,
        startMs: transcriptCues.startMs,
        arabic: transcriptCues.arabic,
        transliteration: transcriptCues.transliteration,
        english: transcriptCues.english,
      })
      .from(transcriptCues)
      .where(eq(transcriptCues.lessonId, lessonId))
      .orderBy(asc(transcriptCues.startMs), asc(transcriptCues.id)),
    ctx.db
      .select({
        id: cueTokens.id,
        cueId: cueTokens.cueId,
        position: cueTokens.position,
        surface: cueTokens.surface,
        prefixes: cueTokens.prefixes,
        stem: cueTokens.stem,
        suffixes: cueTokens.suffixes,
        gloss: cueTokens.gloss,
        source: cueTokens.source,
        // Named apart from the token's own id: a D1 batch returns rows by column name.
        lemma: { ...lemmaColumns, id: sql<number | null>`${lemmas.id}`.as("lemma_ref") },
      })
      .from(cueTokens)
      .leftJoin(lemmas, eq(lemmas.id, cueTokens.lemmaId))
      .where(eq(cueTokens.lessonId, lessonId))
      .orderBy(asc(cueTokens.cueId), asc(cueTokens.position)),
  ]);
  const byCue = new Map<number, GlossToken[]>();
  let glossed = 0;
  for (const token of tokens) {
    const lemma = token.lemma ? toLemma(token.lemma) : null;
    const isGlossed = lemma !== null && token.gloss !== "";
    if (isGlossed) glossed += 1;
    const list = byCue.get(token.cueId) ?? [];
    list.push({
      id: token.id,
      position: token.position,
      surface: token.surface,
      prefixes: readJsonList(token.prefixes),
      stem: token.stem,
      suffixes: readJsonList(token.suffixes),
      lemma,
      gloss: token.gloss,
      source: token.source,
      glossed: isGlossed,
    });
    byCue.set(token.cueId, list);
  }
  const lines = cues.map((cue, index) => ({
    cueId: cue.id,
    line: index + 1,
    startMs: cue.startMs,
    arabic: cue.arabic,
    transliteration: cue.transliteration,
    english: cue.english,
    tokens: byCue.get(cue.id) ?? [],
  }));
  return { lines, coverage: { glossed, total: tokens.length } };
}

async function findToken(ctx: AppContext, lessonId: number, tokenId: number) {
  const [token] = await ctx.db
    .select({ id: cueTokens.id, surface: cueTokens.surface, lemmaId: cueTokens.lemmaId, gloss: cueTokens.gloss })
    .from(cueTokens)
    .where(and(eq(cueTokens.id, tokenId), eq(cueTokens.lessonId, lessonId)))
    .limit(1);
  if (!token) throw notFound("That word is not in this lesson's transcript (was it just changed?).");
  return token;
}

async function requireLemma(ctx: AppContext, lemmaId: number, field: string): Promise<GlossLemma> {
  const [row] = await ctx.db.select(lemmaColumns).from(lemmas).where(eq(lemmas.id, lemmaId)).limit(1);
  if (!row) {
    const message = "There is no such lemma: choose one from the list.";
    throw new AppError(422, [message], { [field]: [message] });
  }
  return toLemma(row)!;
}

/** Field errors of a nested object, named under `prefix` ("lemma.arabic"). */
function prefixed(error: AppError, prefix: string): AppError {
  const fieldErrors = Object.fromEntries(
    Object.entries(error.fieldErrors).map(([field, messages]) => [`${prefix}.${field}`, messages]),
  );
  return new AppError(error.status, error.messages, fieldErrors);
}

/** A new lemma through the lexicon's resource (its schema, its key, its forms, its audit row). */
async function createLemma(ctx: AppContext, actor: SessionUser, input: Record<string, unknown>, prefix: string) {
  try {
    const record = await createRecord({ app: ctx, user: actor }, { resource: lemmasResource, input });
    return requireLemma(ctx, Number(record.id), prefix);
  } catch (error) {
    if (error instanceof AppError && error.status === 422) throw prefixed(error, prefix);
    throw error;
  }
}

function tokenUpdate(
  ctx: AppContext,
  {
    lessonId,
    tokenId,
    lemmaId,
    gloss,
    source,
  }: { lessonId: number; tokenId: number; lemmaId: number; gloss: string; source: string },
): Query {
  return ctx.db
    .update(cueTokens)
    .set({ lemmaId, gloss, source, updatedAt: ctx.now() })
    .where(and(eq(cueTokens.id, tokenId), eq(cueTokens.lessonId, lessonId)));
}

/**
 * Glosses one token of a lesson: its lemma (an existing one, or a new one created through the lexicon's
 * resource) and its meaning in this sentence, written with source "team".
 */
export async function glossToken(
  ctx: AppContext,
  {
    actor,
    lessonId,
    tokenId,
    input,
  }: { actor: SessionUser; lessonId: number; tokenId: number; input: GlossTokenInput },
) {
  const video = await requireVideo(ctx, { lessonId });
  const token = await findToken(ctx, lessonId, tokenId);
  const lemma =
    input.lemmaId !== undefined
      ? await requireLemma(ctx, input.lemmaId, "lemmaId")
      : await createLemma(ctx, actor, input.lemma ?? {}, "lemma");
  const statements: Query[] = [
    tokenUpdate(ctx, { lessonId, tokenId, lemmaId: lemma.id, gloss: input.gloss, source: "team" }),
    ...rebuildLessonLemmas(ctx, { lessonId }),
    auditInsert(ctx, {
      actorId: actor.id,
      action: "lesson.word-gloss",
      resource: "videos",
      recordId: video.id,
      recordLabel: video.title,
      changes: {
        [`word ${token.surface}`]: {
          before: token.lemmaId && token.gloss ? `${token.lemmaId}: ${token.gloss}` : null,
          after: `${lemma.arabic} (${lemma.transliteration}): ${input.gloss}`,
        },
      },
    }),
  ];
  await ctx.db.batch(statements as [Query, ...Query[]]);
  return { tokenId, lemma, gloss: input.gloss, source: "team", coverage: await lessonCoverage(ctx, { lessonId }) };
}

// ---------------------------------------------------------------------------------------------------
// Suggestions from Workers AI

export const GLOSS_MODEL = "@cf/meta/llama-3.3-70b-instruct-fp8-fast";
/** Lines per request: the answer must fit the model's output. */
const LINES_PER_REQUEST = 12;
const MAX_ANSWER_TOKENS = 4096;

export function isGlossSuggestionAvailable(ctx: AppContext): boolean {
  return Boolean(ctx.env.AI);
}

export const MALFORMED_ANSWER =
  "The AI's answer was not in the expected form, so nothing was suggested and nothing was written. Try again.";

const SYSTEM_PROMPT = [
  "You gloss Levantine (Shami) Arabic transcripts word by word for learners on Ahla.",
  'For each word listed, give its dictionary form (lemma) in Arabic script (verbs in the he-form of the past, nouns in the singular without the article), the lemma\'s transliteration in Ahla\'s scheme (ʔ ʕ ħ, long vowels doubled: ballash, ʕind), its part of speech, and its meaning in this very sentence in a few English words ("(it) starts", "at our place").',
  `part_of_speech is one of: noun, verb, adjective, adverb, preposition, pronoun, particle, conjunction, interjection, numeral, name, phrase.`,
  'Answer only JSON: {"tokens":[{"line":0,"position":0,"lemma_arabic":"…","lemma_transliteration":"…","part_of_speech":"verb","meaning":"…"}]}, one entry per word listed, with the line and position given.',
].join("\n");

/** The JSON schema the model is held to (Workers AI's JSON mode). */
const ANSWER_JSON_SCHEMA = {
  type: "object",
  properties: {
    tokens: {
      type: "array",
      items: {
        type: "object",
        properties: {
          line: { type: "integer" },
          position: { type: "integer" },
          lemma_arabic: { type: "string" },
          lemma_transliteration: { type: "string" },
          part_of_speech: { type: "string" },
          meaning: { type: "string" },
        },
        required: ["line", "position", "lemma_arabic", "lemma_transliteration", "part_of_speech", "meaning"],
      },
    },
  },
  required: ["tokens"],
} as const;

/** Reads the model's answer: JSON (an object, or text holding one, fenced or not) that the schema accepts. */
export function readGlossAnswer(raw: unknown): AiGlossAnswer | null {
  let value: unknown = raw;
  if (value && typeof value === "object" && "response" in value) value = (value as { response: unknown }).response;
  if (typeof value === "string") {
    const text = value
      .trim()
      .replace(/^```(?:json)?\s*/i, "")
      .replace(/```$/, "")
      .trim();
    try {
      value = JSON.parse(text);
    } catch {
      return null;
    }
  }
  const parsed = aiGlossAnswerSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export interface GlossSuggestion {
  tokenId: number;
  cueId: number;
  line: number;
  position: number;
  surface: string;
  /** A stored lemma written like the suggested one, if any (else `newLemma` would be created). */
  lemma: GlossLemma | null;
  newLemma: { arabic: string; transliteration: string; partOfSpeech: PartOfSpeech; meanings: string[] };
  gloss: string;
}

/** Stored lemmas by normalized spelling (dictionary form first, then any written form). */
async function lemmasWrittenAs(ctx: AppContext, forms: string[]): Promise<Map<string, GlossLemma[]>> {
  const found = new Map<string, GlossLemma[]>();
  const unique = [...new Set(forms.filter(Boolean))];
  for (let index = 0; index < unique.length; index += 90) {
    const part = unique.slice(index, index + 90);
    const [plain, written] = await ctx.db.batch([
      ctx.db.select(lemmaColumns).from(lemmas).where(inArray(lemmas.arabicPlain, part)).orderBy(asc(lemmas.id)),
      ctx.db
        .select({ form: lemmaForms.form, lemma: lemmaColumns })
        .from(lemmaForms)
        .innerJoin(lemmas, eq(lemmas.id, lemmaForms.lemmaId))
        .where(inArray(lemmaForms.form, part))
        .orderBy(asc(lemmas.id)),
    ]);
    for (const row of plain) {
      const key = normalizeArabic(row.arabic);
      found.set(key, [...(found.get(key) ?? []), toLemma(row)!]);
    }
    for (const row of written) {
      const list = found.get(row.form) ?? [];
      if (!list.some((lemma) => lemma.id === row.lemma.id)) list.push(toLemma(row.lemma)!);
      found.set(row.form, list);
    }
  }
  return found;
}

/**
 * Asks Workers AI for a lemma and a meaning for every unglossed token of a lesson, line by line (the line,
 * its transliteration and English go with it). Nothing is written: the admin accepts or edits each
 * suggestion. 503 without the binding, 502 when the model fails or answers something zod refuses.
 */
export async function suggestGlosses(
  ctx: AppContext,
  { lessonId }: { lessonId: number },
): Promise<{ suggestions: GlossSuggestion[]; asked: number }> {
  const { lines } = await lessonGlossing(ctx, { lessonId });
  const ai = ctx.env.AI;
  if (!ai) throw new AppError(503, ["Glossing suggestions are off: this deployment has no Workers AI binding."]);
  const wanted = lines
    .map((line) => ({ line, tokens: line.tokens.filter((token) => !token.glossed) }))
    .filter((entry) => entry.tokens.length > 0);
  const asked = wanted.reduce((sum, entry) => sum + entry.tokens.length, 0);
  if (asked === 0) return { suggestions: [], asked };

  const answers: AiGlossAnswer["tokens"] = [];
  for (let index = 0; index < wanted.length; index += LINES_PER_REQUEST) {
    const part = wanted.slice(index, index + LINES_PER_REQUEST);
    const request = {
      lines: part.map(({ line, tokens }) => ({
        line: line.line,
        arabic: line.arabic,
        transliteration: line.transliteration,
        english: line.english,
        words: tokens.map((token) => ({ position: token.position, word: token.surface })),
      })),
    };
    let raw: unknown;
    try {
      raw = await ai.run(
        GLOSS_MODEL as Parameters<Ai["run"]>[0],
        {
          messages: [
            { role: "system", content: SYSTEM_PROMPT },
            { role: "user", content: JSON.stringify(request) },
          ],
          response_format: { type: "json_schema", json_schema: ANSWER_JSON_SCHEMA },
          max_tokens: MAX_ANSWER_TOKENS,
        } as never,
      );
    } catch (error) {
      console.error("Gloss suggestions failed", error);
      throw new AppError(502, ["Workers AI could not suggest glosses just now. Try again in a moment."]);
    }
    const answer = readGlossAnswer(raw);
    if (!answer) throw new AppError(502, [MALFORMED_ANSWER]);
    answers.push(...answer.tokens);
  }

  const tokenAt = new Map<string, { line: GlossLine; token: GlossToken }>();
  for (const { line, tokens } of wanted)
    for (const token of tokens) tokenAt.set(`${line.line}:${token.position}`, { line, token });
  const stored = await lemmasWrittenAs(
    ctx,
    answers.map((answer) => normalizeArabic(answer.lemma_arabic)),
  );
  const suggestions = new Map<number, GlossSuggestion>();
  for (const answer of answers) {
    const place = tokenAt.get(`${answer.line}:${answer.position}`);
    // An answer about a word that was not asked (or asked twice) is left out.
    if (!place || suggestions.has(place.token.id)) continue;
    const candidates = stored.get(normalizeArabic(answer.lemma_arabic)) ?? [];
    const lemma =
      candidates.find((candidate) => candidate.partOfSpeech === answer.part_of_speech) ?? candidates[0] ?? null;
    suggestions.set(place.token.id, {
      tokenId: place.token.id,
      cueId: place.line.cueId,
      line: place.line.line,
      position: place.token.position,
      surface: place.token.surface,
      lemma,
      newLemma: {
        arabic: answer.lemma_arabic,
        transliteration: answer.lemma_transliteration,
        partOfSpeech: answer.part_of_speech,
        meanings: [answer.meaning],
      },
      gloss: answer.meaning,
    });
  }
  const ordered = [...suggestions.values()].sort((a, b) => a.line - b.line || a.position - b.position);
  return { suggestions: ordered, asked };
}

/**
 * Writes the suggestions the admin accepted (source "ai"; an edited one is the team's). New lemmas are
 * checked first, all of them, so a refused one writes nothing; two items naming the same new lemma create it
 * once. The tokens, the lesson's lemma set and the audit row go in one batch.
 */
export async function acceptGlossSuggestions(
  ctx: AppContext,
  { actor, lessonId, input }: { actor: SessionUser; lessonId: number; input: AcceptGlossesInput },
) {
  const video = await requireVideo(ctx, { lessonId });
  const tokenIds = [...new Set(input.items.map((item) => item.tokenId))];
  if (tokenIds.length !== input.items.length) throw new AppError(422, ["A word appears twice."]);
  const found = new Set<number>();
  for (let index = 0; index < tokenIds.length; index += 90) {
    const rows = await ctx.db
      .select({ id: cueTokens.id })
      .from(cueTokens)
      .where(and(eq(cueTokens.lessonId, lessonId), inArray(cueTokens.id, tokenIds.slice(index, index + 90))));
    for (const row of rows) found.add(row.id);
  }
  if (found.size !== tokenIds.length) {
    throw new AppError(409, ["The transcript changed since these suggestions were made. Ask for suggestions again."]);
  }

  // Every item is checked as the cue editor's glossing form is: a stored lemma or a new one that passes the
  // lexicon's schema, and its meaning here.
  const fieldErrors: Record<string, string[]> = {};
  input.items.forEach(({ lemmaId, lemma, gloss }, index) => {
    Object.assign(fieldErrors, glossChoiceErrors({ lemmaId, lemma, gloss }, `items.${index}.`));
  });
  if (Object.keys(fieldErrors).length > 0) {
    throw new AppError(
      422,
      Object.entries(fieldErrors).map(([field, [message]]) => `${field}: ${message}`),
      fieldErrors,
    );
  }
  for (const [index, item] of input.items.entries()) {
    if (item.lemmaId !== undefined) await requireLemma(ctx, item.lemmaId, `items.${index}.lemmaId`);
  }

  const created = new Map<string, GlossLemma>();
  const lemmaIds: number[] = [];
  for (const [index, item] of input.items.entries()) {
    if (item.lemmaId !== undefined) {
      lemmaIds.push(item.lemmaId);
      continue;
    }
    const lemma = item.lemma!;
    const sameAs = `${normalizeArabic(String(lemma.arabic ?? ""))}|${String(lemma.transliteration ?? "").trim()}|${String(lemma.partOfSpeech ?? "")}`;
    let made = created.get(sameAs);
    if (!made) {
      made = await createLemma(ctx, actor, lemma, `items.${index}.lemma`);
      created.set(sameAs, made);
    }
    lemmaIds.push(made.id);
  }

  const statements: Query[] = input.items.map((item, index) =>
    tokenUpdate(ctx, {
      lessonId,
      tokenId: item.tokenId,
      lemmaId: lemmaIds[index]!,
      gloss: item.gloss,
      source: item.edited ? "team" : "ai",
    }),
  );
  statements.push(
    ...rebuildLessonLemmas(ctx, { lessonId }),
    auditInsert(ctx, {
      actorId: actor.id,
      action: "lesson.words-gloss-ai",
      resource: "videos",
      recordId: video.id,
      recordLabel: video.title,
      changes: {
        glossed: { after: input.items.length },
        ...(created.size > 0 ? { lemmas: { after: created.size } } : {}),
      },
    }),
  );
  await ctx.db.batch(statements as [Query, ...Query[]]);
  return {
    written: input.items.length,
    lemmasCreated: created.size,
    coverage: await lessonCoverage(ctx, { lessonId }),
  };
}

// ---------------------------------------------------------------------------------------------------
// Publishing

/**
 * Publishes a lesson through the lessons resource (its hooks: the publishing checklist, the publication date,
 * the search index, the public pages' purge), which refuses a lesson failing its checklist (below 100 %
 * coverage among others: server/services/publish-checklist.ts) unless `confirm` says so (422 naming what is missing).
 */
export async function publishLesson(
  ctx: AppContext,
  { actor, lessonId, confirm }: { actor: SessionUser; lessonId: number; confirm: boolean },
) {
  await requireVideo(ctx, { lessonId });
  await updateRecord(
    { app: ctx, user: actor },
    {
      resource: videosResource,
      id: String(lessonId),
      input: { isPublished: true, [CONFIRM_PUBLISH_FIELD]: confirm },
      mode: "patch",
    },
  );
  return { published: true, coverage: await lessonCoverage(ctx, { lessonId }) };
}
