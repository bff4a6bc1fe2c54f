import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { FREE_TIER_MESSAGES } from "../../core/free-tier";
import { exportDeckSchema, type ExportDeck } from "../../core/schemas/anki-export";
import { ADMIN_PERMISSION } from "../../core/permissions";
import { flashcards, flashcollections, transcriptCues } from "../../drizzle/schema";
import { createAppContext } from "../../server/context";
import { CURATED_LEFT_OUT } from "../../server/services/anki-export";
import { saveWordToDefaultList } from "../../server/services/vocabulary-save";
import { createVideo } from "../fixtures/collections";
import { createGlobalWord } from "../fixtures/lessons";
import { call, json, member, testEnv } from "./helpers";

// Exporting cards (docs/export.md, ADR 037): the notes API a package or a CSV is written from.

const ctx = createAppContext(testEnv);
const tag = () => crypto.randomUUID().slice(0, 8);
type Errors = { errors: string[] };

async function notes(query: string, token: string | null) {
  return call(`/api/export/notes?${query}`, { token });
}

async function deckOf(response: Response): Promise<ExportDeck> {
  expect(response.status).toBe(200);
  return exportDeckSchema.parse((await json<{ data: unknown }>(response)).data);
}

/** A member's word saved from a lesson's line, and a word typed into a new list of theirs. */
async function savedWords(options: { isFree?: boolean; videoKey?: string | null } = {}) {
  const user = await member();
  const t = tag();
  const video = await createVideo(ctx, {
    title: `At the Café ${t}`,
    slug: `at-the-cafe-${t}`,
    isFree: options.isFree ?? true,
    videoKey: options.videoKey === undefined ? "videos/at-the-cafe.mp4" : options.videoKey,
  });
  const [cue] = await ctx.db
    .insert(transcriptCues)
    .values({
      lessonId: video.id,
      position: 0,
      startMs: 65_400,
      endMs: 68_000,
      arabic: "مرحبا كيفك",
      transliteration: "marḥaba kīfak",
      english: "Hi, how are you?",
    })
    .returning();
  const saved = await saveWordToDefaultList(ctx, {
    userId: user.id,
    input: { videoId: video.id, cueId: cue!.id, arabic: "مرحبا", english: "hello", transliteration: "marḥaba" },
  });
  const created = await call("/api/vocabulary/lists", { method: "POST", token: user.token, json: { title: "Food" } });
  const list = (await json<{ data: { id: number } }>(created)).data;
  await call(`/api/vocabulary/lists/${list.id}/items`, {
    method: "POST",
    token: user.token,
    json: { arabic: "قهوة", english: "=1+1 coffee", transliteration: "ahwe" },
  });
  return { user, video, defaultListId: saved.list.id, foodListId: list.id };
}

async function curatedCollection() {
  const t = tag();
  const [collection] = await ctx.db
    .insert(flashcollections)
    .values({ title: `Greetings ${t}`, slug: `greetings-${t}` })
    .returning();
  await ctx.db.insert(flashcards).values([
    {
      collectionId: collection!.id,
      arabic: "صباح الخير",
      transliteration: "ṣabāḥ il-khēr",
      english: "good morning",
      audioKey: "audio/sabah.mp3",
      position: 0,
    },
    {
      collectionId: collection!.id,
      arabic: "مسا الخير",
      transliteration: "masa l-khēr",
      english: "good evening",
      position: 1,
    },
  ]);
  return collection!;
}

describe("export notes API", () => {
  it("refuses a visitor", async () => {
    expect((await notes("source=my-words", null)).status).toBe(401);
    expect((await call("/api/export/notes.csv?source=my-words")).status).toBe(401);
  });

  it("answers a bad query with 422 and says which field", async () => {
    const { token } = await member();
    for (const [query, message] of [
      ["", /source/],
      ["source=cards", /source must be one of/],
      ["source=list", /id is required for source list/],
      ["source=list&id=abc", /id must be a whole number/],
      ["source=list&id=-3", /id must be a whole number/],
      ["source=my-words&id=4", /source my-words takes no id/],
    ] as const) {
      const response = await notes(query, token);
      expect(response.status, query).toBe(422);
      expect((await json<Errors>(response)).errors.join(" "), query).toMatch(message);
    }
  });

  it("gives a member's words with the sentence, a link to the moment and the sentence's audio", async () => {
    const { user, video, defaultListId } = await savedWords();
    const deck = await deckOf(await notes(`source=list&id=${defaultListId}`, user.token));
    expect(deck.deckName).toBe("Ahla::My words");
    expect(deck.notices).toEqual([]);
    expect(deck.notes).toHaveLength(1);
    const [note] = deck.notes;
    expect(note).toMatchObject({
      arabic: "مرحبا",
      transliteration: "marḥaba",
      english: "hello",
      sentenceArabic: "مرحبا كيفك",
      sentenceTransliteration: "marḥaba kīfak",
      sentenceEnglish: "Hi, how are you?",
      lessonTitle: video.title,
      audio: { startMs: 65_400, endMs: 68_000 },
    });
    expect(note!.momentUrl).toMatch(new RegExp(`^https?://[^/]+/video/${video.id}/${video.slug}\\?t=65$`));
    expect(note!.audio!.mediaUrl).toMatch(/^\/media\/videos\/at-the-cafe\.mp4\?exp=\d+&sig=[0-9a-f]+$/);
    expect(note!.tags).toEqual(["ahla", "my-words", "list::my-words"]);
    expect(note!.guid).toMatch(/^ahla-item-\d+$/);

    // "My words" (every saved word): both lists, the typed word without a lesson.
    const all = await deckOf(await notes("source=my-words", user.token));
    expect(all.notes.map((entry) => entry.arabic)).toEqual(["مرحبا", "قهوة"]);
    const typed = all.notes[1]!;
    expect(typed.momentUrl).toBeUndefined();
    expect(typed.sentenceArabic).toBeUndefined();
    expect(typed.audio).toBeUndefined();
  });

  it("exports a line saved as a sentence card as its own note: the line's text, audio range and moment", async () => {
    const { user, video } = await savedWords();
    const [cue] = await ctx.db
      .insert(transcriptCues)
      .values({
        lessonId: video.id,
        position: 1,
        startMs: 70_000,
        endMs: 72_500,
        arabic: "بدي قهوة لو سمحت",
        transliteration: "biddi ahwe law samaḥt",
        english: "I'd like a coffee, please",
      })
      .returning();
    const saved = await call(`/api/lessons/${video.id}/lines`, {
      method: "POST",
      token: user.token,
      json: { cueId: cue!.id },
    });
    expect(saved.status).toBe(201);
    const all = await deckOf(await notes("source=my-words", user.token));
    const sentence = all.notes.find((entry) => entry.arabic === "بدي قهوة لو سمحت");
    expect(sentence).toMatchObject({
      transliteration: "biddi ahwe law samaḥt",
      english: "I'd like a coffee, please",
      lessonTitle: video.title,
      audio: { startMs: 70_000, endMs: 72_500 },
    });
    // The note is the sentence: no sentence fields repeat it.
    expect(sentence!.sentenceArabic).toBeUndefined();
    expect(sentence!.momentUrl).toMatch(/\?t=70$/);
    expect(sentence!.tags).toEqual(["ahla", "my-words", "sentence", "list::my-words"]);
  });

  it("signs no audio for a premium lesson the free member may not watch, but keeps the link", async () => {
    const { user, defaultListId } = await savedWords({ isFree: false });
    const [note] = (await deckOf(await notes(`source=list&id=${defaultListId}`, user.token))).notes;
    expect(note!.momentUrl).toMatch(/\?t=65$/);
    expect(note!.audio).toBeUndefined();
  });

  it("answers 404 for another member's list and an unknown list, collection or deck", async () => {
    const { foodListId } = await savedWords();
    const other = await member({ subscribed: true });
    for (const query of [
      `source=list&id=${foodListId}`,
      "source=list&id=987654321",
      "source=collection&id=987654321",
      "source=deck&id=987654321",
    ]) {
      const response = await notes(query, other.token);
      expect(response.status, query).toBe(404);
      expect((await json<Errors>(response)).errors).toHaveLength(1);
    }
    expect((await call(`/api/export/notes.csv?source=list&id=${foodListId}`, { token: other.token })).status).toBe(404);
  });

  it("exports a curated collection or deck with a subscription; a free member gets 402 and their own words", async () => {
    const collection = await curatedCollection();
    const word = await createGlobalWord(ctx, { arabic: "بيت", transliteration: "bēt", english: "house" });
    const free = await savedWords();

    for (const query of [`source=collection&id=${collection.id}`, `source=deck&id=${word.deckId}`]) {
      const refused = await notes(query, free.user.token);
      expect(refused.status, query).toBe(402);
      expect((await json<Errors>(refused)).errors).toEqual([FREE_TIER_MESSAGES.export]);
    }
    const freeAll = await deckOf(await notes("source=all", free.user.token));
    expect(freeAll.notes.map((note) => note.arabic)).toEqual(["مرحبا", "قهوة"]);
    expect(freeAll.notices).toEqual([CURATED_LEFT_OUT]);

    for (const who of [await member({ subscribed: true }), await member({ permissions: [ADMIN_PERMISSION] })]) {
      const cards = await deckOf(await notes(`source=collection&id=${collection.id}`, who.token));
      expect(cards.deckName).toBe(`Ahla::${collection.title}`);
      expect(cards.notes.map((note) => [note.arabic, note.english])).toEqual([
        ["صباح الخير", "good morning"],
        ["مسا الخير", "good evening"],
      ]);
      expect(cards.notes[0]!.audio!.mediaUrl).toMatch(/^\/media\/audio\/sabah\.mp3\?exp=/);
      expect(cards.notes[0]!.audio!.startMs).toBeUndefined();
      expect(cards.notes[1]!.audio).toBeUndefined();
      expect(cards.notes[0]!.tags).toEqual(["ahla", `collection::${collection.slug}`]);

      const deck = await deckOf(await notes(`source=deck&id=${word.deckId}`, who.token));
      expect(deck.notes.map((note) => [note.arabic, note.transliteration, note.english])).toEqual([
        ["بيت", "bēt", "house"],
      ]);

      const all = await deckOf(await notes("source=all", who.token));
      expect(all.notices).toEqual([]);
      expect(all.notes.map((note) => note.arabic)).toEqual(expect.arrayContaining(["صباح الخير", "مسا الخير"]));
    }
  });

  it("writes the CSV with a BOM, the header, Arabic rows and formulas defused", async () => {
    const { user } = await savedWords();
    const response = await call("/api/export/notes.csv?source=my-words", { token: user.token });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="ahla-my-words.csv"');
    const body = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(
      body.startsWith(
        "\uFEFFArabic,Transliteration,English,Sentence,Sentence transliteration,Sentence English,Lesson,Link,Tags\r\n",
      ),
    ).toBe(true);
    const rows = Papa.parse<string[]>(body.slice(1).trimEnd()).data;
    expect(rows[1]!.slice(0, 6)).toEqual([
      "مرحبا",
      "marḥaba",
      "hello",
      "مرحبا كيفك",
      "marḥaba kīfak",
      "Hi, how are you?",
    ]);
    expect(rows[1]![7]).toMatch(/\/video\/\d+\/at-the-cafe-[0-9a-f]+\?t=65$/);
    // A cell a spreadsheet would run as a formula gets a leading apostrophe.
    expect(rows[2]!.slice(0, 3)).toEqual(["قهوة", "ahwe", "'=1+1 coffee"]);
  });
});
