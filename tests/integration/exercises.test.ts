import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { exerciseAttempts, videoSentenceGaps, videoSentenceOrders } from "../../drizzle/schema";
import { createAppContext } from "../../server/context";
import type { ExerciseAttemptResult, LessonExercises } from "../../server/services/exercises";
import { createLesson } from "../fixtures/lessons";
import { call, json, member, testEnv } from "./helpers";

const ctx = createAppContext(testEnv);

/** A lesson with one order and one gap exercise; the gap accepts a transliteration and an Arabizi spelling. */
async function lessonWithExercises(options: { isFree?: boolean; isPublished?: boolean } = {}) {
  const { video, cues } = await createLesson(ctx, { exercises: true, ...options });
  await ctx.db
    .update(videoSentenceGaps)
    .set({ acceptedVariants: ["mniiħ", "mnih"] })
    .where(eq(videoSentenceGaps.videoId, video.id));
  const [order] = await ctx.db.select().from(videoSentenceOrders).where(eq(videoSentenceOrders.videoId, video.id));
  const [gap] = await ctx.db.select().from(videoSentenceGaps).where(eq(videoSentenceGaps.videoId, video.id));
  return { video, cue: cues[1]!, order: order!, gap: gap! };
}

const orderPath = (id: number) => `/api/exercises/sentence-orders/${id}/attempts`;
const gapPath = (id: number) => `/api/exercises/sentence-gaps/${id}/attempts`;

async function storedAttempts(userId: number) {
  return ctx.db
    .select({
      kind: exerciseAttempts.kind,
      exerciseId: exerciseAttempts.exerciseId,
      answer: exerciseAttempts.answer,
      isCorrect: exerciseAttempts.isCorrect,
    })
    .from(exerciseAttempts)
    .where(eq(exerciseAttempts.userId, userId))
    .orderBy(exerciseAttempts.id);
}

async function lessonExercises(videoId: number, token: string) {
  const page = (await json(await call(`/api/lessons/${videoId}`, { token }))).data as { exercises: LessonExercises };
  return page.exercises;
}

describe("sentence exercises on the lesson page", () => {
  it("shows scrambled words and the gap without giving the answers away, until solved", async () => {
    const learner = await member({ subscribed: true });
    const { video, order, gap, cue } = await lessonWithExercises();
    const before = await lessonExercises(video.id, learner.token);
    expect(before.sentenceOrderCount).toBe(1);
    expect(before.sentenceGapCount).toBe(1);
    const [orderView] = before.sentenceOrders;
    expect([...orderView!.words].sort()).toEqual(["أنا", "الحمدلله", "منيح"].sort());
    expect(orderView!.words).not.toEqual(["أنا", "منيح", "الحمدلله"]);
    expect(orderView).toMatchObject({ id: order.id, solved: false, solution: null });
    expect(orderView!.moment).toEqual({ startMs: cue.startMs, endMs: cue.endMs });
    expect(before.sentenceGaps[0]).toMatchObject({
      id: gap.id,
      before: "أنا ",
      after: "، الحمدلله.",
      options: ["منيح", "كتير"],
      solved: false,
      solution: null,
    });
    expect(JSON.stringify(before.sentenceGaps)).not.toContain("mnih");

    await call(orderPath(order.id), { token: learner.token, json: { answer: ["أنا", "منيح", "الحمدلله"] } });
    await call(gapPath(gap.id), { token: learner.token, json: { answer: "mni7" } });
    const after = await lessonExercises(video.id, learner.token);
    expect(after.sentenceOrders[0]).toMatchObject({ solved: true, solution: "أنا منيح، الحمدلله." });
    expect(after.sentenceGaps[0]).toMatchObject({ solved: true, solution: "منيح" });

    // Solved is per learner.
    const other = await member({ subscribed: true });
    const theirs = await lessonExercises(video.id, other.token);
    expect(theirs.sentenceOrders[0]!.solved).toBe(false);
    expect(theirs.sentenceGaps[0]!.solved).toBe(false);
  });
});

describe("POST /api/exercises/…/attempts", () => {
  it("checks a word order on the server and stores every attempt", async () => {
    const learner = await member({ subscribed: true });
    const { order, cue } = await lessonWithExercises();

    const wrong = await call(orderPath(order.id), {
      token: learner.token,
      json: { answer: ["منيح", "أنا", "الحمدلله"] },
    });
    expect(wrong.status).toBe(201);
    expect((await json(wrong)).data).toEqual({
      correct: false,
      expected: ["أنا", "منيح", "الحمدلله"],
      line: "أنا منيح، الحمدلله.",
      moment: { startMs: cue.startMs, endMs: cue.endMs },
    } satisfies ExerciseAttemptResult);

    const right = await call(orderPath(order.id), {
      token: learner.token,
      json: { answer: ["انا", "منيح", "الحمدلله"] },
    });
    expect(((await json(right)).data as ExerciseAttemptResult).correct).toBe(true);

    expect(await storedAttempts(learner.id)).toEqual([
      { kind: "sentence-order", exerciseId: order.id, answer: "منيح أنا الحمدلله", isCorrect: false },
      { kind: "sentence-order", exerciseId: order.id, answer: "انا منيح الحمدلله", isCorrect: true },
    ]);

    const history = await json(await call(orderPath(order.id), { token: learner.token, method: "GET" }));
    expect((history.data as Array<{ isCorrect: boolean }>).map((attempt) => attempt.isCorrect)).toEqual([true, false]);
  });

  it("accepts a chosen option, a typed variant, tashkeel and Arabizi for a gap, and rejects another word", async () => {
    const learner = await member({ subscribed: true });
    const { gap } = await lessonWithExercises();
    for (const [answer, correct] of [
      ["منيح", true],
      ["مْنِيح", true],
      ["mnih", true],
      ["mni7", true],
      ["كتير", false],
    ] as const) {
      const response = await call(gapPath(gap.id), { token: learner.token, json: { answer } });
      expect(response.status).toBe(201);
      expect((await json(response)).data).toMatchObject({ correct, expected: "منيح", line: "أنا منيح، الحمدلله." });
    }
    const stored = await storedAttempts(learner.id);
    expect(stored.map((attempt) => [attempt.answer, attempt.isCorrect])).toEqual([
      ["منيح", true],
      ["مْنِيح", true],
      ["mnih", true],
      ["mni7", true],
      ["كتير", false],
    ]);
  });

  it("needs a session (401) and, for a premium lesson, a subscription (402); a free lesson needs none", async () => {
    const { order, gap } = await lessonWithExercises();
    const visitor = await call(orderPath(order.id), { json: { answer: ["أنا"] } });
    expect(visitor.status).toBe(401);
    expect((await json(visitor)).errors).toEqual(expect.arrayContaining([expect.any(String)]));

    const free = await member();
    const locked = await call(gapPath(gap.id), { token: free.token, json: { answer: "منيح" } });
    expect(locked.status).toBe(402);
    expect(await storedAttempts(free.id)).toEqual([]);

    const open = await lessonWithExercises({ isFree: true });
    const allowed = await call(gapPath(open.gap.id), { token: free.token, json: { answer: "منيح" } });
    expect(allowed.status).toBe(201);
  });

  it("answers 404 for unknown exercises, kinds and ids, and for a draft lesson's exercises", async () => {
    const learner = await member({ subscribed: true });
    const { order } = await lessonWithExercises();
    const draft = await lessonWithExercises({ isPublished: false });
    for (const path of [
      orderPath(999_999_999),
      gapPath(order.id + 999_999),
      `/api/exercises/sentence-words/${order.id}/attempts`,
      `/api/exercises/sentence-orders/abc/attempts`,
      `/api/exercises/sentence-orders/0/attempts`,
      orderPath(draft.order.id),
    ]) {
      const response = await call(path, { token: learner.token, json: { answer: ["أنا"] } });
      expect(response.status, path).toBe(404);
    }
    const unknown = await call(orderPath(999_999_999), { token: learner.token, json: { answer: ["أنا"] } });
    expect((await json(unknown)).errors).toEqual(["We couldn't find that exercise."]);
    expect(await storedAttempts(learner.id)).toEqual([]);
  });

  it("rejects malformed answers with 400 and stores nothing", async () => {
    const learner = await member({ subscribed: true });
    const { order, gap } = await lessonWithExercises();
    const cases: Array<[string, { json?: unknown; body?: string }]> = [
      [orderPath(order.id), { body: "{not json" }],
      [orderPath(order.id), { json: [] }],
      [orderPath(order.id), { json: {} }],
      [orderPath(order.id), { json: { answer: "أنا منيح" } }],
      [orderPath(order.id), { json: { answer: [] } }],
      [orderPath(order.id), { json: { answer: ["أنا", 3] } }],
      [orderPath(order.id), { json: { answer: ["أنا", "  "] } }],
      [orderPath(order.id), { json: { answer: Array.from({ length: 61 }, () => "أنا") } }],
      [gapPath(gap.id), { json: { answer: ["منيح"] } }],
      [gapPath(gap.id), { json: { answer: "   " } }],
      [gapPath(gap.id), { json: { answer: "م".repeat(201) } }],
    ];
    for (const [path, init] of cases) {
      const response = await call(path, { token: learner.token, ...init });
      expect(response.status, JSON.stringify(init)).toBe(400);
      expect((await json(response)).errors?.length).toBeGreaterThan(0);
    }
    expect(
      await ctx.db
        .select()
        .from(exerciseAttempts)
        .where(and(eq(exerciseAttempts.userId, learner.id))),
    ).toEqual([]);
  });
});
