import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import * as collectionRoute from "../../app/features/flashcards/routes/collection-by-id";
import * as listRoute from "../../app/features/vocabulary/routes/list";
import {
  flashcards,
  flashcardSuspensions,
  flashcollectionCardTypes,
  flashcollections,
  transcriptCues,
} from "../../drizzle/schema";
import { createAppContext } from "../../server/context";
import { createSession } from "../../server/services/auth";
import { saveLineToDefaultList, saveWordToDefaultList } from "../../server/services/vocabulary-save";
import { createVideo } from "../fixtures/collections";
import { createSubscription } from "../fixtures/lessons";
import { createUser, testEnv } from "./helpers";
import { remixPages, sendPage } from "./remix-pages";

// @remix-run/cloudflare is CommonJS that workerd's module runner cannot load; what the pages use of it is
// @remix-run/server-runtime's, which it re-exports.
vi.mock("@remix-run/cloudflare", () => import("@remix-run/server-runtime"));

// The card pages' HTML and plain form posts (docs/cards.md): a list marks its sentence cards; a curated
// collection's page chooses its card types and suspends (and brings back) its cards, without JavaScript.

const ctx = createAppContext(testEnv);
const pages = remixPages({
  list: { path: "vocabulary-list/:listId/:listSlug", module: listRoute },
  collection: { path: "flashcard/:collectionId", module: collectionRoute },
});

const request = (path: string, options?: Parameters<typeof sendPage>[2]) => sendPage(pages, path, options);

async function signedIn({ subscribed = false } = {}) {
  const user = await createUser();
  if (subscribed) await createSubscription(ctx, user.id);
  const { token } = await createSession(ctx, { userId: user.id });
  return { user, cookie: `token=${token}` };
}

const badges = (html: string) => html.match(/data-testid="sentence-badge"/g)?.length ?? 0;

describe("a list page", () => {
  it("marks its sentence cards, and only those; another member's list is a 404", async () => {
    const video = await createVideo(ctx, { isFree: true, videoKey: "videos/cards-pages.mp4" });
    const [cue] = await ctx.db
      .insert(transcriptCues)
      .values({
        lessonId: video.id,
        position: 0,
        startMs: 1_000,
        endMs: 3_000,
        arabic: "وين البيت؟",
        transliteration: "wēn il-bēt?",
        english: "Where is the house?",
      })
      .returning();
    const { user, cookie } = await signedIn();
    await saveWordToDefaultList(ctx, {
      userId: user.id,
      input: { arabic: "بيت", transliteration: "bēt", english: "house", videoId: video.id },
    });
    const { list } = await saveLineToDefaultList(ctx, { userId: user.id, videoId: video.id, cueId: cue!.id });
    const path = `/vocabulary-list/${list.id}/my-words`;

    const page = await request(path, { cookie });
    expect(page.status).toBe(200);
    expect(badges(page.text)).toBe(1);
    // The badge sits with the sentence's meaning, as visible text (what a screen reader reads).
    expect(page.text).toMatch(/data-testid="sentence-badge"[^>]*>Sentence<\/span>Where is the house\?/);

    const stranger = await signedIn();
    expect((await request(path, { cookie: stranger.cookie })).status).toBe(404);
    expect((await request(path)).status).toBeGreaterThanOrEqual(300);
  });
});

describe("a curated collection's page", () => {
  it("chooses the card types and suspends a card with plain forms, for the member only", async () => {
    const [collection] = await ctx.db
      .insert(flashcollections)
      .values({ title: "Souq", slug: "souq", level: "beginner", isPublished: true, position: 0 })
      .returning();
    const cards = await ctx.db
      .insert(flashcards)
      .values([
        { collectionId: collection!.id, arabic: "خبز", transliteration: "khebez", english: "bread", position: 0 },
        { collectionId: collection!.id, arabic: "جبنة", transliteration: "jebne", english: "cheese", position: 1 },
      ])
      .returning();
    const path = `/flashcard/${collection!.id}`;
    const { user, cookie } = await signedIn({ subscribed: true });
    const post = (form: Array<[string, string]>, who = cookie) =>
      request(path, { cookie: who, form: [["session", String(Date.now())], ...form] });

    const before = await request(path, { cookie });
    expect(before.status).toBe(200);
    expect(before.text).toContain("Card types: Arabic → meaning");

    const types = await post([
      ["intent", "card-types"],
      ["cardTypes", "recognition"],
      ["cardTypes", "production"],
    ]);
    expect(types.status).toBe(303);
    const [chosen] = await ctx.db
      .select()
      .from(flashcollectionCardTypes)
      .where(
        and(eq(flashcollectionCardTypes.userId, user.id), eq(flashcollectionCardTypes.collectionId, collection!.id)),
      );
    expect(chosen!.cardTypes).toEqual(["recognition", "production"]);
    // None chosen: refused with the reason, nothing changed.
    expect((await post([["intent", "card-types"]])).status).toBe(303);
    const [kept] = await ctx.db
      .select({ cardTypes: flashcollectionCardTypes.cardTypes })
      .from(flashcollectionCardTypes)
      .where(eq(flashcollectionCardTypes.userId, user.id));
    expect(kept!.cardTypes).toEqual(["recognition", "production"]);

    expect(
      (
        await post([
          ["intent", "card-suspend"],
          ["flashcardId", String(cards[1]!.id)],
          ["suspended", "1"],
        ])
      ).status,
    ).toBe(303);
    const page = await request(path, { cookie });
    expect(page.text).toContain("Card types: Arabic → meaning, Meaning → Arabic (typed)");
    expect(page.text).toContain("Suspended cards (1)");
    expect(page.text).toContain("Unsuspend جبنة");

    // A visitor's post goes to sign in; another member sees none of it.
    const visitor = await request(path, { form: [["intent", "card-types"]] });
    expect(visitor.status).toBe(302);
    const other = await signedIn({ subscribed: true });
    const theirs = await request(path, { cookie: other.cookie });
    expect(theirs.text).not.toContain("Suspended cards");
    expect(theirs.text).toContain("Card types: Arabic → meaning<");

    await post([
      ["intent", "card-suspend"],
      ["flashcardId", String(cards[1]!.id)],
      ["suspended", "0"],
    ]);
    expect(await ctx.db.select().from(flashcardSuspensions).where(eq(flashcardSuspensions.userId, user.id))).toEqual(
      [],
    );
  });
});
