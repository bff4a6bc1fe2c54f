import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { playlists, playlistVideos, videos } from "../../drizzle/schema";
import { createViewer, type Viewer } from "../../server/access/viewer";
import { createAppContext } from "../../server/context";
import { NO_ENTITLEMENT } from "../../server/services/billing/entitlement";
import { getCourse, getSeries, listCourses, listSeries } from "../../server/services/collections/courses-and-series";
import { getPlaylist, listPlaylists } from "../../server/services/collections/playlist-reads";
import { movePlaylistVideo } from "../../server/services/collections/playlist-writes";
import { pickNextLesson, summarizeProgress, toLessonProgress } from "../../server/services/collections/progress";
import {
  createCountry,
  createCourse,
  createPlaylistRow,
  createSeries,
  createTeacher,
  createVideo,
  setProgress,
  storedPositions,
} from "../fixtures/collections";
import { call, createUser, json, member, testEnv } from "./helpers";

const ctx = createAppContext(testEnv);

/** A member's viewer as the catalogue's services take it, subscribed or not (not a signed-in member: see `member`). */
const viewerOf = (userId: number, hasSubscription = false): Viewer =>
  createViewer(
    ctx,
    { id: userId },
    { entitlement: Promise.resolve({ ...NO_ENTITLEMENT, hasAccess: hasSubscription }) },
  );
const visitorViewer = createViewer(ctx, null);

describe("progress helpers", () => {
  it("reads a progress row as percent, completed at the stored completion only", () => {
    expect(toLessonProgress(100, { positionSeconds: null, completedAt: null })).toBeNull();
    expect(toLessonProgress(100, { positionSeconds: 0, completedAt: null })).toBeNull();
    expect(toLessonProgress(100, { positionSeconds: 40, completedAt: null })).toEqual({
      positionSeconds: 40,
      completed: false,
      percent: 40,
    });
    // Past the end but not marked complete stays below 100.
    expect(toLessonProgress(100, { positionSeconds: 100, completedAt: null })?.percent).toBe(99);
    expect(toLessonProgress(100, { positionSeconds: 3, completedAt: new Date() })).toMatchObject({
      completed: true,
      percent: 100,
    });
  });

  it("summarises a collection and picks the first lesson not completed", () => {
    const done = { positionSeconds: 10, completed: true, percent: 100 };
    const half = { positionSeconds: 5, completed: false, percent: 50 };
    const lessons = [
      { id: 1, progress: done },
      { id: 2, progress: null },
      { id: 3, progress: half },
    ];
    expect(summarizeProgress(lessons)).toEqual({ completed: 1, total: 3, percent: 33, state: "in-progress" });
    expect(pickNextLesson(lessons)?.id).toBe(2);
    expect(summarizeProgress([{ progress: null }])).toMatchObject({ state: "not-started", completed: 0 });
    const all = [
      { id: 1, progress: done },
      { id: 2, progress: done },
    ];
    expect(summarizeProgress(all)).toMatchObject({ state: "completed", percent: 100 });
    expect(pickNextLesson(all)?.id).toBe(1);
    expect(pickNextLesson([])).toBeNull();
  });
});

describe("courses", () => {
  let courseId: number;
  let lessonIds: number[];
  let hiddenCourseId: number;
  let teacherName: string;

  beforeAll(async () => {
    const country = await createCountry(ctx, { name: "Syria", dialect: "Damascene" });
    const teacher = await createTeacher(ctx, { name: "Rami Test", countryId: country.id });
    teacherName = teacher.name;
    const first = await createVideo(ctx, { title: "First", durationSeconds: 60, isFree: true });
    const second = await createVideo(ctx, { title: "Second", durationSeconds: 90 });
    const third = await createVideo(ctx, { title: "Third", durationSeconds: 30 });
    const draft = await createVideo(ctx, { title: "Draft", isPublished: false, durationSeconds: 999 });
    lessonIds = [first.id, second.id, third.id];
    // Stored out of insertion order: the page must follow `position`, and skip the draft.
    const course = await createCourse(ctx, {
      lessons: [third.id, draft.id, first.id, second.id],
      positions: [3, 1, 0, 2],
      teacherIds: [teacher.id],
      title: "Ordered Course",
    });
    courseId = course.id;
    hiddenCourseId = (await createCourse(ctx, { lessons: [first.id], isPublished: false })).id;
  });

  it("lists lessons in position order with totals, teachers and their country, drafts left out", async () => {
    const course = await getCourse(ctx, { viewer: visitorViewer, courseId });
    expect(course?.lessons.map((lesson) => lesson.id)).toEqual(lessonIds);
    expect(course?.lessons.map((lesson) => lesson.number)).toEqual([1, 2, 3]);
    expect(course).toMatchObject({ lessonCount: 3, totalSeconds: 180, freeLessonCount: 1, slug: expect.any(String) });
    expect(course?.teachers).toEqual([
      expect.objectContaining({ name: teacherName, country: expect.objectContaining({ dialect: "Damascene" }) }),
    ]);
    const list = await listCourses(ctx, { viewer: visitorViewer });
    expect(list.find((item) => item.id === courseId)).toMatchObject({ lessonCount: 3, totalSeconds: 180 });
    expect(list.some((item) => item.id === hiddenCourseId)).toBe(false);
  });

  it("hides unpublished and unknown courses", async () => {
    expect(await getCourse(ctx, { viewer: visitorViewer, courseId: hiddenCourseId })).toBeNull();
    expect(await getCourse(ctx, { viewer: visitorViewer, courseId: 987654 })).toBeNull();
  });

  it("locks every lesson for visitors and premium ones for members without a subscription", async () => {
    const visitor = await getCourse(ctx, { viewer: visitorViewer, courseId });
    expect(visitor?.lessons.every((lesson) => lesson.locked)).toBe(true);
    expect(visitor?.progress).toBeNull();
    const user = await createUser();
    const free = await getCourse(ctx, { viewer: viewerOf(user.id), courseId });
    expect(free?.lessons.map((lesson) => lesson.locked)).toEqual([false, true, true]);
    const paying = await getCourse(ctx, { viewer: viewerOf(user.id, true), courseId });
    expect(paying?.lessons.some((lesson) => lesson.locked)).toBe(false);
  });

  it("starts at the first lesson, continues at the first not completed, and reviews from the start when done", async () => {
    const user = await createUser();
    const viewer = viewerOf(user.id, true);
    const fresh = await getCourse(ctx, { viewer, courseId });
    expect(fresh?.progress).toEqual({ completed: 0, total: 3, percent: 0, state: "not-started" });
    expect(fresh?.nextLesson?.id).toBe(lessonIds[0]);

    await setProgress(ctx, { userId: user.id, videoId: lessonIds[0]!, positionSeconds: 60, completed: true });
    await setProgress(ctx, { userId: user.id, videoId: lessonIds[2]!, positionSeconds: 15 });
    const midway = await getCourse(ctx, { viewer, courseId });
    expect(midway?.progress).toEqual({ completed: 1, total: 3, percent: 33, state: "in-progress" });
    expect(midway?.nextLesson?.id).toBe(lessonIds[1]);
    expect(midway?.lessons[2]?.progress).toMatchObject({ completed: false, percent: 50 });
    const card = (await listCourses(ctx, { viewer })).find((item) => item.id === courseId);
    expect(card?.progress).toEqual(midway?.progress);
    expect(card?.nextLesson?.id).toBe(lessonIds[1]);

    // Someone else's progress never shows.
    const other = await createUser();
    expect((await getCourse(ctx, { viewer: viewerOf(other.id), courseId }))?.progress?.completed).toBe(0);

    for (const videoId of lessonIds) await setProgress(ctx, { userId: user.id, videoId, completed: true });
    const finished = await getCourse(ctx, { viewer, courseId });
    expect(finished?.progress).toMatchObject({ completed: 3, state: "completed", percent: 100 });
    expect(finished?.nextLesson?.id).toBe(lessonIds[0]);
  });
});

describe("series", () => {
  it("orders lessons by position and gathers the distinct teachers of its lessons", async () => {
    const maya = await createTeacher(ctx, { name: "Maya Test" });
    const lina = await createTeacher(ctx, { name: "Lina Test" });
    const a = await createVideo(ctx, { teacherIds: [maya.id] });
    const b = await createVideo(ctx, { teacherIds: [maya.id, lina.id] });
    const c = await createVideo(ctx, { teacherIds: [lina.id] });
    const item = await createSeries(ctx, { lessons: [c.id, a.id, b.id], positions: [2, 0, 1] });
    const hidden = await createSeries(ctx, { lessons: [a.id], isPublished: false });

    const detail = await getSeries(ctx, { viewer: visitorViewer, seriesId: item.id });
    expect(detail?.lessons.map((lesson) => lesson.id)).toEqual([a.id, b.id, c.id]);
    expect(detail?.teachers.map((teacher) => teacher.name)).toEqual(["Lina Test", "Maya Test"]);
    expect(await getSeries(ctx, { viewer: visitorViewer, seriesId: hidden.id })).toBeNull();
    const list = await listSeries(ctx, { viewer: visitorViewer });
    expect(list.some((entry) => entry.id === item.id)).toBe(true);
    expect(list.some((entry) => entry.id === hidden.id)).toBe(false);
  });
});

describe("playlists API", () => {
  let lessons: Array<{ id: number }>;
  let curatedId: number;

  beforeAll(async () => {
    lessons = [];
    for (let i = 0; i < 4; i += 1) lessons.push(await createVideo(ctx, { durationSeconds: 100 + i }));
    curatedId = (await createPlaylistRow(ctx, { ownerId: null, lessons: [lessons[0]!.id, lessons[1]!.id] })).id;
  });

  async function playlistWith(token: string, videoIds: number[], title = "My study list") {
    const created = await json<{ data: { id: number } }>(
      await call("/api/playlists", { method: "POST", token, json: { title } }),
    );
    for (const videoId of videoIds) {
      expect(
        (await call(`/api/playlists/${created.data.id}/videos`, { method: "POST", token, json: { videoId } })).status,
      ).toBe(200);
    }
    return created.data.id;
  }

  it("answers 401 to visitors on every route", async () => {
    expect((await call("/api/playlists")).status).toBe(401);
    expect((await call("/api/playlists", { method: "POST", json: { title: "x" } })).status).toBe(401);
    expect((await call(`/api/playlists/${curatedId}`, { method: "PATCH", json: { title: "x" } })).status).toBe(401);
    expect((await call(`/api/playlists/${curatedId}/videos/1`, { method: "DELETE" })).status).toBe(401);
  });

  it("creates, lists, renames and deletes the learner's own playlist", async () => {
    const { token, id: userId } = await member();
    const created = await call("/api/playlists", { method: "POST", token, json: { title: "  Café & Coffee  " } });
    expect(created.status).toBe(201);
    const { data } = await json<{ data: { id: number; title: string; slug: string; lessonCount: number } }>(created);
    expect(data).toMatchObject({ title: "Café & Coffee", slug: "cafe-coffee", lessonCount: 0 });

    const listed = await json<{
      data: { mine: Array<{ id: number; isOwn: boolean }>; curated: Array<{ id: number }> };
    }>(await call("/api/playlists", { token }));
    expect(listed.data.mine.map((playlist) => playlist.id)).toEqual([data.id]);
    expect(listed.data.curated.some((playlist) => playlist.id === curatedId)).toBe(true);

    const renamed = await call(`/api/playlists/${data.id}`, {
      method: "PATCH",
      token,
      json: { title: "Sounds of Beirut" },
    });
    expect(renamed.status).toBe(200);
    expect((await json<{ data: { slug: string } }>(renamed)).data.slug).toBe("sounds-of-beirut");

    await call(`/api/playlists/${data.id}/videos`, { method: "POST", token, json: { videoId: lessons[0]!.id } });
    const deleted = await call(`/api/playlists/${data.id}`, { method: "DELETE", token });
    expect(deleted.status).toBe(200);
    expect(await ctx.db.select().from(playlists).where(eq(playlists.ownerId, userId))).toEqual([]);
    expect(await ctx.db.select().from(playlistVideos).where(eq(playlistVideos.playlistId, data.id))).toEqual([]);
    expect((await call(`/api/playlists/${data.id}`, { token })).status).toBe(404);
  });

  it("creates a playlist with a first lesson in one step", async () => {
    const { token } = await member();
    const response = await call("/api/playlists", {
      method: "POST",
      token,
      json: { title: "Quick save", videoId: lessons[2]!.id },
    });
    expect(response.status).toBe(201);
    const { data } = await json<{ data: { id: number; lessonCount: number } }>(response);
    expect(data.lessonCount).toBe(1);
    expect(await storedPositions(ctx, data.id)).toEqual([{ videoId: lessons[2]!.id, position: 0 }]);
  });

  it("never shows another learner's playlist: 404 for reads and writes", async () => {
    const owner = await member();
    const stranger = await member();
    const id = await playlistWith(owner.token, [lessons[0]!.id]);
    const attempts = [
      call(`/api/playlists/${id}`, { token: stranger.token }),
      call(`/api/playlists/${id}`, { method: "PATCH", token: stranger.token, json: { title: "Mine now" } }),
      call(`/api/playlists/${id}`, { method: "DELETE", token: stranger.token }),
      call(`/api/playlists/${id}/videos`, { method: "POST", token: stranger.token, json: { videoId: lessons[1]!.id } }),
      call(`/api/playlists/${id}/videos`, {
        method: "PUT",
        token: stranger.token,
        json: { videoIds: [lessons[0]!.id] },
      }),
      call(`/api/playlists/${id}/videos/${lessons[0]!.id}`, { method: "DELETE", token: stranger.token }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(404);
      expect(await json(response)).toEqual({ errors: ["We couldn't find that playlist."] });
    }
    const listed = await json<{ data: { mine: unknown[] } }>(await call("/api/playlists", { token: stranger.token }));
    expect(listed.data.mine).toEqual([]);
    expect(await storedPositions(ctx, id)).toEqual([{ videoId: lessons[0]!.id, position: 0 }]);
    const stillNamed = await ctx.db.select({ title: playlists.title }).from(playlists).where(eq(playlists.id, id));
    expect(stillNamed).toEqual([{ title: "My study list" }]);
  });

  it("lets learners read curated playlists but answers 403 to any change", async () => {
    const { token } = await member();
    const read = await call(`/api/playlists/${curatedId}`, { token });
    expect(read.status).toBe(200);
    expect((await json<{ data: { isOwn: boolean; lessons: unknown[] } }>(read)).data).toMatchObject({
      isOwn: false,
      lessons: [expect.anything(), expect.anything()],
    });
    const writes = [
      call(`/api/playlists/${curatedId}`, { method: "PATCH", token, json: { title: "Hijacked" } }),
      call(`/api/playlists/${curatedId}`, { method: "DELETE", token }),
      call(`/api/playlists/${curatedId}/videos`, { method: "POST", token, json: { videoId: lessons[3]!.id } }),
      call(`/api/playlists/${curatedId}/videos`, {
        method: "PUT",
        token,
        json: { videoIds: [lessons[1]!.id, lessons[0]!.id] },
      }),
      call(`/api/playlists/${curatedId}/videos/${lessons[0]!.id}`, { method: "DELETE", token }),
    ];
    for (const response of await Promise.all(writes)) expect(response.status).toBe(403);
    expect((await storedPositions(ctx, curatedId)).map((row) => row.videoId)).toEqual([lessons[0]!.id, lessons[1]!.id]);
  });

  it("answers 404 for unpublished curated playlists, unknown ids and ids that are not numbers", async () => {
    const { token } = await member();
    const hidden = await createPlaylistRow(ctx, { ownerId: null, isPublished: false });
    expect((await call(`/api/playlists/${hidden.id}`, { token })).status).toBe(404);
    expect((await call(`/api/playlists/${hidden.id}`, { method: "PATCH", token, json: { title: "x" } })).status).toBe(
      404,
    );
    expect((await call("/api/playlists/99999999", { token })).status).toBe(404);
    expect((await call("/api/playlists/abc", { token })).status).toBe(404);
    expect((await call("/api/playlists/1e3/videos", { method: "POST", token, json: { videoId: 1 } })).status).toBe(404);
  });

  it("adds a lesson once however often it is added, at the end", async () => {
    const { token } = await member();
    const id = await playlistWith(token, [lessons[0]!.id, lessons[1]!.id]);
    const again = await call(`/api/playlists/${id}/videos`, {
      method: "POST",
      token,
      json: { videoId: lessons[0]!.id },
    });
    expect(again.status).toBe(200);
    expect((await json<{ data: { added: boolean; playlist: { lessonCount: number } } }>(again)).data).toMatchObject({
      added: false,
      playlist: { lessonCount: 2 },
    });
    expect(await storedPositions(ctx, id)).toEqual([
      { videoId: lessons[0]!.id, position: 0 },
      { videoId: lessons[1]!.id, position: 1 },
    ]);
    const listed = await json<{ data: { mine: Array<{ id: number; containsVideo?: boolean }> } }>(
      await call(`/api/playlists?videoId=${lessons[1]!.id}`, { token }),
    );
    expect(listed.data.mine).toEqual([expect.objectContaining({ id, containsVideo: true })]);
    const other = await json<{ data: { mine: Array<{ containsVideo?: boolean }> } }>(
      await call(`/api/playlists?videoId=${lessons[3]!.id}`, { token }),
    );
    expect(other.data.mine[0]?.containsVideo).toBe(false);
  });

  it("refuses unknown and unpublished lessons with 422", async () => {
    const { token } = await member();
    const id = await playlistWith(token, []);
    const draft = await createVideo(ctx, { isPublished: false });
    for (const videoId of [draft.id, 987654]) {
      const response = await call(`/api/playlists/${id}/videos`, { method: "POST", token, json: { videoId } });
      expect(response.status).toBe(422);
      expect(await json(response)).toEqual({ errors: ["videoId: We couldn't find that lesson."] });
    }
  });

  it("keeps positions contiguous after a removal, and 404s a lesson that is not there", async () => {
    const { token } = await member();
    const ids = lessons.map((lesson) => lesson.id);
    const id = await playlistWith(token, ids);
    const removed = await call(`/api/playlists/${id}/videos/${ids[1]}`, { method: "DELETE", token });
    expect(removed.status).toBe(200);
    expect((await json<{ data: { lessonCount: number } }>(removed)).data.lessonCount).toBe(3);
    expect(await storedPositions(ctx, id)).toEqual([
      { videoId: ids[0], position: 0 },
      { videoId: ids[2], position: 1 },
      { videoId: ids[3], position: 2 },
    ]);
    expect((await call(`/api/playlists/${id}/videos/${ids[1]}`, { method: "DELETE", token })).status).toBe(404);
    // A lesson added after a removal goes right after the last one.
    await call(`/api/playlists/${id}/videos`, { method: "POST", token, json: { videoId: ids[1] } });
    expect((await storedPositions(ctx, id)).map((row) => row.position)).toEqual([0, 1, 2, 3]);
  });

  it("reorders only to exactly the current set of lessons", async () => {
    const { token } = await member();
    const [a, b, c] = lessons.map((lesson) => lesson.id);
    const id = await playlistWith(token, [a!, b!, c!]);
    const wrongSets = [[a, b], [a, b, c, lessons[3]!.id], [c, b, 987654], []];
    for (const videoIds of wrongSets) {
      const response = await call(`/api/playlists/${id}/videos`, { method: "PUT", token, json: { videoIds } });
      expect(response.status).toBe(422);
      expect(await json(response)).toEqual({
        errors: ["videoIds: The new order must list every lesson in the playlist exactly once."],
      });
    }
    const duplicate = await call(`/api/playlists/${id}/videos`, {
      method: "PUT",
      token,
      json: { videoIds: [a, a, b] },
    });
    expect(duplicate.status).toBe(422);
    expect((await json<{ errors: string[] }>(duplicate)).errors).toEqual([
      "videoIds: Each lesson can appear only once.",
    ]);

    const ok = await call(`/api/playlists/${id}/videos`, { method: "PUT", token, json: { videoIds: [c, a, b] } });
    expect(ok.status).toBe(200);
    expect(await storedPositions(ctx, id)).toEqual([
      { videoId: c, position: 0 },
      { videoId: a, position: 1 },
      { videoId: b, position: 2 },
    ]);
    const detail = await json<{ data: { lessons: Array<{ id: number; number: number }> } }>(
      await call(`/api/playlists/${id}`, { token }),
    );
    expect(detail.data.lessons.map((lesson) => [lesson.id, lesson.number])).toEqual([
      [c, 1],
      [a, 2],
      [b, 3],
    ]);
  });

  it("keeps a lesson unpublished since it was added out of the order and at the end", async () => {
    const { token, id: userId } = await member();
    const [a, b] = lessons.map((lesson) => lesson.id);
    const later = await createVideo(ctx);
    const id = await playlistWith(token, [a!, later.id, b!]);
    await ctx.db.update(videos).set({ isPublished: false }).where(eq(videos.id, later.id));
    const detail = await getPlaylist(ctx, { viewer: viewerOf(userId), playlistId: id });
    expect(detail?.lessons.map((lesson) => lesson.id)).toEqual([a, b]);
    expect(detail?.lessonCount).toBe(2);
    expect(
      (await call(`/api/playlists/${id}/videos`, { method: "PUT", token, json: { videoIds: [b, a] } })).status,
    ).toBe(200);
    expect(await storedPositions(ctx, id)).toEqual([
      { videoId: b, position: 0 },
      { videoId: a, position: 1 },
      { videoId: later.id, position: 2 },
    ]);
  });

  it("moves one step up or down, and does nothing at either end", async () => {
    const { id: userId, token } = await member();
    const [a, b, c] = lessons.map((lesson) => lesson.id);
    const id = await playlistWith(token, [a!, b!, c!]);
    const user = { id: userId };
    expect(await movePlaylistVideo(ctx, { userId: user.id, playlistId: id, lessonId: c!, direction: "up" })).toEqual({
      moved: true,
    });
    expect((await storedPositions(ctx, id)).map((row) => row.videoId)).toEqual([a, c, b]);
    expect(await movePlaylistVideo(ctx, { userId: user.id, playlistId: id, lessonId: a!, direction: "up" })).toEqual({
      moved: false,
    });
    expect(await movePlaylistVideo(ctx, { userId: user.id, playlistId: id, lessonId: b!, direction: "down" })).toEqual({
      moved: false,
    });
    await movePlaylistVideo(ctx, { userId: user.id, playlistId: id, lessonId: a!, direction: "down" });
    expect(await storedPositions(ctx, id)).toEqual([
      { videoId: c, position: 0 },
      { videoId: a, position: 1 },
      { videoId: b, position: 2 },
    ]);
  });

  it("answers 400 to malformed JSON and 422 to wrong types, empty or oversize titles", async () => {
    const { token } = await member();
    const id = await playlistWith(token, []);
    const malformed = await call("/api/playlists", { method: "POST", token, body: "{title:" });
    expect(malformed.status).toBe(400);
    expect(await json(malformed)).toEqual({ errors: ["The request body must be valid JSON."] });
    expect((await call(`/api/playlists/${id}/videos`, { method: "PUT", token, body: "[1,2]" })).status).toBe(400);

    const cases: Array<[string, string, unknown, string]> = [
      ["POST", "/api/playlists", { title: 42 }, "title:"],
      ["POST", "/api/playlists", { title: "   " }, "title: Give your playlist a name."],
      ["POST", "/api/playlists", { title: "x".repeat(81) }, "title: Keep the name to 80 characters or fewer."],
      ["POST", "/api/playlists", {}, "title:"],
      ["PATCH", `/api/playlists/${id}`, { title: ["a"] }, "title:"],
      ["POST", `/api/playlists/${id}/videos`, { videoId: "5" }, "videoId:"],
      ["POST", `/api/playlists/${id}/videos`, { videoId: 1.5 }, "videoId:"],
      ["PUT", `/api/playlists/${id}/videos`, { videoIds: "1,2" }, "videoIds:"],
      ["PUT", `/api/playlists/${id}/videos`, { videoIds: [1, "2"] }, "videoIds.1:"],
    ];
    for (const [method, path, body, prefix] of cases) {
      const response = await call(path, { method: method, token, json: body });
      expect(response.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(422);
      const { errors } = await json<{ errors: string[] }>(response);
      expect(
        errors.some((error) => error.startsWith(prefix)),
        errors.join(" | "),
      ).toBe(true);
    }
    expect((await call("/api/playlists", { method: "POST", token, json: { title: "x".repeat(80) } })).status).toBe(201);
  });

  it("lists curated playlists for visitors and their progress for learners", async () => {
    const { curated, mine } = await listPlaylists(ctx, { viewer: visitorViewer });
    expect(mine).toEqual([]);
    expect(curated.find((playlist) => playlist.id === curatedId)).toMatchObject({
      isOwn: false,
      lessonCount: 2,
      totalSeconds: 201,
      progress: null,
    });
    const user = await createUser();
    await setProgress(ctx, { userId: user.id, videoId: lessons[1]!.id, completed: true, positionSeconds: 90 });
    const forMember = await listPlaylists(ctx, { viewer: viewerOf(user.id) });
    expect(forMember.curated.find((playlist) => playlist.id === curatedId)?.progress).toEqual({
      completed: 1,
      total: 2,
      percent: 50,
      state: "in-progress",
    });
  });
});
