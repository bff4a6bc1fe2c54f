import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { queryIntegerField } from "#core/schemas/query";
import {
  addPlaylistVideoSchema,
  createPlaylistSchema,
  renamePlaylistSchema,
  reorderPlaylistSchema,
} from "#core/schemas/playlists";
import { notFound } from "../lib/errors";
import { getPlaylist, listPlaylists } from "../services/collections/playlist-reads";
import {
  addVideoToPlaylist,
  createPlaylist,
  deletePlaylist,
  removeVideoFromPlaylist,
  renamePlaylist,
  reorderPlaylist,
} from "../services/collections/playlist-writes";
import { created, defineRoute, idOnly, idParam, implement, jsonBody, ok, refused } from "./route";
import type { ApiEnv } from "./types";

/** `?videoId=`: say which playlists hold this lesson; anything but a lesson id is a 422. */
const playlistsQuerySchema = z.object({
  videoId: queryIntegerField("videoId must be a lesson's numeric id.", { max: Number.MAX_SAFE_INTEGER })
    .optional()
    .describe("Say which playlists hold this lesson."),
});

const playlist = z.object({ id: idParam() });

/** The learner's playlists. Every route needs a session; others' playlists answer 404, curated ones 403 on write. */
export const playlistsApi = new OpenAPIHono<ApiEnv>();

implement(
  playlistsApi,
  defineRoute({
    method: "get",
    path: "/",
    audience: "member",
    summary: "The member's playlists.",
    request: { query: playlistsQuerySchema },
    responses: { ...ok(), ...refused(422) },
  }),
  async (c) => {
    const { videoId: containingVideoId } = c.req.valid("query");
    return c.json({ data: await listPlaylists(c.get("app"), { viewer: c.get("viewer"), containingVideoId }) });
  },
);

implement(
  playlistsApi,
  defineRoute({
    method: "post",
    path: "/",
    audience: "member",
    summary: "Create a playlist.",
    request: { body: jsonBody(createPlaylistSchema) },
    responses: { ...created(), ...refused(404, 409, 422) },
  }),
  async (c) =>
    c.json({ data: await createPlaylist(c.get("app"), { userId: c.get("user")!.id, ...c.req.valid("json") }) }, 201),
);

implement(
  playlistsApi,
  defineRoute({
    method: "get",
    path: "/{id}",
    audience: "member",
    summary: "One of the member's playlists and its lessons.",
    request: { params: playlist },
    responses: { ...ok() },
  }),
  async (c) => {
    const found = await getPlaylist(c.get("app"), { viewer: c.get("viewer"), playlistId: c.req.valid("param").id });
    if (!found) throw notFound("We couldn't find that playlist.");
    return c.json({ data: found });
  },
);

implement(
  playlistsApi,
  defineRoute({
    method: "patch",
    path: "/{id}",
    audience: "member",
    summary: "Rename a playlist.",
    request: { params: playlist, body: jsonBody(renamePlaylistSchema) },
    responses: { ...ok(), ...refused(403) },
  }),
  async (c) => {
    const { title } = c.req.valid("json");
    const playlistId = c.req.valid("param").id;
    return c.json({ data: await renamePlaylist(c.get("app"), { userId: c.get("user")!.id, playlistId, title }) });
  },
);

implement(
  playlistsApi,
  defineRoute({
    method: "delete",
    path: "/{id}",
    audience: "member",
    summary: "Delete a playlist.",
    request: { params: playlist },
    responses: { ...ok(idOnly), ...refused(403) },
  }),
  async (c) => {
    const playlistId = c.req.valid("param").id;
    await deletePlaylist(c.get("app"), { userId: c.get("user")!.id, playlistId });
    return c.json({ data: { id: playlistId } });
  },
);

implement(
  playlistsApi,
  defineRoute({
    method: "post",
    path: "/{id}/videos",
    audience: "member",
    summary: "Add a lesson to a playlist.",
    request: { params: playlist, body: jsonBody(addPlaylistVideoSchema) },
    responses: { ...ok(), ...refused(403, 409, 422) },
  }),
  async (c) => {
    const { videoId: lessonId } = c.req.valid("json");
    const playlistId = c.req.valid("param").id;
    return c.json({
      data: await addVideoToPlaylist(c.get("app"), { userId: c.get("user")!.id, playlistId, lessonId }),
    });
  },
);

implement(
  playlistsApi,
  defineRoute({
    method: "put",
    path: "/{id}/videos",
    audience: "member",
    summary: "Reorder a playlist's lessons.",
    request: { params: playlist, body: jsonBody(reorderPlaylistSchema) },
    responses: { ...ok(), ...refused(403, 409, 422) },
  }),
  async (c) => {
    const { videoIds: lessonIds } = c.req.valid("json");
    const playlistId = c.req.valid("param").id;
    return c.json({ data: await reorderPlaylist(c.get("app"), { userId: c.get("user")!.id, playlistId, lessonIds }) });
  },
);

implement(
  playlistsApi,
  defineRoute({
    method: "delete",
    path: "/{id}/videos/{videoId}",
    audience: "member",
    summary: "Remove a lesson from a playlist.",
    request: { params: z.object({ id: idParam(), videoId: idParam() }) },
    responses: { ...ok(), ...refused(403) },
  }),
  async (c) => {
    const { id: playlistId, videoId: lessonId } = c.req.valid("param");
    return c.json({
      data: await removeVideoFromPlaylist(c.get("app"), { userId: c.get("user")!.id, playlistId, lessonId }),
    });
  },
);
