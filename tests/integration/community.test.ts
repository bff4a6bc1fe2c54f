import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { communityGroups, communityMessages, communityThreads } from "../../drizzle/schema";
import { communityGroupHref, communityThreadHref, isMostlyArabic, pageOfPosition } from "../../core/community-paths";
import { MESSAGE_BODY_MAX, THREAD_TITLE_MAX } from "../../core/schemas/community";
import { createViewer } from "../../server/access/viewer";
import { createAppContext } from "../../server/context";
import { COMMUNITY_POST_RATE_LIMIT, COMMUNITY_THREAD_RATE_LIMIT, createThread } from "../../server/services/community";
import { call, json, member, testEnv } from "./helpers";

const ctx = createAppContext(testEnv);

let groupSequence = 0;
async function createGroup(title = "Test group") {
  groupSequence += 1;
  const [group] = await ctx.db
    .insert(communityGroups)
    .values({ title: `${title} ${groupSequence}`, slug: `test-group-${groupSequence}`, description: "About things" })
    .returning();
  return group!;
}

interface MessageData {
  id: number;
  number: number;
  body: string;
  html: string | null;
  deleted: boolean;
  mostlyArabic: boolean;
  editedAt: string | null;
  isOwn: boolean;
  canEdit: boolean;
  canDelete: boolean;
  author: { id: number; name: string };
  quote: { id: number; authorName: string; html: string | null; deleted: boolean; page: number } | null;
}
interface ThreadPage {
  thread: { id: number; title: string; slug: string; pinned: boolean; locked: boolean; messagesCount: number };
  messages: { items: MessageData[]; page: number; pageCount: number; total: number };
}
interface GroupPage {
  group: { id: number; title: string };
  threads: {
    items: Array<{ id: number; title: string; pinned: boolean; locked: boolean; repliesCount: number }>;
    page: number;
    pageCount: number;
    total: number;
  };
}

async function startThread(token: string, groupId: number, title: string, body = "Opening message") {
  const response = await call(`/api/community/groups/${groupId}/threads`, {
    method: "POST",
    token,
    json: { title, body },
  });
  expect(response.status).toBe(201);
  return (await json<{ data: { id: number; slug: string; group: { id: number } } }>(response)).data;
}

async function reply(token: string, threadId: number, body: string, quotedMessageId?: number) {
  const response = await call(`/api/community/threads/${threadId}/messages`, {
    method: "POST",
    token,
    json: { body, quotedMessageId },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await json<{ data: MessageData & { page: number } }>(response)).data;
}

async function readThread(threadId: number, token: string | null = null, page = 1) {
  const response = await call(`/api/community/threads/${threadId}?page=${page}`, { token });
  expect(response.status).toBe(200);
  return (await json<{ data: ThreadPage }>(response)).data;
}

async function readGroup(groupId: number, page = 1) {
  const response = await call(`/api/community/groups/${groupId}?page=${page}`);
  expect(response.status).toBe(200);
  return (await json<{ data: GroupPage }>(response)).data;
}

async function groupSummary(groupId: number) {
  const response = await call("/api/community/groups");
  expect(response.status).toBe(200);
  const groups = (await json<{ data: Array<{ id: number; threadsCount: number; messagesCount: number }> }>(response))
    .data;
  return groups.find((group) => group.id === groupId)!;
}

describe("community helpers", () => {
  it("builds canonical URLs with slugs from titles and pages only past the first", () => {
    const group = { id: 3, title: "Dialect Differences", slug: "" };
    const thread = { id: 9, title: "Baddi or biddi?", slug: "baddi-or-biddi" };
    expect(communityGroupHref(group)).toBe("/community/3/dialect-differences");
    expect(communityGroupHref(group, 2)).toBe("/community/3/dialect-differences?page=2");
    expect(communityThreadHref(group, thread)).toBe("/community/3/dialect-differences/thread/9/baddi-or-biddi");
    expect(communityThreadHref(group, thread, 3)).toMatch(/\?page=3$/);
    expect(pageOfPosition(0, 20)).toBe(1);
    expect(pageOfPosition(19, 20)).toBe(1);
    expect(pageOfPosition(20, 20)).toBe(2);
  });

  it("calls a message Arabic when most of its letters are", () => {
    expect(isMostlyArabic("كيفك؟ أنا منيح، الحمدلله")).toBe(true);
    expect(isMostlyArabic("**شو** بدّك تشرب اليوم؟ (*shu baddak*)")).toBe(true);
    expect(isMostlyArabic("I keep hearing **اشتقتلك** in songs. Is that normal?")).toBe(false);
    expect(isMostlyArabic("Thanks! 123")).toBe(false);
    expect(isMostlyArabic("؟ ٢٠٢٦")).toBe(false);
  });
});

// Generous: each test drives dozens of API calls through workerd on a shared, busy machine.
describe("community API", { timeout: 30_000 }, () => {
  let author: Awaited<ReturnType<typeof member>>;
  let other: Awaited<ReturnType<typeof member>>;
  let moderator: Awaited<ReturnType<typeof member>>;
  let admin: Awaited<ReturnType<typeof member>>;

  // Fresh members per test: each test's posts count towards their own rate limits.
  beforeEach(async () => {
    author = await member({ name: "Layla Author" });
    other = await member({ name: "Omar Other" });
  });

  beforeAll(async () => {
    moderator = await member({ name: "Mona Moderator", permissions: ["community:moderate"] });
    admin = await member({ name: "Amal Admin", permissions: ["admin"] });
  });

  it("lets visitors read but not post", async () => {
    const group = await createGroup();
    const thread = await startThread(author.token, group.id, "Where do I start?");
    const page = await readThread(thread.id);
    expect(page.thread.title).toBe("Where do I start?");
    expect(page.messages.items.map((m) => m.body)).toEqual(["Opening message"]);
    expect(page.messages.items[0]).toMatchObject({ isOwn: false, canEdit: false, canDelete: false });

    const posted = await call(`/api/community/threads/${thread.id}/messages`, {
      method: "POST",
      json: { body: "Hello" },
    });
    expect(posted.status).toBe(401);
    expect((await json(posted)).errors?.length).toBeGreaterThan(0);
    expect(
      (
        await call(`/api/community/groups/${group.id}/threads`, {
          method: "POST",
          json: { title: "Hello there", body: "x" },
        })
      ).status,
    ).toBe(401);
    expect(
      (await call(`/api/community/threads/${thread.id}/moderation`, { method: "POST", json: { action: "pin" } }))
        .status,
    ).toBe(401);
  });

  it("answers 404 for unknown or malformed ids and 400/422 for bad bodies, never 500", async () => {
    const group = await createGroup();
    expect((await call("/api/community/groups/999999")).status).toBe(404);
    expect((await call("/api/community/threads/999999")).status).toBe(404);
    expect((await call("/api/community/threads/abc")).status).toBe(404);
    expect((await call("/api/community/threads/0")).status).toBe(404);
    expect(
      (
        await call("/api/community/groups/999999/threads", {
          method: "POST",
          token: author.token,
          json: { title: "Valid title", body: "x" },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(`/api/community/groups/${group.id}/threads`, {
          method: "POST",
          token: author.token,
          body: "{not json",
        })
      ).status,
    ).toBe(400);
    expect(
      (await call(`/api/community/groups/${group.id}/threads`, { method: "POST", token: author.token, body: "[1]" }))
        .status,
    ).toBe(400);

    const missing = await call(`/api/community/groups/${group.id}/threads`, {
      method: "POST",
      token: author.token,
      json: { title: "", body: "  " },
    });
    expect(missing.status).toBe(422);
    expect((await json(missing)).errors).toEqual([
      "title: Give your thread a title.",
      "body: Write your message first.",
    ]);
    const short = await call(`/api/community/groups/${group.id}/threads`, {
      method: "POST",
      token: author.token,
      json: { title: "Hey", body: "x" },
    });
    expect((await json(short)).errors?.[0]).toMatch(/at least 5 characters/);
    const long = await call(`/api/community/groups/${group.id}/threads`, {
      method: "POST",
      token: author.token,
      json: {
        title: "t".repeat(THREAD_TITLE_MAX + 1),
        body: "b".repeat(MESSAGE_BODY_MAX + 1),
      },
    });
    expect(long.status).toBe(422);
    expect((await json(long)).errors).toEqual([
      `title: Keep the title to ${THREAD_TITLE_MAX} characters or fewer.`,
      `body: Messages are at most ${MESSAGE_BODY_MAX} characters.`,
    ]);
    const thread = await startThread(author.token, group.id, "Exactly at the limits", "b".repeat(MESSAGE_BODY_MAX));
    expect(
      (
        await call(`/api/community/threads/${thread.id}/messages`, {
          method: "POST",
          token: author.token,
          json: { body: 42 },
        })
      ).status,
    ).toBe(422);
    expect(
      (await call(`/api/community/messages/abc`, { method: "PATCH", token: author.token, json: { body: "x" } })).status,
    ).toBe(404);
    expect(
      (
        await call(`/api/community/threads/${thread.id}/moderation`, {
          method: "POST",
          token: moderator.token,
          json: { action: "explode" },
        })
      ).status,
    ).toBe(422);
    // Nothing was created by the refused requests.
    expect((await readGroup(group.id)).threads.total).toBe(1);
  });

  it("creates a thread with its opening message in one go and counts it", async () => {
    const group = await createGroup();
    const before = await groupSummary(group.id);
    expect(before).toMatchObject({ threadsCount: 0, messagesCount: 0 });
    const thread = await startThread(author.token, group.id, "  How do you say 'I miss you'?  ", "اشتقتلك");
    expect(thread.slug).toBe("how-do-you-say-i-miss-you");
    const page = await readThread(thread.id, author.token);
    expect(page.thread).toMatchObject({ title: "How do you say 'I miss you'?", messagesCount: 1 });
    expect(page.messages.items).toHaveLength(1);
    expect(page.messages.items[0]).toMatchObject({
      body: "اشتقتلك",
      isOwn: true,
      canEdit: true,
      canDelete: true,
      mostlyArabic: true,
    });
    expect(await groupSummary(group.id)).toMatchObject({ threadsCount: 1, messagesCount: 1 });
  });

  it("orders threads pinned first, then by latest activity, and pages them", async () => {
    const group = await createGroup();
    const base = Date.UTC(2026, 0, 1);
    const at = (minutes: number) => createAppContext(testEnv, { now: () => new Date(base + minutes * 60_000) });
    const ids: number[] = [];
    for (let index = 0; index < 23; index += 1) {
      const thread = await createThread(at(index), {
        viewer: createViewer(at(index), moderator),
        groupId: group.id,
        title: `Thread number ${index}`,
        body: "x",
      });
      ids.push(thread.id);
    }
    const first = await readGroup(group.id);
    expect(first.threads).toMatchObject({ page: 1, pageCount: 2, total: 23 });
    expect(first.threads.items).toHaveLength(20);
    expect(first.threads.items[0]!.id).toBe(ids[22]);
    const second = await readGroup(group.id, 2);
    expect(second.threads.items.map((t) => t.id)).toEqual([ids[2], ids[1], ids[0]]);

    // Activity lifts an old thread to the top; a pin beats activity.
    await reply(other.token, ids[0]!, "Bumping this one");
    expect((await readGroup(group.id)).threads.items[0]).toMatchObject({ id: ids[0], repliesCount: 1 });
    const pin = await call(`/api/community/threads/${ids[5]}/moderation`, {
      method: "POST",
      token: moderator.token,
      json: { action: "pin" },
    });
    expect(pin.status).toBe(200);
    const pinnedFirst = (await readGroup(group.id)).threads.items;
    expect(pinnedFirst[0]).toMatchObject({ id: ids[5], pinned: true });
    expect(pinnedFirst[1]!.id).toBe(ids[0]);
    // A page past the end is empty but still reports where the end is.
    const beyond = await readGroup(group.id, 9);
    expect(beyond.threads).toMatchObject({ items: [], page: 9, pageCount: 2 });
  });

  it("keeps messages in order, pages long threads and counts posts and deletions", async () => {
    const group = await createGroup();
    const thread = await startThread(author.token, group.id, "A long conversation");
    for (let index = 1; index <= 21; index += 1) {
      const token = index % 2 ? other.token : moderator.token;
      await reply(index <= 9 ? token : moderator.token, thread.id, `Reply ${index}`);
    }
    const first = await readThread(thread.id);
    expect(first.messages).toMatchObject({ page: 1, pageCount: 2, total: 22 });
    expect(first.messages.items.map((m) => m.number)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(first.messages.items[1]!.body).toBe("Reply 1");
    const second = await readThread(thread.id, null, 2);
    expect(second.messages.items.map((m) => m.body)).toEqual(["Reply 20", "Reply 21"]);
    expect(first.thread.messagesCount).toBe(22);
    expect((await readGroup(group.id)).threads.items[0]!.repliesCount).toBe(21);

    const latest = await reply(other.token, thread.id, "Reply 22");
    expect(latest.page).toBe(2);
    expect(latest.number).toBe(23);
    expect(await groupSummary(group.id)).toMatchObject({ threadsCount: 1, messagesCount: 23 });

    const deleted = await call(`/api/community/messages/${latest.id}`, { method: "DELETE", token: other.token });
    expect(deleted.status).toBe(200);
    expect((await json<{ data: MessageData }>(deleted)).data).toMatchObject({ deleted: true, html: null, body: "" });
    expect(await groupSummary(group.id)).toMatchObject({ messagesCount: 22 });
    // The placeholder keeps its place; its words are gone from the answer.
    const after = await readThread(thread.id, null, 2);
    expect(after.messages.total).toBe(23);
    expect(after.messages.items[2]).toMatchObject({ id: latest.id, deleted: true, body: "", html: null });
    expect(JSON.stringify(after)).not.toContain("Reply 22");
    // Deleting twice is a 404, and the count does not move again.
    expect((await call(`/api/community/messages/${latest.id}`, { method: "DELETE", token: other.token })).status).toBe(
      404,
    );
    expect((await readThread(thread.id)).thread.messagesCount).toBe(22);
  });

  it("lets members edit and delete only their own messages", async () => {
    const group = await createGroup();
    const thread = await startThread(author.token, group.id, "Whose message is this?");
    const mine = await reply(author.token, thread.id, "My first words");
    const theirs = await reply(other.token, thread.id, "Their words");

    const edited = await call(`/api/community/messages/${mine.id}`, {
      method: "PATCH",
      token: author.token,
      json: { body: "My *edited* words" },
    });
    expect(edited.status).toBe(200);
    const editedMessage = (await json<{ data: MessageData }>(edited)).data;
    expect(editedMessage.body).toBe("My *edited* words");
    expect(editedMessage.html).toContain("<em>edited</em>");
    expect(editedMessage.editedAt).not.toBeNull();

    const forgedEdit = await call(`/api/community/messages/${theirs.id}`, {
      method: "PATCH",
      token: author.token,
      json: { body: "Hijacked" },
    });
    expect(forgedEdit.status).toBe(404);
    expect((await json(forgedEdit)).errors).toEqual(["We couldn't find that message among yours."]);
    expect((await call(`/api/community/messages/${theirs.id}`, { method: "DELETE", token: author.token })).status).toBe(
      404,
    );
    // A moderator cannot rewrite someone's words either, only remove them.
    expect(
      (
        await call(`/api/community/messages/${theirs.id}`, {
          method: "PATCH",
          token: moderator.token,
          json: { body: "Hijacked" },
        })
      ).status,
    ).toBe(404);
    const stored = await ctx.db.select().from(communityMessages).where(eq(communityMessages.id, theirs.id));
    expect(stored[0]).toMatchObject({ body: "Their words", deletedAt: null, editedAt: null });

    const page = await readThread(thread.id, author.token);
    const byId = new Map(page.messages.items.map((m) => [m.id, m]));
    expect(byId.get(mine.id)).toMatchObject({ isOwn: true, canEdit: true, canDelete: true });
    expect(byId.get(theirs.id)).toMatchObject({ isOwn: false, canEdit: false, canDelete: false });

    expect((await call(`/api/community/messages/${mine.id}`, { method: "DELETE", token: author.token })).status).toBe(
      200,
    );
    expect(
      (
        await call(`/api/community/messages/${mine.id}`, {
          method: "PATCH",
          token: author.token,
          json: { body: "Back again" },
        })
      ).status,
    ).toBe(404);
  });

  it("gives moderators and admins their powers and refuses them to members", async () => {
    const group = await createGroup();
    const elsewhere = await createGroup("Elsewhere");
    const thread = await startThread(author.token, group.id, "Moderate me please");
    const theirs = await reply(other.token, thread.id, "Something rude");

    for (const action of ["pin", "lock"]) {
      const refused = await call(`/api/community/threads/${thread.id}/moderation`, {
        method: "POST",
        token: author.token,
        json: { action },
      });
      expect(refused.status).toBe(403);
      expect((await json(refused)).errors).toEqual(["Only community moderators can do that."]);
    }
    expect((await call(`/api/community/threads/${thread.id}`, { method: "DELETE", token: author.token })).status).toBe(
      403,
    );

    const removed = await call(`/api/community/messages/${theirs.id}`, { method: "DELETE", token: moderator.token });
    expect(removed.status).toBe(200);
    expect((await json<{ data: MessageData }>(removed)).data.deleted).toBe(true);

    const pinned = await call(`/api/community/threads/${thread.id}/moderation`, {
      method: "POST",
      token: admin.token,
      json: { action: "pin" },
    });
    expect((await json<{ data: { pinned: boolean } }>(pinned)).data.pinned).toBe(true);
    const locked = await call(`/api/community/threads/${thread.id}/moderation`, {
      method: "POST",
      token: moderator.token,
      json: { action: "lock" },
    });
    expect((await json<{ data: { locked: boolean } }>(locked)).data.locked).toBe(true);
    const unpinned = await call(`/api/community/threads/${thread.id}/moderation`, {
      method: "POST",
      token: moderator.token,
      json: { action: "unpin" },
    });
    expect((await json<{ data: { pinned: boolean } }>(unpinned)).data.pinned).toBe(false);

    const badMove = await call(`/api/community/threads/${thread.id}/moderation`, {
      method: "POST",
      token: moderator.token,
      json: {
        action: "move",
        groupId: 999999,
      },
    });
    expect(badMove.status).toBe(422);
    expect(
      (
        await call(`/api/community/threads/${thread.id}/moderation`, {
          method: "POST",
          token: moderator.token,
          json: { action: "move" },
        })
      ).status,
    ).toBe(422);
    const moved = await call(`/api/community/threads/${thread.id}/moderation`, {
      method: "POST",
      token: moderator.token,
      json: {
        action: "move",
        groupId: elsewhere.id,
      },
    });
    expect(moved.status).toBe(200);
    expect((await json<{ data: { group: { id: number } } }>(moved)).data.group.id).toBe(elsewhere.id);
    expect((await readGroup(group.id)).threads.total).toBe(0);
    expect((await readGroup(elsewhere.id)).threads.items.map((t) => t.id)).toEqual([thread.id]);

    expect((await call(`/api/community/threads/${thread.id}`, { method: "DELETE", token: admin.token })).status).toBe(
      200,
    );
    expect((await call(`/api/community/threads/${thread.id}`)).status).toBe(404);
    expect(await groupSummary(elsewhere.id)).toMatchObject({ threadsCount: 0, messagesCount: 0 });
    expect(
      (
        await call(`/api/community/threads/${thread.id}/messages`, {
          method: "POST",
          token: moderator.token,
          json: { body: "Hello?" },
        })
      ).status,
    ).toBe(404);
  });

  it("refuses replies and edits in a locked thread, except from moderators", async () => {
    const group = await createGroup();
    const thread = await startThread(author.token, group.id, "Soon to be locked");
    const mine = await reply(author.token, thread.id, "Before the lock");
    await call(`/api/community/threads/${thread.id}/moderation`, {
      method: "POST",
      token: moderator.token,
      json: { action: "lock" },
    });

    const refused = await call(`/api/community/threads/${thread.id}/messages`, {
      method: "POST",
      token: author.token,
      json: { body: "After the lock" },
    });
    expect(refused.status).toBe(409);
    expect((await json(refused)).errors).toEqual(["This thread is locked, so it takes no new replies."]);
    expect(
      (
        await call(`/api/community/messages/${mine.id}`, {
          method: "PATCH",
          token: author.token,
          json: { body: "Sneaky edit" },
        })
      ).status,
    ).toBe(409);
    const page = await readThread(thread.id, author.token);
    expect(page.thread.locked).toBe(true);
    expect(page.messages.items.find((m) => m.id === mine.id)).toMatchObject({ canEdit: false, canDelete: true });

    await reply(moderator.token, thread.id, "Closing note from the moderators");
    await call(`/api/community/threads/${thread.id}/moderation`, {
      method: "POST",
      token: moderator.token,
      json: { action: "unlock" },
    });
    await reply(author.token, thread.id, "Open again");
    expect((await readThread(thread.id)).thread.messagesCount).toBe(4);
  });

  it("quotes a message of the same thread, linked to its page", async () => {
    const group = await createGroup();
    const thread = await startThread(author.token, group.id, "Quote me on this", "The **original** point");
    const opening = (await readThread(thread.id)).messages.items[0]!;
    const answer = await reply(other.token, thread.id, "I agree", opening.id);
    expect(answer.quote).toMatchObject({ id: opening.id, authorName: "Layla Author", deleted: false, page: 1 });
    expect(answer.quote?.html).toContain("<strong>original</strong>");

    const otherThread = await startThread(author.token, group.id, "A different thread");
    const foreign = (await readThread(otherThread.id)).messages.items[0]!;
    const refused = await call(`/api/community/threads/${thread.id}/messages`, {
      method: "POST",
      token: other.token,
      json: {
        body: "Quoting across threads",
        quotedMessageId: foreign.id,
      },
    });
    expect(refused.status).toBe(422);
    expect((await json(refused)).errors).toEqual(["The message you quoted is no longer in this thread."]);

    await call(`/api/community/messages/${opening.id}`, { method: "DELETE", token: author.token });
    const page = await readThread(thread.id);
    expect(page.messages.items[0]).toMatchObject({ deleted: true, html: null });
    expect(page.messages.items[1]!.quote).toMatchObject({ id: opening.id, deleted: true, html: null });
  });

  it("renders markdown through the sanitiser so script and HTML payloads stay inert", async () => {
    const group = await createGroup();
    const thread = await startThread(author.token, group.id, "Security check");
    const payloads = [
      "<script>window.__pwned=1</script>",
      '<img src=x onerror="window.__pwned=1">',
      "[click me](javascript:alert(1))",
      '<a href="https://evil.example" onclick="steal()">raw link</a>',
      "<iframe src=https://evil.example></iframe>",
      "![pixel](https://tracker.example/p.gif)",
      "[a fine link](https://example.com/page)",
    ];
    const message = await reply(other.token, thread.id, payloads.join("\n\n"));
    const html = message.html!;
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/<iframe/i);
    expect(html).not.toMatch(/<[^>]+\son\w+=/i);
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).toContain("&lt;script&gt;window.__pwned=1&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=");
    expect(html).toContain('<a href="https://example.com/page" rel="nofollow ugc noopener">a fine link</a>');
    for (const link of html.match(/<a [^>]*>/g) ?? []) expect(link).toContain('rel="nofollow ugc noopener"');
    // The raw text is kept as written, for editing.
    expect(message.body).toContain("<script>window.__pwned=1</script>");
  });

  it("limits how fast a member posts, with a clear message, and spares moderators", async () => {
    const group = await createGroup();
    const poster = await member();
    const thread = await startThread(poster.token, group.id, "Rate limit test");
    // Starting the thread counted as one post.
    for (let index = 1; index < COMMUNITY_POST_RATE_LIMIT.limit; index += 1) {
      await reply(poster.token, thread.id, `Message ${index}`);
    }
    const limited = await call(`/api/community/threads/${thread.id}/messages`, {
      method: "POST",
      token: poster.token,
      json: { body: "One too many" },
    });
    expect(limited.status).toBe(429);
    expect((await json(limited)).errors?.[0]).toMatch(/posting very quickly.*wait a few minutes/);
    const later = createAppContext(testEnv, {
      now: () => new Date(Date.now() + COMMUNITY_POST_RATE_LIMIT.windowMs + 1000),
    });
    await expect(
      createThread(later, {
        viewer: createViewer(later, poster),
        groupId: group.id,
        title: "After the window",
        body: "Fine again",
      }),
    ).resolves.toMatchObject({ title: "After the window" });

    const starter = await member();
    for (let index = 0; index < COMMUNITY_THREAD_RATE_LIMIT.limit; index += 1) {
      await startThread(starter.token, group.id, `Thread burst ${index}`);
    }
    const tooMany = await call(`/api/community/groups/${group.id}/threads`, {
      method: "POST",
      token: starter.token,
      json: {
        title: "Thread burst overflow",
        body: "x",
      },
    });
    expect(tooMany.status).toBe(429);
    expect((await json(tooMany)).errors?.[0]).toMatch(/up to 5 threads an hour/);

    for (let index = 0; index < COMMUNITY_POST_RATE_LIMIT.limit + 2; index += 1) {
      await reply(moderator.token, thread.id, `Moderator note ${index}`);
    }
  });

  it("reports thread activity that moves with every change", async () => {
    const group = await createGroup();
    const thread = await startThread(author.token, group.id, "Polling target");
    const before = (
      await json<{ data: { updatedAt: string } }>(await call(`/api/community/threads/${thread.id}/activity`))
    ).data;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const message = await reply(other.token, thread.id, "New!");
    const after = (
      await json<{ data: { updatedAt: string; messagesCount: number } }>(
        await call(`/api/community/threads/${thread.id}/activity`),
      )
    ).data;
    expect(after.messagesCount).toBe(2);
    expect(after.updatedAt).not.toBe(before.updatedAt);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await call(`/api/community/messages/${message.id}`, {
      method: "PATCH",
      token: other.token,
      json: { body: "New, edited" },
    });
    const edited = (
      await json<{ data: { updatedAt: string } }>(await call(`/api/community/threads/${thread.id}/activity`))
    ).data;
    expect(edited.updatedAt).not.toBe(after.updatedAt);
    const [row] = await ctx.db.select().from(communityThreads).where(eq(communityThreads.id, thread.id));
    expect(row!.messagesCount).toBe(2);
  });
});
