import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  listeningActivities,
  listeningActivityGroups,
  listeningAttempts,
  listeningQuestions,
} from "../../drizzle/schema";
import { createAppContext } from "../../server/context";
import {
  DUPLICATE_SUBMIT_WINDOW_MS,
  type ListeningActivityView,
  type ListeningAttemptResult,
  type ListeningGroupView,
} from "../../server/services/listening";
import { putMedia } from "../fixtures/lessons";
import { caller, json, member, testEnv } from "./helpers";

// One clock for the app and the fixtures, moved by hand past the double-submit window.
let clock = new Date();
const now = () => clock;
const tick = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const call = caller({ now });
const ctx = createAppContext(testEnv, { now });

let sequence = 0;

/** A group with one activity: a choice, a dictation with Arabizi and a dictation without. */
async function createActivity(options: { isPublished?: boolean; mediaKey?: string | null } = {}) {
  sequence += 1;
  const tag = `${sequence}-${crypto.randomUUID().slice(0, 6)}`;
  const [group] = await ctx.db
    .insert(listeningActivityGroups)
    .values({ title: `Group ${tag}`, slug: `group-${tag}` })
    .returning();
  const [activity] = await ctx.db
    .insert(listeningActivities)
    .values({
      groupId: group!.id,
      title: `At the Bakery ${tag}`,
      slug: `at-the-bakery-${tag}`,
      level: "beginner",
      mediaKey: options.mediaKey === undefined ? "audio/listening-test.m4a" : options.mediaKey,
      transcript: "- صباح الخير، بدّي ربطة خبز.\n- أكيد.",
      isPublished: options.isPublished ?? true,
    })
    .returning();
  const questions = await ctx.db
    .insert(listeningQuestions)
    .values([
      {
        activityId: activity!.id,
        kind: "choice" as const,
        prompt: "How long will it take?",
        options: ["Two minutes", "Five minutes"],
        answer: "Five minutes",
        position: 0,
      },
      {
        activityId: activity!.id,
        kind: "dictation" as const,
        prompt: "Type what the customer asks for.",
        answer: "بدّي ربطة خبز",
        acceptedVariants: ["baddi rabtit khubz"],
        acceptArabizi: true,
        position: 1,
      },
      {
        activityId: activity!.id,
        kind: "dictation" as const,
        prompt: "Type the baker's answer.",
        answer: "أكيد",
        acceptedVariants: ["akeed"],
        acceptArabizi: false,
        position: 2,
      },
    ])
    .returning();
  return { group: group!, activity: activity!, questions };
}

const attemptsPath = (activityId: number) => `/api/listening/activities/${activityId}/attempts`;

async function submit(token: string, activityId: number, answers: Record<string, string>) {
  return call(attemptsPath(activityId), { token, json: { answers } });
}

describe("GET /api/listening", () => {
  it("lists groups with question counts for visitors, and each learner's own best score", async () => {
    const { group, activity, questions } = await createActivity();
    const hidden = await createActivity({ isPublished: false });
    const [choice, arabizi, hamza] = questions;

    const visitor = await json(await call("/api/listening"));
    const visitorGroup = (visitor.data as ListeningGroupView[]).find((item) => item.id === group.id)!;
    expect(visitorGroup.activities).toEqual([
      expect.objectContaining({
        id: activity.id,
        href: `/listening-activity/${activity.id}/${activity.slug}`,
        questionCount: 3,
        best: null,
        attempts: 0,
      }),
    ]);
    expect((visitor.data as ListeningGroupView[]).some((item) => item.id === hidden.group.id)).toBe(false);

    const me = await member({ now });
    await submit(me.token, activity.id, { [choice!.id]: "Five minutes", [arabizi!.id]: "nope", [hamza!.id]: "" });
    const mine = await json(await call("/api/listening", { token: me.token }));
    const card = (mine.data as ListeningGroupView[]).find((item) => item.id === group.id)!.activities[0]!;
    expect(card).toMatchObject({ best: { score: 1, total: 3 }, attempts: 1 });

    // Another learner sees nothing of mine.
    const other = await member({ now });
    const theirs = await json(await call("/api/listening", { token: other.token }));
    const theirCard = (theirs.data as ListeningGroupView[]).find((item) => item.id === group.id)!.activities[0]!;
    expect(theirCard).toMatchObject({ best: null, attempts: 0 });
  });
});

describe("GET /api/listening/activities/:id", () => {
  it("gives a learner a signed media URL and the questions without their answers", async () => {
    await putMedia(ctx, "audio/listening-test.m4a", new Uint8Array(64), "audio/mp4");
    const me = await member({ now });
    const { activity } = await createActivity();
    const response = await call(`/api/listening/activities/${activity.id}`, { token: me.token });
    expect(response.status).toBe(200);
    const view = (await json(response)).data as ListeningActivityView;
    expect(view.media.url).toMatch(/^\/media\/audio\/listening-test\.m4a\?exp=\d+&sig=[0-9a-f]{64}$/);
    expect(view.questions.map((question) => [question.kind, question.options, question.acceptArabizi])).toEqual([
      ["choice", ["Two minutes", "Five minutes"], false],
      ["dictation", [], true],
      ["dictation", [], false],
    ]);
    const text = JSON.stringify(view);
    expect(text).not.toContain("ربطة");
    expect(text).not.toContain("akeed");
    expect((await call(view.media.url!)).status).toBe(200);
  });

  it("needs a session and answers 404 for unknown and unpublished activities", async () => {
    const { activity } = await createActivity();
    const hidden = await createActivity({ isPublished: false });
    expect((await call(`/api/listening/activities/${activity.id}`)).status).toBe(401);
    const me = await member({ now });
    expect((await call(`/api/listening/activities/999999999`, { token: me.token })).status).toBe(404);
    expect((await call(`/api/listening/activities/${hidden.activity.id}`, { token: me.token })).status).toBe(404);
    expect((await call(attemptsPath(hidden.activity.id), { token: me.token, json: { answers: {} } })).status).toBe(404);
  });
});

describe("POST /api/listening/activities/:id/attempts", () => {
  it("scores choices and dictations leniently (tashkeel, hamza, spacing, Arabizi where allowed)", async () => {
    const me = await member({ now });
    const { activity, questions } = await createActivity();
    const [choice, arabizi, hamza] = questions;
    const cases: Array<[Record<string, string>, number]> = [
      [{ [choice!.id]: "five minutes", [arabizi!.id]: "بِدّي رَبطِة خُبز", [hamza!.id]: "اكيد" }, 3],
      [{ [choice!.id]: "Five minutes", [arabizi!.id]: "بدي  ربطه خبز", [hamza!.id]: "إكيد" }, 3],
      [{ [choice!.id]: "Five minutes", [arabizi!.id]: "baddi rabtet khubz", [hamza!.id]: "akid" }, 2],
      [{ [choice!.id]: "Two minutes", [arabizi!.id]: "بدي خبز", [hamza!.id]: "akeed" }, 1],
      [{}, 0],
    ];
    for (const [answers, score] of cases) {
      tick(DUPLICATE_SUBMIT_WINDOW_MS);
      const response = await submit(me.token, activity.id, answers);
      expect(response.status).toBe(201);
      const result = (await json(response)).data as ListeningAttemptResult;
      expect(result, JSON.stringify(answers)).toMatchObject({ score, total: 3 });
    }
  });

  it("returns a review with the transcript, keeps the best score and lets the learner retry", async () => {
    const me = await member({ now });
    const { activity, questions } = await createActivity();
    const [choice, arabizi, hamza] = questions;

    const first = (
      await json(await submit(me.token, activity.id, { [choice!.id]: "Two minutes", [arabizi!.id]: "بدي ربطة خبز" }))
    ).data as ListeningAttemptResult;
    expect(first).toMatchObject({ score: 1, total: 3, best: { score: 1, total: 3 } });
    expect(first.transcript).toContain("بدّي ربطة خبز");
    expect(first.review).toEqual([
      expect.objectContaining({
        questionId: choice!.id,
        given: "Two minutes",
        expected: "Five minutes",
        correct: false,
      }),
      expect.objectContaining({
        questionId: arabizi!.id,
        given: "بدي ربطة خبز",
        expected: "بدّي ربطة خبز",
        correct: true,
      }),
      expect.objectContaining({ questionId: hamza!.id, given: "", expected: "أكيد", correct: false }),
    ]);

    tick(1000);
    const perfect = (
      await json(
        await submit(me.token, activity.id, {
          [choice!.id]: "Five minutes",
          [arabizi!.id]: "baddi rabtit khubz",
          [hamza!.id]: "أكيد",
        }),
      )
    ).data as ListeningAttemptResult;
    expect(perfect).toMatchObject({ score: 3, best: { score: 3, total: 3 } });

    tick(1000);
    const worse = (await json(await submit(me.token, activity.id, { [choice!.id]: "Two minutes" })))
      .data as ListeningAttemptResult;
    expect(worse).toMatchObject({ score: 0, best: { score: 3, total: 3 } });

    const stored = await ctx.db.select().from(listeningAttempts).where(eq(listeningAttempts.userId, me.id));
    expect(stored.map((attempt) => attempt.score)).toEqual([1, 3, 0]);

    // A past attempt is readable again (the page lands on it after the form posts).
    const again = await call(`${attemptsPath(activity.id)}/${first.attemptId}`, { token: me.token });
    expect(((await json(again)).data as ListeningAttemptResult).review.map((item) => item.correct)).toEqual([
      false,
      true,
      false,
    ]);
  });

  it("counts a double submit once", async () => {
    const me = await member({ now });
    const { activity, questions } = await createActivity();
    const answers = { [questions[0]!.id]: "Five minutes" };
    const [one, two] = await Promise.all([
      submit(me.token, activity.id, answers).then(json),
      submit(me.token, activity.id, answers).then(json),
    ]);
    const three = await json(await submit(me.token, activity.id, answers));
    const ids = [one, two, three].map((body) => (body.data as ListeningAttemptResult).attemptId);
    const stored = await ctx.db.select().from(listeningAttempts).where(eq(listeningAttempts.userId, me.id));
    expect(stored).toHaveLength(1);
    expect(ids).toEqual([stored[0]!.id, stored[0]!.id, stored[0]!.id]);
    expect((three.data as ListeningAttemptResult).best).toEqual({ score: 1, total: 3 });

    tick(DUPLICATE_SUBMIT_WINDOW_MS + 1);
    await submit(me.token, activity.id, answers);
    expect(await ctx.db.select().from(listeningAttempts).where(eq(listeningAttempts.userId, me.id))).toHaveLength(
      stored.length + 1,
    );
  });

  it("keeps each learner's attempts to themselves", async () => {
    const me = await member({ now });
    const other = await member({ now });
    const { activity, questions } = await createActivity();
    const mine = (await json(await submit(me.token, activity.id, { [questions[0]!.id]: "Five minutes" })))
      .data as ListeningAttemptResult;

    const peek = await call(`${attemptsPath(activity.id)}/${mine.attemptId}`, { token: other.token });
    expect(peek.status).toBe(404);
    expect((await json(peek)).errors).toEqual(["We couldn't find that attempt."]);
    const wrongActivity = await createActivity();
    expect(
      (await call(`${attemptsPath(wrongActivity.activity.id)}/${mine.attemptId}`, { token: me.token })).status,
    ).toBe(404);
    expect((await call(`${attemptsPath(activity.id)}/999999999`, { token: me.token })).status).toBe(404);

    const theirs = (await json(await submit(other.token, activity.id, {}))).data as ListeningAttemptResult;
    expect(theirs.best).toEqual({ score: 0, total: 3 });
  });

  it("rejects malformed answers with 400, visitors with 401, and stores nothing", async () => {
    const me = await member({ now });
    const { activity, questions } = await createActivity();
    const elsewhere = await createActivity();
    const cases: Array<{ json?: unknown; body?: string }> = [
      { body: "not json" },
      { json: [] },
      { json: {} },
      { json: { answers: "Five minutes" } },
      { json: { answers: [1, 2] } },
      { json: { answers: { [questions[0]!.id]: 5 } } },
      { json: { answers: { abc: "Five minutes" } } },
      { json: { answers: { [questions[1]!.id]: "م".repeat(501) } } },
      { json: { answers: { [elsewhere.questions[0]!.id]: "Five minutes" } } },
    ];
    for (const init of cases) {
      const response = await call(attemptsPath(activity.id), { token: me.token, ...init });
      expect(response.status, JSON.stringify(init)).toBe(400);
      expect((await json(response)).errors?.length).toBeGreaterThan(0);
    }
    expect((await call(attemptsPath(activity.id), { json: { answers: {} } })).status).toBe(401);
    expect(await ctx.db.select().from(listeningAttempts).where(eq(listeningAttempts.userId, me.id))).toEqual([]);
  });
});
