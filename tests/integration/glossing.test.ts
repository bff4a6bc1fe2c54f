import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  adminAuditLog,
  cueTokens,
  lemmaForms,
  lemmas,
  lessonLemmas,
  videos,
  videoVocabulary,
} from "../../drizzle/schema";
import { createAppContext } from "../../server/context";
import type { Env } from "../../server/env";
import { GLOSS_MODEL, MALFORMED_ANSWER } from "../../server/services/words/glossing";
import { createLesson } from "../fixtures/lessons";
import { call, json, member, testEnv, type ApiBody } from "./helpers";

// The glossing tools of issue 25 (docs/words.md "Glossing"): the lexicon as an admin resource, glossing a
// lesson's tokens from the cue editor, Workers AI's suggestions through a stand-in at the binding, and
// publishing below 100 %. Every row here is this file's own (unique keys and lessons).

const ctx = createAppContext(testEnv);
let admin: { id: number; token: string };
let learner: { token: string };
let tag = 0;
const unique = () => `${Date.now().toString(36)}${(tag += 1)}${crypto.randomUUID().slice(0, 4)}`;

interface LemmaRecord {
  id: string;
  title: string;
  values: Record<string, unknown> & { key: string; meanings: string[]; forms: string[] };
}
interface GlossLine {
  cueId: number;
  line: number;
  arabic: string;
  tokens: Array<{
    id: number;
    position: number;
    surface: string;
    gloss: string;
    source: string;
    glossed: boolean;
    lemma: { id: number; arabic: string } | null;
  }>;
}
interface Glossing {
  lines: GlossLine[];
  coverage: { glossed: number; total: number };
  suggestionsAvailable: boolean;
}

async function send<T = unknown>(path: string, options: Parameters<typeof call>[1] = {}) {
  const response = await call(path, { token: admin.token, ...options });
  return { status: response.status, body: await json<ApiBody<T>>(response) };
}

async function createLemma(input: Record<string, unknown>) {
  const created = await send<LemmaRecord>("/api/admin/lemmas", { method: "POST", json: input });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data!;
}

async function formsOf(lemmaId: number) {
  const rows = await ctx.db.select().from(lemmaForms).where(eq(lemmaForms.lemmaId, lemmaId));
  return Object.fromEntries(rows.map((row) => [row.form, row.isVerb]));
}

/** A draft lesson whose transcript was saved by the admin (so it is tokenised), with its lines' tokens. */
/** A draft with its video (duration read from it), so only the glosses decide its publishing checklist. */
async function draftLesson(lines: string[]) {
  const { video } = await createLesson(ctx, {
    isPublished: false,
    cues: [],
    vocabulary: [],
    videoKey: `videos/glossing-${unique()}.mp4`,
  });
  await ctx.db.update(videos).set({ durationSource: "media" }).where(eq(videos.id, video.id));
  const cues = lines.map((arabic, index) => ({
    startMs: index * 3000,
    endMs: index * 3000 + 2500,
    arabic,
    transliteration: `line ${index + 1}`,
    english: `English ${index + 1}`,
  }));
  const saved = await send(`/api/admin/lessons/${video.id}/cues`, { method: "PUT", json: { cues } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return video.id;
}

async function glossingOf(lessonId: number, env?: Env) {
  const read = await send<Glossing>(`/api/admin/lessons/${lessonId}/glossing`, env ? { env } : {});
  expect(read.status).toBe(200);
  return read.body.data!;
}

beforeAll(async () => {
  admin = await member({ permissions: ["admin"] });
  learner = await member({ subscribed: true });
});

describe("the lexicon as an admin resource (/api/admin/lemmas)", () => {
  it("creates a lemma with its lists, verb forms and region notes, and writes its lemma_forms", async () => {
    const key = `ballash-${unique()}`;
    const lemma = await createLemma({
      key,
      arabic: "بَلَّش",
      transliteration: "ballash",
      meanings: ["to start", "to begin"],
      partOfSpeech: "verb",
      root: "ب ل ش",
      forms: ["بلشت", "بلشنا"],
      verbPast: "بلّش",
      verbPresent: "يبلّش",
      verbImperative: "بلّش",
      regionLebanese: "Also ballash in Beirut.",
    });
    expect(lemma.values).toMatchObject({
      key,
      arabic: "بَلَّش",
      arabicPlain: "بلش",
      arabizi: "ballash",
      meanings: ["to start", "to begin"],
      forms: ["بلشت", "بلشنا"],
      verbPast: "بلّش",
      verbPresent: "يبلّش",
      verbMasdar: null,
      regionLebanese: "Also ballash in Beirut.",
      regionSyrian: null,
    });
    expect(lemma.title).toBe("بَلَّش · ballash — to start");
    const [stored] = await ctx.db
      .select()
      .from(lemmas)
      .where(eq(lemmas.id, Number(lemma.id)));
    expect(JSON.parse(stored!.meanings)).toEqual(["to start", "to begin"]);
    expect(JSON.parse(stored!.verbForms!)).toEqual({ past: "بلّش", present: "يبلّش", imperative: "بلّش" });
    expect(JSON.parse(stored!.regions)).toEqual({ lebanese: "Also ballash in Beirut." });
    expect(await formsOf(Number(lemma.id))).toEqual({ بلش: true, بلشت: true, بلشنا: true, يبلش: true });
  });

  it("builds the key and the Arabizi from the transliteration when they are left empty", async () => {
    const reading = `ʕind${unique()}`;
    const first = await createLemma({
      arabic: "عند",
      transliteration: reading,
      meanings: ["at"],
      partOfSpeech: "preposition",
    });
    const second = await createLemma({
      key: "",
      arabic: "عِند",
      transliteration: reading,
      meanings: ["with"],
      partOfSpeech: "preposition",
    });
    expect(first.values.key).toBe(`3ind${reading.slice(4)}`);
    expect(second.values.key).toBe(`${first.values.key}-2`);
    expect(first.values.arabizi).toBe(`3ind${reading.slice(4)}`);
  });

  it("answers every invalid field with its own message (422)", async () => {
    const refused = await send("/api/admin/lemmas", {
      method: "POST",
      json: {
        key: "Not A Key",
        arabic: "bayt",
        transliteration: "",
        meanings: [],
        partOfSpeech: "thing",
        forms: ["x"],
      },
    });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.fieldErrors ?? {}).sort()).toEqual(
      ["arabic", "forms.0", "key", "meanings", "partOfSpeech", "transliteration"].sort(),
    );
    expect(refused.body.fieldErrors?.arabic).toEqual(["Write it in Arabic letters."]);
    expect(refused.body.fieldErrors?.meanings).toEqual(["Give at least one meaning."]);

    const halfVerb = await send("/api/admin/lemmas", {
      method: "POST",
      json: {
        arabic: "حكى",
        transliteration: `ħaka${unique()}`,
        meanings: ["to speak"],
        partOfSpeech: "verb",
        verbPast: "حكى",
      },
    });
    expect(halfVerb.status).toBe(422);
    expect(halfVerb.body.fieldErrors).toEqual({ verbPresent: ["Give the present stem too."] });

    const key = `bayt-${unique()}`;
    await createLemma({ key, arabic: "بيت", transliteration: "beet", meanings: ["house"], partOfSpeech: "noun" });
    const again = await send("/api/admin/lemmas", {
      method: "POST",
      json: { key, arabic: "بيت", transliteration: "beet", meanings: ["home"], partOfSpeech: "noun" },
    });
    expect(again.status).toBe(422);
    expect(again.body.fieldErrors?.key?.[0]).toMatch(/already uses/);
  });

  it("keeps lemma_forms in step on every edit, and merges a partial update of the verb forms", async () => {
    const lemma = await createLemma({
      key: `7aka-${unique()}`,
      arabic: "حكى",
      transliteration: "ħaka",
      meanings: ["to speak"],
      partOfSpeech: "verb",
      verbPast: "حكى",
      verbPresent: "يحكي",
    });
    const id = Number(lemma.id);
    expect(await formsOf(id)).toEqual({ حكي: true, يحكي: true });

    const edited = await send<LemmaRecord>(`/api/admin/lemmas/${id}`, {
      method: "PATCH",
      json: { forms: ["حكيت"], verbImperative: "احكي" },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data!.values).toMatchObject({ verbPast: "حكى", verbPresent: "يحكي", verbImperative: "احكي" });
    expect(await formsOf(id)).toEqual({ حكي: true, يحكي: true, حكيت: true, احكي: true });

    // The edit form sends everything (PUT): a noun now, without verb forms.
    const replaced = await send(`/api/admin/lemmas/${id}`, {
      method: "PUT",
      json: { arabic: "حكي", transliteration: "ħaki", meanings: ["talk"], partOfSpeech: "noun" },
    });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(await formsOf(id)).toEqual({ حكي: false });
    const [stored] = await ctx.db.select().from(lemmas).where(eq(lemmas.id, id));
    expect(stored!.verbForms).toBeNull();
    expect(stored!.key).toBe(lemma.values.key);

    const notesOnly = await send(`/api/admin/lemmas/${id}`, { method: "PATCH", json: { notes: "Everyday." } });
    expect(notesOnly.status).toBe(200);
    expect(await formsOf(id)).toEqual({ حكي: false });
  });

  it("finds lemmas by Arabic (with or without tashkeel), transliteration, Arabizi and meaning", async () => {
    // Consonants that mean nothing else to the search: it reads digits as Arabic letters (3, 7, 6…), folds
    // doubled letters, vowels and pairs (hh, sh, kh, ay…) and drops q, so a random mark with those would not match
    // the transliteration as typed.
    const mark = [...unique()].map((char) => "bfjlmnprvz"[char.charCodeAt(0) % 10]).join("");
    const lemma = await createLemma({
      key: `mnii7-${mark}`,
      arabic: "مْنِيح",
      transliteration: `mniiħ${mark}`,
      meanings: [`fine-${mark}`],
      partOfSpeech: "adjective",
    });
    for (const q of ["منيح", "مْنِيح", `mniiħ${mark}`, `mni7${mark}`, `fine-${mark}`]) {
      const found = await send<{ items: Array<{ id: string }> }>(`/api/admin/lemmas?q=${encodeURIComponent(q)}`);
      expect(
        found.body.data!.items.map((item) => item.id),
        q,
      ).toContain(lemma.id);
    }
  });

  it("deletes a lemma with its forms; its tokens and words lose the link", async () => {
    const lemma = await createLemma({
      key: `zgheer-${unique()}`,
      arabic: "زغير",
      transliteration: "zgheer",
      meanings: ["small"],
      partOfSpeech: "adjective",
    });
    const id = Number(lemma.id);
    const lessonId = await draftLesson(["البيت زغير"]);
    const [word] = await ctx.db
      .insert(videoVocabulary)
      .values({ videoId: lessonId, arabic: "زغير", english: "small", lemmaId: id })
      .returning();
    const token = (await glossingOf(lessonId)).lines[0]!.tokens[1]!;
    await send(`/api/admin/lessons/${lessonId}/tokens/${token.id}`, {
      method: "PUT",
      json: { lemmaId: id, gloss: "small" },
    });

    const deleted = await send(`/api/admin/lemmas/${id}`, { method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect(await formsOf(id)).toEqual({});
    const [after] = await ctx.db.select().from(cueTokens).where(eq(cueTokens.id, token.id));
    expect(after!.lemmaId).toBeNull();
    const [wordAfter] = await ctx.db.select().from(videoVocabulary).where(eq(videoVocabulary.id, word!.id));
    expect(wordAfter!.lemmaId).toBeNull();
    expect(await ctx.db.select().from(lessonLemmas).where(eq(lessonLemmas.lemmaId, id))).toEqual([]);
  });

  it("links lesson words and deck words to a lemma (a relation that must exist)", async () => {
    const lemma = await createLemma({
      key: `kitaab-${unique()}`,
      arabic: "كتاب",
      transliteration: "ktaab",
      meanings: ["book"],
      partOfSpeech: "noun",
    });
    const { video } = await createLesson(ctx, { cues: [], vocabulary: [] });
    const word = await send<{
      id: string;
      values: { lemmaId: number };
      labels: Record<string, Array<{ title: string }>>;
    }>("/api/admin/video-vocabulary", {
      method: "POST",
      json: { videoId: video.id, arabic: "كتاب", english: "book", lemmaId: Number(lemma.id) },
    });
    expect(word.status).toBe(201);
    expect(word.body.data!.values.lemmaId).toBe(Number(lemma.id));
    expect(word.body.data!.labels.lemmaId?.[0]?.title).toBe("كتاب · ktaab — book");
    const missing = await send("/api/admin/video-vocabulary", {
      method: "POST",
      json: { videoId: video.id, arabic: "كتاب", english: "book", lemmaId: 987654321 },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.fieldErrors?.lemmaId?.[0]).toMatch(/no lemma/);
  });
});

describe("glossing a lesson's tokens (/api/admin/lessons/:id/…)", () => {
  let lessonId: number;
  let dars: LemmaRecord;

  beforeAll(async () => {
    dars = await createLemma({
      key: `dars-${unique()}`,
      arabic: "درس",
      transliteration: "dars",
      meanings: ["lesson"],
      partOfSpeech: "noun",
    });
    lessonId = await draftLesson(["الدرس بيبلّش", "يلّا!"]);
  });

  it("lists every line with its tokens; none is glossed yet", async () => {
    const glossing = await glossingOf(lessonId);
    expect(glossing.lines.map((line) => line.tokens.map((token) => token.surface))).toEqual([
      ["الدرس", "بيبلّش"],
      ["يلّا"],
    ]);
    expect(glossing.coverage).toEqual({ glossed: 0, total: 3 });
    expect(glossing.suggestionsAvailable).toBe(false);
  });

  it("glosses a token with an existing lemma and its meaning here (source team), and rebuilds lesson_lemmas", async () => {
    const token = (await glossingOf(lessonId)).lines[0]!.tokens[0]!;
    const glossed = await send<{ coverage: { glossed: number; total: number }; source: string }>(
      `/api/admin/lessons/${lessonId}/tokens/${token.id}`,
      { method: "PUT", json: { lemmaId: Number(dars.id), gloss: "the lesson" } },
    );
    expect(glossed.status, JSON.stringify(glossed.body)).toBe(200);
    expect(glossed.body.data).toMatchObject({ source: "team", coverage: { glossed: 1, total: 3 } });
    const [row] = await ctx.db.select().from(cueTokens).where(eq(cueTokens.id, token.id));
    expect(row).toMatchObject({ lemmaId: Number(dars.id), gloss: "the lesson", source: "team" });
    const set = await ctx.db.select().from(lessonLemmas).where(eq(lessonLemmas.lessonId, lessonId));
    expect(set).toContainEqual({ lessonId, lemmaId: Number(dars.id), occurrences: 1 });
    const [audit] = await ctx.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "lesson.word-gloss"), eq(adminAuditLog.recordId, String(lessonId))));
    expect(audit?.actorId).toBe(admin.id);
  });

  it("creates a new lemma from the panel (through the lexicon's rules) and links the token to it", async () => {
    const token = (await glossingOf(lessonId)).lines[0]!.tokens[1]!;
    const key = `ballash-${unique()}`;
    const glossed = await send<{ lemma: { id: number; key: string } }>(
      `/api/admin/lessons/${lessonId}/tokens/${token.id}`,
      {
        method: "PUT",
        json: {
          lemma: {
            key,
            arabic: "بلّش",
            transliteration: "ballash",
            meanings: ["to start"],
            partOfSpeech: "verb",
            verbPast: "بلّش",
            verbPresent: "يبلّش",
          },
          gloss: "(it) starts",
        },
      },
    );
    expect(glossed.status, JSON.stringify(glossed.body)).toBe(200);
    const lemmaId = glossed.body.data!.lemma.id;
    expect(glossed.body.data!.lemma.key).toBe(key);
    expect(await formsOf(lemmaId)).toEqual({ بلش: true, يبلش: true });
    const after = await glossingOf(lessonId);
    expect(after.lines[0]!.tokens[1]).toMatchObject({ glossed: true, gloss: "(it) starts", lemma: { id: lemmaId } });
    expect(after.coverage).toEqual({ glossed: 2, total: 3 });
  });

  it("refuses bad input with field errors (422), a token of another lesson (404)", async () => {
    const token = (await glossingOf(lessonId)).lines[1]!.tokens[0]!;
    const path = `/api/admin/lessons/${lessonId}/tokens/${token.id}`;
    const noGloss = await send(path, { method: "PUT", json: { lemmaId: Number(dars.id), gloss: " " } });
    expect(noGloss.status).toBe(422);
    expect(noGloss.body.fieldErrors?.gloss).toEqual(["Write the meaning in this sentence."]);
    const both = await send(path, { method: "PUT", json: { lemmaId: Number(dars.id), lemma: {}, gloss: "x" } });
    expect(both.status).toBe(422);
    expect(both.body.fieldErrors?.lemmaId?.[0]).toMatch(/one of the two/);
    const unknown = await send(path, { method: "PUT", json: { lemmaId: 987654321, gloss: "x" } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.fieldErrors?.lemmaId?.[0]).toMatch(/no such lemma/);
    const badLemma = await send(path, {
      method: "PUT",
      json: {
        lemma: { arabic: "yalla", transliteration: "", meanings: [], partOfSpeech: "interjection" },
        gloss: "come on",
      },
    });
    expect(badLemma.status).toBe(422);
    expect(Object.keys(badLemma.body.fieldErrors ?? {}).sort()).toEqual([
      "lemma.arabic",
      "lemma.meanings",
      "lemma.transliteration",
    ]);
    const other = await draftLesson(["يلّا"]);
    const elsewhere = await send(`/api/admin/lessons/${other}/tokens/${token.id}`, {
      method: "PUT",
      json: { lemmaId: Number(dars.id), gloss: "x" },
    });
    expect(elsewhere.status).toBe(404);
    const [unchanged] = await ctx.db.select().from(cueTokens).where(eq(cueTokens.id, token.id));
    expect(unchanged!.gloss).toBe("");
  });

  it("keeps the team's glosses when another line of the transcript is edited", async () => {
    const before = await glossingOf(lessonId);
    const cues = before.lines.map((line, index) => ({
      id: line.cueId,
      startMs: index * 3000,
      endMs: index * 3000 + 2500,
      arabic: index === 1 ? "يلّا يا شباب" : line.arabic,
      transliteration: "",
      english: "",
    }));
    expect((await send(`/api/admin/lessons/${lessonId}/cues`, { method: "PUT", json: { cues } })).status).toBe(200);
    const after = await glossingOf(lessonId);
    expect(after.lines[0]!.tokens.map((token) => token.gloss)).toEqual(["the lesson", "(it) starts"]);
    expect(after.coverage).toEqual({ glossed: 2, total: 5 });
  });
});

describe("Suggest glosses (Workers AI through a stand-in at the binding)", () => {
  type AiInput = { messages: Array<{ role: string; content: string }>; response_format?: unknown };
  const calls: Array<{ model: string; input: AiInput }> = [];
  let answer: (input: AiInput) => unknown = () => ({ response: "" });
  const envWithAi = {
    ...testEnv,
    AI: {
      run: async (model: string, input: AiInput) => {
        calls.push({ model, input });
        return answer(input);
      },
    } as unknown as Ai,
  } as Env;

  let lessonId: number;
  let shabaab: LemmaRecord;
  // The suggested lemmas are spelled with this file's own mark, so no other file's lemma can match them.
  const mark = [...unique()].map((char) => "بتثجحخدذرزسشصضطظعغفقكلمنهوي"[char.charCodeAt(0) % 28]).join("");
  const SUGGESTED = [
    { lemma_arabic: `يلا${mark}`, lemma_transliteration: "yalla", part_of_speech: "interjection", meaning: "come on" },
    { lemma_arabic: `يا${mark}`, lemma_transliteration: "ya", part_of_speech: "particle", meaning: "hey (calling)" },
    { lemma_arabic: `شباب${mark}`, lemma_transliteration: "shabaab", part_of_speech: "noun", meaning: "guys" },
  ];

  beforeAll(async () => {
    shabaab = await createLemma({
      key: `shabaab-${unique()}`,
      arabic: `شباب${mark}`,
      transliteration: "shabaab",
      meanings: ["guys"],
      partOfSpeech: "noun",
    });
    lessonId = await draftLesson(["يلّا يا شباب", "يلّا"]);
  });

  /** A good answer: every asked word (its position says which), as the prompt's JSON says. */
  function goodAnswer(input: AiInput) {
    const asked = JSON.parse(input.messages[1]!.content) as {
      lines: Array<{ line: number; words: Array<{ position: number; word: string }> }>;
    };
    const tokens = asked.lines.flatMap((line) =>
      line.words.map((word) => ({ line: line.line, position: word.position, ...SUGGESTED[word.position]! })),
    );
    // A word that was not asked about is left out.
    tokens.push({ line: 99, position: 0, ...SUGGESTED[0]! });
    return { response: JSON.stringify({ tokens }) };
  }

  it("is not offered without the binding (503)", async () => {
    expect((await glossingOf(lessonId)).suggestionsAvailable).toBe(false);
    const refused = await send(`/api/admin/lessons/${lessonId}/gloss-suggestions`, { method: "POST" });
    expect(refused.status).toBe(503);
    expect((await glossingOf(lessonId, envWithAi)).suggestionsAvailable).toBe(true);
  });

  it("refuses a malformed answer with a clear error and writes nothing", async () => {
    const before = await ctx.db.select().from(cueTokens).where(eq(cueTokens.lessonId, lessonId));
    const lemmasBefore = (await ctx.db.select({ id: lemmas.id }).from(lemmas)).length;
    for (const bad of [
      () => ({ response: "Sure! Here are the glosses: yalla = come on" }),
      () => ({
        response: JSON.stringify({ tokens: [{ line: 1, position: 0, lemma_arabic: "yalla", meaning: "come on" }] }),
      }),
      () => ({ response: { glosses: [] } }),
      () => null,
    ]) {
      answer = bad;
      const refused = await send(`/api/admin/lessons/${lessonId}/gloss-suggestions`, {
        method: "POST",
        env: envWithAi,
      });
      expect(refused.status).toBe(502);
      expect(refused.body.errors).toEqual([MALFORMED_ANSWER]);
    }
    expect(await ctx.db.select().from(cueTokens).where(eq(cueTokens.lessonId, lessonId))).toEqual(before);
    expect((await ctx.db.select({ id: lemmas.id }).from(lemmas)).length).toBe(lemmasBefore);
  });

  it("answers 502 when the model itself fails", async () => {
    answer = () => {
      throw new Error("model overloaded");
    };
    const refused = await send(`/api/admin/lessons/${lessonId}/gloss-suggestions`, { method: "POST", env: envWithAi });
    expect(refused.status).toBe(502);
  });

  it("sends each line with its transliteration and English, and suggests a lemma and meaning per unglossed token", async () => {
    calls.length = 0;
    answer = goodAnswer;
    const suggested = await send<{
      asked: number;
      suggestions: Array<{
        tokenId: number;
        line: number;
        surface: string;
        gloss: string;
        lemma: { id: number } | null;
        newLemma: Record<string, unknown>;
      }>;
    }>(`/api/admin/lessons/${lessonId}/gloss-suggestions`, { method: "POST", env: envWithAi });
    expect(suggested.status, JSON.stringify(suggested.body)).toBe(200);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.model).toBe(GLOSS_MODEL);
    const sent = JSON.parse(calls[0]!.input.messages[1]!.content) as { lines: Array<Record<string, unknown>> };
    expect(sent.lines[0]).toEqual({
      line: 1,
      arabic: "يلّا يا شباب",
      transliteration: "line 1",
      english: "English 1",
      words: [
        { position: 0, word: "يلّا" },
        { position: 1, word: "يا" },
        { position: 2, word: "شباب" },
      ],
    });
    const data = suggested.body.data!;
    expect(data.asked).toBe(4);
    expect(data.suggestions.map((item) => [item.line, item.surface, item.gloss])).toEqual([
      [1, "يلّا", "come on"],
      [1, "يا", "hey (calling)"],
      [1, "شباب", "guys"],
      [2, "يلّا", "come on"],
    ]);
    // شباب is in the lexicon already; the others would be new lemmas.
    expect(data.suggestions[2]!.lemma?.id).toBe(Number(shabaab.id));
    expect(data.suggestions[0]!.newLemma).toMatchObject({
      arabic: `يلا${mark}`,
      partOfSpeech: "interjection",
      meanings: ["come on"],
    });
    // Nothing written yet.
    expect((await glossingOf(lessonId)).coverage.glossed).toBe(0);
  });

  it("writes the accepted suggestions (source ai, edited ones the team's), creating each new lemma once", async () => {
    answer = goodAnswer;
    const { suggestions } = (
      await send<{
        suggestions: Array<{
          tokenId: number;
          gloss: string;
          lemma: { id: number } | null;
          newLemma: Record<string, unknown>;
        }>;
      }>(`/api/admin/lessons/${lessonId}/gloss-suggestions`, { method: "POST", env: envWithAi })
    ).body.data!;
    const items = suggestions.map((item, index) => ({
      tokenId: item.tokenId,
      ...(item.lemma ? { lemmaId: item.lemma.id } : { lemma: item.newLemma }),
      gloss: index === 1 ? "O (calling)" : item.gloss,
      edited: index === 1,
    }));
    const accepted = await send<{
      written: number;
      lemmasCreated: number;
      coverage: { glossed: number; total: number };
    }>(`/api/admin/lessons/${lessonId}/gloss-suggestions/accept`, { method: "POST", json: { items } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data).toEqual({ written: 4, lemmasCreated: 2, coverage: { glossed: 4, total: 4 } });
    const tokens = await ctx.db.select().from(cueTokens).where(eq(cueTokens.lessonId, lessonId)).orderBy(cueTokens.id);
    expect(tokens.map((token) => [token.surface, token.gloss, token.source])).toEqual([
      ["يلّا", "come on", "ai"],
      ["يا", "O (calling)", "team"],
      ["شباب", "guys", "ai"],
      ["يلّا", "come on", "ai"],
    ]);
    expect(tokens[0]!.lemmaId).toBe(tokens[3]!.lemmaId);
    const set = await ctx.db.select().from(lessonLemmas).where(eq(lessonLemmas.lessonId, lessonId));
    expect(set.find((row) => row.lemmaId === tokens[0]!.lemmaId)?.occurrences).toBe(2);
    const [yalla] = await ctx.db.select().from(lemmas).where(eq(lemmas.id, tokens[0]!.lemmaId!));
    expect(await formsOf(yalla!.id)).toEqual({ [`يلا${mark}`]: false });
  });

  it("refuses an accept whose new lemma is invalid, writing nothing; a stale token is a 409", async () => {
    const other = await draftLesson(["يلّا"]);
    const token = (await glossingOf(other)).lines[0]!.tokens[0]!;
    const path = `/api/admin/lessons/${other}/gloss-suggestions/accept`;
    const lemmasBefore = (await ctx.db.select({ id: lemmas.id }).from(lemmas)).length;
    const invalid = await send(path, {
      method: "POST",
      json: {
        items: [
          {
            tokenId: token.id,
            lemma: { arabic: "yalla", transliteration: "yalla", meanings: ["come on"], partOfSpeech: "interjection" },
            gloss: "come on",
          },
        ],
      },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.fieldErrors).toEqual({ "items.0.lemma.arabic": ["Write it in Arabic letters."] });
    expect((await ctx.db.select({ id: lemmas.id }).from(lemmas)).length).toBe(lemmasBefore);
    // A row whose lemma the admin edited (its transliteration cleared, no dictionary meaning, a Latin Arabic)
    // is refused with the glossing form's own messages, field by field; nothing is written.
    const edited = { arabic: "yalla", transliteration: " ", meanings: [], partOfSpeech: "interjection" };
    const badEdit = await send(path, {
      method: "POST",
      json: { items: [{ tokenId: token.id, lemma: edited, gloss: "come on", edited: true }] },
    });
    expect(badEdit.status).toBe(422);
    const byHand = await send(`/api/admin/lessons/${other}/tokens/${token.id}`, {
      method: "PUT",
      json: { lemma: edited, gloss: "come on" },
    });
    expect(byHand.status).toBe(422);
    expect(badEdit.body.fieldErrors).toEqual(
      Object.fromEntries(
        Object.entries(byHand.body.fieldErrors ?? {}).map(([name, list]) => [`items.0.${name}`, list]),
      ),
    );
    expect(Object.keys(badEdit.body.fieldErrors ?? {}).sort()).toEqual([
      "items.0.lemma.arabic",
      "items.0.lemma.meanings",
      "items.0.lemma.transliteration",
    ]);
    // Both a stored and a new lemma, or neither: the form's "one of the two".
    const both = await send(path, {
      method: "POST",
      json: { items: [{ tokenId: token.id, lemmaId: Number(shabaab.id), lemma: edited, gloss: "x", edited: true }] },
    });
    expect(both.status).toBe(422);
    expect(both.body.fieldErrors?.["items.0.lemmaId"]?.[0]).toMatch(/one of the two/);
    expect((await ctx.db.select({ id: lemmas.id }).from(lemmas)).length).toBe(lemmasBefore);
    const [untouched] = await ctx.db.select().from(cueTokens).where(eq(cueTokens.id, token.id));
    expect(untouched!.gloss).toBe("");
    const stale = await send(path, {
      method: "POST",
      json: { items: [{ tokenId: 987654321, lemmaId: Number(shabaab.id), gloss: "x" }] },
    });
    expect(stale.status).toBe(409);
  });
});

describe("publishing below 100 % asks for confirmation", () => {
  it("refuses without confirm and says what is missing; publishes with it", async () => {
    const dars = await createLemma({
      key: `dars-${unique()}`,
      arabic: "درس",
      transliteration: "dars",
      meanings: ["lesson"],
      partOfSpeech: "noun",
    });
    const lessonId = await draftLesson(["الدرس بيبلّش", "بيبلّش هلّق"]);
    const first = (await glossingOf(lessonId)).lines[0]!.tokens[0]!;
    await send(`/api/admin/lessons/${lessonId}/tokens/${first.id}`, {
      method: "PUT",
      json: { lemmaId: Number(dars.id), gloss: "the lesson" },
    });

    const refused = await send(`/api/admin/lessons/${lessonId}/publish`, { method: "POST", json: {} });
    expect(refused.status).toBe(422);
    expect(refused.body.errors?.[0]).toBe(
      "3 of 4 words are not glossed yet: بيبلّش (lines 1, 2), هلّق (line 2). Publish anyway to confirm.",
    );
    // The lessons resource's publish toggle is held by the same rule.
    const toggled = await send(`/api/admin/videos/${lessonId}`, { method: "PATCH", json: { isPublished: true } });
    expect(toggled.status).toBe(422);
    expect(toggled.body.fieldErrors?.confirmPublish?.[0]).toMatch(/^3 of 4 words are not glossed yet/);
    const [still] = await ctx.db.select().from(videos).where(eq(videos.id, lessonId));
    expect(still!.isPublished).toBe(false);

    const confirmed = await send(`/api/admin/lessons/${lessonId}/publish`, { method: "POST", json: { confirm: true } });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const [published] = await ctx.db.select().from(videos).where(eq(videos.id, lessonId));
    expect(published!.isPublished).toBe(true);
    expect(published!.publishedAt).not.toBeNull();

    // Unpublished and published again through the toggle, with its confirmation field.
    await send(`/api/admin/videos/${lessonId}`, { method: "PATCH", json: { isPublished: false } });
    const again = await send(`/api/admin/videos/${lessonId}`, {
      method: "PATCH",
      json: { isPublished: true, confirmPublish: true },
    });
    expect(again.status).toBe(200);
  });

  it("publishes a fully glossed lesson without asking (one without a transcript only after confirming)", async () => {
    const yalla = await createLemma({
      key: `yalla-${unique()}`,
      arabic: "يلّا",
      transliteration: "yalla",
      meanings: ["come on"],
      partOfSpeech: "interjection",
    });
    const lessonId = await draftLesson(["يلّا"]);
    const token = (await glossingOf(lessonId)).lines[0]!.tokens[0]!;
    await send(`/api/admin/lessons/${lessonId}/tokens/${token.id}`, {
      method: "PUT",
      json: { lemmaId: Number(yalla.id), gloss: "come on" },
    });
    expect((await send(`/api/admin/lessons/${lessonId}/publish`, { method: "POST", json: {} })).status).toBe(200);
    // Nothing to gloss is not enough: the publishing checklist (tests/integration/publish-checklist.test.ts)
    // wants a transcript line.
    const { video } = await createLesson(ctx, { isPublished: false, cues: [], vocabulary: [] });
    expect((await send(`/api/admin/videos/${video.id}`, { method: "PATCH", json: { isPublished: true } })).status).toBe(
      422,
    );
    const confirmed = await send(`/api/admin/videos/${video.id}`, {
      method: "PATCH",
      json: { isPublished: true, confirmPublish: true },
    });
    expect(confirmed.status).toBe(200);
  });
});

describe("who may use the glossing routes", () => {
  it("refuses a visitor (401) and a learner (403) on every new route", async () => {
    const lessonId = await draftLesson(["يلّا"]);
    const token = (await glossingOf(lessonId)).lines[0]!.tokens[0]!;
    const routes: Array<[string, string, unknown?]> = [
      ["GET", `/api/admin/lessons/${lessonId}/glossing`],
      ["PUT", `/api/admin/lessons/${lessonId}/tokens/${token.id}`, { lemmaId: 1, gloss: "x" }],
      ["POST", `/api/admin/lessons/${lessonId}/gloss-suggestions`, {}],
      ["POST", `/api/admin/lessons/${lessonId}/gloss-suggestions/accept`, { items: [] }],
      ["POST", `/api/admin/lessons/${lessonId}/publish`, { confirm: true }],
      ["GET", "/api/admin/glossing/coverage"],
      ["GET", "/api/admin/glossing/worklist"],
      ["GET", "/api/admin/lemmas"],
      ["POST", "/api/admin/lemmas", { arabic: "يلّا" }],
      ["POST", "/api/admin/imports/lemmas/preview", {}],
    ];
    for (const [method, path, body] of routes) {
      for (const [who, status] of [
        [null, 401],
        [learner.token, 403],
      ] as const) {
        const response = await call(path, { method, token: who, ...(body === undefined ? {} : { json: body }) });
        expect(response.status, `${method} ${path} as ${who ? "learner" : "visitor"}`).toBe(status);
      }
    }
    const [row] = await ctx.db
      .select()
      .from(cueTokens)
      .where(inArray(cueTokens.id, [token.id]));
    expect(row!.gloss).toBe("");
    const [lesson] = await ctx.db.select().from(videos).where(eq(videos.id, lessonId));
    expect(lesson!.isPublished).toBe(false);
  });
});
