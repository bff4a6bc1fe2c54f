import { and, asc, eq } from "drizzle-orm";
import {
  flashcards,
  flashcollections,
  globalVocabularyDecks,
  transcriptCues,
  videos,
  vocabularyListItems,
  vocabularyLists,
} from "#drizzle/schema";
import { EXPORT_CSV_COLUMNS, type ExportDeck, type ExportNote, type ExportNotesQuery } from "#core/schemas/anki-export";
import { slugify } from "#core/slug";
import { assertCanExportCurated, canExportCurated, isLessonLocked } from "../access/policy";
import type { LessonAccessFacts } from "../access/types";
import type { Member } from "../access/viewer";
import type { AppContext } from "../context";
import { spreadsheetCsv } from "../lib/csv";
import { notFound } from "../lib/errors";
import { deckWordsQuery } from "./global-vocabulary";
import { isMediaKey, signMediaUrl } from "./media";
import { lessonMomentHref } from "./vocabulary-lists";

// Exporting cards (docs/export.md, ADR 037): every source becomes `ExportNote`s through `toExportNote`, the one
// place that decides a note's fields, so a new kind of card (a sentence card) is one more case there.

const DECK_PREFIX = "Ahla";
const LIST_NOT_FOUND = "We couldn't find that vocabulary list.";
const COLLECTION_NOT_FOUND = "We couldn't find that flashcard collection.";
const DECK_NOT_FOUND = "We couldn't find that vocabulary deck.";
/** A saved word's sentence plays this long when its line's end is unknown (as the list quiz does). */
const MOMENT_FALLBACK_MS = 4000;
export const CURATED_LEFT_OUT =
  "Curated flashcard collections are left out: exporting them comes with a subscription. Your own words are all here.";

/** Where a note comes from: the rows `toExportNote` reads, per kind of card. */
export type NoteSource =
  | {
      kind: "saved";
      item: {
        id: number;
        /** A saved word, or a whole line saved as a sentence card (docs/cards.md). */
        kind: "word" | "sentence";
        arabic: string;
        transliteration: string;
        english: string;
        startMs: number | null;
        endMs: number | null;
      };
      listTitle: string;
      /** The transcript line the word was saved from, when it still exists. */
      cue: { arabic: string; transliteration: string; english: string; startMs: number; endMs: number } | null;
      lesson: {
        id: number;
        title: string;
        slug: string;
        videoKey: string | null;
        isFree: boolean;
        isPublished: boolean;
      } | null;
      /** Whether the member may watch the lesson now (signed media only then). */
      access: LessonAccessFacts;
    }
  | {
      kind: "flashcard";
      card: { id: number; arabic: string; transliteration: string; english: string; audioKey: string | null };
      collection: { title: string; slug: string };
    }
  | {
      kind: "deck-word";
      word: {
        id: number;
        arabic: string;
        transliteration: string;
        english: string;
        exampleArabic: string;
        exampleEnglish: string;
        audioKey: string | null;
      };
      deck: { title: string; slug: string };
    };

const tag = (text: string) => text.replace(/\s+/g, "_");
const nonEmpty = (text: string | null | undefined) => (text && text.trim() !== "" ? text : undefined);

async function wholeFile(ctx: AppContext, key: string | null) {
  return key && isMediaKey(key) ? { mediaUrl: await signMediaUrl(ctx, { key }) } : undefined;
}

/** The one builder of a note's fields, from any source. */
export async function toExportNote(ctx: AppContext, source: NoteSource): Promise<ExportNote> {
  const origin = ctx.config.appUrl.replace(/\/$/, "");
  switch (source.kind) {
    case "saved": {
      const { item, cue, lesson, access } = source;
      const published = lesson !== null && lesson.isPublished;
      const startMs = cue?.startMs ?? item.startMs;
      let audio: ExportNote["audio"];
      if (
        published &&
        !isLessonLocked({ isFree: lesson.isFree }, access) &&
        lesson.videoKey &&
        isMediaKey(lesson.videoKey) &&
        startMs !== null
      ) {
        const endMs =
          cue && cue.endMs > cue.startMs
            ? cue.endMs
            : item.endMs !== null && item.endMs > startMs
              ? item.endMs
              : startMs + MOMENT_FALLBACK_MS;
        audio = { mediaUrl: await signMediaUrl(ctx, { key: lesson.videoKey }), startMs, endMs };
      }
      // A sentence card is its line: the note's own fields are the sentence, so the sentence fields stay empty.
      const line = item.kind === "sentence" ? null : cue;
      return {
        guid: `ahla-item-${item.id}`,
        arabic: item.arabic,
        transliteration: item.transliteration,
        english: item.english,
        sentenceArabic: nonEmpty(line?.arabic),
        sentenceTransliteration: nonEmpty(line?.transliteration),
        sentenceEnglish: nonEmpty(line?.english),
        lessonTitle: published ? lesson.title : undefined,
        momentUrl: published ? `${origin}${lessonMomentHref(lesson, startMs)}` : undefined,
        audio,
        tags: [
          "ahla",
          "my-words",
          ...(item.kind === "sentence" ? ["sentence"] : []),
          `list::${tag(slugify(source.listTitle) || "list")}`,
        ],
      };
    }
    case "flashcard": {
      const { card, collection } = source;
      return {
        guid: `ahla-flashcard-${card.id}`,
        arabic: card.arabic,
        transliteration: card.transliteration,
        english: card.english,
        audio: await wholeFile(ctx, card.audioKey),
        tags: ["ahla", `collection::${tag(collection.slug || slugify(collection.title) || "collection")}`],
      };
    }
    case "deck-word": {
      const { word, deck } = source;
      return {
        guid: `ahla-deck-word-${word.id}`,
        arabic: word.arabic,
        transliteration: word.transliteration,
        english: word.english,
        sentenceArabic: nonEmpty(word.exampleArabic),
        sentenceEnglish: nonEmpty(word.exampleEnglish),
        audio: await wholeFile(ctx, word.audioKey),
        tags: ["ahla", `deck::${tag(deck.slug || slugify(deck.title) || "deck")}`],
      };
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Sources

/** The member's saved words: one list of theirs, or all of them (the "My words" flashcards). */
async function savedNotes(ctx: AppContext, viewer: Member, listId?: number): Promise<ExportNote[]> {
  const [rows, access] = await Promise.all([
    ctx.db
      .select({
        id: vocabularyListItems.id,
        arabic: vocabularyListItems.arabic,
        transliteration: vocabularyListItems.transliteration,
        english: vocabularyListItems.english,
        kind: vocabularyListItems.kind,
        startMs: vocabularyListItems.startMs,
        endMs: vocabularyListItems.endMs,
        listTitle: vocabularyLists.title,
        cueArabic: transcriptCues.arabic,
        cueTransliteration: transcriptCues.transliteration,
        cueEnglish: transcriptCues.english,
        cueStartMs: transcriptCues.startMs,
        cueEndMs: transcriptCues.endMs,
        lessonId: videos.id,
        lessonTitle: videos.title,
        lessonSlug: videos.slug,
        videoKey: videos.videoKey,
        isFree: videos.isFree,
        isPublished: videos.isPublished,
      })
      .from(vocabularyListItems)
      .innerJoin(vocabularyLists, eq(vocabularyLists.id, vocabularyListItems.listId))
      .leftJoin(videos, eq(videos.id, vocabularyListItems.videoId))
      .leftJoin(transcriptCues, eq(transcriptCues.id, vocabularyListItems.cueId))
      .where(
        and(
          eq(vocabularyLists.userId, viewer.userId),
          listId === undefined ? undefined : eq(vocabularyLists.id, listId),
        ),
      )
      .orderBy(asc(vocabularyListItems.createdAt), asc(vocabularyListItems.id)),
    viewer.access(),
  ]);
  // The same word (or line) saved to two lists is one note (the first saved).
  const seen = new Set<string>();
  const unique = rows.filter((row) => {
    const key = `${row.kind}:${row.arabic}`;
    return !seen.has(key) && seen.add(key);
  });
  return Promise.all(
    unique.map((row) =>
      toExportNote(ctx, {
        kind: "saved",
        item: row,
        listTitle: row.listTitle,
        cue:
          row.cueArabic !== null && row.cueStartMs !== null && row.cueEndMs !== null
            ? {
                arabic: row.cueArabic,
                transliteration: row.cueTransliteration ?? "",
                english: row.cueEnglish ?? "",
                startMs: row.cueStartMs,
                endMs: row.cueEndMs,
              }
            : null,
        lesson:
          row.lessonId !== null && row.lessonTitle !== null
            ? {
                id: row.lessonId,
                title: row.lessonTitle,
                slug: row.lessonSlug ?? "",
                videoKey: row.videoKey,
                isFree: Boolean(row.isFree),
                isPublished: Boolean(row.isPublished),
              }
            : null,
        access,
      }),
    ),
  );
}

async function collectionNotes(ctx: AppContext, collectionId?: number) {
  const rows = await ctx.db
    .select({
      id: flashcards.id,
      arabic: flashcards.arabic,
      transliteration: flashcards.transliteration,
      english: flashcards.english,
      audioKey: flashcards.audioKey,
      collectionTitle: flashcollections.title,
      collectionSlug: flashcollections.slug,
    })
    .from(flashcards)
    .innerJoin(flashcollections, eq(flashcollections.id, flashcards.collectionId))
    .where(
      and(
        eq(flashcollections.isPublished, true),
        collectionId === undefined ? undefined : eq(flashcollections.id, collectionId),
      ),
    )
    .orderBy(asc(flashcollections.position), asc(flashcollections.id), asc(flashcards.position), asc(flashcards.id));
  return Promise.all(
    rows.map((row) =>
      toExportNote(ctx, {
        kind: "flashcard",
        card: row,
        collection: { title: row.collectionTitle, slug: row.collectionSlug },
      }),
    ),
  );
}

function fileName(...parts: string[]) {
  return (
    parts
      .map((part) => slugify(part))
      .filter(Boolean)
      .join("-") || "ahla-cards"
  );
}

/**
 * The notes of one deck for the member: their saved words ("my-words"), one of their lists, a published
 * curated collection, a global deck, or all cards (saved words and, with a subscription, every collection).
 * Someone else's list, or an unknown one, is a 404; a curated collection or deck needs a subscription (402).
 */
export async function getExportDeck(
  ctx: AppContext,
  { viewer, source, id }: { viewer: Member } & Pick<ExportNotesQuery, "source" | "id">,
): Promise<ExportDeck> {
  switch (source) {
    case "my-words":
      return {
        deckName: `${DECK_PREFIX}::My words`,
        fileName: "ahla-my-words",
        notes: await savedNotes(ctx, viewer),
        notices: [],
      };
    case "list": {
      const [list] = await ctx.db
        .select({ id: vocabularyLists.id, title: vocabularyLists.title })
        .from(vocabularyLists)
        .where(and(eq(vocabularyLists.id, id!), eq(vocabularyLists.userId, viewer.userId)));
      if (!list) throw notFound(LIST_NOT_FOUND);
      return {
        deckName: `${DECK_PREFIX}::${list.title.replaceAll("::", ":")}`,
        fileName: fileName("ahla", list.title),
        notes: await savedNotes(ctx, viewer, list.id),
        notices: [],
      };
    }
    case "collection": {
      const [collection] = await ctx.db
        .select({ id: flashcollections.id, title: flashcollections.title })
        .from(flashcollections)
        .where(and(eq(flashcollections.id, id!), eq(flashcollections.isPublished, true)));
      if (!collection) throw notFound(COLLECTION_NOT_FOUND);
      assertCanExportCurated(await viewer.lessonAccess());
      return {
        deckName: `${DECK_PREFIX}::${collection.title.replaceAll("::", ":")}`,
        fileName: fileName("ahla", collection.title),
        notes: await collectionNotes(ctx, collection.id),
        notices: [],
      };
    }
    case "deck": {
      const [deck] = await ctx.db
        .select({ id: globalVocabularyDecks.id, title: globalVocabularyDecks.title, slug: globalVocabularyDecks.slug })
        .from(globalVocabularyDecks)
        .where(eq(globalVocabularyDecks.id, id!));
      if (!deck) throw notFound(DECK_NOT_FOUND);
      assertCanExportCurated(await viewer.lessonAccess());
      const words = await deckWordsQuery(ctx, { deckId: deck.id });
      return {
        deckName: `${DECK_PREFIX}::${deck.title.replaceAll("::", ":")}`,
        fileName: fileName("ahla", deck.title),
        notes: await Promise.all(words.map((word) => toExportNote(ctx, { kind: "deck-word", word, deck }))),
        notices: [],
      };
    }
    case "all": {
      const curated = canExportCurated(await viewer.lessonAccess());
      const [saved, collected] = await Promise.all([
        savedNotes(ctx, viewer),
        curated ? collectionNotes(ctx) : Promise.resolve([]),
      ]);
      return {
        deckName: DECK_PREFIX,
        fileName: "ahla-all-cards",
        notes: [...saved, ...collected],
        notices: curated ? [] : [CURATED_LEFT_OUT],
      };
    }
  }
}

/** The deck as a spreadsheet CSV (server/lib/csv.ts: BOM, RFC 4180 quoting, CRLF, formula cells defused). */
export function exportDeckCsv(deck: ExportDeck): string {
  return spreadsheetCsv(
    EXPORT_CSV_COLUMNS.map(([name]) => name),
    deck.notes.map((note) => EXPORT_CSV_COLUMNS.map(([, cell]) => cell(note))),
  );
}
