import { createExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PERMISSION, COMMUNITY_MODERATE_PERMISSION } from "../../core/permissions";
import { VISITOR_ACCESS } from "../../server/access/policy";
import { createViewer, type Viewer } from "../../server/access/viewer";
import { createApp } from "../../server/app";
import { createAppContext } from "../../server/context";
import { sessions } from "../../drizzle/schema";
import type { Env } from "../../server/env";
import type { LoadContext } from "../../server/load-context";
import { createLesson } from "../fixtures/lessons";
import { member, testEnv } from "./helpers";

const ctx = createAppContext(testEnv);

/** The test env with a D1 that notes every statement prepared on it, to count the subscription lookups. */
function countingEnv() {
  const statements: string[] = [];
  const batches: number[] = [];
  const counted =
    <Client extends Pick<D1Database, "prepare">>(client: Client) =>
    (sql: string) => {
      statements.push(sql);
      return client.prepare(sql);
    };
  const DB = new Proxy(testEnv.DB, {
    get(target, property) {
      if (property === "prepare") return counted(target);
      // Requests run on D1 sessions (server/lib/d1-session.ts): count theirs too.
      if (property === "withSession") {
        return (constraintOrBookmark?: string) => {
          const session = target.withSession(constraintOrBookmark);
          return {
            prepare: counted(session),
            batch: (statements: D1PreparedStatement[]) => {
              batches.push(statements.length);
              return session.batch(statements);
            },
            getBookmark: () => session.getBookmark(),
          };
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return {
    env: { ...testEnv, DB } as Env,
    subscriptionLookups: () => statements.filter((sql) => /\bfrom "subscriptions"/.test(sql)).length,
    /** The size of each D1 batch sent on a request's session, in order. */
    batches: () => batches,
  };
}

/** Every question a viewer answers, as one object. */
async function answersOf(viewer: Viewer) {
  return {
    signedIn: viewer.signedIn,
    isAdmin: viewer.isAdmin,
    canModerateCommunity: viewer.canModerateCommunity,
    canModerateComments: viewer.canModerateComments,
    canSeeDrafts: viewer.canSeeDrafts,
    canAdmin: viewer.can(ADMIN_PERMISSION),
    canAnyOfNone: viewer.canAny([]),
    hasSubscription: await viewer.hasSubscription(),
    access: await viewer.access(),
    lessonAccess: await viewer.lessonAccess(),
  };
}

describe("the viewer", () => {
  let free: Awaited<ReturnType<typeof member>>;
  let subscriber: Awaited<ReturnType<typeof member>>;
  let moderator: Awaited<ReturnType<typeof member>>;
  let admin: Awaited<ReturnType<typeof member>>;

  beforeAll(async () => {
    free = await member();
    subscriber = await member({ subscribed: true });
    moderator = await member({ permissions: [COMMUNITY_MODERATE_PERMISSION] });
    admin = await member({ permissions: [ADMIN_PERMISSION] });
  });

  it("answers each question as the helpers it replaces did", async () => {
    const nobody = { isAdmin: false, canModerateCommunity: false, canModerateComments: false, canSeeDrafts: false };
    expect(await answersOf(createViewer(ctx, null))).toEqual({
      ...nobody,
      signedIn: false,
      canAdmin: false,
      canAnyOfNone: true,
      hasSubscription: false,
      access: VISITOR_ACCESS,
      lessonAccess: VISITOR_ACCESS,
    });
    const unsubscribed = (id: number) => ({ signedIn: true, hasSubscription: false, userId: id });
    expect(await answersOf(createViewer(ctx, free))).toEqual({
      ...nobody,
      signedIn: true,
      canAdmin: false,
      canAnyOfNone: true,
      hasSubscription: false,
      access: unsubscribed(free.id),
      lessonAccess: unsubscribed(free.id),
    });
    const subscribed = { signedIn: true, hasSubscription: true, userId: subscriber.id };
    expect(await answersOf(createViewer(ctx, subscriber))).toEqual({
      ...nobody,
      signedIn: true,
      canAdmin: false,
      canAnyOfNone: true,
      hasSubscription: true,
      access: subscribed,
      lessonAccess: subscribed,
    });
    expect(await answersOf(createViewer(ctx, moderator))).toEqual({
      ...nobody,
      canModerateCommunity: true,
      signedIn: true,
      canAdmin: false,
      canAnyOfNone: true,
      hasSubscription: false,
      access: unsubscribed(moderator.id),
      lessonAccess: unsubscribed(moderator.id),
    });
    // Admins watch every lesson, but the catalogue's locks follow their own subscription, as before.
    expect(await answersOf(createViewer(ctx, admin))).toEqual({
      isAdmin: true,
      canModerateCommunity: true,
      canModerateComments: true,
      canSeeDrafts: true,
      signedIn: true,
      canAdmin: true,
      canAnyOfNone: true,
      hasSubscription: false,
      access: unsubscribed(admin.id),
      lessonAccess: { signedIn: true, hasSubscription: true, userId: admin.id },
    });
  });

  it("looks the subscription up at most once, and not at all when no answer needs it", async () => {
    const counting = countingEnv();
    const countingCtx = createAppContext(counting.env);

    const viewer = createViewer(countingCtx, subscriber);
    expect(viewer.entitlement()).toBe(viewer.entitlement());
    expect(viewer.access()).toBe(viewer.access());
    await Promise.all([viewer.subscription(), viewer.hasSubscription(), viewer.access(), viewer.lessonAccess()]);
    await viewer.access();
    expect(counting.subscriptionLookups()).toBe(1);

    await answersOf(createViewer(countingCtx, null));
    await createViewer(countingCtx, admin).lessonAccess();
    expect(createViewer(countingCtx, moderator).canModerateCommunity).toBe(true);
    expect(counting.subscriptionLookups()).toBe(1);
  });

  it("is built once per Remix request, whose loaders share one subscription lookup", async () => {
    const counting = countingEnv();
    const seen: Viewer[] = [];
    const app = createApp({
      remix: async (_request, context: LoadContext) => {
        // The root loader, a layout and the page ask at once, as Remix runs them.
        const viewers = await Promise.all([context.getViewer(), context.getViewer(), context.getViewer()]);
        const [viewer] = viewers;
        expect(new Set(viewers).size).toBe(1);
        expect(viewer!.user).toEqual(await context.getUser());
        await Promise.all([viewer!.subscription(), viewer!.access(), viewer!.lessonAccess()]);
        seen.push(viewer!);
        return new Response("ok");
      },
    });
    const request = () =>
      app.request(
        "https://ahla.test/video-library",
        { headers: { Authorization: `Bearer ${subscriber.token}` } },
        counting.env,
        createExecutionContext(),
      );

    expect((await request()).status).toBe(200);
    expect(counting.subscriptionLookups()).toBe(1);
    expect(await seen[0]!.hasSubscription()).toBe(true);
    // The next request builds its own viewer and sees the subscription as it is then.
    await request();
    expect(seen[1]).not.toBe(seen[0]);
    expect(counting.subscriptionLookups()).toBe(2);
  });

  it("on a page GET, checks the sign-in and reads the subscription in one D1 round trip, for that member only", async () => {
    const answers: Array<{ userId: number | null; subscribed: boolean }> = [];
    const app = createApp({
      remix: async (_request, context: LoadContext) => {
        const viewer = await context.getViewer();
        answers.push({ userId: viewer.userId, subscribed: await viewer.hasSubscription() });
        return new Response("ok");
      },
    });
    const page = (env: Env, token: string, method = "GET") =>
      app.request(
        "https://ahla.test/profile",
        { method, headers: { Cookie: `token=${token}`, Origin: "https://ahla.test" } },
        env,
        createExecutionContext(),
      );

    const get = countingEnv();
    await page(get.env, subscriber.token);
    expect(answers.at(-1)).toEqual({ userId: subscriber.id, subscribed: true });
    // Session with its user, permissions and subscriptions: one batch, and nothing looked up after it.
    expect(get.batches()).toEqual([3]);
    expect(get.subscriptionLookups()).toBe(1);

    // A POST's action may change the subscription: it is read when first asked, after the sign-in check.
    const post = countingEnv();
    await page(post.env, subscriber.token, "POST");
    expect(answers.at(-1)).toEqual({ userId: subscriber.id, subscribed: true });
    expect(post.batches()).toEqual([2]);
    expect(post.subscriptionLookups()).toBe(1);

    // The token still names the subscriber, but their session is closed: no member, no subscription.
    const closed = await member({ subscribed: true });
    await ctx.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, closed.id));
    await page(countingEnv().env, closed.token);
    expect(answers.at(-1)).toEqual({ userId: null, subscribed: false });
  });

  it("is built once per API request, and a lesson page looks the subscription up once", async () => {
    const counting = countingEnv();
    const app = createApp();
    const { video } = await createLesson(ctx, { isFree: false });
    const get = (path: string, token: string) =>
      app.request(`https://ahla.test${path}`, { headers: { Authorization: `Bearer ${token}` } }, counting.env);

    expect((await get(`/api/lessons/${video.id}`, subscriber.token)).status).toBe(200);
    expect(counting.subscriptionLookups()).toBe(1);
    expect((await get("/api/me", subscriber.token)).status).toBe(200);
    expect(counting.subscriptionLookups()).toBe(2);
    // An admin watches without a subscription, and nothing is looked up to say so.
    expect((await get(`/api/lessons/${video.id}`, admin.token)).status).toBe(200);
    expect(counting.subscriptionLookups()).toBe(2);
    expect((await get(`/api/lessons/${video.id}`, free.token)).status).toBe(402);
    expect(counting.subscriptionLookups()).toBe(3);
  });
});
