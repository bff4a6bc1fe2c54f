/**
 * The lesson assistant: a learner asks about the lesson they are watching and a Workers AI text model
 * answers from its transcript, vocabulary and the admin's context notes. Off unless the lesson's
 * assistant is enabled (video_ai_settings) and the Worker has an `AI` binding; then it says so and
 * never invents an answer. Each learner sees only their own conversation.
 */
import { and, asc, count, countDistinct, desc, eq, sql } from "drizzle-orm";
import { users, videoAiMessages, videoAiSettings, videos } from "#drizzle/schema";
import { formatCueTime } from "#core/cue-edits";
import type { Viewer } from "../access/viewer";
import type { AppContext } from "../context";
import { auditInsert, diffChanges } from "./audit-log";
import { lessonCuesQuery, lessonVocabularyQuery } from "./lesson-content";
import { AppError } from "../lib/errors";
import { requireLessonAccess } from "../access/policy";
import { hitRateLimit, type RateLimitRule } from "./rate-limit";
import { containsText } from "./text-match";

export const CHAT_MODEL = "@cf/meta/llama-3.1-8b-instruct-fp8";
export const CHAT_RATE_LIMIT: RateLimitRule = { limit: 30, windowMs: 60 * 60 * 1000 };
/** Turns sent back to the model with a new question. */
const HISTORY_TURNS = 12;
/** Messages a learner sees when opening the chat. */
const HISTORY_SHOWN = 100;
const MAX_CONTEXT_CHARS = 14_000;
const MAX_ANSWER_TOKENS = 600;

export type AssistantStatus =
  { available: true } | { available: false; reason: "no-binding" | "disabled"; message: string };

const OFF_MESSAGES = {
  "no-binding": "The lesson assistant is off: AI answers are not set up on this site.",
  disabled: "The lesson assistant is off for this lesson.",
} as const;

async function readSettings(ctx: AppContext, lessonId: number) {
  const [row] = await ctx.db.select().from(videoAiSettings).where(eq(videoAiSettings.lessonId, lessonId)).limit(1);
  return row ?? { lessonId, enabled: false, contextNotes: "" };
}

function statusOf(ctx: AppContext, enabled: boolean): AssistantStatus {
  if (!ctx.env.AI) return { available: false, reason: "no-binding", message: OFF_MESSAGES["no-binding"] };
  if (!enabled) return { available: false, reason: "disabled", message: OFF_MESSAGES.disabled };
  return { available: true };
}

function historyQuery(ctx: AppContext, lessonId: number, userId: number, limit: number) {
  return ctx.db
    .select({
      id: videoAiMessages.id,
      role: videoAiMessages.role,
      content: videoAiMessages.content,
      createdAt: videoAiMessages.createdAt,
    })
    .from(videoAiMessages)
    .where(and(eq(videoAiMessages.videoId, lessonId), eq(videoAiMessages.userId, userId)))
    .orderBy(desc(videoAiMessages.createdAt), desc(videoAiMessages.id))
    .limit(limit);
}

/** What the chat panel opens with: whether the assistant answers, and this learner's conversation. */
export async function getLessonChat(ctx: AppContext, { lessonId, viewer }: { lessonId: number; viewer: Viewer }) {
  await requireLessonAccess(ctx, { videoId: lessonId, viewer });
  const [settings, rows] = await Promise.all([
    readSettings(ctx, lessonId),
    historyQuery(ctx, lessonId, viewer.userId!, HISTORY_SHOWN),
  ]);
  return { status: statusOf(ctx, settings.enabled), messages: rows.reverse() };
}

/** The system prompt: who the assistant is and everything it may answer from. */
export async function buildLessonContext(
  ctx: AppContext,
  { lessonId, contextNotes }: { lessonId: number; contextNotes: string },
) {
  const [[video], cues, words] = await ctx.db.batch([
    ctx.db
      .select({ title: videos.title, titleAr: videos.titleAr, description: videos.description })
      .from(videos)
      .where(eq(videos.id, lessonId))
      .limit(1),
    lessonCuesQuery(ctx, { lessonId }),
    lessonVocabularyQuery(ctx, { lessonId }),
  ]);
  const transcript = cues
    .map((cue) => `[${formatCueTime(cue.startMs)}] ${cue.arabic} | ${cue.transliteration} | ${cue.english}`)
    .join("\n");
  const vocabulary = words.map((word) => `${word.arabic} (${word.transliteration}): ${word.english}`).join("\n");
  const parts = [
    "You are the tutor of one lesson on Ahla, a site for learning Levantine (Shami) Arabic from video.",
    "Answer the learner's questions about this lesson only: its words, phrases, grammar, pronunciation and culture.",
    "Base every answer on the transcript, vocabulary and teacher's notes below. If the answer is not there, say so briefly instead of guessing.",
    "Write Arabic in Arabic script and add a transliteration and English meaning. Keep answers short and friendly.",
    `Lesson: ${video?.title ?? ""}${video?.titleAr ? ` (${video.titleAr})` : ""}`,
    video?.description ? `Description: ${video.description}` : "",
    contextNotes.trim() ? `Teacher's notes:\n${contextNotes.trim()}` : "",
    `Transcript (time, Arabic | transliteration | English):\n${transcript || "(no transcript yet)"}`,
    vocabulary ? `Vocabulary:\n${vocabulary}` : "",
  ].filter(Boolean);
  const text = parts.join("\n\n");
  return text.length > MAX_CONTEXT_CHARS ? `${text.slice(0, MAX_CONTEXT_CHARS)}\n(transcript shortened)` : text;
}

/**
 * Sends a learner's question and stores the question and the answer. 503 when the assistant is off,
 * 429 past the hourly limit, 502 when the model fails (then nothing is stored).
 */
export async function askLessonAssistant(
  ctx: AppContext,
  { lessonId, viewer, message }: { lessonId: number; viewer: Viewer; message: string },
) {
  await requireLessonAccess(ctx, { videoId: lessonId, viewer });
  const userId = viewer.userId!;
  const settings = await readSettings(ctx, lessonId);
  const status = statusOf(ctx, settings.enabled);
  if (!status.available) throw new AppError(503, [status.message]);
  const used = await hitRateLimit(ctx, { key: `lesson-chat:${userId}`, rule: CHAT_RATE_LIMIT });
  if (used > CHAT_RATE_LIMIT.limit) {
    throw new AppError(429, ["You have asked a lot this hour. Take a break and try again later."]);
  }

  const [system, history] = await Promise.all([
    buildLessonContext(ctx, { lessonId, contextNotes: settings.contextNotes }),
    historyQuery(ctx, lessonId, userId, HISTORY_TURNS),
  ]);
  const messages = [
    { role: "system" as const, content: system },
    ...history.reverse().map((turn) => ({ role: turn.role, content: turn.content })),
    { role: "user" as const, content: message },
  ];
  let answer: string;
  try {
    const result = (await ctx.env.AI!.run(CHAT_MODEL, { messages, max_tokens: MAX_ANSWER_TOKENS })) as {
      response?: string;
    };
    answer = (result.response ?? "").trim();
  } catch (error) {
    console.error("Lesson assistant failed", error);
    throw new AppError(502, ["The assistant could not answer just now. Try again in a moment."]);
  }
  if (!answer) throw new AppError(502, ["The assistant could not answer just now. Try again in a moment."]);

  const asked = ctx.now();
  const answered = new Date(asked.getTime() + 1);
  const stored = await ctx.db
    .insert(videoAiMessages)
    .values([
      { videoId: lessonId, userId, role: "user", content: message, createdAt: asked },
      { videoId: lessonId, userId, role: "assistant", content: answer, createdAt: answered },
    ])
    .returning({
      id: videoAiMessages.id,
      role: videoAiMessages.role,
      content: videoAiMessages.content,
      createdAt: videoAiMessages.createdAt,
    });
  return { messages: stored };
}

/** Forgets this learner's conversation about the lesson. */
export async function clearLessonChat(ctx: AppContext, { lessonId, viewer }: { lessonId: number; viewer: Viewer }) {
  await requireLessonAccess(ctx, { videoId: lessonId, viewer });
  await ctx.db
    .delete(videoAiMessages)
    .where(and(eq(videoAiMessages.videoId, lessonId), eq(videoAiMessages.userId, viewer.userId!)));
}

// ---------------------------------------------------------------------------------------------
// Admin: settings and review
// ---------------------------------------------------------------------------------------------

export async function saveAssistantSettings(
  ctx: AppContext,
  {
    lessonId,
    enabled,
    contextNotes,
    actor,
  }: { lessonId: number; enabled: boolean; contextNotes: string; actor: { id: number } },
) {
  const [video] = await ctx.db
    .select({ id: videos.id, title: videos.title })
    .from(videos)
    .where(eq(videos.id, lessonId))
    .limit(1);
  if (!video) throw new AppError(404, ["We couldn't find that lesson."]);
  const [before] = await ctx.db
    .select({ enabled: videoAiSettings.enabled, contextNotes: videoAiSettings.contextNotes })
    .from(videoAiSettings)
    .where(eq(videoAiSettings.lessonId, lessonId))
    .limit(1);
  const changes = diffChanges(before ?? { enabled: false, contextNotes: "" }, { enabled, contextNotes });
  const now = ctx.now();
  await ctx.db.batch([
    ctx.db
      .insert(videoAiSettings)
      .values({ lessonId, enabled, contextNotes, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: videoAiSettings.lessonId, set: { enabled, contextNotes, updatedAt: now } }),
    auditInsert(ctx, {
      actorId: actor.id,
      action: "lesson.assistant-settings",
      resource: "videos",
      recordId: video.id,
      recordLabel: video.title,
      changes,
    }),
  ]);
}

/** Lessons with their assistant settings and conversation counts, for the admin list. */
export async function listAssistantLessons(ctx: AppContext, { q = "", page = 1 }: { q?: string; page?: number }) {
  const pageSize = 25;
  const filter = containsText([videos.title, videos.titleAr], q);
  const stats = ctx.db
    .select({
      lessonId: videoAiMessages.videoId,
      messageCount: count(videoAiMessages.id).as("message_count"),
      learnerCount: countDistinct(videoAiMessages.userId).as("learner_count"),
    })
    .from(videoAiMessages)
    .groupBy(videoAiMessages.videoId)
    .as("stats");
  const [rows, [total]] = await ctx.db.batch([
    ctx.db
      .select({
        id: videos.id,
        title: videos.title,
        isPublished: videos.isPublished,
        enabled: sql<number>`coalesce(${videoAiSettings.enabled}, 0)`.mapWith(Boolean),
        hasNotes: sql<number>`length(coalesce(${videoAiSettings.contextNotes}, '')) > 0`.mapWith(Boolean),
        messageCount: sql<number>`coalesce(${stats.messageCount}, 0)`.mapWith(Number),
        learnerCount: sql<number>`coalesce(${stats.learnerCount}, 0)`.mapWith(Number),
      })
      .from(videos)
      .leftJoin(videoAiSettings, eq(videoAiSettings.lessonId, videos.id))
      .leftJoin(stats, eq(stats.lessonId, videos.id))
      .where(filter)
      .orderBy(desc(sql`coalesce(${videoAiSettings.enabled}, 0)`), desc(videos.id))
      .limit(pageSize)
      .offset((Math.max(1, page) - 1) * pageSize),
    ctx.db.select({ total: count() }).from(videos).where(filter),
  ]);
  return { lessons: rows, total: total?.total ?? 0, page: Math.max(1, page), pageSize };
}

/** One lesson's settings and its learners' conversations, optionally one learner's (by id or email part). */
export async function getAssistantReview(
  ctx: AppContext,
  { lessonId, learner = "" }: { lessonId: number; learner?: string },
) {
  const [video] = await ctx.db
    .select({ id: videos.id, title: videos.title })
    .from(videos)
    .where(eq(videos.id, lessonId))
    .limit(1);
  if (!video) throw new AppError(404, ["We couldn't find that lesson."]);
  const settings = await readSettings(ctx, lessonId);
  const learnerFilter = learner.trim()
    ? /^\d{1,12}$/.test(learner.trim())
      ? eq(users.id, Number(learner.trim()))
      : containsText([users.email, users.name], learner.trim())
    : undefined;
  const rows = await ctx.db
    .select({
      id: videoAiMessages.id,
      role: videoAiMessages.role,
      content: videoAiMessages.content,
      createdAt: videoAiMessages.createdAt,
      userId: users.id,
      userName: users.name,
      userEmail: users.email,
    })
    .from(videoAiMessages)
    .innerJoin(users, eq(users.id, videoAiMessages.userId))
    .where(and(eq(videoAiMessages.videoId, lessonId), learnerFilter))
    .orderBy(asc(videoAiMessages.userId), asc(videoAiMessages.createdAt), asc(videoAiMessages.id))
    .limit(500);
  const conversations = new Map<number, { userId: number; name: string; email: string; messages: typeof rows }>();
  for (const row of rows) {
    const conversation = conversations.get(row.userId) ?? {
      userId: row.userId,
      name: row.userName,
      email: row.userEmail,
      messages: [],
    };
    conversation.messages.push(row);
    conversations.set(row.userId, conversation);
  }
  return { video, settings, conversations: [...conversations.values()], assistantBound: Boolean(ctx.env.AI) };
}
