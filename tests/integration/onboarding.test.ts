import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/server-runtime";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import * as onboardingRoute from "../../app/features/onboarding/routes/onboarding";
import * as libraryRoute from "../../app/features/library/routes/library";
import * as lessonRoute from "../../app/features/lessons/routes/lesson";
import * as profileRoute from "../../app/features/accounts/routes/profile";
import * as signupRoute from "../../app/features/accounts/routes/signup";
import { onboardingSchema, suggestLevel } from "../../core/schemas/onboarding";
import { users, videos } from "../../drizzle/schema";
import { createAppContext } from "../../server/context";
import { createLoadContext } from "../../server/load-context";
import { createSession } from "../../server/services/auth";
import { completeOnboarding, getOnboardingPage } from "../../server/services/onboarding";
import { createCatalogCountry } from "../fixtures/catalog";
import { createLesson } from "../fixtures/lessons";
import { createUser, testEnv } from "./helpers";
import { remixPages } from "./remix-pages";

// @remix-run/cloudflare is CommonJS that workerd's module runner cannot load; what the routes use of it
// (`data`, `redirect`) is @remix-run/server-runtime's, which it re-exports.
vi.mock("@remix-run/cloudflare", () => import("@remix-run/server-runtime"));

// The onboarding page (/onboarding): its answers saved and validated, its return address, the self-check,
// signing up leading to it, and the same preferences on /profile.

const ctx = createAppContext(testEnv);

type Route = {
  action: (args: ActionFunctionArgs) => unknown;
  loader?: (args: LoaderFunctionArgs) => unknown;
};

/** A route's answer as Remix would get it: a thrown or returned Response, or `data()` with its status. */
async function answer(run: () => unknown): Promise<{ status: number; location: string | null; body: unknown }> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    result = thrown;
  }
  if (result instanceof Response) {
    return { status: result.status, location: result.headers.get("Location"), body: null };
  }
  if (result && typeof result === "object" && "type" in result && result.type === "DataWithResponseInit") {
    const { data, init } = result as unknown as { data: unknown; init: ResponseInit | null };
    return { status: init?.status ?? 200, location: null, body: data };
  }
  return { status: 200, location: null, body: result };
}

async function signedIn() {
  const user = await createUser();
  const { token } = await createSession(ctx, { userId: user.id });
  return { user, cookie: `token=${token}` };
}

// Not the shared `call`: onboarding is Remix pages and their form posts, signed in by cookie.
function post(route: Route, path: string, form: Record<string, string>, cookie?: string) {
  const request = new Request(`https://ahla.test${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "CF-Connecting-IP": `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(form),
  });
  const context = createLoadContext(request, testEnv, createExecutionContext(), { app: ctx });
  return answer(() => route.action({ request, context, params: {} }));
}

function get(route: Route, path: string, cookie?: string) {
  const request = new Request(`https://ahla.test${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  const context = createLoadContext(request, testEnv, createExecutionContext(), { app: ctx });
  return answer(() => route.loader!({ request, context, params: {} }));
}

async function preferencesOf(userId: number) {
  const [row] = await ctx.db
    .select({
      level: users.level,
      goal: users.goal,
      dailyGoalMinutes: users.dailyGoalMinutes,
      dailyGoalKind: users.dailyGoalKind,
      dialectRegion: users.dialectRegion,
      timeZone: users.timeZone,
      onboardedAt: users.onboardedAt,
      name: users.name,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}

type Reply = { intent: string; suggestion: { level: string; reason: string } | null; result: FormResult };
type FormResult = { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };

const VALID = { level: "beginner", goal: "family", dailyGoalMinutes: "10", dialectRegion: "none", intent: "save" };

describe("the onboarding form", () => {
  it("saves the answers, marks the member onboarded once, and goes on to `next`", async () => {
    const { user, cookie } = await signedIn();
    const lebanon = await createCatalogCountry(ctx, { name: "Lebanon", dialect: "Beiruti" });
    const saved = await post(
      onboardingRoute,
      "/onboarding?next=%2Fcheckout%2Fannual",
      { ...VALID, dialectRegion: lebanon.code.toUpperCase(), timeZone: "Asia/Beirut", next: "/checkout/annual" },
      cookie,
    );
    expect(saved).toMatchObject({ status: 302, location: "/checkout/annual" });
    const first = await preferencesOf(user.id);
    expect(first).toMatchObject({
      level: "beginner",
      goal: "family",
      dailyGoalMinutes: 10,
      dailyGoalKind: "minutes",
      // Stored as the countries table spells it, whatever the case it came in.
      dialectRegion: lebanon.code,
      timeZone: "Asia/Beirut",
    });
    expect(first.onboardedAt).toBeInstanceOf(Date);

    // Answering again changes the answers, keeps the first onboarding day, and "No preference" clears the region.
    // A time zone the browser did not send (no JavaScript) leaves the stored one alone.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await post(
      onboardingRoute,
      "/onboarding",
      { ...VALID, level: "advanced", goal: "heritage", dailyGoalMinutes: "30" },
      cookie,
    );
    expect(again).toMatchObject({ status: 302, location: "/video-library" });
    const second = await preferencesOf(user.id);
    expect(second).toMatchObject({
      level: "advanced",
      goal: "heritage",
      dailyGoalMinutes: 30,
      dialectRegion: null,
      timeZone: "Asia/Beirut",
    });
    expect(second.onboardedAt!.getTime()).toBe(first.onboardedAt!.getTime());
  });

  it("answers bad values with field errors and saves nothing", async () => {
    const { user, cookie } = await signedIn();
    const bad = await post(
      onboardingRoute,
      "/onboarding",
      { level: "expert", goal: "fun", dailyGoalMinutes: "7", dialectRegion: "<b>x</b>", intent: "save" },
      cookie,
    );
    expect(bad.status).toBe(400);
    const errors = (bad.body as Reply).result.error!;
    expect(Object.keys(errors).sort()).toEqual(["dailyGoalMinutes", "dialectRegion", "goal", "level"]);
    expect(errors.dailyGoalMinutes).toEqual(["Choose 5, 10, 15, 20 or 30 minutes."]);

    const empty = await post(onboardingRoute, "/onboarding", { intent: "save" }, cookie);
    expect(empty.status).toBe(400);
    expect(Object.keys((empty.body as Reply).result.error!).sort()).toEqual(["dailyGoalMinutes", "goal", "level"]);

    // A well-formed code that is no country of ours: refused at the field, before anything is written.
    const unknown = await post(onboardingRoute, "/onboarding", { ...VALID, dialectRegion: "XX-NOPE" }, cookie);
    expect(unknown.status).toBe(422);
    expect((unknown.body as Reply).result.error!.dialectRegion).toEqual(["Choose one of the regions."]);

    // A time zone no runtime knows is dropped, not an error (it is a hidden field the browser fills in).
    expect(onboardingSchema.parse({ ...VALID, dailyGoalMinutes: 10, timeZone: "Mars/Olympus" }).timeZone).toBe(
      undefined,
    );

    expect(await preferencesOf(user.id)).toMatchObject({
      level: null,
      goal: null,
      dailyGoalMinutes: null,
      dialectRegion: null,
      onboardedAt: null,
    });
  });

  it("returns only to a path of ours: no open redirect, and never back to itself", async () => {
    const { cookie } = await signedIn();
    for (const next of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "/%2F%2Fevil.example",
      "javascript:alert(1)",
      "/onboarding?next=/checkout",
      "",
    ]) {
      const saved = await post(onboardingRoute, "/onboarding", { ...VALID, next }, cookie);
      expect(saved, next).toMatchObject({ status: 302, location: "/video-library" });
    }
    const kept = await post(onboardingRoute, "/onboarding", { ...VALID, next: "/checkout?x=1" }, cookie);
    expect(kept.location).toBe("/checkout?x=1");
    // Without a hidden field, the page's own ?next= is read the same way.
    const fromQuery = await post(onboardingRoute, "/onboarding?next=https%3A%2F%2Fevil.example", VALID, cookie);
    expect(fromQuery.location).toBe("/video-library");
    const page = await get(onboardingRoute, "/onboarding?next=%2F%2Fevil.example", cookie);
    expect((page.body as { next: string }).next).toBe("/video-library");
  });

  it("is for members: a visitor is sent to sign in and back", async () => {
    const page = await get(onboardingRoute, "/onboarding?next=%2Fcheckout");
    expect(page.status).toBe(302);
    expect(page.location).toBe(`/auth/login?redirect=${encodeURIComponent("/onboarding?next=%2Fcheckout")}`);
    const saved = await post(onboardingRoute, "/onboarding", VALID);
    expect(saved.status).toBe(302);
    expect(saved.location).toMatch(/^\/auth\/login\?redirect=/);
  });

  it("suggests a level from the clips, with the reason, and selects it without saving", async () => {
    const { user, cookie } = await signedIn();
    const check = await post(
      onboardingRoute,
      "/onboarding",
      { intent: "check", checkBeginner: "most", checkIntermediate: "some", goal: "travel" },
      cookie,
    );
    expect(check.status).toBe(200);
    const reply = check.body as Reply;
    expect(reply.suggestion).toMatchObject({
      level: "intermediate",
      reason:
        "You followed most of the Beginner clip and some of the Intermediate clip: Intermediate lessons are the right stretch.",
    });
    // The form comes back with the suggested level picked and the other answers kept.
    expect(reply.result.initialValue).toMatchObject({ level: "intermediate", goal: "travel" });
    expect(await preferencesOf(user.id)).toMatchObject({ level: null, onboardedAt: null });

    const nothing = await post(onboardingRoute, "/onboarding", { intent: "check" }, cookie);
    expect(nothing.status).toBe(400);
    expect((nothing.body as Reply).result.error![""]).toEqual([
      "Watch at least one clip and say how much of it you followed.",
    ]);
    const wrong = await post(onboardingRoute, "/onboarding", { intent: "check", checkAdvanced: "everything" }, cookie);
    expect(wrong.status).toBe(400);
    expect((wrong.body as Reply).result.error!.checkAdvanced).toEqual(["Choose how much you followed."]);
  });

  it("suggestLevel: the first clip not followed mostly decides, else the level above the last", () => {
    const level = (answers: Parameters<typeof suggestLevel>[0]) => suggestLevel(answers).level;
    expect(level({ checkBeginner: "little" })).toBe("beginner");
    expect(level({ checkBeginner: "some", checkIntermediate: "most" })).toBe("beginner");
    expect(level({ checkBeginner: "most" })).toBe("intermediate");
    expect(level({ checkBeginner: "most", checkIntermediate: "little" })).toBe("beginner");
    expect(level({ checkBeginner: "most", checkIntermediate: "most", checkAdvanced: "some" })).toBe("advanced");
    expect(level({ checkBeginner: "most", checkIntermediate: "most", checkAdvanced: "most" })).toBe("advanced");
    expect(level({ checkAdvanced: "little" })).toBe("intermediate");
    expect(suggestLevel({ checkBeginner: "little" }).reason).toBe(
      "You followed little of the Beginner clip: start with Beginner lessons, every line has a translation.",
    );
    expect(suggestLevel({ checkBeginner: "most", checkIntermediate: "most", checkAdvanced: "most" }).reason).toBe(
      "You followed most of the Beginner clip, most of the Intermediate clip, most of the Advanced clip: Advanced lessons are for you.",
    );
  });
});

describe("the self-check clips", () => {
  it("picks one published lesson per level, free first and shortest, playable only when the member may watch it", async () => {
    const { user } = await signedIn();
    const free = await createLesson(ctx, { isFree: true, durationSeconds: 0, videoKey: "videos/self-check.mp4" });
    await ctx.db.update(videos).set({ level: "beginner" }).where(eq(videos.id, free.video.id));
    const page = await getOnboardingPage(ctx, {
      userId: user.id,
      access: { signedIn: true, hasSubscription: false, userId: user.id },
    });
    expect(page.clips).toHaveLength(3);
    page.clips.forEach((clip, index) => {
      if (clip) expect(clip.level).toBe(["beginner", "intermediate", "advanced"][index]);
    });
    const beginner = page.clips[0]!;
    expect(beginner.lessonId).toBe(free.video.id);
    expect(beginner.videoUrl).toMatch(/^\/media\/videos\/self-check\.mp4\?exp=\d+&sig=[0-9a-f]+#t=0,40$/);
    // Without a subscription, a level whose pick is premium has no clip (and so no signed URL).
    for (const clip of page.clips) {
      if (!clip) continue;
      const [row] = await ctx.db.select({ isFree: videos.isFree }).from(videos).where(eq(videos.id, clip.lessonId));
      expect(row!.isFree).toBe(true);
    }
  });
});

describe("signing up (docs/product-rules.md#redirects, given)", () => {
  it("goes straight to the checkout the plan names; the onboarding comes after", async () => {
    const email = () => `onboard-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const form = { name: "Rana", password: "marhaba-marhaba-1" };
    for (const [plan, location] of [
      ["monthly", "/checkout/monthly"],
      ["annual", "/checkout/annual"],
      ["", "/checkout"],
      ["weekly", "/checkout"],
    ] as const) {
      const reply = await post(signupRoute, "/auth/signup", { ...form, email: email(), plan });
      expect(reply, `plan "${plan}"`).toMatchObject({ status: 302, location });
    }
  });
});

describe("the profile's preferences", () => {
  it("saves level, goal, minutes, region and time zone with the profile", async () => {
    const { user, cookie } = await signedIn();
    const jordan = await createCatalogCountry(ctx, { name: "Jordan", dialect: "Ammani" });
    const base = { intent: "profile", name: "Hala", transliterationScheme: "romanized" };
    const saved = await post(
      profileRoute,
      "/profile",
      {
        ...base,
        level: "intermediate",
        goal: "work",
        dailyGoalMinutes: "25",
        dialectRegion: jordan.code,
        timeZone: "Asia/Amman",
      },
      cookie,
    );
    expect(saved).toMatchObject({ status: 302, location: "/profile" });
    expect(await preferencesOf(user.id)).toMatchObject({
      name: "Hala",
      level: "intermediate",
      goal: "work",
      // Any goal up to the progress page's bound is kept (that page may set other values than onboarding offers).
      dailyGoalMinutes: 25,
      dialectRegion: jordan.code,
      timeZone: "Asia/Amman",
    });

    const bad = await post(
      profileRoute,
      "/profile",
      { ...base, name: "Changed", goal: "money", dailyGoalMinutes: "0", timeZone: "Nowhere/Land" },
      cookie,
    );
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.body as Reply).result.error!).sort()).toEqual(["dailyGoalMinutes", "goal", "timeZone"]);
    const unknownRegion = await post(
      profileRoute,
      "/profile",
      { ...base, name: "Changed", dialectRegion: "zz" },
      cookie,
    );
    expect(unknownRegion.status).toBe(422);
    // Nothing of either was written.
    expect(await preferencesOf(user.id)).toMatchObject({ name: "Hala", goal: "work", dialectRegion: jordan.code });

    // The page offers the stored values.
    const page = (await get(profileRoute, "/profile", cookie)).body as {
      preferences: { dailyGoalMinutes: number; timeZone: string };
      timeZones: string[];
      regions: Array<{ code: string }>;
    };
    expect(page.preferences).toMatchObject({ dailyGoalMinutes: 25, timeZone: "Asia/Amman" });
    expect(page.timeZones).toEqual(expect.arrayContaining(["Asia/Amman", "Asia/Beirut", "UTC"]));
    expect(page.regions.map((region) => region.code)).toContain(jordan.code);
  });
});

describe("completeOnboarding", () => {
  it("answers 404 for an account that is gone", async () => {
    await expect(
      completeOnboarding(ctx, {
        userId: 987654321,
        level: "beginner",
        goal: "travel",
        dailyGoalMinutes: 5,
        dialectRegion: null,
        timeZone: undefined,
      }),
    ).rejects.toMatchObject({ status: 404 });
  });
});

// The pages as Remix renders them: the real route modules under a bare root, served through the Worker.
const pages = remixPages({
  onboarding: { path: "onboarding", module: onboardingRoute },
  library: { path: "video-library", module: libraryRoute },
  lesson: { path: "video/:videoId/:videoSlug", module: lessonRoute },
});

async function render(path: string, cookie: string) {
  const executionCtx = createExecutionContext();
  const response = await pages.request(
    `https://ahla.test${path}`,
    { headers: { Cookie: cookie } },
    testEnv,
    executionCtx,
  );
  const body = await response.text();
  await waitOnExecutionContext(executionCtx);
  return { status: response.status, body };
}

describe("the pages", () => {
  it("render the onboarding form, For you with its reasons, and Next up after a lesson", async () => {
    const { user, cookie } = await signedIn();
    const onboarding = await render("/onboarding?next=%2Fcheckout", cookie);
    expect(onboarding.status).toBe(200);
    for (const legend of ["Your level", "Why are you learning?", "Minutes a day", "The dialect you want most"]) {
      expect(onboarding.body).toContain(legend);
    }
    expect(onboarding.body.match(/<fieldset/g)?.length).toBeGreaterThanOrEqual(4);
    expect(onboarding.body).toMatch(/<a[^>]*href="\/checkout"[^>]*>Skip for now<\/a>/);
    expect(onboarding.body).toContain('<input type="hidden" name="next" value="/checkout"/>');
    expect(onboarding.body).toContain('lang="ar" dir="rtl"');

    // Without a level the library asks for it; with one it suggests, each card with its reason.
    const before = await render("/video-library", cookie);
    expect(before.status).toBe(200);
    expect(before.body).toContain("Tell us your level to get suggestions");
    await ctx.db.update(users).set({ level: "advanced" }).where(eq(users.id, user.id));
    const lesson = await createLesson(ctx, { title: `Rooftop talk ${crypto.randomUUID().slice(0, 6)}` });
    await ctx.db
      .update(videos)
      .set({ level: "advanced", publishedAt: new Date(Date.UTC(2300, 0, 1)) })
      .where(eq(videos.id, lesson.video.id));
    const library = await render("/video-library", cookie);
    expect(library.status).toBe(200);
    expect(library.body).toContain('id="for-you"');
    expect(library.body).toContain(lesson.video.title);
    expect(library.body).toContain("At your level (Advanced)");

    // A lesson with no series after it offers the first suggestion instead.
    const page = await render(`/video/${lesson.video.id}/${lesson.video.slug}`, cookie);
    // Premium, no subscription: the lesson's locked page (ADR 038), with the way to the checkout and no Next up.
    expect(page.status).toBe(200);
    expect(page.body).toContain('data-testid="start-checkout"');
    expect(page.body).not.toContain('id="next-up-heading"');
    const free = await createLesson(ctx, { isFree: true });
    const next = await render(`/video/${free.video.id}/${free.video.slug}`, cookie);
    expect(next.status).toBe(200);
    expect(next.body).toContain('id="next-up-heading"');
    expect(next.body).toContain(lesson.video.title);
    expect(next.body).toContain("At your level (Advanced)");
  });
});
