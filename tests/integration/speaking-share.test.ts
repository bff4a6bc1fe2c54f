import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { COMMUNITY_MODERATE_PERMISSION } from "../../core/permissions";
import { encodeWav } from "../../core/wav";
import { communityGroups, communityMessages, sharedRecordings } from "../../drizzle/schema";
import { createAppContext } from "../../server/context";
import { deleteAccount } from "../../server/services/auth";
import { createLesson } from "../fixtures/lessons";
import { call, json, member, testEnv, type ApiBody } from "./helpers";

// Sharing a shadowing attempt for feedback (docs/speaking.md, ADR 048): POST /api/speaking/shares puts the audio in
// R2 and starts a community thread quoting the line; the message plays it; deleting the message, the thread or
// the account removes it from R2 and D1.

const ctx = createAppContext(testEnv);

/** The first bytes of a WebM file (EBML header) and some payload: what Chromium's MediaRecorder writes. */
const webm = (size = 2048) => {
  const bytes = new Uint8Array(size);
  bytes.set([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81]);
  return bytes;
};

let groupSequence = 0;
async function setting({ isFree = true } = {}) {
  groupSequence += 1;
  const [group] = await ctx.db
    .insert(communityGroups)
    .values({ title: `Speaking ${groupSequence}`, slug: `speaking-${groupSequence}`, description: "Feedback" })
    .returning();
  const { video, cues } = await createLesson(ctx, {
    isFree,
    title: `Greetings ${groupSequence}`,
    cues: [
      { arabic: "أنا منيح، الحمدلله.", transliteration: "ʔana mniiħ", english: "I'm well.", startMs: 0, endMs: 2000 },
    ],
  });
  return { groupId: group!.id, lessonId: video.id, cueId: cues[0]!.id };
}

function share(
  token: string | undefined,
  fields: Record<string, string | number>,
  audio: { bytes: Uint8Array<ArrayBuffer>; type: string } | null = { bytes: webm(), type: "audio/webm;codecs=opus" },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, String(value));
  if (audio) form.set("audio", new File([audio.bytes], "attempt", { type: audio.type }));
  return call("/api/speaking/shares", { method: "POST", token, body: form });
}

interface Shared {
  threadId: number;
  href: string;
}

interface ThreadMessages {
  messages: { items: Array<{ id: number; body: string; recording: { url: string; mimeType: string } | null }> };
}

const recordingRows = (userId: number) =>
  ctx.db.select().from(sharedRecordings).where(eq(sharedRecordings.userId, userId));

describe("POST /api/speaking/shares", () => {
  it("stores the audio in R2, starts a thread quoting the line, and the message plays it", async () => {
    const learner = await member();
    const place = await setting();
    const response = await share(learner.token, { ...place, note: "Is my ħ right?" });
    expect(response.status).toBe(201);
    const { data } = await json<ApiBody<Shared>>(response);
    expect(data!.href).toMatch(/^\/community\//);

    const [row] = await recordingRows(learner.id);
    expect(row).toMatchObject({ lessonId: place.lessonId, cueId: place.cueId, mimeType: "audio/webm", bytes: 2048 });
    expect(row!.key).toMatch(new RegExp(`^audio/voices/${learner.id}/[0-9a-f-]+\\.webm$`));
    const object = await testEnv.MEDIA.get(row!.key);
    expect(object?.httpMetadata?.contentType).toBe("audio/webm");
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(webm());

    const thread = await json<ApiBody<ThreadMessages>>(await call(`/api/community/threads/${data!.threadId}`));
    const [opening] = thread.data!.messages.items;
    expect(opening!.body).toContain("> أنا منيح، الحمدلله.");
    expect(opening!.body).toContain("> I'm well.");
    expect(opening!.body).toContain("Is my ħ right?");
    expect(opening!.recording?.mimeType).toBe("audio/webm");
    // A visitor reading the thread hears it through a signed media URL.
    const audio = await call(opening!.recording!.url);
    expect(audio.status).toBe(200);
    expect(audio.headers.get("Content-Type")).toBe("audio/webm");
  });

  it("is 401 for a visitor, and nothing is stored", async () => {
    const place = await setting();
    const response = await share(undefined, place);
    expect(response.status).toBe(401);
  });

  it("refuses a lesson the member may not watch (402) and a line of another lesson (404)", async () => {
    const learner = await member();
    const premium = await setting({ isFree: false });
    expect((await share(learner.token, premium)).status).toBe(402);
    const open = await setting();
    expect((await share(learner.token, { ...open, cueId: premium.cueId })).status).toBe(404);
    expect((await share(learner.token, { ...open, groupId: 999_999 })).status).toBe(404);
    expect(await recordingRows(learner.id)).toEqual([]);
  });

  it.each([
    ["no audio", null, 400],
    [
      "a file that is not audio",
      { bytes: new TextEncoder().encode("<html>not a voice</html>"), type: "audio/webm" },
      400,
    ],
    ["an image", { bytes: webm(), type: "image/png" }, 400],
    ["WAV bytes declared as MP4", { bytes: encodeWav(new Float32Array(1600), 16_000), type: "audio/mp4" }, 400],
    ["more than 2 MB", { bytes: webm(2 * 1024 * 1024 + 1), type: "audio/webm" }, 413],
  ])("refuses %s with %s and its reason, and stores nothing", async (_, audio, status) => {
    const learner = await member();
    const place = await setting();
    const response = await share(learner.token, place, audio);
    expect(response.status).toBe(status);
    expect((await json(response)).errors?.length).toBeGreaterThan(0);
    expect(await recordingRows(learner.id)).toEqual([]);
  });

  it("refuses fields that are missing or not ids with 422", async () => {
    const learner = await member();
    const place = await setting();
    const response = await share(learner.token, { lessonId: place.lessonId, cueId: "first", groupId: place.groupId });
    expect(response.status).toBe(422);
    expect((await json(response)).errors?.length).toBeGreaterThan(0);
    const long = await share(learner.token, { ...place, note: "x".repeat(1001) });
    expect(long.status).toBe(422);
  });
});

describe("removing a shared recording", () => {
  async function shared() {
    const learner = await member();
    const place = await setting();
    const { data } = await json<ApiBody<Shared>>(await share(learner.token, place));
    const [row] = await recordingRows(learner.id);
    return { learner, threadId: data!.threadId, row: row! };
  }

  it("goes with its message: another member cannot delete it, its author can", async () => {
    const { learner, row } = await shared();
    const other = await member();
    expect(
      (await call(`/api/community/messages/${row.messageId}`, { method: "DELETE", token: other.token })).status,
    ).toBe(404);
    expect(await testEnv.MEDIA.head(row.key)).not.toBeNull();
    const deleted = await call(`/api/community/messages/${row.messageId}`, { method: "DELETE", token: learner.token });
    expect(deleted.status).toBe(200);
    expect(await recordingRows(learner.id)).toEqual([]);
    expect(await testEnv.MEDIA.head(row.key)).toBeNull();
  });

  it("goes with its thread when a moderator deletes it", async () => {
    const { learner, threadId, row } = await shared();
    const moderator = await member({ permissions: [COMMUNITY_MODERATE_PERMISSION] });
    const response = await call(`/api/community/threads/${threadId}`, { method: "DELETE", token: moderator.token });
    expect(response.status).toBe(200);
    expect(await recordingRows(learner.id)).toEqual([]);
    expect(await testEnv.MEDIA.head(row.key)).toBeNull();
  });

  it("goes with the account; the message stays for the others, without the voice", async () => {
    const { learner, row } = await shared();
    const bystander = await shared();
    await deleteAccount(ctx, { userId: learner.id, password: learner.password });
    expect(await recordingRows(learner.id)).toEqual([]);
    expect(await testEnv.MEDIA.head(row.key)).toBeNull();
    const [message] = await ctx.db.select().from(communityMessages).where(eq(communityMessages.id, row.messageId));
    expect(message).toBeDefined();
    // Another member's shared recording is untouched.
    expect(await testEnv.MEDIA.head(bystander.row.key)).not.toBeNull();
    expect(await recordingRows(bystander.learner.id)).toHaveLength(1);
  });
});
