import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  exerciseAttempts,
  flashcards,
  flashcollections,
  lemmas,
  memberLemmas,
  studyDays,
  videoProgress,
  videoSentenceGaps,
  videoSentenceOrders,
  vocabularyListItems,
  vocabularyLists,
  vocabularyReviewLogs,
  vocabularyReviewStates,
} from "../../drizzle/schema";
import { Rating, reviewCard, type Grade, type ReviewState } from "../../core/fsrs";
import { PROGRESS_SYNC_INTERVAL_MS, type SyncAnswer } from "../../core/schemas/sync";
import { createAppContext } from "../../server/context";
import { applyReview, SAVED_WORD_REVIEWS } from "../../server/services/fsrs-reviews";
import { createVideo } from "../fixtures/collections";
import { createLesson, createSubscription } from "../fixtures/lessons";
import { faultyD1 } from "./fault-env";
import { caller, json, member as signedIn, testEnv } from "./helpers";

// The outbox's server side (docs/offline.md "Sync", ADR 044): review events replayed per card in time order, each
// stored once; playback stretches credited once; what one sync costs in D1.

// Near the real clock (session tokens carry real expiry times), moved by the tests.
const start = new Date(new Date().setUTCHours(12, 0, 0, 0));
let clock = start;
const now = () => clock;
const ctx = createAppContext(testEnv, { now });
const call = caller({ now });
const member = () => signedIn({ now });
const MINUTE = 60_000;
const at = (minutes: number) => start.getTime() + minutes * MINUTE;

let sequence = 0;
const eventId = (tag: string) => `${tag}-${(sequence += 1)}-${crypto.randomUUID().slice(0, 8)}`;

async function savedWord(userId: number) {
  const [list] = await ctx.db.insert(vocabularyLists).values({ userId, title: "Sync words" }).returning();
  const [item] = await ctx.db
    .insert(vocabularyListItems)
    .values({ listId: list!.id, arabic: "شاي", english: "tea" })
    .returning();
  return item!.id;
}

function review(cardId: number, rating: Grade, deviceTime: number, id = eventId("r")) {
  return { kind: "review", id, at: deviceTime, source: "word", cardId, cardType: "recognition", rating } as const;
}

async function sync(token: string | null, body: unknown) {
  const response = await call("/api/sync", { token, json: body });
  return { status: response.status, body: await json<{ data?: SyncAnswer; errors?: string[] }>(response) };
}

async function wordRows(userId: number, itemId: number) {
  const [[state], logs] = await ctx.db.batch([
    ctx.db
      .select()
      .from(vocabularyReviewStates)
      .where(and(eq(vocabularyReviewStates.userId, userId), eq(vocabularyReviewStates.itemId, itemId))),
    ctx.db
      .select()
      .from(vocabularyReviewLogs)
      .where(and(eq(vocabularyReviewLogs.userId, userId), eq(vocabularyReviewLogs.itemId, itemId)))
      .orderBy(asc(vocabularyReviewLogs.reviewedAt)),
  ]);
  return { state, logs };
}

/** What FSRS gives for these answers in this order from a new card: what the stored state must be. */
function replayed(answers: Array<[Grade, number]>): ReviewState {
  let state: ReviewState | null = null;
  for (const [rating, time] of answers) state = reviewCard(state, rating, new Date(time));
  return state!;
}

function expectState(stored: Record<string, unknown> | undefined, expected: ReviewState) {
  expect(stored).toMatchObject({
    reps: expected.reps,
    lapses: expected.lapses,
    state: expected.state,
    due: expected.due,
    lastReview: expected.lastReview,
  });
  expect(stored!.stability).toBeCloseTo(expected.stability, 6);
}

async function cardsOnDay(userId: number) {
  const rows = await ctx.db.select().from(studyDays).where(eq(studyDays.userId, userId));
  return rows.reduce((sum, row) => sum + row.cardsReviewed, 0);
}

describe("sync: review events", () => {
  it("stores three offline answers in time order, each once, and counts them on the study day", async () => {
    clock = new Date(at(30));
    const learner = await member();
    const card = await savedWord(learner.id);
    const events = [review(card, Rating.Good, at(10)), review(card, Rating.Again, at(20)), review(card, 3, at(0))];
    const first = await sync(learner.token, { device: "device-one", sentAt: at(30), events });
    expect(first.status).toBe(200);
    expect(first.body.data!.results.map((result) => result.status)).toEqual([200, 200, 200]);

    const { state, logs } = await wordRows(learner.id, card);
    expectState(
      state,
      replayed([
        [3, at(0)],
        [Rating.Good, at(10)],
        [Rating.Again, at(20)],
      ]),
    );
    expect(logs.map((log) => log.reviewedAt.getTime())).toEqual([at(0), at(10), at(20)]);
    expect(logs.every((log) => log.device === "device-one")).toBe(true);
    expect(await cardsOnDay(learner.id)).toBe(3);

    // The same batch again (a retry after a lost answer) and one id twice in a batch: nothing more.
    const again = await sync(learner.token, { device: "device-one", sentAt: at(31), events: [...events, events[0]] });
    expect(again.body.data!.results.map((result) => result.status)).toEqual([200, 200, 200, 200]);
    expect((await wordRows(learner.id, card)).logs).toHaveLength(3);
    expect(await cardsOnDay(learner.id)).toBe(3);
  });

  it("keeps both devices' answers to one card, whichever syncs first", async () => {
    clock = new Date(at(60));
    const learner = await member();
    const cards = [await savedWord(learner.id), await savedWord(learner.id)];
    const phone = (card: number) => review(card, Rating.Good, at(10));
    const laptop = (card: number) => review(card, Rating.Again, at(20));
    // Card one: the phone syncs first; card two: the laptop does. Both end as "Good then Again".
    await sync(learner.token, { device: "phone-1234", sentAt: at(60), events: [phone(cards[0]!)] });
    await sync(learner.token, { device: "laptop-1234", sentAt: at(60), events: [laptop(cards[0]!)] });
    await sync(learner.token, { device: "laptop-1234", sentAt: at(60), events: [laptop(cards[1]!)] });
    await sync(learner.token, { device: "phone-1234", sentAt: at(60), events: [phone(cards[1]!)] });
    const expected = replayed([
      [Rating.Good, at(10)],
      [Rating.Again, at(20)],
    ]);
    for (const card of cards) {
      const { state, logs } = await wordRows(learner.id, card);
      expect(logs.map((log) => [log.device, log.rating])).toEqual([
        ["phone-1234", Rating.Good],
        ["laptop-1234", Rating.Again],
      ]);
      expectState(state, expected);
      expect(state!.lapses).toBe(0);
      // The later answer's "before" is the earlier answer's state, so an undo still restores the right state.
      expect(logs[1]!.previousState?.reps).toBe(1);
    }
    expect(await cardsOnDay(learner.id)).toBe(4);
  });

  it("puts an offline answer before a later online one and replays both", async () => {
    clock = new Date(at(40));
    const learner = await member();
    const card = await savedWord(learner.id);
    // Online at minute 40 (the server's clock), then an answer made offline at minute 5 arrives.
    await applyReview(ctx, {
      tables: SAVED_WORD_REVIEWS,
      userId: learner.id,
      cardId: card,
      rating: 3,
      requestId: "online-1",
    });
    clock = new Date(at(45));
    await sync(learner.token, { device: "phone-1234", sentAt: at(45), events: [review(card, Rating.Easy, at(5))] });
    const { state, logs } = await wordRows(learner.id, card);
    expect(logs.map((log) => (log.requestId.startsWith("online") ? "online" : "offline"))).toEqual([
      "offline",
      "online",
    ]);
    expectState(
      state,
      replayed([
        [Rating.Easy, at(5)],
        [3, at(40)],
      ]),
    );
    expect(logs[1]!.previousState?.reps).toBe(1);
  });

  it("rebases a device's clock on the server's, and never lets an answer come from the future", async () => {
    clock = new Date(at(60));
    const learner = await member();
    const card = await savedWord(learner.id);
    // The laptop's clock is right; the phone's runs two hours fast. The phone answered first (minute 10, which
    // its clock calls minute 130), the laptop second (minute 20).
    const skew = 120 * MINUTE;
    await sync(learner.token, { device: "laptop-1234", sentAt: at(60), events: [review(card, Rating.Again, at(20))] });
    await sync(learner.token, {
      device: "phone-1234",
      sentAt: at(60) + skew,
      events: [review(card, Rating.Good, at(10) + skew)],
    });
    const { state, logs } = await wordRows(learner.id, card);
    expect(logs.map((log) => [log.device, log.reviewedAt.getTime()])).toEqual([
      ["phone-1234", at(10)],
      ["laptop-1234", at(20)],
    ]);
    expectState(
      state,
      replayed([
        [Rating.Good, at(10)],
        [Rating.Again, at(20)],
      ]),
    );

    // An event later than the batch's own send time is clamped to the server's now.
    const other = await savedWord(learner.id);
    await sync(learner.token, { device: "phone-1234", sentAt: at(60), events: [review(other, 3, at(600))] });
    expect((await wordRows(learner.id, other)).logs[0]!.reviewedAt.getTime()).toBe(at(60));
  });

  it("loses nothing when a sync fails half way: sent again, every answer is stored once", async () => {
    clock = new Date(at(30));
    const learner = await member();
    const cards = [await savedWord(learner.id), await savedWord(learner.id)];
    const events = [review(cards[0]!, Rating.Good, at(10)), review(cards[1]!, Rating.Again, at(20))];
    const batch = { device: "phone-1234", sentAt: at(30), events };
    // The second card's log insert fails (its whole batch rolls back) after the first card was stored.
    const broken = faultyD1({ match: /^insert into "vocabulary_review_logs"/i, skip: 1, times: 1 });
    const cut = await call("/api/sync", { token: learner.token, json: batch, env: broken.env });
    expect(cut.status).toBe(500);
    expect(broken.failed()).toHaveLength(1);
    expect((await wordRows(learner.id, cards[0]!)).logs).toHaveLength(1);
    expect((await wordRows(learner.id, cards[1]!)).logs).toHaveLength(0);
    expect((await wordRows(learner.id, cards[1]!)).state).toBeUndefined();

    // The page kept both (no answer came back) and sends them again.
    const again = await sync(learner.token, batch);
    expect(again.body.data!.results.map((result) => result.status)).toEqual([200, 200]);
    for (const [index, card] of cards.entries()) {
      const { state, logs } = await wordRows(learner.id, card);
      expect(logs).toHaveLength(1);
      expectState(state, replayed([[events[index]!.rating, events[index]!.at]]));
    }
    expect(await cardsOnDay(learner.id)).toBe(2);
  });

  it("refuses a visitor, bad input, another member's card and a card type the note lacks", async () => {
    clock = new Date(at(10));
    const [owner, stranger] = [await member(), await member()];
    const card = await savedWord(owner.id);
    const good = { device: "device-1234", sentAt: at(10), events: [review(card, 3, at(5))] };

    expect((await sync(null, good)).status).toBe(401);

    for (const bad of [
      { ...good, device: "x" },
      { ...good, events: [] },
      { ...good, events: [{ ...review(card, 3, at(5)), rating: 7 }] },
      { ...good, events: [{ ...review(card, 3, at(5)), kind: "mark" }] },
      { ...good, events: [{ ...review(card, 3, at(5)), id: "short" }] },
      {
        ...good,
        events: [
          { kind: "progress", id: eventId("p"), lessonId: 1, positionSeconds: 1, watchedSeconds: 1, from: 9, to: 1 },
        ],
      },
    ]) {
      const answer = await sync(owner.token, bad);
      expect(answer.status, JSON.stringify(bad)).toBe(422);
      expect(answer.body.errors?.length).toBeGreaterThan(0);
    }
    expect((await call("/api/sync", { token: owner.token, body: "{not json" })).status).toBe(400);

    // Another member's note, an unpublished collection's card: 404 for that event, nothing written.
    const [draft] = await ctx.db
      .insert(flashcollections)
      .values({ title: "Draft", slug: `draft-${eventId("c")}`, level: "beginner", isPublished: false, position: 0 })
      .returning();
    const [hidden] = await ctx.db
      .insert(flashcards)
      .values({ collectionId: draft!.id, arabic: "قهوة", english: "coffee", position: 0 })
      .returning();
    const theirs = await sync(stranger.token, {
      ...good,
      events: [review(card, 3, at(5)), { ...review(hidden!.id, 3, at(5)), source: "flashcard" }],
    });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data!.results.map((result) => result.status)).toEqual([404, 404]);
    expect((await wordRows(owner.id, card)).logs).toHaveLength(0);
    expect((await wordRows(stranger.id, card)).logs).toHaveLength(0);

    // A saved word makes a recognition card only: a listening answer is refused for good.
    const lacking = await sync(owner.token, {
      ...good,
      events: [{ ...review(card, 3, at(5)), cardType: "listening" }],
    });
    expect(lacking.body.data!.results[0]).toMatchObject({ status: 422 });
    expect((await wordRows(owner.id, card)).logs).toHaveLength(0);
  });
});

describe("sync: playback progress", () => {
  function stretch(lessonId: number, from: number, to: number, positionSeconds: number, watchedSeconds: number) {
    return { kind: "progress", id: eventId("p"), lessonId, positionSeconds, watchedSeconds, from, to } as const;
  }
  async function progressOf(userId: number, lessonId: number) {
    const [row] = await ctx.db
      .select()
      .from(videoProgress)
      .where(and(eq(videoProgress.userId, userId), eq(videoProgress.videoId, lessonId)));
    return row;
  }
  async function secondsOnDay(userId: number) {
    const rows = await ctx.db.select().from(studyDays).where(eq(studyDays.userId, userId));
    return rows.reduce((sum, row) => sum + row.secondsWatched, 0);
  }

  it("credits each stretch once: retries, another tab and older reports change nothing twice", async () => {
    clock = new Date(at(10));
    const learner = await member();
    const lesson = await createVideo(ctx, { isFree: true, durationSeconds: 600 });
    const device = "device-1234";
    const base = at(0);
    const first = stretch(lesson.id, base, base + 60_000, 60, 60);
    expect((await sync(learner.token, { device, sentAt: at(10), events: [first] })).body.data!.results[0]!.status).toBe(
      200,
    );
    expect(await progressOf(learner.id, lesson.id)).toMatchObject({ positionSeconds: 60, watchedSeconds: 60 });

    // The same stretch again (a retry, or the page-hide request after a sync that did arrive): nothing.
    await sync(learner.token, { device, sentAt: at(10), events: [first] });
    // A second tab reporting 0:30–1:30 of the same time: only its half after what is credited counts (30 s).
    await sync(learner.token, {
      device,
      sentAt: at(10),
      events: [stretch(lesson.id, base + 30_000, base + 90_000, 90, 60)],
    });
    expect(await progressOf(learner.id, lesson.id)).toMatchObject({ positionSeconds: 90, watchedSeconds: 90 });
    // An older report (0:00–0:45 at 45 s) neither earns nor moves the position back.
    await sync(learner.token, { device, sentAt: at(10), events: [stretch(lesson.id, base, base + 45_000, 45, 45)] });
    expect(await progressOf(learner.id, lesson.id)).toMatchObject({ positionSeconds: 90, watchedSeconds: 90 });
    // More watched than the wall time allows at the fastest speed is capped (10 s of wall time: at most 15 s).
    await sync(learner.token, {
      device,
      sentAt: at(10),
      events: [stretch(lesson.id, base + 90_000, base + 100_000, 130, 40)],
    });
    expect(await progressOf(learner.id, lesson.id)).toMatchObject({ positionSeconds: 130, watchedSeconds: 105 });
    expect(await secondsOnDay(learner.id)).toBe(105);

    // Completion at 90 %, kept; the position is clamped to the lesson.
    await sync(learner.token, { device, sentAt: at(10), events: [stretch(lesson.id, at(5), at(6), 9_999, 0)] });
    const done = await progressOf(learner.id, lesson.id);
    expect(done!.positionSeconds).toBe(600);
    expect(done!.completedAt?.getTime()).toBe(at(6));
  });

  it("stores offline playback made long before the sync, and refuses a lesson that is not there", async () => {
    clock = new Date(at(120));
    const learner = await member();
    const lesson = await createVideo(ctx, { isFree: false, durationSeconds: 3_600 });
    const draft = await createVideo(ctx, { isPublished: false });
    // Twenty minutes watched on the bus an hour ago, sent now.
    const answer = await sync(learner.token, {
      device: "phone-1234",
      sentAt: at(120),
      events: [stretch(lesson.id, at(40), at(60), 1_200, 1_200), stretch(draft.id, at(40), at(60), 10, 10)],
    });
    expect(answer.body.data!.results.map((result) => result.status)).toEqual([200, 404]);
    expect(await progressOf(learner.id, lesson.id)).toMatchObject({ positionSeconds: 1_200, watchedSeconds: 1_200 });
    expect(await progressOf(learner.id, draft.id)).toBeUndefined();
    expect(await secondsOnDay(learner.id)).toBe(1_200);
  });

  it("costs at most four D1 statements per minute of playback (the player's PUT every five seconds cost 7 × 12)", async () => {
    clock = new Date(at(10));
    const development = { ...testEnv, ENVIRONMENT: "development" };
    const learner = await member();
    const lesson = await createVideo(ctx, { isFree: true, durationSeconds: 600 });
    const figure = (response: Response, name: string) =>
      Number(new RegExp(`${name}=(\\d+)`).exec(response.headers.get("Server-Timing") ?? "")?.[1] ?? Number.NaN);
    const queries = (response: Response) => figure(response, "queries");
    const rows = (response: Response) =>
      `${figure(response, "rows_read")} read, ${figure(response, "rows_written")} written`;

    // Before: the player's save, every 5 s while playing.
    const put = async () =>
      call(`/api/lessons/${lesson.id}/progress`, {
        method: "PUT",
        token: learner.token,
        json: { positionSeconds: 30 },
        env: development,
      });
    await put();
    const saved = await put();
    const before = queries(saved);

    // Now: one sync of the minute's stretch.
    const response = await call("/api/sync", {
      token: learner.token,
      env: development,
      json: { device: "device-1234", sentAt: at(10), events: [stretch(lesson.id, at(8), at(9), 60, 60)] },
    });
    expect(response.status).toBe(200);
    const perSync = queries(response);
    const perMinute = perSync * (60_000 / PROGRESS_SYNC_INTERVAL_MS);
    console.log(
      `D1 statements per playback minute: before ${before * 12} (${before} per save, every 5 s; rows ${rows(saved)}), ` +
        `now ${perMinute} (${perSync} per sync; rows ${rows(response)})`,
    );
    expect(perMinute).toBeLessThanOrEqual(4);
  });
});

describe("sync: word statuses and saved words", () => {
  async function lemma() {
    const tag = crypto.randomUUID().slice(0, 8);
    const [row] = await ctx.db
      .insert(lemmas)
      .values({
        key: `sync-${tag}`,
        arabic: "مزبوط",
        arabicPlain: "مزبوط",
        transliteration: "mazbūṭ",
        partOfSpeech: "adjective",
        createdAt: start,
        updatedAt: start,
      })
      .returning({ id: lemmas.id });
    return row!.id;
  }
  const mark = (lemmaId: number, status: "new" | "learning" | "known", deviceTime: number) =>
    ({ kind: "word-status", id: eventId("w"), at: deviceTime, lemmaId, status }) as const;

  it("keeps the latest setting by time, whichever device syncs last; an unknown word is a 404", async () => {
    clock = new Date(at(60));
    const learner = await member();
    const word = await lemma();
    // The laptop marked it known at minute 20; the phone, offline, learning at minute 10 and syncs later.
    await sync(learner.token, { device: "laptop-1234", sentAt: at(60), events: [mark(word, "known", at(20))] });
    const late = await sync(learner.token, {
      device: "phone-1234",
      sentAt: at(60),
      events: [mark(word, "learning", at(10)), mark(999_999_999, "known", at(10))],
    });
    expect(late.body.data!.results.map((result) => result.status)).toEqual([200, 404]);
    const [row] = await ctx.db
      .select()
      .from(memberLemmas)
      .where(and(eq(memberLemmas.userId, learner.id), eq(memberLemmas.lemmaId, word)));
    expect(row).toMatchObject({ status: "known" });
    expect(row!.knownAt?.getTime()).toBe(at(20));
    // A later "new" forgets it.
    await sync(learner.token, { device: "phone-1234", sentAt: at(60), events: [mark(word, "new", at(30))] });
    expect(
      await ctx.db
        .select()
        .from(memberLemmas)
        .where(and(eq(memberLemmas.userId, learner.id), eq(memberLemmas.lemmaId, word))),
    ).toHaveLength(0);
  });

  it("saves a word once from a lesson the member may watch; premium needs a subscription", async () => {
    clock = new Date(at(10));
    const learner = await member();
    const free = await createVideo(ctx, { isFree: true });
    const premium = await createVideo(ctx, { isFree: false });
    const save = (lessonId: number, id = eventId("s")) =>
      ({ kind: "save-word", id, at: at(5), lessonId, word: { arabic: "مزبوط", english: "right" } }) as const;
    const once = save(free.id);
    const answer = await sync(learner.token, {
      device: "phone-1234",
      sentAt: at(10),
      events: [once, once, save(free.id), save(premium.id)],
    });
    expect(answer.body.data!.results.map((result) => result.status)).toEqual([200, 200, 200, 402]);
    const lists = await ctx.db.select().from(vocabularyLists).where(eq(vocabularyLists.userId, learner.id));
    const items = await ctx.db.select().from(vocabularyListItems).where(eq(vocabularyListItems.listId, lists[0]!.id));
    expect(items.map((item) => item.arabic)).toEqual(["مزبوط"]);

    await createSubscription(ctx, learner.id);
    const subscribed = await sync(learner.token, { device: "phone-1234", sentAt: at(10), events: [save(premium.id)] });
    expect(subscribed.body.data!.results[0]!.status).toBe(200);
  });
});

describe("sync: exercise answers given offline", () => {
  /** A lesson with one order exercise ("أنا منيح، الحمدلله.") and one gap exercise (the missing word: منيح). */
  async function lessonWithExercises(options: { isFree?: boolean; isPublished?: boolean } = {}) {
    const { video } = await createLesson(ctx, { exercises: true, isFree: true, ...options });
    const [[order], [gap]] = await ctx.db.batch([
      ctx.db.select().from(videoSentenceOrders).where(eq(videoSentenceOrders.videoId, video.id)),
      ctx.db.select().from(videoSentenceGaps).where(eq(videoSentenceGaps.videoId, video.id)),
    ]);
    return { lessonId: video.id, order: order!, gap: gap! };
  }
  const orderAnswer = (lessonId: number, exerciseId: number, answer: string[], deviceTime: number, id = eventId("x")) =>
    ({
      kind: "exercise-answer",
      id,
      at: deviceTime,
      lessonId,
      exercise: "sentence-order",
      exerciseId,
      answer,
    }) as const;
  const gapAnswer = (lessonId: number, exerciseId: number, answer: string, deviceTime: number, id = eventId("x")) =>
    ({ kind: "exercise-answer", id, at: deviceTime, lessonId, exercise: "sentence-gap", exerciseId, answer }) as const;
  async function attemptsOf(userId: number) {
    return ctx.db
      .select({
        kind: exerciseAttempts.kind,
        exerciseId: exerciseAttempts.exerciseId,
        answer: exerciseAttempts.answer,
        isCorrect: exerciseAttempts.isCorrect,
        createdAt: exerciseAttempts.createdAt,
        requestId: exerciseAttempts.requestId,
      })
      .from(exerciseAttempts)
      .where(eq(exerciseAttempts.userId, userId))
      .orderBy(asc(exerciseAttempts.createdAt), asc(exerciseAttempts.id));
  }

  it("checks each answer once, at the time it was given, as the exercise's own endpoint does", async () => {
    clock = new Date(at(30));
    const learner = await member();
    const { lessonId, order, gap } = await lessonWithExercises();
    const right = orderAnswer(lessonId, order.id, ["أنا", "منيح", "الحمدلله"], at(5));
    const wrong = gapAnswer(lessonId, gap.id, "كتير", at(6));
    const first = await sync(learner.token, { device: "phone-1234", sentAt: at(30), events: [right, wrong, right] });
    expect(first.status).toBe(200);
    expect(first.body.data!.results).toEqual([
      {
        id: right.id,
        status: 200,
        exercise: { correct: true, expected: ["أنا", "منيح", "الحمدلله"], line: "أنا منيح، الحمدلله." },
      },
      { id: wrong.id, status: 200, exercise: { correct: false, expected: "منيح", line: "أنا منيح، الحمدلله." } },
      {
        id: right.id,
        status: 200,
        exercise: { correct: true, expected: ["أنا", "منيح", "الحمدلله"], line: "أنا منيح، الحمدلله." },
      },
    ]);
    // A retry (the answer was lost on the way back): the same verdicts, nothing stored twice.
    clock = new Date(at(31));
    const retry = await sync(learner.token, { device: "phone-1234", sentAt: at(31), events: [wrong, right] });
    expect(retry.body.data!.results.map((result) => result.exercise?.correct)).toEqual([false, true]);

    const stored = await attemptsOf(learner.id);
    expect(stored).toEqual([
      {
        kind: "sentence-order",
        exerciseId: order.id,
        answer: "أنا منيح الحمدلله",
        isCorrect: true,
        createdAt: new Date(at(5)),
        requestId: right.id,
      },
      {
        kind: "sentence-gap",
        exerciseId: gap.id,
        answer: "كتير",
        isCorrect: false,
        createdAt: new Date(at(6)),
        requestId: wrong.id,
      },
    ]);

    // The same answers online store the same rows (less the request id), and the lesson page counts the solve.
    const online = await member();
    await call(`/api/exercises/sentence-orders/${order.id}/attempts`, {
      token: online.token,
      json: { answer: ["أنا", "منيح", "الحمدلله"] },
    });
    await call(`/api/exercises/sentence-gaps/${gap.id}/attempts`, { token: online.token, json: { answer: "كتير" } });
    const strip = (rows: Awaited<ReturnType<typeof attemptsOf>>) =>
      rows.map(({ kind, exerciseId, answer, isCorrect }) => ({ kind, exerciseId, answer, isCorrect }));
    expect(strip(await attemptsOf(online.id))).toEqual(strip(stored));
    const page = await json<{ data: { exercises: { sentenceOrders: Array<{ solved: boolean }> } } }>(
      await call(`/api/lessons/${lessonId}`, { token: learner.token }),
    );
    expect(page.data.exercises.sentenceOrders[0]!.solved).toBe(true);
  });

  it("keeps both devices' answers to one exercise, and another member's same id is their own", async () => {
    clock = new Date(at(40));
    const learner = await member();
    const other = await member();
    const { lessonId, gap } = await lessonWithExercises();
    const phone = gapAnswer(lessonId, gap.id, "كتير", at(20));
    const laptop = gapAnswer(lessonId, gap.id, "منيح", at(21));
    await sync(learner.token, { device: "laptop-5678", sentAt: at(40), events: [laptop] });
    await sync(learner.token, { device: "phone-1234", sentAt: at(40), events: [phone] });
    expect((await attemptsOf(learner.id)).map((row) => [row.answer, row.isCorrect])).toEqual([
      ["كتير", false],
      ["منيح", true],
    ]);
    // Ids are the member's own: another member's event with the same id is another answer.
    const theirs = await sync(other.token, {
      device: "phone-9999",
      sentAt: at(40),
      events: [{ ...phone, answer: "منيح" }],
    });
    expect(theirs.body.data!.results[0]).toMatchObject({ status: 200, exercise: { correct: true } });
    expect(await attemptsOf(other.id)).toHaveLength(1);
    expect(await attemptsOf(learner.id)).toHaveLength(2);
  });

  it("refuses a visitor, bad events, a locked or draft lesson and an exercise of another lesson", async () => {
    clock = new Date(at(50));
    const learner = await member();
    const { lessonId, order, gap } = await lessonWithExercises();
    const premium = await lessonWithExercises({ isFree: false });
    const draft = await lessonWithExercises({ isPublished: false });
    const good = gapAnswer(lessonId, gap.id, "منيح", at(45));

    expect((await sync(null, { device: "phone-1234", sentAt: at(50), events: [good] })).status).toBe(401);
    for (const bad of [
      { ...good, answer: ["منيح"] },
      { ...orderAnswer(lessonId, order.id, ["أنا"], at(45)), answer: "أنا" },
      { ...good, answer: "  " },
      { ...good, answer: "م".repeat(201) },
      { ...good, exercise: "vocabulary-quiz" },
      { ...good, exerciseId: 0 },
      { ...good, lessonId: undefined },
      { ...good, extra: true },
    ]) {
      const answer = await sync(learner.token, { device: "phone-1234", sentAt: at(50), events: [good, bad] });
      expect(answer.status, JSON.stringify(bad)).toBe(422);
      expect(answer.body.errors!.length, JSON.stringify(bad)).toBeGreaterThan(0);
    }
    expect(await attemptsOf(learner.id)).toHaveLength(0);

    const refused = await sync(learner.token, {
      device: "phone-1234",
      sentAt: at(50),
      events: [
        gapAnswer(premium.lessonId, premium.gap.id, "منيح", at(45)),
        gapAnswer(draft.lessonId, draft.gap.id, "منيح", at(45)),
        // The exercise is real, but not of the lesson the event names.
        gapAnswer(lessonId, premium.gap.id, "منيح", at(45)),
        gapAnswer(lessonId, 999_999_999, "منيح", at(45)),
      ],
    });
    expect(refused.body.data!.results.map((result) => result.status)).toEqual([402, 404, 404, 404]);
    expect(refused.body.data!.results.every((result) => result.exercise === undefined)).toBe(true);
    expect(await attemptsOf(learner.id)).toHaveLength(0);

    // With the subscription, the premium lesson's answer is stored like any other.
    await createSubscription(ctx, learner.id);
    const subscribed = await sync(learner.token, {
      device: "phone-1234",
      sentAt: at(50),
      events: [gapAnswer(premium.lessonId, premium.gap.id, "منيح", at(45))],
    });
    expect(subscribed.body.data!.results[0]).toMatchObject({ status: 200, exercise: { correct: true } });
  });
});
