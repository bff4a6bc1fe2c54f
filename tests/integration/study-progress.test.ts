import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import * as progressRoute from "../../app/features/progress/routes/progress";
import {
  exerciseAttempts,
  flashcardReviewLogs,
  flashcards,
  flashcollections,
  listeningActivities,
  listeningActivityGroups,
  listeningAttempts,
  studyDays,
  users,
  videoProgress,
  vocabularyListItems,
  vocabularyLists,
} from "../../drizzle/schema";
import { Rating } from "../../core/fsrs";
import { addDays, localDay } from "../../core/local-day";
import { createAppContext } from "../../server/context";
import { createSession } from "../../server/services/auth";
import { undoLastReview } from "../../server/services/flashcards";
import {
  computeStreaks,
  detectTimeZone,
  getProgressReport,
  saveStudyPreferences,
} from "../../server/services/study-progress";
import { createLesson, createSubscription } from "../fixtures/lessons";
import { createUser, testEnv } from "./helpers";
import { remixPages } from "./remix-pages";

// @remix-run/cloudflare is CommonJS that workerd's module runner cannot load; what the page uses of it is
// @remix-run/server-runtime's, which it re-exports.
vi.mock("@remix-run/cloudflare", () => import("@remix-run/server-runtime"));

// The study record behind /progress (server/services/study-progress.ts, docs/progress.md): what watching
// and reviewing add to the member's local day, streaks, the review forecast, retention, and the page.

// One clock for the app and the fixtures, moved by hand. Near the real time: session tokens carry real expiry times.
let clock = new Date();
const now = () => clock;
const at = (date: Date) => {
  clock = date;
};
const tick = (seconds: number) => at(new Date(clock.getTime() + seconds * 1000));
const ctx = createAppContext(testEnv, { now });

const app = remixPages({ progress: { path: "progress", module: progressRoute } }, { now });

// Not the shared `call`: /progress is a Remix page (remixPages), signed in by cookie, redirects kept.
async function call(path: string, init: { method?: string; token?: string; json?: unknown; form?: FormData } = {}) {
  const headers: Record<string, string> = {};
  if (init.token) headers.Cookie = `token=${init.token}`;
  let body: BodyInit | undefined;
  if (init.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(init.json);
  }
  if (init.form) body = init.form;
  const executionCtx = createExecutionContext();
  const response = await app.request(
    `https://ahla.test${path}`,
    { method: init.method ?? "GET", headers, body, redirect: "manual" },
    testEnv,
    executionCtx,
  );
  const text = await response.text();
  await waitOnExecutionContext(executionCtx);
  return { status: response.status, headers: response.headers, text };
}

// Not the shared `member`: a subscriber on this file's clock, with the time zone the rules read stored first.
async function member(options: { timeZone?: string | null } = {}) {
  const user = await createUser();
  if (options.timeZone !== undefined) {
    await ctx.db.update(users).set({ timeZone: options.timeZone }).where(eq(users.id, user.id));
  }
  await createSubscription(ctx, user.id);
  const { token } = await createSession(ctx, { userId: user.id });
  return { ...user, token };
}

async function studyDaysOf(userId: number) {
  const rows = await ctx.db
    .select({ day: studyDays.day, seconds: studyDays.secondsWatched, cards: studyDays.cardsReviewed })
    .from(studyDays)
    .where(eq(studyDays.userId, userId))
    .orderBy(studyDays.day);
  return Object.fromEntries(rows.map((row) => [row.day, { seconds: row.seconds, cards: row.cards }]));
}

function progressSaver(token: string, videoId: number) {
  return (positionSeconds: number) =>
    call(`/api/lessons/${videoId}/progress`, { method: "PUT", token, json: { positionSeconds, durationSeconds: 600 } });
}

/** The next midnight in Auckland after `from`, as an instant (11:00 or 12:00 UTC, daylight saving or not). */
function aucklandMidnightAfter(from: Date): Date {
  for (let hour = 0; hour < 48; hour += 1) {
    const candidate = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate(), hour));
    if (candidate <= from) continue;
    const before = new Date(candidate.getTime() - 1);
    if (localDay(before, "Pacific/Auckland") !== localDay(candidate, "Pacific/Auckland")) return candidate;
  }
  throw new Error("No Auckland midnight within two days");
}

async function flashcardCollection(count: number) {
  const [collection] = await ctx.db
    .insert(flashcollections)
    .values({ title: "Progress cards", slug: "progress-cards", level: "beginner", isPublished: true, position: 0 })
    .returning();
  return ctx.db
    .insert(flashcards)
    .values(
      Array.from({ length: count }, (_, position) => ({
        collectionId: collection!.id,
        arabic: `كلمة ${position + 1}`,
        english: `word ${position + 1}`,
        position,
      })),
    )
    .returning();
}

function review(token: string, cardId: number, rating: number, requestId: string) {
  return call("/api/flashcards/reviews", { method: "POST", token, json: { cardId, rating, requestId } });
}

/** Noon UTC today: far from midnight in UTC, so "today" holds still while a test's clock moves a little. */
function noonToday() {
  return new Date(new Date().setUTCHours(12, 0, 0, 0));
}

describe("watching", () => {
  it("records seconds on the member's local day: Auckland turns the day at its midnight, UTC does not", async () => {
    const midnight = aucklandMidnightAfter(new Date());
    at(new Date(midnight.getTime() - 10_000));
    const auckland = await member({ timeZone: "Pacific/Auckland" });
    const utc = await member();
    const { video } = await createLesson(ctx, { isFree: true, durationSeconds: 600 });
    const saves = [progressSaver(auckland.token, video.id), progressSaver(utc.token, video.id)];

    // 23:59:50 in Auckland: the first save is the baseline; 5 s later, 5 s watched before midnight.
    for (const save of saves) expect((await save(0)).status).toBe(200);
    tick(5);
    for (const save of saves) await save(5);
    // 10 s later it is 00:00:05 in Auckland: those 10 s belong to the new day.
    tick(10);
    for (const save of saves) await save(15);

    const before = localDay(new Date(midnight.getTime() - 1), "Pacific/Auckland");
    const after = localDay(midnight, "Pacific/Auckland");
    expect(await studyDaysOf(auckland.id)).toEqual({
      [before]: { seconds: 5, cards: 0 },
      [after]: { seconds: 10, cards: 0 },
    });
    // The UTC member's day did not turn (Auckland's midnight is late morning in UTC).
    expect(await studyDaysOf(utc.id)).toEqual({ [localDay(midnight, "UTC")]: { seconds: 15, cards: 0 } });
  });

  it("cannot be inflated by seeking, replays, racing saves or a long pause", async () => {
    at(noonToday());
    const learner = await member();
    const { video } = await createLesson(ctx, { isFree: true, durationSeconds: 600 });
    const save = progressSaver(learner.token, video.id);
    const today = localDay(clock, null);
    const watched = async () =>
      (
        await ctx.db
          .select({ seconds: videoProgress.watchedSeconds })
          .from(videoProgress)
          .where(and(eq(videoProgress.userId, learner.id), eq(videoProgress.videoId, video.id)))
      )[0]!.seconds;

    await save(0);
    tick(2);
    // A jump to the end two seconds later counts at most 2 s at the fastest speed (3 s).
    await save(590);
    expect((await studyDaysOf(learner.id))[today]).toEqual({ seconds: 3, cards: 0 });
    // Back and forth with no time passing, and a replayed save, add nothing.
    await save(0);
    await save(590);
    await save(590);
    expect((await studyDaysOf(learner.id))[today]?.seconds).toBe(3);
    // An hour's pause counts as one save's worth at most (a minute).
    await save(0);
    tick(3600);
    await save(300);
    expect((await studyDaysOf(learner.id))[today]?.seconds).toBe(63);
    // Two saves racing (a periodic save and the page-hide beacon) add the seconds once.
    tick(5);
    await Promise.all([save(305), save(305)]);
    expect((await studyDaysOf(learner.id))[today]?.seconds).toBe(68);
    // The study day always agrees with the lesson's own watched total.
    expect(await watched()).toBe(68);
  });
});

describe("reviews", () => {
  it("count one card per answer applied: flashcards and saved words, never a retry, minus an undo", async () => {
    at(noonToday());
    const learner = await member({ timeZone: "Asia/Beirut" });
    const today = localDay(clock, "Asia/Beirut");
    const cards = await flashcardCollection(3);
    const [list] = await ctx.db.insert(vocabularyLists).values({ userId: learner.id, title: "Mine" }).returning();
    const [word] = await ctx.db
      .insert(vocabularyListItems)
      .values({ listId: list!.id, arabic: "شاي", english: "tea" })
      .returning();

    expect((await review(learner.token, cards[0]!.id, Rating.Good, "progress-card-0")).status).toBe(200);
    tick(1);
    const saved = await call("/api/flashcards/my-words/reviews", {
      method: "POST",
      token: learner.token,
      json: { cardId: word!.id, rating: Rating.Good, requestId: "progress-word-0" },
    });
    expect(saved.status).toBe(200);
    expect((await studyDaysOf(learner.id))[today]).toEqual({ seconds: 0, cards: 2 });

    // The same request again (a retry), and a double click, count once.
    tick(1);
    await review(learner.token, cards[0]!.id, Rating.Good, "progress-card-0");
    await Promise.all([
      review(learner.token, cards[1]!.id, Rating.Easy, "progress-card-1"),
      review(learner.token, cards[1]!.id, Rating.Easy, "progress-card-1"),
    ]);
    expect((await studyDaysOf(learner.id))[today]?.cards).toBe(3);

    // Taking an answer back takes its count back too.
    const since = new Date(clock.getTime() - 60_000);
    tick(1);
    await review(learner.token, cards[2]!.id, Rating.Again, "progress-card-2");
    expect((await studyDaysOf(learner.id))[today]?.cards).toBe(4);
    expect(await undoLastReview(ctx, { userId: learner.id, scope: { kind: "due" }, since })).toMatchObject({
      undone: true,
    });
    expect((await studyDaysOf(learner.id))[today]?.cards).toBe(3);
  });

  it("the forecast changes after two reviews; cards by state and retention follow", async () => {
    at(noonToday());
    const learner = await member();
    const cards = await flashcardCollection(3);
    const before = await getProgressReport(ctx, { userId: learner.id, now: clock });
    expect(before.forecast).toHaveLength(30);
    expect(before.forecast.every((day) => day.due === 0)).toBe(true);
    expect(before.retention).toEqual({ reviews: 0, remembered: 0, rate: null });

    await review(learner.token, cards[0]!.id, Rating.Good, "forecast-card-0");
    await review(learner.token, cards[1]!.id, Rating.Again, "forecast-card-1");
    const after = await getProgressReport(ctx, { userId: learner.id, now: clock });
    // Good is the ten-minute step and Again the one-minute step: both come due today.
    expect(after.forecast[0]).toEqual({ day: after.today, due: 2 });
    expect(after.forecast.slice(1).every((day) => day.due === 0)).toBe(true);
    expect(after.cardsByState).toMatchObject({ learning: 2, review: 0 });
    expect(after.retention).toEqual({ reviews: 2, remembered: 1, rate: 50 });
    expect(after.todayTotals.cards).toBe(2);

    // Easy sends a new card days ahead; an overdue card counts today.
    await review(learner.token, cards[2]!.id, Rating.Easy, "forecast-card-2");
    tick(2 * 3600);
    const later = await getProgressReport(ctx, { userId: learner.id, now: clock });
    expect(later.forecast[0]!.due).toBe(2);
    expect(later.forecast.slice(1).reduce((sum, day) => sum + day.due, 0)).toBe(1);
    expect(later.cardsByState).toMatchObject({ learning: 2, review: 1 });
  });

  it("retention counts the last 30 days only", async () => {
    at(noonToday());
    const learner = await member();
    const cards = await flashcardCollection(1);
    await ctx.db.insert(flashcardReviewLogs).values({
      userId: learner.id,
      flashcardId: cards[0]!.id,
      rating: Rating.Again,
      reviewedAt: new Date(clock.getTime() - 40 * 86_400_000),
      requestId: "old-answer-1",
    });
    await review(learner.token, cards[0]!.id, Rating.Hard, "recent-answer-1");
    const report = await getProgressReport(ctx, { userId: learner.id, now: clock });
    expect(report.retention).toEqual({ reviews: 1, remembered: 1, rate: 100 });
  });
});

describe("scores", () => {
  it("exercises count answers right (a vocabulary quiz brings its own score); listening counts points", async () => {
    at(noonToday());
    const learner = await member({ timeZone: "Asia/Beirut" });
    const [group] = await ctx.db.insert(listeningActivityGroups).values({ title: "G", slug: "g" }).returning();
    const [activity] = await ctx.db
      .insert(listeningActivities)
      .values({ groupId: group!.id, title: "At the market", slug: "at-the-market" })
      .returning();
    const lastWeek = new Date(clock.getTime() - 7 * 86_400_000);
    await ctx.db.insert(exerciseAttempts).values([
      { userId: learner.id, kind: "sentence-order", exerciseId: 1, answer: "a", isCorrect: true, createdAt: clock },
      { userId: learner.id, kind: "sentence-gap", exerciseId: 2, answer: "b", isCorrect: false, createdAt: clock },
      {
        userId: learner.id,
        kind: "vocabulary-quiz",
        exerciseId: 3,
        answer: JSON.stringify({ source: "list", seed: 1, correct: 8, total: 10, missed: [] }),
        isCorrect: false,
        createdAt: clock,
      },
      { userId: learner.id, kind: "sentence-gap", exerciseId: 2, answer: "c", isCorrect: true, createdAt: lastWeek },
    ]);
    await ctx.db.insert(listeningAttempts).values([
      { userId: learner.id, activityId: activity!.id, score: 3, total: 4, answers: {}, createdAt: clock },
      { userId: learner.id, activityId: activity!.id, score: 1, total: 4, answers: {}, createdAt: lastWeek },
    ]);
    const { scores } = await getProgressReport(ctx, { userId: learner.id, now: clock });
    expect(scores).toHaveLength(12);
    expect(scores.at(-1)).toMatchObject({
      exercises: { attempts: 3, correct: 9, total: 12, percent: 75 },
      listening: { attempts: 1, score: 3, total: 4, percent: 75 },
    });
    expect(scores.at(-2)).toMatchObject({
      exercises: { attempts: 1, correct: 1, total: 1, percent: 100 },
      listening: { attempts: 1, score: 1, total: 4, percent: 25 },
    });
    expect(
      scores.slice(0, -2).every((week) => week.exercises.percent === null && week.listening.percent === null),
    ).toBe(true);
  });
});

describe("streaks and the daily goal", () => {
  const goal = { kind: "minutes" as const, target: 10 };
  const day = (offset: number, minutes: number, cards = 0) => ({
    day: addDays("2026-03-10", offset),
    seconds: minutes * 60,
    cards,
  });

  it("count days the goal was met; today not met yet breaks nothing", () => {
    const days = [day(-6, 10), day(-5, 12), day(-4, 30), day(-3, 5), day(-2, 10), day(-1, 11)];
    expect(computeStreaks(days, "2026-03-10", goal)).toEqual({ current: 2, longest: 3, todayCounts: false });
    // Today met: the streak includes it.
    expect(computeStreaks([...days, day(0, 10)], "2026-03-10", goal)).toEqual({
      current: 3,
      longest: 3,
      todayCounts: true,
    });
    // Yesterday missed: the streak is over (0) until today is met.
    expect(computeStreaks(days.slice(0, -1), "2026-03-10", goal).current).toBe(0);
    // Without a goal any study counts, so the short day on -3 joins the run.
    expect(computeStreaks(days, "2026-03-10", { kind: "minutes", target: null })).toEqual({
      current: 6,
      longest: 6,
      todayCounts: false,
    });
    // A cards goal ignores minutes.
    expect(computeStreaks([day(-1, 60, 4), day(0, 0, 5)], "2026-03-10", { kind: "cards", target: 5 })).toEqual({
      current: 1,
      longest: 1,
      todayCounts: true,
    });
  });

  it("the report applies the member's goal to their recorded days", async () => {
    at(noonToday());
    const learner = await member({ timeZone: "UTC" });
    const today = localDay(clock, "UTC");
    await saveStudyPreferences(ctx, { userId: learner.id, kind: "minutes", target: 10 });
    await ctx.db.insert(studyDays).values(
      [
        { offset: -3, seconds: 900, cards: 0 },
        { offset: -2, seconds: 120, cards: 30 },
        { offset: -1, seconds: 600, cards: 0 },
        { offset: 0, seconds: 300, cards: 0 },
      ].map((row) => ({
        userId: learner.id,
        day: addDays(today, row.offset),
        secondsWatched: row.seconds,
        cardsReviewed: row.cards,
        updatedAt: clock,
      })),
    );
    let report = await getProgressReport(ctx, { userId: learner.id, now: clock });
    expect(report.goal).toEqual({ kind: "minutes", target: 10 });
    expect(report.streak).toEqual({ current: 1, longest: 1, todayCounts: false });
    expect(report.todayTotals).toMatchObject({ seconds: 300, met: false, fraction: 0.5 });
    expect(report.watching.days).toHaveLength(90);
    expect(report.watching.days.at(-1)).toEqual({ day: today, seconds: 300, cards: 0 });
    expect(report.watching.chartSeconds).toBe(1920);
    const heat = report.heatMap.flat();
    expect(report.heatMap).toHaveLength(12);
    expect(heat.find((cell) => cell.day === today)).toMatchObject({ level: 2, met: false, future: false });
    expect(heat.find((cell) => cell.day === addDays(today, -3))).toMatchObject({ level: 3, met: true });

    // Switching to a cards goal of 20: only the day with 30 cards counts.
    await saveStudyPreferences(ctx, { userId: learner.id, kind: "cards", target: 20 });
    report = await getProgressReport(ctx, { userId: learner.id, now: clock });
    expect(report.streak).toEqual({ current: 0, longest: 1, todayCounts: false });
    // The minutes target is kept for when they switch back.
    expect(report.goalTargets).toEqual({ minutes: 10, cards: 20 });

    await expect(saveStudyPreferences(ctx, { userId: learner.id, kind: "minutes", target: 0 })).rejects.toMatchObject({
      status: 422,
    });
    await expect(
      saveStudyPreferences(ctx, { userId: learner.id, kind: "minutes", target: 5, timeZone: "Mars/Olympus" }),
    ).rejects.toMatchObject({ status: 422 });
  });

  it("detects the time zone once and never overwrites one the member has", async () => {
    at(noonToday());
    const learner = await member();
    expect(await detectTimeZone(ctx, { userId: learner.id, timeZone: "Nowhere/Special" })).toBe(false);
    expect(await detectTimeZone(ctx, { userId: learner.id, timeZone: "Asia/Amman" })).toBe(true);
    expect(await detectTimeZone(ctx, { userId: learner.id, timeZone: "Europe/London" })).toBe(false);
    const [row] = await ctx.db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, learner.id));
    expect(row?.timeZone).toBe("Asia/Amman");
  });
});

describe("/progress", () => {
  it("sends a visitor to sign in", async () => {
    const page = await call("/progress");
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/auth/login?redirect=%2Fprogress");
    const post = await call("/progress", { method: "POST", form: new FormData() });
    expect(post.status).toBe(302);
  });

  it("shows the signed-in member their own figures only, with charts and tables", async () => {
    at(noonToday());
    const alice = await member({ timeZone: "Asia/Beirut" });
    const bob = await member();
    const { video } = await createLesson(ctx, { isFree: true, durationSeconds: 600 });
    // Bob watches; Alice has not started.
    const save = progressSaver(bob.token, video.id);
    await save(0);
    tick(40);
    await save(40);

    const alicePage = await call("/progress", { token: alice.token });
    expect(alicePage.status).toBe(200);
    expect(alicePage.text).toContain("Your progress");
    expect(alicePage.text).toContain("Asia/Beirut");
    expect(alicePage.text).toContain("Watch a lesson to start your chart");
    expect(alicePage.text).not.toContain('data-testid="watching-table"');
    expect((await getProgressReport(ctx, { userId: alice.id, now: clock })).watching.totalSeconds).toBe(0);

    const bobPage = await call("/progress", { token: bob.token });
    expect(bobPage.status).toBe(200);
    expect(bobPage.text).toContain('data-testid="watching-table"');
    expect(bobPage.text).toContain('data-seconds="40"');
    expect(bobPage.text).toMatch(/role="img" aria-label="Bar chart of minutes watched each day/);
    expect(bobPage.text).toContain("<caption");
    // No zone stored yet: the page says which one it uses.
    expect(bobPage.text).toContain("until we know yours");
  });

  it("saves the daily goal and the detected zone through the page's action", async () => {
    at(noonToday());
    const learner = await member();
    const detect = new FormData();
    detect.set("intent", "detect-time-zone");
    detect.set("timeZone", "Asia/Damascus");
    expect((await call("/progress", { method: "POST", token: learner.token, form: detect })).status).toBe(200);

    const goal = new FormData();
    goal.set("intent", "goal");
    goal.set("kind", "cards");
    goal.set("minutes", "15");
    goal.set("cards", "25");
    goal.set("timeZone", "Asia/Beirut");
    const saved = await call("/progress", { method: "POST", token: learner.token, form: goal });
    expect(saved.status).toBe(302);
    const report = await getProgressReport(ctx, { userId: learner.id, now: clock });
    expect(report.goal).toEqual({ kind: "cards", target: 25 });
    expect(report.timeZone).toBe("Asia/Beirut");

    const bad = new FormData();
    bad.set("intent", "goal");
    bad.set("kind", "minutes");
    bad.set("minutes", "-3");
    bad.set("timeZone", "Not/AZone");
    expect((await call("/progress", { method: "POST", token: learner.token, form: bad })).status).toBe(400);
    const unknown = new FormData();
    unknown.set("intent", "nothing");
    expect((await call("/progress", { method: "POST", token: learner.token, form: unknown })).status).toBe(400);
  });
});
