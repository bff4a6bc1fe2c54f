import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import * as playlistAddRoute from "../../app/features/collections/routes/playlist-add";
import { playlists, playlistVideos } from "../../drizzle/schema";
import { createAppContext } from "../../server/context";
import { createSession } from "../../server/services/auth";
import { createPlaylistRow, createVideo } from "../fixtures/collections";
import { createUser, testEnv } from "./helpers";
import { remixPages, sendPage } from "./remix-pages";

// @remix-run/cloudflare is CommonJS that workerd's module runner cannot load; what the page uses of it is
// @remix-run/server-runtime's, which it re-exports.
vi.mock("@remix-run/cloudflare", () => import("@remix-run/server-runtime"));

// /playlists/add/:videoId, where "Add to playlist" leads before hydration and without JavaScript
// (docs/architecture.md#no-dead-taps): plain form posts that add, remove and create.

const ctx = createAppContext(testEnv);
const pages = remixPages({ add: { path: "playlists/add/:videoId", module: playlistAddRoute } });

const request = (path: string, options?: Parameters<typeof sendPage>[2]) => sendPage(pages, path, options);

async function signedIn() {
  const user = await createUser();
  const { token } = await createSession(ctx, { userId: user.id });
  return { user, cookie: `token=${token}` };
}

const holds = async (playlistId: number, videoId: number) =>
  (
    await ctx.db
      .select()
      .from(playlistVideos)
      .where(and(eq(playlistVideos.playlistId, playlistId), eq(playlistVideos.lessonId, videoId)))
  ).length === 1;

describe("the Add to playlist page", () => {
  it("sends a visitor to sign in, back to this page", async () => {
    const lesson = await createVideo(ctx);
    const page = await request(`/playlists/add/${lesson.id}`);
    expect(page.status).toBe(302);
    expect(page.location).toBe(`/auth/login?redirect=${encodeURIComponent(`/playlists/add/${lesson.id}`)}`);
    const post = await request(`/playlists/add/${lesson.id}`, { form: { intent: "create", title: "Mine" } });
    expect(post.status).toBe(302);
    expect(post.location).toMatch(/^\/auth\/login\?redirect=/);
  });

  it("lists the member's own playlists, says which hold the lesson, and adds, removes and creates", async () => {
    const { user, cookie } = await signedIn();
    const lesson = await createVideo(ctx);
    const holding = await createPlaylistRow(ctx, { ownerId: user.id, lessons: [lesson.id], title: "Café phrases" });
    const other = await createPlaylistRow(ctx, { ownerId: user.id, title: "Taxi talk" });

    const page = await request(`/playlists/add/${lesson.id}`, { cookie });
    expect(page.status).toBe(200);
    expect(page.text).toContain(lesson.title);
    expect(page.text).toContain("Remove from Café phrases");
    expect(page.text).toContain("Add to Taxi talk");

    const added = await request(`/playlists/add/${lesson.id}`, {
      cookie,
      form: { intent: "add", playlistId: String(other.id) },
    });
    expect(added.status).toBe(303);
    expect(added.location).toBe(`/playlists/add/${lesson.id}`);
    expect(await holds(other.id, lesson.id)).toBe(true);

    const removed = await request(`/playlists/add/${lesson.id}`, {
      cookie,
      form: { intent: "remove", playlistId: String(holding.id) },
    });
    expect(removed.status).toBe(303);
    expect(await holds(holding.id, lesson.id)).toBe(false);

    const created = await request(`/playlists/add/${lesson.id}`, {
      cookie,
      form: { intent: "create", title: "New one" },
    });
    expect(created.status).toBe(303);
    const [row] = await ctx.db
      .select({ id: playlists.id })
      .from(playlists)
      .where(and(eq(playlists.ownerId, user.id), eq(playlists.title, "New one")));
    expect(await holds(row!.id, lesson.id)).toBe(true);
  });

  it("answers another member's playlist with a 404 and changes nothing", async () => {
    const owner = await signedIn();
    const { cookie } = await signedIn();
    const lesson = await createVideo(ctx);
    const theirs = await createPlaylistRow(ctx, { ownerId: owner.user.id, lessons: [lesson.id] });
    const page = await request(`/playlists/add/${lesson.id}`, { cookie });
    expect(page.text).not.toContain(theirs.title);
    for (const intent of ["add", "remove"]) {
      const post = await request(`/playlists/add/${lesson.id}`, {
        cookie,
        form: { intent, playlistId: String(theirs.id) },
      });
      expect(post.status).toBe(404);
    }
    expect(await holds(theirs.id, lesson.id)).toBe(true);
  });

  it("answers an unknown or unpublished lesson with a 404", async () => {
    const { cookie } = await signedIn();
    const hidden = await createVideo(ctx, { isPublished: false });
    expect((await request(`/playlists/add/${hidden.id}`, { cookie })).status).toBe(404);
    expect((await request("/playlists/add/999999999", { cookie })).status).toBe(404);
    expect((await request("/playlists/add/abc", { cookie })).status).toBe(404);
  });

  it("refuses bad input with a message, never a 500", async () => {
    const { cookie } = await signedIn();
    const lesson = await createVideo(ctx);
    const empty = await request(`/playlists/add/${lesson.id}`, { cookie, form: { intent: "create", title: "  " } });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("Give your playlist a name.");
    const noPlaylist = await request(`/playlists/add/${lesson.id}`, {
      cookie,
      form: { intent: "add", playlistId: "x" },
    });
    expect(noPlaylist.status).toBe(422);
    expect(noPlaylist.text).toContain("Choose one of your playlists.");
    const unknownIntent = await request(`/playlists/add/${lesson.id}`, { cookie, form: { intent: "explode" } });
    expect(unknownIntent.status).toBe(400);
  });
});
