import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { communityGroups, subscriptions, videoProgress } from "../../drizzle/schema";
import { createAppContext } from "../../server/context";
import { createSession } from "../../server/services/auth";
import { createLesson, createSubscription } from "../fixtures/lessons";
import { createUser, testApp, testEnv } from "./helpers";

// Member B against member A's objects, through the API: every read, change and delete of something of A's
// is refused (404 for what only A can see; 403 or 404 for what others may read but only A may change), no
// answer to B carries A's words, and A's objects are exactly as they were afterwards.

const ORIGIN = "https://ahla.test";
const ctx = createAppContext(testEnv);
const app = testApp();
/** Written into every object of A's, so any answer to B that carries A's data is caught by this tag. */
const TAG = `secret-of-a-${crypto.randomUUID().slice(0, 8)}`;

type Json = { data?: Record<string, unknown> & { id?: number }; errors?: string[] };

// Not the shared `call`: every answer is read as text first, so a leak of A's tag is caught in any body.
async function api(token: string, method: string, path: string, body?: unknown) {
  const response = await app.request(
    `${ORIGIN}/api${path}`,
    {
      method,
      headers: {
        Authorization: token,
        Origin: ORIGIN,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    testEnv,
  );
  const text = await response.text();
  return { status: response.status, text, json: (text ? JSON.parse(text) : {}) as Json };
}

let a: string;
let b: string;
let aId: number;
let lessonId: number;
const ids = { playlist: 0, list: 0, item: 0, comment: 0, thread: 0, message: 0, bList: 0, subscription: 0 };

beforeAll(async () => {
  aId = (await createUser()).id;
  a = (await createSession(ctx, { userId: aId })).token;
  ids.subscription = (await createSubscription(ctx, aId)).id;
  b = (await createSession(ctx, { userId: (await createUser()).id })).token;
  const { video } = await createLesson(ctx, { isFree: true });
  lessonId = video.id;
  const [group] = await ctx.db
    .insert(communityGroups)
    .values({ title: "Object access", slug: `object-access-${TAG}` })
    .returning();

  const created = async (path: string, body: unknown) => {
    const response = await api(a, "POST", path, body);
    expect(response.status, `${path}: ${response.text}`).toBeLessThan(300);
    return response.json.data!;
  };
  ids.playlist = (await created("/playlists", { title: `Playlist ${TAG}`, videoId: lessonId })).id!;
  ids.list = (await created("/vocabulary/lists", { title: `List ${TAG}` })).id!;
  ids.item = (await created(`/vocabulary/lists/${ids.list}/items`, { arabic: "قهوة", english: `coffee ${TAG}` })).id!;
  ids.comment = (await created(`/lessons/${lessonId}/comments`, { body: `Comment ${TAG}` })).id!;
  ids.thread = (
    await created(`/community/groups/${group!.id}/threads`, { title: `Thread ${TAG}`, body: `Opening ${TAG}` })
  ).id!;
  ids.message = (await created(`/community/threads/${ids.thread}/messages`, { body: `Reply ${TAG}` })).id!;
  expect((await api(a, "PUT", `/lessons/${lessonId}/progress`, { positionSeconds: 42 })).status).toBeLessThan(300);
  const bList = await api(b, "POST", "/vocabulary/lists", { title: "B's own list" });
  ids.bList = bList.json.data!.id!;
});

/** What B tries, and what B must get. `private`: only A may even know it exists (404). */
const attempts = (): { what: string; method: string; path: string; body?: unknown; private: boolean }[] => [
  { what: "read A's playlist", method: "GET", path: `/playlists/${ids.playlist}`, private: true },
  {
    what: "rename A's playlist",
    method: "PATCH",
    path: `/playlists/${ids.playlist}`,
    body: { title: "Taken" },
    private: true,
  },
  { what: "delete A's playlist", method: "DELETE", path: `/playlists/${ids.playlist}`, private: true },
  {
    what: "add to A's playlist",
    method: "POST",
    path: `/playlists/${ids.playlist}/videos`,
    body: { videoId: lessonId },
    private: true,
  },
  {
    what: "reorder A's playlist",
    method: "PUT",
    path: `/playlists/${ids.playlist}/videos`,
    body: { videoIds: [lessonId] },
    private: true,
  },
  {
    what: "remove from A's playlist",
    method: "DELETE",
    path: `/playlists/${ids.playlist}/videos/${lessonId}`,
    private: true,
  },
  { what: "read A's word list", method: "GET", path: `/vocabulary/lists/${ids.list}`, private: true },
  {
    what: "rename A's word list",
    method: "PATCH",
    path: `/vocabulary/lists/${ids.list}`,
    body: { title: "Taken" },
    private: true,
  },
  { what: "delete A's word list", method: "DELETE", path: `/vocabulary/lists/${ids.list}`, private: true },
  {
    what: "add a word to A's list",
    method: "POST",
    path: `/vocabulary/lists/${ids.list}/items`,
    body: { arabic: "بيت" },
    private: true,
  },
  {
    what: "edit A's word",
    method: "PATCH",
    path: `/vocabulary/items/${ids.item}`,
    body: { arabic: "بيت" },
    private: true,
  },
  {
    what: "move A's word into B's list",
    method: "POST",
    path: `/vocabulary/items/${ids.item}/move`,
    body: { toListId: ids.bList },
    private: true,
  },
  { what: "delete A's word", method: "DELETE", path: `/vocabulary/items/${ids.item}`, private: true },
  {
    what: "edit A's lesson comment",
    method: "PATCH",
    path: `/lessons/${lessonId}/comments/${ids.comment}`,
    body: { body: "Taken" },
    private: false,
  },
  {
    what: "delete A's lesson comment",
    method: "DELETE",
    path: `/lessons/${lessonId}/comments/${ids.comment}`,
    private: false,
  },
  {
    what: "edit A's community message",
    method: "PATCH",
    path: `/community/messages/${ids.message}`,
    body: { body: "Taken" },
    private: false,
  },
  {
    what: "cancel A's subscription",
    method: "POST",
    path: "/billing/subscription/cancel",
    body: { subscriptionId: ids.subscription, reasonId: 1 },
    private: true,
  },
  {
    what: "resume A's subscription",
    method: "POST",
    path: "/billing/subscription/resume",
    body: { subscriptionId: ids.subscription },
    private: true,
  },
  {
    what: "change the card of A's subscription",
    method: "POST",
    path: "/billing/subscription/payment-method",
    body: { subscriptionId: ids.subscription },
    private: true,
  },
  {
    what: "delete A's community message",
    method: "DELETE",
    path: `/community/messages/${ids.message}`,
    private: false,
  },
];

describe("member B against member A's objects", () => {
  it("is refused everywhere, and no refusal carries A's data", async () => {
    const unexpected: string[] = [];
    for (const attempt of attempts()) {
      const { status, text } = await api(b, attempt.method, attempt.path, attempt.body);
      const allowed = attempt.private ? [404] : [403, 404];
      if (!allowed.includes(status)) unexpected.push(`${attempt.what}: ${status}, expected ${allowed.join(" or ")}`);
      if (text.includes(TAG)) unexpected.push(`${attempt.what}: the answer carries A's data`);
    }
    expect(unexpected, unexpected.join("; ")).toEqual([]);
  });

  it("never lists A's things among B's own", async () => {
    for (const path of [
      "/playlists",
      "/vocabulary/lists",
      `/lessons/${lessonId}`,
      `/lesson-chat/${lessonId}`,
      "/billing/subscription",
      "/me",
    ]) {
      const { status, text } = await api(b, "GET", path);
      expect(status, path).toBeLessThan(500);
      expect(text.includes(TAG), path).toBe(false);
    }
  });

  it("keeps each member's progress their own", async () => {
    expect((await api(b, "PUT", `/lessons/${lessonId}/progress`, { positionSeconds: 7 })).status).toBeLessThan(300);
    const progressOf = async (userId: number) =>
      (
        await ctx.db
          .select({ position: videoProgress.positionSeconds })
          .from(videoProgress)
          .where(and(eq(videoProgress.userId, userId), eq(videoProgress.videoId, lessonId)))
      ).map((row) => row.position);
    expect(await progressOf(aId)).toEqual([42]);
  });

  it("leaves every object of A's as it was", async () => {
    const [subscription] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.id, ids.subscription));
    expect(subscription!.status).toBe("active");
    expect(subscription!.cancelAtPeriodEnd).toBe(false);
    const playlist = await api(a, "GET", `/playlists/${ids.playlist}`);
    expect(playlist.status).toBe(200);
    expect(playlist.text).toContain(`Playlist ${TAG}`);
    const list = await api(a, "GET", `/vocabulary/lists/${ids.list}`);
    expect(list.status).toBe(200);
    expect(list.text).toContain(`List ${TAG}`);
    expect(list.text).toContain(`coffee ${TAG}`);
    expect(list.text).not.toContain("بيت");
    const comments = await api(a, "GET", `/lessons/${lessonId}/comments`);
    expect(comments.text).toContain(`Comment ${TAG}`);
    expect(comments.text).not.toContain("Taken");
    const thread = await api(a, "GET", `/community/threads/${ids.thread}`);
    expect(thread.text).toContain(`Reply ${TAG}`);
    expect(thread.text).not.toContain("Taken");
    const bList = await api(b, "GET", `/vocabulary/lists/${ids.bList}`);
    expect(bList.text).not.toContain("قهوة");
  });
});
