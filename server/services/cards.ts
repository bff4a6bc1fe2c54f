import { and, desc, eq, isNotNull, type SQL } from "drizzle-orm";
import {
  flashcards,
  flashcardSuspensions,
  flashcollectionCardTypes,
  flashcollections,
  vocabularyListItems,
  vocabularyLists,
} from "#drizzle/schema";
import { CARD_TYPES, type CardType, type NoteKind } from "#core/cards";
import type { NoteUpdate } from "#core/schemas/flashcards";
import type { AppContext } from "../context";
import { notFound } from "../lib/errors";

// Editing one of the member's own notes from the review (docs/cards.md): its meaning and transliteration,
// which cards it makes, and whether it is suspended. Deleting goes through the vocabulary list's own delete.

/** Changes one of the member's notes; another member's (or an unknown) note is a 404. */
export async function updateNote(
  ctx: AppContext,
  { userId, itemId, patch }: { userId: number; itemId: number; patch: NoteUpdate },
) {
  const now = ctx.now();
  const own = ctx.db
    .select({ id: vocabularyListItems.id })
    .from(vocabularyListItems)
    .innerJoin(vocabularyLists, eq(vocabularyLists.id, vocabularyListItems.listId))
    .where(and(eq(vocabularyListItems.id, itemId), eq(vocabularyLists.userId, userId)));
  const [found] = await own;
  if (!found) throw notFound("We couldn't find that card in your words.");
  const [updated] = await ctx.db
    .update(vocabularyListItems)
    .set({
      ...(patch.transliteration !== undefined ? { transliteration: patch.transliteration } : {}),
      ...(patch.english !== undefined ? { english: patch.english } : {}),
      // In the one order, each once, whatever order they came in.
      ...(patch.cardTypes ? { cardTypes: CARD_TYPES.filter((type) => patch.cardTypes!.includes(type)) } : {}),
      ...(patch.suspended !== undefined ? { suspendedAt: patch.suspended ? now : null } : {}),
      updatedAt: now,
    })
    .where(eq(vocabularyListItems.id, found.id))
    .returning({
      id: vocabularyListItems.id,
      kind: vocabularyListItems.kind,
      arabic: vocabularyListItems.arabic,
      transliteration: vocabularyListItems.transliteration,
      english: vocabularyListItems.english,
      cardTypes: vocabularyListItems.cardTypes,
      suspendedAt: vocabularyListItems.suspendedAt,
    });
  return { ...updated!, suspended: updated!.suspendedAt !== null };
}

/** A suspended card as the review pages list it, to bring back: one of the member's notes or a curated card. */
export interface SuspendedCard {
  source: "word" | "flashcard";
  id: number;
  kind: NoteKind;
  arabic: string;
  english: string;
}

/**
 * The member's suspended cards, newest suspension first: their own notes and the curated cards they suspended
 * (only one collection's, given `collectionId`, and then no notes; only notes, given `notesOnly`).
 */
export async function listSuspendedNotes(
  ctx: AppContext,
  { userId, collectionId, notesOnly = false }: { userId: number; collectionId?: number; notesOnly?: boolean },
): Promise<SuspendedCard[]> {
  const [notes, curated] = await Promise.all([
    collectionId !== undefined
      ? []
      : ctx.db
          .select({
            id: vocabularyListItems.id,
            kind: vocabularyListItems.kind,
            arabic: vocabularyListItems.arabic,
            english: vocabularyListItems.english,
            at: vocabularyListItems.suspendedAt,
          })
          .from(vocabularyListItems)
          .innerJoin(vocabularyLists, eq(vocabularyLists.id, vocabularyListItems.listId))
          .where(and(eq(vocabularyLists.userId, userId), isNotNull(vocabularyListItems.suspendedAt)))
          .orderBy(desc(vocabularyListItems.suspendedAt), desc(vocabularyListItems.id))
          .limit(100),
    notesOnly
      ? []
      : ctx.db
          .select({
            id: flashcards.id,
            arabic: flashcards.arabic,
            english: flashcards.english,
            at: flashcardSuspensions.suspendedAt,
          })
          .from(flashcardSuspensions)
          .innerJoin(flashcards, eq(flashcards.id, flashcardSuspensions.flashcardId))
          .where(
            and(
              eq(flashcardSuspensions.userId, userId),
              collectionId !== undefined ? eq(flashcards.collectionId, collectionId) : undefined,
            ),
          )
          .orderBy(desc(flashcardSuspensions.suspendedAt), desc(flashcards.id))
          .limit(100),
  ]);
  return [
    ...notes.map(({ at, ...note }) => ({ ...note, source: "word" as const, at: at?.getTime() ?? 0 })),
    ...curated.map(({ at, ...card }) => ({
      ...card,
      kind: "word" as const,
      source: "flashcard" as const,
      at: at.getTime(),
    })),
  ]
    .sort((a, b) => b.at - a.at)
    .slice(0, 100)
    .map(({ at: _at, ...card }) => card);
}

const published = (where: SQL) => and(where, eq(flashcollections.isPublished, true));

/**
 * The card types a curated collection's cards make for this member (ADR 042), each card type with its own state;
 * an unknown or unpublished collection is a 404.
 */
export async function setCollectionCardTypes(
  ctx: AppContext,
  { userId, collectionId, cardTypes }: { userId: number; collectionId: number; cardTypes: readonly CardType[] },
) {
  const [found] = await ctx.db
    .select({ id: flashcollections.id })
    .from(flashcollections)
    .where(published(eq(flashcollections.id, collectionId)));
  if (!found) throw notFound("We couldn't find that flashcard collection.");
  const types = CARD_TYPES.filter((type) => cardTypes.includes(type));
  const now = ctx.now();
  await ctx.db
    .insert(flashcollectionCardTypes)
    .values({ userId, collectionId: found.id, cardTypes: types, updatedAt: now })
    .onConflictDoUpdate({
      target: [flashcollectionCardTypes.userId, flashcollectionCardTypes.collectionId],
      set: { cardTypes: types, updatedAt: now },
    });
  return { collectionId: found.id, cardTypes: types };
}

/**
 * Suspends (or brings back) one curated card for this member only: every card type of it leaves their reviews.
 * A flashcard that is not in a published collection is a 404.
 */
export async function setFlashcardSuspended(
  ctx: AppContext,
  { userId, flashcardId, suspended }: { userId: number; flashcardId: number; suspended: boolean },
) {
  const [found] = await ctx.db
    .select({ id: flashcards.id, collectionId: flashcards.collectionId })
    .from(flashcards)
    .innerJoin(flashcollections, eq(flashcollections.id, flashcards.collectionId))
    .where(published(eq(flashcards.id, flashcardId)));
  if (!found) throw notFound("We couldn't find that flashcard.");
  const own = and(eq(flashcardSuspensions.userId, userId), eq(flashcardSuspensions.flashcardId, found.id));
  if (suspended) {
    await ctx.db
      .insert(flashcardSuspensions)
      .values({ userId, flashcardId: found.id, suspendedAt: ctx.now() })
      .onConflictDoNothing();
  } else {
    await ctx.db.delete(flashcardSuspensions).where(own);
  }
  return { id: found.id, collectionId: found.collectionId, suspended };
}
