import { and, eq, isNotNull } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import * as lessonRoute from "../../app/features/lessons/routes/lesson";
import * as libraryRoute from "../../app/features/library/routes/library";
import * as progressRoute from "../../app/features/progress/routes/progress";
import { lemmas, lessonLemmas, memberLemmas, videoCategories } from "../../drizzle/schema";
import { createAppContext } from "../../server/context";
import { createSession } from "../../server/services/auth";
import { createCatalogCategory, createLesson, setLessonProgress, uniqueTag } from "../fixtures/catalog";
import { createSubscription } from "../fixtures/lessons";
import { createUser, testEnv } from "./helpers";
import { remixPages, sendPage } from "./remix-pages";

// @remix-run/cloudflare is CommonJS that workerd's module runner cannot load; what the pages use of it is
// @remix-run/server-runtime's, which it re-exports.
vi.mock("@remix-run/cloudflare", () => import("@remix-run/server-runtime"));

// The pages of "what the learner knows" (docs/words.md): "% known" on the library card and the lesson page for a
// member and never for a visitor, the finished lesson's "mark the rest as known" and its undo as plain form posts
// (no JavaScript), who may post them, and /progress's known words.

const ctx = createAppContext(testEnv);
const pages = remixPages({
  library: { path: "video-library", module: libraryRoute },
  lesson: { path: "video/:videoId/:videoSlug", module: lessonRoute },
  progress: { path: "progress", module: progressRoute },
});

const request = (path: string, options?: Parameters<typeof sendPage>[2]) => sendPage(pages, path, options);

async function signedIn({ subscribed = false } = {}) {
  const user = await createUser();
  if (subscribed) await createSubscription(ctx, user.id);
  const { token } = await createSession(ctx, { userId: user.id });
  return { user, cookie: `token=${token}` };
}

/** A lesson (free unless said) in a topic of its own, whose lemma set is `count` new lemmas. */
async function lessonWithWords(count: number, { isFree = true } = {}) {
  const topic = await createCatalogCategory(ctx);
  const lesson = await createLesson(ctx, { isFree, title: `Words ${uniqueTag()}`, categoryIds: [topic.id] });
  const now = new Date();
  const ids = await ctx.db
    .insert(lemmas)
    .values(
      Array.from({ length: count }, (_, index) => ({
        key: `p-${uniqueTag()}-${index}`,
        arabic: `كلمة${index}`,
        arabicPlain: `كلمه${index}`,
        transliteration: "x",
        partOfSpeech: "noun",
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: lemmas.id });
  await ctx.db.insert(lessonLemmas).values(ids.map(({ id }) => ({ lessonId: lesson.id, lemmaId: id })));
  await ctx.db.insert(videoCategories).values({ videoId: lesson.id, categoryId: topic.id }).onConflictDoNothing();
  return { lesson, topic, lemmaIds: ids.map(({ id }) => id), path: `/video/${lesson.id}/${lesson.slug}` };
}

const statuses = async (userId: number) =>
  (
    await ctx.db
      .select({ lemmaId: memberLemmas.lemmaId, status: memberLemmas.status })
      .from(memberLemmas)
      .where(eq(memberLemmas.userId, userId))
  ).length;

describe("“% known” on the pages", () => {
  it("the library card and the lesson page show it to a member, the library shows no figure to a visitor", async () => {
    const { lesson, topic, lemmaIds, path } = await lessonWithWords(4);
    const { user, cookie } = await signedIn();
    const now = new Date();
    await ctx.db.insert(memberLemmas).values([
      { userId: user.id, lemmaId: lemmaIds[0]!, status: "known", knownAt: now, createdAt: now, updatedAt: now },
      { userId: user.id, lemmaId: lemmaIds[1]!, status: "learning", createdAt: now, updatedAt: now },
    ]);
    const library = await request(`/video-library?category=${topic.slug}`, { cookie });
    expect(library.status).toBe(200);
    expect(library.text).toContain(lesson.title);
    expect(library.text).toContain("25 % of words known");
    expect(library.text).toContain("25 % of words known: 1 of 4 words, 1 learning");
    const visitor = await request(`/video-library?category=${topic.slug}`);
    expect(visitor.status).toBe(200);
    expect(visitor.text).toContain(lesson.title);
    expect(visitor.text).not.toContain("of words known");
    expect(visitor.text).not.toContain("Right for me");

    const page = await request(path, { cookie });
    expect(page.status).toBe(200);
    expect(page.text).toContain("25 % of words known");
    expect(page.text).toContain('id="known-words-heading"');
    // Not finished: no offer yet.
    expect(page.text).not.toMatch(/Mark the other \d+ words? as known/);
  });
});

describe("mark the rest as known on the lesson page, without JavaScript", () => {
  it("offers it once the lesson is finished, marks, shows the undo, and undoes", async () => {
    const { lesson, path } = await lessonWithWords(3);
    const { user, cookie } = await signedIn();
    await setLessonProgress(ctx, { userId: user.id, videoId: lesson.id, positionSeconds: 120, completed: true });
    const page = await request(path, { cookie });
    expect(page.text).toContain("Mark all 3 words as known");

    const marked = await request(path, { cookie, form: { intent: "known-mark-rest" } });
    expect(marked.status).toBe(302);
    expect(marked.location).toBe(`${path}#known-words`);
    expect(await statuses(user.id)).toBe(3);
    const after = await request(path, { cookie });
    expect(after.text).toContain("100 % of words known");
    expect(after.text).toContain("You marked 3 words of this lesson as known.");
    const batchId = /name="batchId" value="(\d{12})"/.exec(after.text)?.[1];
    expect(batchId).toBeDefined();

    // Another member posting that batch's undo changes nothing of this member's.
    const stranger = await signedIn();
    const refused = await request(path, { cookie: stranger.cookie, form: { intent: "known-undo", batchId: batchId! } });
    expect(refused.status).toBe(302);
    expect(await statuses(user.id)).toBe(3);
    // A malformed one is a 400.
    expect((await request(path, { cookie, form: { intent: "known-undo", batchId: "12" } })).status).toBe(400);

    const undone = await request(path, { cookie, form: { intent: "known-undo", batchId: batchId! } });
    expect(undone.status).toBe(302);
    expect(await statuses(user.id)).toBe(0);
    const back = await request(path, { cookie });
    expect(back.text).toContain("0 % of words known");
    expect(back.text).toContain("Mark all 3 words as known");
  });

  it("a visitor is sent to sign in, a member without a subscription to /checkout for a premium lesson", async () => {
    const { path } = await lessonWithWords(2, { isFree: false });
    const visitor = await request(path, { form: { intent: "known-mark-rest" } });
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/auth\/login\?redirect=/);
    const { user, cookie } = await signedIn();
    const unsubscribed = await request(path, { cookie, form: { intent: "known-mark-rest" } });
    expect(unsubscribed.status).toBe(302);
    expect(unsubscribed.location).toBe(`/checkout?redirect=${encodeURIComponent(path)}`);
    expect(await statuses(user.id)).toBe(0);
    // The subscriber may.
    const subscriber = await signedIn({ subscribed: true });
    expect((await request(path, { cookie: subscriber.cookie, form: { intent: "known-mark-rest" } })).status).toBe(302);
    const marked = await ctx.db
      .select({ lemmaId: memberLemmas.lemmaId })
      .from(memberLemmas)
      .where(and(eq(memberLemmas.userId, subscriber.user.id), isNotNull(memberLemmas.batchId)));
    expect(marked).toHaveLength(2);
  });
});

describe("/progress", () => {
  it("shows the member's known and learning words and the weeks", async () => {
    const { lesson } = await lessonWithWords(2);
    const { user, cookie } = await signedIn();
    const empty = await request("/progress", { cookie });
    expect(empty.status).toBe(200);
    expect(empty.text).toContain("Words you know");
    expect(empty.text).toContain("mark the words you understood as known");
    const { markRestKnown } = await import("../../server/services/words/known");
    await markRestKnown(ctx, { userId: user.id, lessonId: lesson.id });
    const page = await request("/progress", { cookie });
    expect(page.text).toContain('data-testid="known-words-table"');
    expect(page.text).toMatch(/Bar chart of the words you know at the end of each week[^"]*2 words now/);
  });
});
