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
import { createLesson } from "../fixtures/lessons";
import { call, createUser, json, member, testEnv } from "./helpers";

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

let lessonId: number;
let subscriber: { id: number; token: string };
let otherSubscriber: { id: number; token: string };
let freeMember: { id: number; token: string };

/** The administrator saving the assistant's settings (each save is logged in the audit log). */
let editor: { id: number };

beforeAll(async () => {
  editor = await createUser({ permissions: ["admin"] });
  const { video } = await createLesson(ctx, { isFree: false });
  lessonId = video.id;
  subscriber = await member({ subscribed: true });
  otherSubscriber = await member({ subscribed: true });
  freeMember = await member();
});

describe("the lesson assistant (/api/lesson-chat/:videoId)", () => {
  it("is off without the AI binding, even when switched on for the lesson", async () => {
    await saveAssistantSettings(ctx, { lessonId, enabled: true, contextNotes: "", actor: editor });
    const opened = await json<{ data: { status: { available: boolean; message: string } } }>(
      await call(`/api/lesson-chat/${lessonId}`, { token: subscriber.token }),
    );
    expect(opened.data.status).toMatchObject({ available: false, reason: "no-binding" });
    expect(opened.data.status.message).toMatch(/assistant is off/);
    const asked = await call(`/api/lesson-chat/${lessonId}`, {
      method: "POST",
      token: subscriber.token,
      json: { message: "What is yalla?" },
    });
    expect(asked.status).toBe(503);
    expect((await json(asked)).errors?.[0]).toMatch(/assistant is off/);
  });

  it("is off when the lesson's assistant is disabled, and never calls the model", async () => {
    await saveAssistantSettings(ctx, { lessonId, enabled: false, contextNotes: "", actor: editor });
    const before = calls.length;
    const opened = await json<{ data: { status: { available: boolean; reason: string } } }>(
      await call(`/api/lesson-chat/${lessonId}`, { token: subscriber.token, env: envWithAi }),
    );
    expect(opened.data.status).toMatchObject({ available: false, reason: "disabled" });
    const asked = await call(`/api/lesson-chat/${lessonId}`, {
      method: "POST",
      token: subscriber.token,
      json: { message: "Hi?" },
      env: envWithAi,
    });
    expect(asked.status).toBe(503);
    expect(calls.length).toBe(before);
  });

  it("answers from the transcript, vocabulary and notes, and keeps the learner's history", async () => {
    await saveAssistantSettings(ctx, {
      lessonId,
      enabled: true,
      contextNotes: "Stress the word yalla.",
      actor: editor,
    });
    const asked = await call(`/api/lesson-chat/${lessonId}`, {
      method: "POST",
      token: subscriber.token,
      json: { message: "What does يلّا mean?" },
      env: envWithAi,
    });
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
    await call(`/api/lesson-chat/${lessonId}`, {
      method: "POST",
      token: subscriber.token,
      json: { message: "And in a sentence?" },
      env: envWithAi,
    });
    const followUp = calls[calls.length - 1]!.input.messages.map((message) => message.role);
    expect(followUp).toEqual(["system", "user", "assistant", "user"]);

    const history = await json<{ data: { messages: Array<{ content: string }> } }>(
      await call(`/api/lesson-chat/${lessonId}`, { token: subscriber.token, env: envWithAi }),
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
      await call(`/api/lesson-chat/${lessonId}`, { token: otherSubscriber.token, env: envWithAi }),
    );
    expect(theirs.data.status.available).toBe(true);
    expect(theirs.data.messages).toEqual([]);
    // Clearing is per learner too.
    await call(`/api/lesson-chat/${lessonId}`, { method: "DELETE", token: otherSubscriber.token, env: envWithAi });
    const kept = await ctx.db.select().from(videoAiMessages).where(eq(videoAiMessages.userId, subscriber.id));
    expect(kept.length).toBeGreaterThanOrEqual(4);
  });

  it("refuses learners who may not watch the lesson, visitors, unknown lessons and bad input", async () => {
    expect((await call(`/api/lesson-chat/${lessonId}`, { token: freeMember.token, env: envWithAi })).status).toBe(402);
    expect(
      (
        await call(`/api/lesson-chat/${lessonId}`, {
          method: "POST",
          token: freeMember.token,
          json: { message: "hi" },
          env: envWithAi,
        })
      ).status,
    ).toBe(402);
    expect((await call(`/api/lesson-chat/${lessonId}`, { env: envWithAi })).status).toBe(401);
    expect((await call(`/api/lesson-chat/99999999`, { token: subscriber.token, env: envWithAi })).status).toBe(404);
    expect((await call(`/api/lesson-chat/abc`, { token: subscriber.token, env: envWithAi })).status).toBe(404);
    const { video: draft } = await createLesson(ctx, { isPublished: false });
    expect((await call(`/api/lesson-chat/${draft.id}`, { token: subscriber.token, env: envWithAi })).status).toBe(404);
    const post = (body: unknown) =>
      call(`/api/lesson-chat/${lessonId}`, { method: "POST", token: subscriber.token, json: body, env: envWithAi });
    expect((await post({ message: "" })).status).toBe(422);
    expect((await post({ message: "x".repeat(1001) })).status).toBe(422);
    expect((await post({ message: "hi", role: "system" })).status).toBe(422);
    expect((await post("not json")).status).toBe(400);
  });

  it("limits how often a learner may ask", async () => {
    const busy = await member({ subscribed: true });
    // 29 questions already this hour (counted the way the service counts them), then two more.
    for (let index = 0; index < CHAT_RATE_LIMIT.limit - 1; index += 1) {
      await hitRateLimit(ctx, { key: `lesson-chat:${busy.id}`, rule: CHAT_RATE_LIMIT });
    }
    const thirtieth = await call(`/api/lesson-chat/${lessonId}`, {
      method: "POST",
      token: busy.token,
      json: { message: "Q30" },
      env: envWithAi,
    });
    expect(thirtieth.status).toBe(201);
    const thirtyFirst = await call(`/api/lesson-chat/${lessonId}`, {
      method: "POST",
      token: busy.token,
      json: { message: "Q31" },
      env: envWithAi,
    });
    expect(thirtyFirst.status).toBe(429);
    const stored = await ctx.db.select().from(videoAiMessages).where(eq(videoAiMessages.userId, busy.id));
    expect(stored.map((message) => message.content)).not.toContain("Q31");
  });

  it("lets admins review conversations by lesson and learner", async () => {
    const review = await getAssistantReview(ctx, { lessonId, learner: String(subscriber.id) });
    expect(review.conversations).toHaveLength(1);
    expect(review.conversations[0]!.userId).toBe(subscriber.id);
    expect(review.settings).toMatchObject({ enabled: true, contextNotes: "Stress the word yalla." });
  });
});
