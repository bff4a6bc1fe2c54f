import { and, asc, eq, gte, lt } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { transcriptCues, videoSentenceGaps, videoSentenceOrders, videoVocabulary } from "../../drizzle/schema";
import { createAppContext } from "../../server/context";
import { createViewer } from "../../server/access/viewer";
import { getLessonWorkspace } from "../../server/services/admin-lesson";
import { getSampleLesson } from "../../server/services/landing";
import { listLessonCues } from "../../server/services/lesson-content";
import { buildLessonContext } from "../../server/services/lesson-chat";
import { getLessonPage } from "../../server/services/lessons";
import { indexVideo, rebuildSearchIndex, searchIndex } from "../../server/services/search";
import { lookupWord } from "../../server/services/word-lookup";
import { createLesson } from "../fixtures/lessons";
import { createUser, loginToken, testApp, testEnv } from "./helpers";

// Every reader of a lesson's content goes through server/services/lesson-content.ts, so each sees the
// lines, words and exercises in the same order.

const app = testApp();
const ctx = createAppContext(testEnv);

let lesson: Awaited<ReturnType<typeof createLesson>>;
let learner: Awaited<ReturnType<typeof createUser>> & { token: string };
let adminToken: string;
/** English of each line in time order; "tie one" and "tie two" start at the same moment. */
const TIME_ORDER = ["at zero", "tie one", "tie two", "at four"];

beforeAll(async () => {
  // Inserted out of time order, two lines at the same start (as a bulk import can leave them).
  lesson = await createLesson(ctx, {
    isFree: true,
    videoKey: "videos/lesson-content-order.mp4",
    cues: [
      { arabic: "أربعة", english: "at four", startMs: 4000, endMs: 5000 },
      { arabic: "واحد", english: "tie one", startMs: 1000, endMs: 2000 },
      { arabic: "اثنين", english: "tie two", startMs: 1000, endMs: 2000 },
      { arabic: "صفر", english: "at zero", startMs: 0, endMs: 1000 },
    ],
    vocabulary: [],
  });
  // Positions that disagree with the ids for the tied lines: the order must not depend on them.
  const [, tieOne, tieTwo] = lesson.cues;
  await ctx.db.update(transcriptCues).set({ position: 9 }).where(eq(transcriptCues.id, tieOne!.id));
  await ctx.db.update(transcriptCues).set({ position: 8 }).where(eq(transcriptCues.id, tieTwo!.id));

  const videoId = lesson.video.id;
  await ctx.db.insert(videoVocabulary).values([
    { videoId, arabic: "كيفك", transliteration: "kiifak", english: "how are you (added first)", startMs: 3000 },
    { videoId, arabic: "بيت", transliteration: "beet", english: "house", startMs: null },
    { videoId, arabic: "كيفك", transliteration: "kiifik", english: "how are you (added second)", startMs: 1000 },
  ]);
  const cueId = lesson.cues[0]!.id;
  await ctx.db.insert(videoSentenceOrders).values([
    { videoId, cueId, sentence: "أ ب", translation: "order second", position: 2 },
    { videoId, cueId, sentence: "ت ث", translation: "order first", position: 1 },
  ]);
  await ctx.db.insert(videoSentenceGaps).values([
    { videoId, cueId, sentence: "___ ب", answer: "أ", options: ["أ", "ت"], translation: "gap second", position: 5 },
    { videoId, cueId, sentence: "___ ث", answer: "ت", options: ["أ", "ت"], translation: "gap first", position: 0 },
  ]);

  const user = await createUser();
  learner = { ...user, token: await loginToken(app, user.email, user.password) };
  const admin = await createUser({ permissions: ["admin"] });
  adminToken = await loginToken(app, admin.email, admin.password);
});

const viewer = () =>
  createViewer(ctx, { id: learner.id, permissions: [], transliterationScheme: learner.transliterationScheme });
const get = (path: string, token: string) =>
  app.request(path, { headers: { Authorization: `Bearer ${token}` } }, testEnv);

describe("a lesson's transcript lines", () => {
  it("come in time order, then as inserted, from every reader", async () => {
    const videoId = lesson.video.id;
    const byId = new Map(lesson.cues.map((cue) => [cue.id, cue.english]));
    const english = (cues: Array<{ id: number }>) => cues.map((cue) => byId.get(cue.id));

    expect(english(await listLessonCues(ctx, { lessonId: videoId }))).toEqual(TIME_ORDER);
    expect(english((await getLessonPage(ctx, { videoId, viewer: viewer() })).cues)).toEqual(TIME_ORDER);
    expect(english((await getLessonWorkspace(ctx, { lessonId: videoId })).cues)).toEqual(TIME_ORDER);
    const sample = await getSampleLesson(ctx);
    expect(sample?.id).toBe(videoId);
    expect(english(sample!.cues)).toEqual(TIME_ORDER);

    const adminCues = (await (await get(`/api/admin/lessons/${videoId}/cues`, adminToken)).json()) as {
      data: Array<{ id: number }>;
    };
    expect(english(adminCues.data)).toEqual(TIME_ORDER);

    const captions = await (await get(`/api/lessons/${videoId}/captions.vtt?lang=en`, learner.token)).text();
    const captionOrder = TIME_ORDER.map((text) => captions.indexOf(text));
    expect(captionOrder.every((at) => at > 0)).toBe(true);
    expect([...captionOrder].sort((a, b) => a - b)).toEqual(captionOrder);

    const context = await buildLessonContext(ctx, { lessonId: videoId, contextNotes: "" });
    const contextOrder = TIME_ORDER.map((text) => context.indexOf(text));
    expect(contextOrder.every((at) => at > 0)).toBe(true);
    expect([...contextOrder].sort((a, b) => a - b)).toEqual(contextOrder);
  });

  it("are indexed for search in the same order, one lesson at a time or all at once", async () => {
    const videoId = lesson.video.id;
    const base = videoId * 2 ** 20;
    const indexed = async () =>
      (
        await ctx.db
          .select({ cueId: searchIndex.cueId })
          .from(searchIndex)
          .where(and(gte(searchIndex.rowid, base), lt(searchIndex.rowid, base + 2 ** 20), eq(searchIndex.kind, "cue")))
          .orderBy(asc(searchIndex.rowid))
      ).map((row) => row.cueId);
    const expected = (await listLessonCues(ctx, { lessonId: videoId })).map((cue) => cue.id);

    await indexVideo(ctx, { lessonId: videoId });
    expect(await indexed()).toEqual(expected);
    await rebuildSearchIndex(ctx);
    expect(await indexed()).toEqual(expected);
  });
});

describe("a lesson's vocabulary and exercises", () => {
  it("come in the same order on the lesson page, in the workspace and to the assistant", async () => {
    const videoId = lesson.video.id;
    const wordOrder = ["house", "how are you (added second)", "how are you (added first)"];
    const page = await getLessonPage(ctx, { videoId, viewer: viewer() });
    const workspace = await getLessonWorkspace(ctx, { lessonId: videoId });
    expect(page.vocabulary.map((word) => word.english)).toEqual(wordOrder);
    expect(workspace.vocabulary.map((word) => word.english)).toEqual(wordOrder);
    const context = await buildLessonContext(ctx, { lessonId: videoId, contextNotes: "" });
    const contextOrder = wordOrder.map((english) => context.indexOf(english));
    expect([...contextOrder].sort((a, b) => a - b)).toEqual(contextOrder);

    expect(page.exercises.sentenceOrders.map((exercise) => exercise.translation)).toEqual([
      "order first",
      "order second",
    ]);
    expect(workspace.sentenceOrders.map((exercise) => exercise.translation)).toEqual(["order first", "order second"]);
    expect(page.exercises.sentenceGaps.map((exercise) => exercise.translation)).toEqual(["gap first", "gap second"]);
    expect(workspace.sentenceGaps.map((exercise) => exercise.translation)).toEqual(["gap first", "gap second"]);
  });

  it("gives a looked-up word the entry added first when two match alike", async () => {
    const found = await lookupWord(ctx, { lessonId: lesson.video.id, word: "كيفك" });
    expect(found).toEqual({
      word: "كيفك",
      found: true,
      source: "lesson",
      match: "exact",
      entry: { arabic: "كيفك", transliteration: "kiifak", english: "how are you (added first)", startMs: 3000 },
    });
  });
});
