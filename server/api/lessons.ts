import { OpenAPIHono } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { queryIntegerField } from "#core/schemas/query";
import {
  captionsQuerySchema,
  commentSchema,
  progressSchema,
  saveLineSchema,
  saveWordSchema,
} from "#core/schemas/lessons";
import { tokenLookupQuerySchema } from "#core/schemas/words";
import { formatTransliteration } from "#core/transliteration";
import { requireLessonAccess, requireLessonOpen, requireSignedIn } from "../access/policy";
import { buildWebVtt } from "../lib/webvtt";
import { createComment, deleteComment, listComments, updateComment } from "../services/comments";
import { listLessonCues } from "../services/lesson-content";
import { getLessonPage } from "../services/lessons";
import { saveProgress } from "../services/progress";
import { isWordSaved, saveLineToDefaultList, saveWordToDefaultList } from "../services/vocabulary-save";
import { lookupWord } from "../services/word-lookup";
import { lookupToken } from "../services/words/lookup";
import { lessonWordStatuses } from "../services/words/status";
import { getLessonKnowledge, markRestKnown, undoMarkedKnown } from "../services/words/known";
import { created, defineRoute, file, idParam, implement, jsonBody, ok, readParam, refused } from "./route";
import type { ApiEnv } from "./types";

/** `?before=`: the page of comments older than this one; anything but a comment id is a 422. */
const commentsQuerySchema = z.object({
  before: queryIntegerField("before must be a comment's numeric id.", { max: Number.MAX_SAFE_INTEGER })
    .optional()
    .describe("Comments older than this comment id."),
});

/** The lesson's id: any segment routes here, and what is not an id answers 404 (after the sign-in check). */
const lessonId = idParam({ routed: false });
const lesson = z.object({ id: lessonId });
const comment = z.object({ id: lessonId, commentId: idParam({ routed: false }) });

type LessonAccess = Awaited<ReturnType<typeof requireLessonAccess>>;

/**
 * The lesson preamble of the player's endpoints: the lesson of the path, if this viewer may watch it (404 for
 * an unknown or draft lesson, 402 for a premium one without a subscription), as `c.get("lesson")`.
 */
const withLesson = createMiddleware<ApiEnv & { Variables: { lesson: LessonAccess } }>(async (c, next) => {
  const viewer = requireSignedIn(c.get("viewer"));
  c.set("lesson", await requireLessonAccess(c.get("app"), { videoId: readParam(c, "id", lessonId), viewer }));
  await next();
});

/**
 * The preamble of the reading endpoints a free lesson's page uses for visitors too (a word's meaning, the
 * captions; ADR 038): the lesson of the path if this viewer may open it (a visitor: a free lesson, else 401).
 */
const withOpenLesson = createMiddleware<ApiEnv & { Variables: { lesson: LessonAccess } }>(async (c, next) => {
  c.set(
    "lesson",
    await requireLessonOpen(c.get("app"), { videoId: readParam(c, "id", lessonId), viewer: c.get("viewer") }),
  );
  await next();
});

/**
 * `/api/lessons/:id…`: the player's JSON endpoints. Every one needs a session (401) and a viewer entitled
 * to the lesson (402 for premium without a subscription, 404 for unknown or draft lessons), except the two
 * reading ones a visitor's free lesson uses (`withOpenLesson`).
 */
export const lessonsApi = new OpenAPIHono<ApiEnv>();

implement(
  lessonsApi,
  defineRoute({
    method: "get",
    path: "/{id}",
    audience: "member",
    summary: "A lesson for the player: video, transcript, exercises (premium lessons need a subscription: 402).",
    request: { params: lesson },
    responses: { ...ok(), ...refused(402) },
  }),
  async (c) => {
    const page = await getLessonPage(c.get("app"), { videoId: c.req.valid("param").id, viewer: c.get("viewer") });
    return c.json({ data: page });
  },
);

// PUT from the player; POST too, because navigator.sendBeacon can only POST.
for (const [method, summary] of [
  ["put", "Save where the member is in the lesson."],
  ["post", "The same as PUT (for navigator.sendBeacon)."],
] as const) {
  implement(
    lessonsApi,
    defineRoute({
      method,
      path: "/{id}/progress",
      audience: "member",
      middleware: withLesson,
      summary,
      request: { params: lesson, body: jsonBody(progressSchema) },
      responses: { ...ok(), ...refused(402) },
    }),
    async (c) => {
      const { id, durationSeconds } = c.get("lesson");
      const progress = await saveProgress(c.get("app"), {
        userId: c.get("user")!.id,
        lessonId: id,
        lessonDurationSeconds: durationSeconds,
        input: c.req.valid("json"),
      });
      return c.json({ data: progress });
    },
  );
}

implement(
  lessonsApi,
  defineRoute({
    method: "get",
    path: "/{id}/words",
    audience: "public",
    middleware: withOpenLesson,
    summary:
      "Look a word of the lesson up (a visitor too, on a free lesson). With its line (cue) and place (i): its meaning in that sentence, its breakdown, " +
      "its lemma, the line's moment and the member's status; with the word alone: the lesson's vocabulary and the decks.",
    request: { params: lesson, query: tokenLookupQuerySchema },
    responses: { ...ok(), ...refused(402, 422) },
  }),
  async (c) => {
    const ctx = c.get("app");
    const { w, cue, i } = c.req.valid("query");
    const userId = c.get("user")?.id ?? null;
    const lessonId = c.get("lesson").id;
    if (cue !== undefined && i !== undefined) {
      const token = await lookupToken(ctx, { userId, lessonId, cueId: cue, position: i, word: w });
      if (token) return c.json({ data: token });
    }
    const result = await lookupWord(ctx, { lessonId, word: w });
    const saved = userId !== null && (await isWordSaved(ctx, { userId, arabic: result.entry?.arabic ?? w }));
    return c.json({ data: { ...result, saved } });
  },
);

implement(
  lessonsApi,
  defineRoute({
    method: "get",
    path: "/{id}/word-statuses",
    audience: "member",
    middleware: withLesson,
    summary:
      "The transcript's tint: each line's lemma ids by word place, and the member's statuses of them (no entry: new).",
    request: { params: lesson },
    responses: {
      ...ok(
        z.object({
          lines: z.record(z.string(), z.array(z.number().nullable())),
          statuses: z.record(z.string(), z.enum(["learning", "known", "ignored"])),
        }),
      ),
      ...refused(402),
    },
  }),
  async (c) => {
    const statuses = await lessonWordStatuses(c.get("app"), {
      userId: c.get("user")!.id,
      lessonId: c.get("lesson").id,
    });
    return c.json({ data: statuses });
  },
);

implement(
  lessonsApi,
  defineRoute({
    method: "post",
    path: "/{id}/words",
    audience: "member",
    middleware: withLesson,
    summary: "Save a word from the lesson to the member's words.",
    request: { params: lesson, body: jsonBody(saveWordSchema) },
    responses: {
      ...created(undefined, "Saved to the member's words."),
      ...ok(undefined, "Already saved."),
      ...refused(402, 409, 422),
    },
  }),
  async (c) => {
    const input = { ...c.req.valid("json"), videoId: c.get("lesson").id };
    const { list, item, created } = await saveWordToDefaultList(c.get("app"), { userId: c.get("user")!.id, input });
    return c.json({ data: { list, item, created } }, created ? 201 : 200);
  },
);

implement(
  lessonsApi,
  defineRoute({
    method: "post",
    path: "/{id}/lines",
    audience: "member",
    middleware: withLesson,
    summary: "Save a whole line of the lesson as a sentence card in the member's words (docs/cards.md).",
    request: { params: lesson, body: jsonBody(saveLineSchema) },
    responses: {
      ...created(undefined, "Saved as a sentence card."),
      ...ok(undefined, "Already saved."),
      ...refused(402, 404, 422),
    },
  }),
  async (c) => {
    const { list, item, created } = await saveLineToDefaultList(c.get("app"), {
      userId: c.get("user")!.id,
      videoId: c.get("lesson").id,
      cueId: c.req.valid("json").cueId,
    });
    return c.json({ data: { list, item, created } }, created ? 201 : 200);
  },
);

// What the member knows of the lesson's words (docs/words.md "What the learner knows").
const knowledgeData = z.object({
  lemmas: z.number().describe("Distinct lemmas of the lesson (names left out)."),
  known: z.number(),
  learning: z.number(),
  ignored: z.number(),
  new: z.number().describe("Lemmas with no status: what “mark the rest as known” marks."),
  counted: z.number().describe("Lemmas the percentage counts: all but the ignored."),
  percent: z.number().nullable().describe("Whole percent known, rounded down; null with nothing to count."),
});
const batch = z.object({
  id: lessonId,
  batchId: idParam({ routed: false, notFound: "There is nothing left to undo." }),
});

implement(
  lessonsApi,
  defineRoute({
    method: "get",
    path: "/{id}/known-words",
    audience: "member",
    middleware: withLesson,
    summary: "How much of the lesson's words the member knows, and the last “mark the rest as known” to undo.",
    request: { params: lesson },
    responses: {
      ...ok(
        z.object({
          knowledge: knowledgeData,
          lastBatch: z.object({ batchId: z.string(), marked: z.number() }).nullable(),
        }),
      ),
      ...refused(402),
    },
  }),
  async (c) => {
    const panel = await getLessonKnowledge(c.get("app"), { userId: c.get("user")!.id, lessonId: c.get("lesson").id });
    return c.json({ data: panel });
  },
);

implement(
  lessonsApi,
  defineRoute({
    method: "post",
    path: "/{id}/known-words",
    audience: "member",
    middleware: withLesson,
    summary: "Mark every word of the lesson the member has no status for as known, as one batch that can be undone.",
    request: { params: lesson },
    responses: {
      ...created(
        z.object({ batchId: z.string(), marked: z.number(), knowledge: knowledgeData }),
        "Marked; `batchId` undoes it.",
      ),
      ...ok(
        z.object({ batchId: z.null(), marked: z.literal(0), knowledge: knowledgeData }),
        "Every word already had a status: nothing marked.",
      ),
      ...refused(402),
    },
  }),
  async (c) => {
    const marked = await markRestKnown(c.get("app"), { userId: c.get("user")!.id, lessonId: c.get("lesson").id });
    return c.json({ data: marked }, marked.batchId ? 201 : 200);
  },
);

implement(
  lessonsApi,
  defineRoute({
    method: "delete",
    path: "/{id}/known-words/{batchId}",
    audience: "member",
    middleware: withLesson,
    summary: "Undo a “mark the rest as known”: its words go back to what they were (a word set since stays).",
    request: { params: batch },
    responses: {
      ...ok(z.object({ restored: z.number(), knowledge: knowledgeData })),
      ...refused(402, 404),
    },
  }),
  async (c) => {
    const undone = await undoMarkedKnown(c.get("app"), {
      userId: c.get("user")!.id,
      lessonId: c.get("lesson").id,
      batchId: String(c.req.valid("param").batchId),
    });
    return c.json({ data: undone });
  },
);

implement(
  lessonsApi,
  defineRoute({
    method: "get",
    path: "/{id}/comments",
    audience: "member",
    middleware: withLesson,
    summary: "The lesson's comments, newest first.",
    request: { params: lesson, query: commentsQuerySchema },
    responses: { ...ok(), ...refused(402, 422) },
  }),
  async (c) => {
    const { before } = c.req.valid("query");
    const viewer = c.get("viewer");
    return c.json({ data: await listComments(c.get("app"), { videoId: c.get("lesson").id, viewer, before }) });
  },
);

implement(
  lessonsApi,
  defineRoute({
    method: "post",
    path: "/{id}/comments",
    audience: "member",
    middleware: withLesson,
    summary: "Comment on the lesson.",
    request: { params: lesson, body: jsonBody(commentSchema) },
    responses: { ...created(), ...refused(402, 429) },
  }),
  async (c) => {
    const viewer = requireSignedIn(c.get("viewer"));
    const input = { videoId: c.get("lesson").id, body: c.req.valid("json").body };
    return c.json({ data: await createComment(c.get("app"), { viewer, ...input }) }, 201);
  },
);

implement(
  lessonsApi,
  defineRoute({
    method: "patch",
    path: "/{id}/comments/{commentId}",
    audience: "member",
    middleware: withLesson,
    summary: "Edit one's own comment.",
    request: { params: comment, body: jsonBody(commentSchema) },
    responses: { ...ok(), ...refused(402, 403, 429) },
  }),
  async (c) => {
    const viewer = requireSignedIn(c.get("viewer"));
    const input = { videoId: c.get("lesson").id, commentId: c.req.valid("param").commentId };
    return c.json({ data: await updateComment(c.get("app"), { viewer, ...input, body: c.req.valid("json").body }) });
  },
);

implement(
  lessonsApi,
  defineRoute({
    method: "delete",
    path: "/{id}/comments/{commentId}",
    audience: "member",
    middleware: withLesson,
    summary: "Delete a comment (its author or a moderator).",
    request: { params: comment },
    responses: { ...ok(z.object({ deleted: z.literal(true) })), ...refused(402, 403) },
  }),
  async (c) => {
    const viewer = requireSignedIn(c.get("viewer"));
    await deleteComment(c.get("app"), {
      viewer,
      videoId: c.get("lesson").id,
      commentId: c.req.valid("param").commentId,
    });
    return c.json({ data: { deleted: true } });
  },
);

implement(
  lessonsApi,
  defineRoute({
    method: "get",
    path: "/{id}/captions.vtt",
    audience: "public",
    middleware: withOpenLesson,
    summary: "The lesson's captions as WebVTT (a visitor too, on a free lesson).",
    request: { params: lesson, query: captionsQuerySchema },
    responses: { ...file("text/vtt", "WebVTT captions."), ...refused(402, 422) },
  }),
  async (c) => {
    const { lang, scheme } = c.req.valid("query");
    const cues = await listLessonCues(c.get("app"), { lessonId: c.get("lesson").id });
    const transliterationScheme = scheme ?? c.get("user")?.transliterationScheme ?? "romanized";
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
  },
);
