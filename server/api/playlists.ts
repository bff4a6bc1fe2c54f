import { Hono } from "hono";
import { z } from "zod";
import { queryIntegerField } from "#core/schemas/query";
import {
  addPlaylistVideoSchema,
  createPlaylistSchema,
  renamePlaylistSchema,
  reorderPlaylistSchema,
} from "#core/schemas/playlists";
import { notFound, parseWith } from "../lib/errors";
import {
  addVideoToPlaylist,
  createPlaylist,
  deletePlaylist,
  getPlaylist,
  listPlaylists,
  removeVideoFromPlaylist,
  renamePlaylist,
  reorderPlaylist,
} from "../services/collections";
import { readJson, requireUser } from "./helpers";
import type { ApiEnv } from "./types";

/** `?videoId=`: say which playlists hold this lesson; anything but a lesson id is a 422. */
const playlistsQuerySchema = z.object({
  videoId: queryIntegerField("videoId must be a lesson's numeric id.", { max: Number.MAX_SAFE_INTEGER }).optional(),
});

// Ids are digits only (at most 12); anything else falls through to the API's 404.
const ID = "{[0-9]{1,12}}";

function idParam(value: string): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1) throw notFound();
  return id;
}

/** The learner's playlists. Every route needs a session; others' playlists answer 404, curated ones 403 on write. */
export const playlistsApi = new Hono<ApiEnv>()
  .use(requireUser)
  .get("/", async (c) => {
    const app = c.get("app");
    const { videoId: containingVideoId } = parseWith(playlistsQuerySchema, { videoId: c.req.query("videoId") });
    const viewer = await c.get("viewer").access();
    return c.json({ data: await listPlaylists(app, viewer, { containingVideoId }) });
  })
  .post("/", async (c) => {
    const input = await readJson(c, createPlaylistSchema);
    return c.json({ data: await createPlaylist(c.get("app"), c.get("user")!, input) }, 201);
  })
  .get(`/:id${ID}`, async (c) => {
    const app = c.get("app");
    const viewer = await c.get("viewer").access();
    const playlist = await getPlaylist(app, viewer, idParam(c.req.param("id")));
    if (!playlist) throw notFound("We couldn't find that playlist.");
    return c.json({ data: playlist });
  })
  .patch(`/:id${ID}`, async (c) => {
    const { title } = await readJson(c, renamePlaylistSchema);
    const playlistId = idParam(c.req.param("id"));
    return c.json({ data: await renamePlaylist(c.get("app"), c.get("user")!, { playlistId, title }) });
  })
  .delete(`/:id${ID}`, async (c) => {
    const playlistId = idParam(c.req.param("id"));
    await deletePlaylist(c.get("app"), c.get("user")!, { playlistId });
    return c.json({ data: { id: playlistId } });
  })
  .post(`/:id${ID}/videos`, async (c) => {
    const { videoId } = await readJson(c, addPlaylistVideoSchema);
    const playlistId = idParam(c.req.param("id"));
    return c.json({ data: await addVideoToPlaylist(c.get("app"), c.get("user")!, { playlistId, videoId }) });
  })
  .put(`/:id${ID}/videos`, async (c) => {
    const { videoIds } = await readJson(c, reorderPlaylistSchema);
    const playlistId = idParam(c.req.param("id"));
    return c.json({ data: await reorderPlaylist(c.get("app"), c.get("user")!, { playlistId, videoIds }) });
  })
  .delete(`/:id${ID}/videos/:videoId${ID}`, async (c) => {
    const playlistId = idParam(c.req.param("id"));
    const videoId = idParam(c.req.param("videoId"));
    return c.json({ data: await removeVideoFromPlaylist(c.get("app"), c.get("user")!, { playlistId, videoId }) });
  });
