import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { AppError } from "../../lib/errors";
import {
  commitPackage,
  commitPackageSchema,
  getStreamState,
  packagingFailureSchema,
  putPackageFile,
  recordPackagingFailure,
  resolveLesson,
} from "../../services/hls";
import { defineRoute, implement, jsonBody, ok, pathParam, rawBody, refused } from "../route";
import type { ApiEnv } from "../types";

const LESSON = "We couldn't find that lesson.";
/** A lesson by id or slug (`npm run media:package` takes either). */
const lessonParam = pathParam(z.string().regex(/^[a-z0-9-]{1,200}$/), { notFound: LESSON });
const lesson = z.object({ id: lessonParam });
const file = z.object({
  id: lessonParam,
  version: pathParam(z.string(), {}),
  file: pathParam(z.string(), {}),
});

/**
 * /api/admin/lessons/:id/stream: a lesson's adaptive-streaming package (docs/video.md). The packaging
 * command uploads each rendition's playlist and media file (PUT …/stream/:version/:file), then commits the
 * version (POST …/stream), which checks the playlists against the files and writes the master playlist;
 * a run that failed says so (POST …/stream/failure) so the lesson workspace shows it.
 */
export const adminLessonStreamApi = new OpenAPIHono<ApiEnv>();

implement(
  adminLessonStreamApi,
  defineRoute({
    method: "get",
    path: "/{id}/stream",
    audience: "admin",
    summary: "A lesson's packaging state: none, packaged (with its renditions) or failed.",
    request: { params: lesson },
    responses: { ...ok() },
  }),
  async (c) => {
    const app = c.get("app");
    const found = await resolveLesson(app, c.req.valid("param").id);
    return c.json({ data: { lessonId: found.id, ...(await getStreamState(app, { lessonId: found.id })) } });
  },
);

implement(
  adminLessonStreamApi,
  defineRoute({
    method: "put",
    path: "/{id}/stream/{version}/{file}",
    audience: "admin",
    summary: "Upload one file of a package: <rendition>.m3u8 or <rendition>.mp4.",
    request: { params: file, body: rawBody("application/octet-stream", "The file's bytes.") },
    responses: { ...ok(), ...refused(400, 413, 422) },
  }),
  async (c) => {
    const app = c.get("app");
    const { id: lessonText, version, file: fileName } = c.req.valid("param");
    const found = await resolveLesson(app, lessonText);
    const declared = Number(c.req.header("Content-Length") ?? "0");
    if (declared > 95 * 1024 * 1024) throw new AppError(413, ["A package file is at most 95 MiB."]);
    const body = await c.req.arrayBuffer();
    return c.json({ data: await putPackageFile(app, { lessonId: found.id, version, file: fileName, body }) });
  },
);

implement(
  adminLessonStreamApi,
  defineRoute({
    method: "post",
    path: "/{id}/stream",
    audience: "admin",
    summary: "Commit an uploaded package: check its playlists, write the master playlist, serve it.",
    request: { params: lesson, body: jsonBody(commitPackageSchema) },
    responses: { ...ok(), ...refused(422) },
  }),
  async (c) => {
    const app = c.get("app");
    const input = c.req.valid("json");
    const found = await resolveLesson(app, c.req.valid("param").id);
    return c.json({ data: await commitPackage(app, { lessonId: found.id, input }) });
  },
);

implement(
  adminLessonStreamApi,
  defineRoute({
    method: "post",
    path: "/{id}/stream/failure",
    audience: "admin",
    summary: "Record that packaging a lesson failed, with the reason.",
    request: { params: lesson, body: jsonBody(packagingFailureSchema) },
    responses: { ...ok(), ...refused(422) },
  }),
  async (c) => {
    const app = c.get("app");
    const { error } = c.req.valid("json");
    const found = await resolveLesson(app, c.req.valid("param").id);
    return c.json({ data: await recordPackagingFailure(app, { lessonId: found.id, error }) });
  },
);
