import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { decode } from "turbo-stream";
import { describe, expect, it, vi } from "vitest";
import * as lessonRoute from "../../app/features/lessons/routes/lesson";
import * as progressRoute from "../../app/features/progress/routes/progress";
import * as recordingsRoute from "../../app/features/speaking/routes/recordings";
import { studyDays, users } from "../../drizzle/schema";
import { localDay } from "../../core/local-day";
import { createAppContext } from "../../server/context";
import { createSession } from "../../server/services/auth";
import { getProgressReport } from "../../server/services/study-progress";
import { createLesson } from "../fixtures/lessons";
import { createUser, testEnv } from "./helpers";
import { remixPages } from "./remix-pages";

// @remix-run/cloudflare is CommonJS that workerd's module runner cannot load; what the pages use of it is
// @remix-run/server-runtime's, which it re-exports.
vi.mock("@remix-run/cloudflare", () => import("@remix-run/server-runtime"));

// Speaking practice (docs/speaking.md): POST /api/speaking/practice adds seconds to the member's day, /progress
// shows them beside minutes watched, and /speaking (the recordings kept on the device) is a member's page.

const clock = new Date();
const now = () => clock;
const ctx = createAppContext(testEnv, { now });
const app = remixPages(
  {
    progress: { path: "progress", module: progressRoute },
    speaking: { path: "speaking", module: recordingsRoute },
    lesson: { path: "video/:videoId/:videoSlug", module: lessonRoute },
  },
  { now },
);

async function call(path: string, init: { method?: string; token?: string; json?: unknown; raw?: string } = {}) {
  const headers: Record<string, string> = {};
  if (init.token) headers.Cookie = `token=${init.token}`;
  let body: BodyInit | undefined;
  if (init.json !== undefined || init.raw !== undefined) {
    headers["Content-Type"] = "application/json";
    body = init.raw ?? JSON.stringify(init.json);
  }
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

async function member(timeZone: string | null = null) {
  const user = await createUser();
  if (timeZone) await ctx.db.update(users).set({ timeZone }).where(eq(users.id, user.id));
  const { token } = await createSession(ctx, { userId: user.id });
  return { ...user, token };
}

const practise = (token: string | undefined, json: unknown) =>
  call("/api/speaking/practice", { method: "POST", token, json });

describe("POST /api/speaking/practice", () => {
  it("adds the seconds to the member's day and answers the day's total", async () => {
    const learner = await member();
    const first = await practise(learner.token, { seconds: 7 });
    expect(first.status).toBe(200);
    expect(JSON.parse(first.text)).toEqual({ data: { day: localDay(clock, null), secondsSpoken: 7 } });
    const second = await practise(learner.token, { seconds: 5 });
    expect(JSON.parse(second.text).data.secondsSpoken).toBe(12);
    const [row] = await ctx.db.select().from(studyDays).where(eq(studyDays.userId, learner.id));
    // Speaking is its own figure: nothing watched, nothing reviewed.
    expect(row).toMatchObject({ secondsSpoken: 12, secondsWatched: 0, cardsReviewed: 0 });
  });

  it("counts on the member's own local day", async () => {
    const learner = await member("Pacific/Auckland");
    const response = await practise(learner.token, { seconds: 3 });
    expect(JSON.parse(response.text).data.day).toBe(localDay(clock, "Pacific/Auckland"));
  });

  it("is 401 for a visitor", async () => {
    const response = await practise(undefined, { seconds: 5 });
    expect(response.status).toBe(401);
  });

  it.each([
    ["no seconds", {}],
    ["a string", { seconds: "10" }],
    ["zero", { seconds: 0 }],
    ["a fraction", { seconds: 1.5 }],
    ["more than ten minutes", { seconds: 601 }],
    ["an unknown field", { seconds: 5, userId: 1 }],
  ])("refuses %s with a 4xx and its reason", async (_, body) => {
    const learner = await member();
    const response = await practise(learner.token, body);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const { errors } = JSON.parse(response.text) as { errors: string[] };
    expect(errors.length).toBeGreaterThan(0);
    const rows = await ctx.db.select().from(studyDays).where(eq(studyDays.userId, learner.id));
    expect(rows).toEqual([]);
  });

  it("refuses a body that is not JSON with a 4xx", async () => {
    const learner = await member();
    const response = await call("/api/speaking/practice", { method: "POST", token: learner.token, raw: "{seconds" });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });
});

describe("/progress and speaking practice", () => {
  it("shows the member's own minutes spoken beside minutes watched, and never another member's", async () => {
    const speaker = await member();
    const other = await member();
    await practise(speaker.token, { seconds: 150 });

    const report = await getProgressReport(ctx, { userId: speaker.id, now: clock });
    expect(report.speaking).toEqual({ totalSeconds: 150, todaySeconds: 150 });
    expect((await getProgressReport(ctx, { userId: other.id, now: clock })).speaking).toEqual({
      totalSeconds: 0,
      todaySeconds: 0,
    });
    // Speaking alone does not make a study day for the streak (the goal is minutes watched or cards).
    expect(report.streak.todayCounts).toBe(false);

    const page = await call("/progress", { token: speaker.token });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Speaking practice");
    expect(page.text).toMatch(/2(?:\s|&nbsp;)?min/);
    const otherPage = await call("/progress", { token: other.token });
    expect(otherPage.text).toContain("Speaking practice");
    expect(otherPage.text).not.toMatch(/<strong>2(?:\s|&nbsp;)?min/);
  });
});

describe("/speaking", () => {
  it("is a member's page: a visitor is sent to sign in", async () => {
    const response = await call("/speaking");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/auth\/login/);
  });

  it("opens for a member (the list itself is read from the device)", async () => {
    const learner = await member();
    const response = await call("/speaking", { token: learner.token });
    expect(response.status).toBe(200);
    expect(response.text).toContain("Your recordings");
  });
});

describe("the lesson page offers the intelligibility check only where Workers AI is bound", () => {
  /** The lesson page's own data (its single-fetch `.data` answer), as the player receives it. */
  async function lessonData(path: string, env: typeof testEnv, token?: string) {
    const executionCtx = createExecutionContext();
    const response = await app.request(
      `https://ahla.test${path}.data`,
      { headers: token ? { Cookie: `token=${token}` } : {} },
      env,
      executionCtx,
    );
    expect(response.status).toBe(200);
    const { value } = await decode(response.body!);
    await waitOnExecutionContext(executionCtx);
    return (value as Record<string, { data?: { kind?: string; intelligibilityCheck?: boolean } }>).lesson?.data;
  }

  it("tells a member's player when the binding is there, never a visitor's", async () => {
    const { video } = await createLesson(ctx, { isFree: true });
    const path = `/video/${video.id}/${video.slug}`;
    const learner = await member();
    // A stand-in at the binding: the page only asks whether there is one.
    const withAi = { ...testEnv, AI: { run: async () => ({ text: "" }) } as unknown as Ai } as typeof testEnv;
    expect(await lessonData(path, testEnv, learner.token)).toMatchObject({ kind: "open", intelligibilityCheck: false });
    expect(await lessonData(path, withAi, learner.token)).toMatchObject({ kind: "open", intelligibilityCheck: true });
    // A visitor on a free lesson may shadow, but sends nothing to a model.
    expect(await lessonData(path, withAi)).toMatchObject({ kind: "open", intelligibilityCheck: false });
  });
});
