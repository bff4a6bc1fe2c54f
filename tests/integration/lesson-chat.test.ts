import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { videoAiMessages } from "../../drizzle/schema";
import { createAppContext } from "../../server/context";
import type { Env } from "../../server/env";
import {
  CHAT_MODEL,
  CHAT_RATE_LIMIT,
  getAssistantReview,
  saveAssistantSettings,
} from "../../server/services/lesson-chat";
import { hitRateLimit } from "../../server/services/rate-limit";
import { createLesson, createSubscription } from "../fixtures/lessons";
import { createUser, loginToken, testApp, testEnv } from "./helpers";

const app = testApp();
const ctx = createAppContext(testEnv);

type AiCall = { model: string; input: { messages: Array<{ role: string; content: string }>; max_tokens?: number } };
const calls: AiCall[] = [];
const fakeAi = {
  run: async (model: string, input: AiCall["input"]) => {
    calls.push({ model, input });
    return { response: "«يلّا» means “come on / let's go”: yalla." };
  },
} as unknown as Ai;
const envWithAi = { ...testEnv, AI: fakeAi } as Env;

function call(method: string, path: string, token: string | null, body?: unknown, env: Env = testEnv) {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return app.request(
    path,
    { method, headers, body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body) },
    env,
  );
}
const json = async <T = { data: unknown; errors?: string[] }>(response: Response) => (await response.json()) as T;

let lessonId: number;
let subscriber: { id: number; token: string };
let otherSubscriber: { id: number; token: string };
let freeMember: { id: number; token: string };

async function member(subscribed: boolean) {
  const user = await createUser();
  if (subscribed) await createSubscription(ctx, user.id);
  return { id: user.id, token: await loginToken(app, user.email, user.password) };
}

/** The administrator saving the assistant's settings (each save is logged in the audit log). */
let editor: { id: number };

beforeAll(async () => {
  editor = await createUser({ permissions: ["admin"] });
  const { video } = await createLesson(ctx, { isFree: false });
  lessonId = video.id;
  subscriber = await member(true);
  otherSubscriber = await member(true);
  freeMember = await member(false);
});

describe("the lesson assistant (/api/lesson-chat/:videoId)", () => {
  it("is off without the AI binding, even when switched on for the lesson", async () => {
    await saveAssistantSettings(ctx, { videoId: lessonId, enabled: true, contextNotes: "", actor: editor });
    const opened = await json<{ data: { status: { available: boolean; message: string } } }>(
      await call("GET", `/api/lesson-chat/${lessonId}`, subscriber.token),
    );
    expect(opened.data.status).toMatchObject({ available: false, reason: "no-binding" });
    expect(opened.data.status.message).toMatch(/assistant is off/);
    const asked = await call("POST", `/api/lesson-chat/${lessonId}`, subscriber.token, { message: "What is yalla?" });
    expect(asked.status).toBe(503);
    expect((await json(asked)).errors?.[0]).toMatch(/assistant is off/);
  });

  it("is off when the lesson's assistant is disabled, and never calls the model", async () => {
    await saveAssistantSettings(ctx, { videoId: lessonId, enabled: false, contextNotes: "", actor: editor });
    const before = calls.length;
    const opened = await json<{ data: { status: { available: boolean; reason: string } } }>(
      await call("GET", `/api/lesson-chat/${lessonId}`, subscriber.token, undefined, envWithAi),
    );
    expect(opened.data.status).toMatchObject({ available: false, reason: "disabled" });
    const asked = await call("POST", `/api/lesson-chat/${lessonId}`, subscriber.token, { message: "Hi?" }, envWithAi);
    expect(asked.status).toBe(503);
    expect(calls.length).toBe(before);
  });

  it("answers from the transcript, vocabulary and notes, and keeps the learner's history", async () => {
    await saveAssistantSettings(ctx, {
      videoId: lessonId,
      enabled: true,
      contextNotes: "Stress the word yalla.",
      actor: editor,
    });
    const asked = await call(
      "POST",
      `/api/lesson-chat/${lessonId}`,
      subscriber.token,
      { message: "What does يلّا mean?" },
      envWithAi,
    );
    expect(asked.status).toBe(201);
    const body = await json<{ data: { messages: Array<{ role: string; content: string }> } }>(asked);
    expect(body.data.messages.map((message) => message.role)).toEqual(["user", "assistant"]);
    expect(body.data.messages[1]!.content).toMatch(/come on/);

    const last = calls[calls.length - 1]!;
    expect(last.model).toBe(CHAT_MODEL);
    const system = last.input.messages[0]!;
    expect(system.role).toBe("system");
    // Transcript lines (all three texts), vocabulary and the admin's notes are in the context.
    expect(system.content).toContain("مرحبا! كِيفَك؟ | marħaba! kiifak? | Hi! How are you?");
    expect(system.content).toContain("مع السلامة (maʕ is-salaame): goodbye");
    expect(system.content).toContain("Stress the word yalla.");
    expect(last.input.messages[last.input.messages.length - 1]).toEqual({
      role: "user",
      content: "What does يلّا mean?",
    });

    // The next question carries the earlier turns.
    await call("POST", `/api/lesson-chat/${lessonId}`, subscriber.token, { message: "And in a sentence?" }, envWithAi);
    const followUp = calls[calls.length - 1]!.input.messages.map((message) => message.role);
    expect(followUp).toEqual(["system", "user", "assistant", "user"]);

    const history = await json<{ data: { messages: Array<{ content: string }> } }>(
      await call("GET", `/api/lesson-chat/${lessonId}`, subscriber.token, undefined, envWithAi),
    );
    expect(history.data.messages.map((message) => message.content)).toEqual([
      "What does يلّا mean?",
      "«يلّا» means “come on / let's go”: yalla.",
      "And in a sentence?",
      "«يلّا» means “come on / let's go”: yalla.",
    ]);
  });

  it("never shows one learner's conversation to another", async () => {
    const theirs = await json<{ data: { messages: unknown[]; status: { available: boolean } } }>(
      await call("GET", `/api/lesson-chat/${lessonId}`, otherSubscriber.token, undefined, envWithAi),
    );
    expect(theirs.data.status.available).toBe(true);
    expect(theirs.data.messages).toEqual([]);
    // Clearing is per learner too.
    await call("DELETE", `/api/lesson-chat/${lessonId}`, otherSubscriber.token, undefined, envWithAi);
    const kept = await ctx.db.select().from(videoAiMessages).where(eq(videoAiMessages.userId, subscriber.id));
    expect(kept.length).toBeGreaterThanOrEqual(4);
  });

  it("refuses learners who may not watch the lesson, visitors, unknown lessons and bad input", async () => {
    expect((await call("GET", `/api/lesson-chat/${lessonId}`, freeMember.token, undefined, envWithAi)).status).toBe(
      402,
    );
    expect(
      (await call("POST", `/api/lesson-chat/${lessonId}`, freeMember.token, { message: "hi" }, envWithAi)).status,
    ).toBe(402);
    expect((await call("GET", `/api/lesson-chat/${lessonId}`, null, undefined, envWithAi)).status).toBe(401);
    expect((await call("GET", `/api/lesson-chat/99999999`, subscriber.token, undefined, envWithAi)).status).toBe(404);
    expect((await call("GET", `/api/lesson-chat/abc`, subscriber.token, undefined, envWithAi)).status).toBe(404);
    const { video: draft } = await createLesson(ctx, { isPublished: false });
    expect((await call("GET", `/api/lesson-chat/${draft.id}`, subscriber.token, undefined, envWithAi)).status).toBe(
      404,
    );
    const post = (body: unknown) => call("POST", `/api/lesson-chat/${lessonId}`, subscriber.token, body, envWithAi);
    expect((await post({ message: "" })).status).toBe(422);
    expect((await post({ message: "x".repeat(1001) })).status).toBe(422);
    expect((await post({ message: "hi", role: "system" })).status).toBe(422);
    expect((await post("not json")).status).toBe(400);
  });

  it("limits how often a learner may ask", async () => {
    const busy = await member(true);
    // 29 questions already this hour (counted the way the service counts them), then two more.
    for (let index = 0; index < CHAT_RATE_LIMIT.limit - 1; index += 1) {
      await hitRateLimit(ctx, `lesson-chat:${busy.id}`, CHAT_RATE_LIMIT);
    }
    const thirtieth = await call("POST", `/api/lesson-chat/${lessonId}`, busy.token, { message: "Q30" }, envWithAi);
    expect(thirtieth.status).toBe(201);
    const thirtyFirst = await call("POST", `/api/lesson-chat/${lessonId}`, busy.token, { message: "Q31" }, envWithAi);
    expect(thirtyFirst.status).toBe(429);
    const stored = await ctx.db.select().from(videoAiMessages).where(eq(videoAiMessages.userId, busy.id));
    expect(stored.map((message) => message.content)).not.toContain("Q31");
  });

  it("lets admins review conversations by lesson and learner", async () => {
    const review = await getAssistantReview(ctx, { videoId: lessonId, learner: String(subscriber.id) });
    expect(review.conversations).toHaveLength(1);
    expect(review.conversations[0]!.userId).toBe(subscriber.id);
    expect(review.settings).toMatchObject({ enabled: true, contextNotes: "Stress the word yalla." });
  });
});
