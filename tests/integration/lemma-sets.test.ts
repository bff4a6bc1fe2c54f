import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  lemmaForms,
  lemmas,
  lessonLemmas,
  lessonLemmaSets,
  memberLemmas,
  memberLemmaSets,
  users,
  videos,
} from "../../drizzle/schema";
import { createAppContext } from "../../server/context";
import { saveLessonCues } from "../../server/services/admin-lesson";
import {
  getLessonsKnowledge,
  knowledgeByLesson,
  lessonKnowledgeQuery,
  markRestKnown,
  undoMarkedKnown,
} from "../../server/services/words/known";
import { setWordStatus } from "../../server/services/words/status";
import { createLesson, uniqueTag } from "../fixtures/catalog";
import { createUser, testEnv } from "./helpers";

// The lemma sets (migrations/0022_lemma_sets.sql, docs/decisions/050-lemma-sets-and-one-history-read.md): after every
// kind of write of `lesson_lemmas` and `member_lemmas`, each set holds exactly the rows a recount finds, and the
// "% known" pages read from them equals the grouped statement over the rows.

const ctx = createAppContext(testEnv);

const LETTERS = [..."بتثجحخدذرزسشصضطظعغفقكلمن"];
const randomArabic = () =>
  Array.from({ length: 7 }, () => LETTERS[Math.floor(Math.random() * LETTERS.length)]).join("");

async function lemma(arabic = randomArabic()) {
  const [row] = await ctx.db
    .insert(lemmas)
    .values({
      key: `k-${uniqueTag()}`,
      arabic,
      arabicPlain: arabic,
      transliteration: "x",
      partOfSpeech: "noun",
      createdAt: new Date(),
      updatedAt: new Date(),
    })
    .returning({ id: lemmas.id, arabic: lemmas.arabic });
  // Its form, so that tokenising a line finds it (server/services/words/tokens.ts).
  await ctx.db.insert(lemmaForms).values({ lemmaId: row!.id, form: arabic });
  return row!;
}

const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

/** The lesson's set (null without a row) beside a recount of `lesson_lemmas`. */
async function lessonSetAndRecount(lessonId: number) {
  const [set] = await ctx.db.select().from(lessonLemmaSets).where(eq(lessonLemmaSets.lessonId, lessonId));
  const rows = await ctx.db
    .select({ lemmaId: lessonLemmas.lemmaId })
    .from(lessonLemmas)
    .where(eq(lessonLemmas.lessonId, lessonId));
  return {
    set: set ? sorted(JSON.parse(set.lemmaIds) as number[]) : null,
    recount: sorted(rows.map((row) => row.lemmaId)),
  };
}

async function expectLessonSetInStep(lessonId: number) {
  const { set, recount } = await lessonSetAndRecount(lessonId);
  expect(set ?? []).toEqual(recount);
  return recount;
}

/** The member's sets by status beside a recount of `member_lemmas`. */
async function expectMemberSetsInStep(userId: number) {
  const sets = await ctx.db.select().from(memberLemmaSets).where(eq(memberLemmaSets.userId, userId));
  const rows = await ctx.db
    .select({ lemmaId: memberLemmas.lemmaId, status: memberLemmas.status })
    .from(memberLemmas)
    .where(eq(memberLemmas.userId, userId))
    .orderBy(asc(memberLemmas.lemmaId));
  for (const status of ["known", "learning", "ignored"] as const) {
    const set = sets.find((row) => row.status === status);
    expect(sorted(set ? (JSON.parse(set.lemmaIds) as number[]) : [])).toEqual(
      rows.filter((row) => row.status === status).map((row) => row.lemmaId),
    );
  }
  return rows;
}

/** "% known" as the pages read it (the sets) and as the grouped statement over the rows counts it. */
async function expectKnowledgeAsRecounted(userId: number, lessonIds: number[]) {
  const fromSets = await getLessonsKnowledge(ctx, { userId, lessonIds });
  const recounted = knowledgeByLesson(await lessonKnowledgeQuery(ctx, { userId, lessonIds }));
  expect(Object.fromEntries(fromSets)).toEqual(Object.fromEntries(recounted));
  return fromSets;
}

describe("a lesson's lemma set", () => {
  it("follows its lines saved, edited and deleted, a lemma deleted and the lesson deleted", async () => {
    const [one, two, three] = [await lemma(), await lemma(), await lemma()];
    const lesson = await createLesson(ctx, { isFree: true });
    const editor = await createUser({ permissions: ["admin"] });
    const line = (arabic: string, startMs: number) => ({
      startMs,
      endMs: startMs + 1000,
      arabic,
      transliteration: "",
      english: "",
    });

    await saveLessonCues(ctx, {
      lessonId: lesson.id,
      actor: editor,
      cues: [line(`${one.arabic} ${two.arabic}`, 0), line(`${three.arabic} ${one.arabic}`, 2000)],
    });
    expect(await expectLessonSetInStep(lesson.id)).toEqual(sorted([one.id, two.id, three.id]));

    // Lines replaced: one lemma leaves the lesson.
    await saveLessonCues(ctx, {
      lessonId: lesson.id,
      actor: editor,
      replaceAll: true,
      cues: [line(`${one.arabic} ${three.arabic}`, 0)],
    });
    expect(await expectLessonSetInStep(lesson.id)).toEqual(sorted([one.id, three.id]));

    // A lemma deleted: its lesson_lemmas rows go by cascade, and with them its place in the set.
    await ctx.db.delete(lemmas).where(eq(lemmas.id, three.id));
    expect(await expectLessonSetInStep(lesson.id)).toEqual([one.id]);

    // Every line deleted: an empty set, and no figure for the lesson.
    await saveLessonCues(ctx, { lessonId: lesson.id, actor: editor, replaceAll: true, cues: [] });
    expect(await expectLessonSetInStep(lesson.id)).toEqual([]);
    const learner = await createUser();
    expect((await getLessonsKnowledge(ctx, { userId: learner.id, lessonIds: [lesson.id] })).size).toBe(0);

    // The lesson deleted: its set row goes with it.
    await ctx.db.delete(videos).where(eq(videos.id, lesson.id));
    expect((await lessonSetAndRecount(lesson.id)).set).toBeNull();
  });
});

describe("a member's status sets", () => {
  it("follow every status change, mark the rest as known and its undo, a lemma deleted and the member deleted", async () => {
    const words = [await lemma(), await lemma(), await lemma(), await lemma()];
    const ids = words.map((word) => word.id);
    const lesson = await createLesson(ctx, { isFree: true });
    const other = await createLesson(ctx, { isFree: true });
    await ctx.db.insert(lessonLemmas).values(ids.map((lemmaId) => ({ lessonId: lesson.id, lemmaId })));
    await ctx.db.insert(lessonLemmas).values(ids.slice(0, 2).map((lemmaId) => ({ lessonId: other.id, lemmaId })));
    const learner = await createUser();
    const lessons = [lesson.id, other.id];

    // A member who knows no word: every lesson 0 %, from the sets as from the rows.
    const none = await expectKnowledgeAsRecounted(learner.id, lessons);
    expect(none.get(lesson.id)?.percent).toBe(0);
    await expectMemberSetsInStep(learner.id);

    await setWordStatus(ctx, { userId: learner.id, lemmaId: ids[0]!, status: "learning" });
    await setWordStatus(ctx, { userId: learner.id, lemmaId: ids[1]!, status: "known" });
    await setWordStatus(ctx, { userId: learner.id, lemmaId: ids[2]!, status: "ignored" });
    await expectMemberSetsInStep(learner.id);
    expect((await expectKnowledgeAsRecounted(learner.id, lessons)).get(lesson.id)).toMatchObject({
      known: 1,
      learning: 1,
      ignored: 1,
      counted: 3,
      percent: 33,
    });

    // From learning to known, and back to new (no row).
    await setWordStatus(ctx, { userId: learner.id, lemmaId: ids[0]!, status: "known" });
    await setWordStatus(ctx, { userId: learner.id, lemmaId: ids[2]!, status: "new" });
    await expectMemberSetsInStep(learner.id);
    await expectKnowledgeAsRecounted(learner.id, lessons);

    // "Mark the rest as known" and its undo.
    const marked = await markRestKnown(ctx, { userId: learner.id, lessonId: lesson.id });
    expect(marked.marked).toBe(2);
    await expectMemberSetsInStep(learner.id);
    expect((await expectKnowledgeAsRecounted(learner.id, lessons)).get(lesson.id)?.percent).toBe(100);
    await undoMarkedKnown(ctx, { userId: learner.id, lessonId: lesson.id, batchId: marked.batchId! });
    await expectMemberSetsInStep(learner.id);
    await expectKnowledgeAsRecounted(learner.id, lessons);

    // A lemma deleted: gone from the member's set as from their rows.
    await ctx.db.delete(lemmas).where(eq(lemmas.id, ids[1]!));
    expect((await expectMemberSetsInStep(learner.id)).map((row) => row.lemmaId)).toEqual([ids[0]]);
    await expectKnowledgeAsRecounted(learner.id, lessons);

    // Another member's statuses are theirs alone.
    const someoneElse = await createUser();
    await setWordStatus(ctx, { userId: someoneElse.id, lemmaId: ids[3]!, status: "known" });
    await expectMemberSetsInStep(learner.id);
    await expectKnowledgeAsRecounted(learner.id, lessons);

    // The member deleted: their sets go with them.
    await ctx.db.delete(users).where(eq(users.id, learner.id));
    expect(await ctx.db.select().from(memberLemmaSets).where(eq(memberLemmaSets.userId, learner.id))).toEqual([]);
  });
});
