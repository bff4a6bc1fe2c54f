import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cueTokens, videos } from "../../drizzle/schema";
import { createAppContext } from "../../server/context";
import { createLesson } from "../fixtures/lessons";
import { call, json, member, testEnv, type ApiBody } from "./helpers";

// Coverage and the worklist read the whole catalogue, so this file has a database of its own
// (vitest.config.ts, OWN_DATABASE): the numbers below are exact.

const ctx = createAppContext(testEnv);
let admin: { token: string };

interface Glossing {
  lines: Array<{ cueId: number; tokens: Array<{ id: number; surface: string }> }>;
}

async function send<T = unknown>(path: string, options: Parameters<typeof call>[1] = {}) {
  const response = await call(path, { token: admin.token, ...options });
  const body = await json<ApiBody<T>>(response);
  expect(response.status, JSON.stringify(body)).toBeLessThan(300);
  return body.data!;
}

async function lessonWith(lines: string[], isPublished: boolean, title: string) {
  const { video } = await createLesson(ctx, { title, isPublished: false, cues: [], vocabulary: [] });
  const cues = lines.map((arabic, index) => ({
    startMs: index * 3000,
    endMs: index * 3000 + 2000,
    arabic,
    transliteration: "",
    english: "",
  }));
  await send(`/api/admin/lessons/${video.id}/cues`, { method: "PUT", json: { cues } });
  if (isPublished) await ctx.db.update(videos).set({ isPublished: true }).where(eq(videos.id, video.id));
  return video.id;
}

async function tokensOf(lessonId: number) {
  return (await send<Glossing>(`/api/admin/lessons/${lessonId}/glossing`)).lines.flatMap((line) => line.tokens);
}

let published: number;
let draft: number;
let yallaId: number;

beforeAll(async () => {
  admin = await member({ permissions: ["admin"] });
  const yalla = await send<{ id: string }>("/api/admin/lemmas", {
    method: "POST",
    json: {
      key: "yalla",
      arabic: "يلّا",
      transliteration: "yalla",
      meanings: ["come on"],
      partOfSpeech: "interjection",
    },
  });
  yallaId = Number(yalla.id);
  // 6 tokens: يلّا ×2, كيفك, كِيفَك (the same word with tashkeel), مرحبا ×2.
  published = await lessonWith(["يلّا كيفك مرحبا", "مرحبا يلّا كِيفَك"], true, "Coverage published");
  // 3 tokens: كيفك, مرحبا, شو.
  draft = await lessonWith(["كيفك مرحبا شو"], false, "Coverage draft");
  // Two of the published lesson's tokens glossed: both يلّا.
  for (const token of (await tokensOf(published)).filter((token) => token.surface === "يلّا")) {
    await send(`/api/admin/lessons/${published}/tokens/${token.id}`, {
      method: "PUT",
      json: { lemmaId: yallaId, gloss: "come on" },
    });
  }
});

describe("coverage", () => {
  it("counts a token as glossed only with a lemma and a meaning", async () => {
    const [token] = (await tokensOf(draft)).filter((candidate) => candidate.surface === "شو");
    // A lemma without a meaning (what the word analysis leaves) is not glossed.
    await ctx.db.update(cueTokens).set({ lemmaId: yallaId, gloss: "" }).where(eq(cueTokens.id, token!.id));
    const coverage = await send<{ all: unknown; published: unknown; lessons: unknown }>("/api/admin/glossing/coverage");
    expect(coverage).toEqual({
      all: { glossed: 2, total: 9 },
      published: { glossed: 2, total: 6 },
      lessons: { total: 2, complete: 0, withTokens: 2 },
    });
  });

  it("shows each lesson's meter in the lessons list", async () => {
    const list = await send<{ items: Array<{ id: string; values: { glossing: unknown } }> }>(
      "/api/admin/videos?pageSize=100",
    );
    const meterOf = (id: number) => list.items.find((item) => item.id === String(id))?.values.glossing;
    expect(meterOf(published)).toEqual({ done: 2, total: 6 });
    expect(meterOf(draft)).toEqual({ done: 0, total: 3 });
  });

  it("lists the unglossed words across lessons, grouped by spelling, most frequent first, with where to gloss them", async () => {
    const worklist = await send<{
      unglossed: number;
      entries: Array<{
        form: string;
        surfaces: string[];
        occurrences: number;
        lessons: number;
        guess: unknown;
        examples: Array<{
          lessonId: number;
          lessonTitle: string;
          line: number;
          cueId: number;
          tokenId: number;
          isPublished: boolean;
        }>;
      }>;
    }>("/api/admin/glossing/worklist");
    expect(worklist.unglossed).toBe(7);
    expect(worklist.entries.map((entry) => [entry.form, entry.surfaces, entry.occurrences, entry.lessons])).toEqual([
      ["كيفك", ["كيفك", "كِيفَك"], 3, 2],
      ["مرحبا", ["مرحبا"], 3, 2],
      ["شو", ["شو"], 1, 1],
    ]);
    const [kiifak] = worklist.entries;
    expect(kiifak!.examples.map((example) => [example.lessonTitle, example.line, example.isPublished])).toEqual([
      ["Coverage published", 1, true],
      ["Coverage published", 2, true],
      ["Coverage draft", 1, false],
    ]);
    expect(worklist.entries[2]!.guess).toMatchObject({ id: yallaId, arabic: "يلّا" });
    // Each example names a token of that lesson's line: the editor opens there.
    const example = kiifak!.examples[1]!;
    const [token] = await ctx.db.select().from(cueTokens).where(eq(cueTokens.id, example.tokenId));
    expect(token).toMatchObject({ lessonId: example.lessonId, cueId: example.cueId, surface: "كِيفَك" });

    const limited = await send<{ entries: unknown[] }>("/api/admin/glossing/worklist?limit=1");
    expect(limited.entries).toHaveLength(1);
    const refused = await call("/api/admin/glossing/worklist?limit=0", { token: admin.token });
    expect(refused.status).toBe(422);
  });

  it("reaches 100 % when every token has a lemma and a meaning", async () => {
    for (const lessonId of [published, draft]) {
      for (const token of await tokensOf(lessonId)) {
        await send(`/api/admin/lessons/${lessonId}/tokens/${token.id}`, {
          method: "PUT",
          json: { lemmaId: yallaId, gloss: "x" },
        });
      }
    }
    const coverage = await send<{ all: unknown; lessons: unknown }>("/api/admin/glossing/coverage");
    expect(coverage).toMatchObject({ all: { glossed: 9, total: 9 }, lessons: { total: 2, complete: 2 } });
    expect((await send<{ entries: unknown[]; unglossed: number }>("/api/admin/glossing/worklist")).entries).toEqual([]);
  });
});
