import { Hono } from "hono";
import { z } from "zod";
import { queryIntegerField } from "#core/schemas/query";
import {
  captionsQuerySchema,
  commentSchema,
  progressSchema,
  saveWordSchema,
  wordLookupQuerySchema,
} from "#core/schemas/lessons";
import { formatTransliteration } from "#core/transliteration";
import { requireLessonAccess, requireSignedIn } from "../access/policy";
import { notFound, parseWith } from "../lib/errors";
import { buildWebVtt } from "../lib/webvtt";
import { createComment, deleteComment, listComments, updateComment } from "../services/comments";
import { listLessonCues } from "../services/lesson-content";
import { getLessonPage } from "../services/lessons";
import { saveProgress } from "../services/progress";
import { isWordSaved, saveWordToDefaultList } from "../services/vocabulary-save";
import { lookupWord } from "../services/word-lookup";
import { readJson, requireUser } from "./helpers";
import type { ApiEnv } from "./types";

/** `?before=`: the page of comments older than this one; anything but a comment id is a 422. */
const commentsQuerySchema = z.object({
  before: queryIntegerField("before must be a comment's numeric id.", { max: Number.MAX_SAFE_INTEGER }).optional(),
});

function idParam(value: string | undefined): number {
  if (!value || !/^\d{1,12}$/.test(value)) throw notFound();
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1) throw notFound();
  return id;
}

/**
 * `/api/lessons/:id…`: the player's JSON endpoints. Every one needs a session (401) and a viewer entitled
 * to the lesson (402 for premium without a subscription, 404 for unknown or draft lessons).
 */
export const lessonsApi = new Hono<ApiEnv>();

lessonsApi.use(requireUser);

lessonsApi.get("/:id", async (c) => {
  const page = await getLessonPage(c.get("app"), { videoId: idParam(c.req.param("id")), viewer: c.get("viewer") });
  return c.json({ data: page });
});

// PUT from the player; POST too, because navigator.sendBeacon can only POST.
lessonsApi.on(["PUT", "POST"], "/:id/progress", async (c) => {
  const ctx = c.get("app");
  const viewer = requireSignedIn(c.get("viewer"));
  const lesson = await requireLessonAccess(ctx, { videoId: idParam(c.req.param("id")), viewer });
  const input = await readJson(c, progressSchema);
  const progress = await saveProgress(ctx, {
    userId: viewer.userId,
    videoId: lesson.id,
    lessonDurationSeconds: lesson.durationSeconds,
    input,
  });
  return c.json({ data: progress });
});

lessonsApi.get("/:id/words", async (c) => {
  const ctx = c.get("app");
  const viewer = requireSignedIn(c.get("viewer"));
  const lesson = await requireLessonAccess(ctx, { videoId: idParam(c.req.param("id")), viewer });
  const { w } = parseWith(wordLookupQuerySchema, { w: c.req.query("w") });
  const result = await lookupWord(ctx, { videoId: lesson.id, word: w });
  const saved = await isWordSaved(ctx, viewer.userId, result.entry?.arabic ?? w);
  return c.json({ data: { ...result, saved } });
});

lessonsApi.post("/:id/words", async (c) => {
  const ctx = c.get("app");
  const viewer = requireSignedIn(c.get("viewer"));
  const lesson = await requireLessonAccess(ctx, { videoId: idParam(c.req.param("id")), viewer });
  const input = await readJson(c, saveWordSchema);
  const { list, item, created } = await saveWordToDefaultList(ctx, viewer.user, { ...input, videoId: lesson.id });
  return c.json({ data: { list, item, created } }, created ? 201 : 200);
});

lessonsApi.get("/:id/comments", async (c) => {
  const ctx = c.get("app");
  const viewer = requireSignedIn(c.get("viewer"));
  const lesson = await requireLessonAccess(ctx, { videoId: idParam(c.req.param("id")), viewer });
  const { before } = parseWith(commentsQuerySchema, { before: c.req.query("before") });
  return c.json({ data: await listComments(ctx, { videoId: lesson.id, viewer, before }) });
});

lessonsApi.post("/:id/comments", async (c) => {
  const ctx = c.get("app");
  const viewer = requireSignedIn(c.get("viewer"));
  const lesson = await requireLessonAccess(ctx, { videoId: idParam(c.req.param("id")), viewer });
  const { body } = await readJson(c, commentSchema);
  return c.json({ data: await createComment(ctx, viewer, { videoId: lesson.id, body }) }, 201);
});

lessonsApi.patch("/:id/comments/:commentId", async (c) => {
  const ctx = c.get("app");
  const viewer = requireSignedIn(c.get("viewer"));
  const lesson = await requireLessonAccess(ctx, { videoId: idParam(c.req.param("id")), viewer });
  const commentId = idParam(c.req.param("commentId"));
  const { body } = await readJson(c, commentSchema);
  return c.json({ data: await updateComment(ctx, viewer, { videoId: lesson.id, commentId, body }) });
});

lessonsApi.delete("/:id/comments/:commentId", async (c) => {
  const ctx = c.get("app");
  const viewer = requireSignedIn(c.get("viewer"));
  const lesson = await requireLessonAccess(ctx, { videoId: idParam(c.req.param("id")), viewer });
  await deleteComment(ctx, viewer, { videoId: lesson.id, commentId: idParam(c.req.param("commentId")) });
  return c.json({ data: { deleted: true } });
});

lessonsApi.get("/:id/captions.vtt", async (c) => {
  const ctx = c.get("app");
  const viewer = requireSignedIn(c.get("viewer"));
  const lesson = await requireLessonAccess(ctx, { videoId: idParam(c.req.param("id")), viewer });
  const { lang, scheme } = parseWith(captionsQuerySchema, { lang: c.req.query("lang"), scheme: c.req.query("scheme") });
  const cues = await listLessonCues(ctx, lesson.id);
  const transliterationScheme = scheme ?? viewer.user.transliterationScheme;
  const text = (cue: (typeof cues)[number]) =>
    lang === "ar"
      ? cue.arabic
      : lang === "en"
        ? cue.english
        : formatTransliteration(cue.transliteration, transliterationScheme);
  const body = buildWebVtt(
    cues.map((cue) => ({ id: cue.id, startMs: cue.startMs, endMs: cue.endMs, text: text(cue) })),
    { language: lang === "tr" ? "ar-Latn" : lang },
  );
  return c.body(body, 200, {
    "Content-Type": "text/vtt; charset=utf-8",
    "Cache-Control": "private, max-age=300",
    "X-Content-Type-Options": "nosniff",
  });
});
