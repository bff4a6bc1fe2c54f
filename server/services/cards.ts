import { and, desc, eq, isNotNull } from "drizzle-orm";
import { vocabularyListItems, vocabularyLists } from "#drizzle/schema";
import { CARD_TYPES } from "#core/cards";
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

/** The member's suspended notes, newest suspension first: what the review pages offer to bring back. */
export async function listSuspendedNotes(ctx: AppContext, { userId }: { userId: number }) {
  return ctx.db
    .select({
      id: vocabularyListItems.id,
      kind: vocabularyListItems.kind,
      arabic: vocabularyListItems.arabic,
      english: vocabularyListItems.english,
    })
    .from(vocabularyListItems)
    .innerJoin(vocabularyLists, eq(vocabularyLists.id, vocabularyListItems.listId))
    .where(and(eq(vocabularyLists.userId, userId), isNotNull(vocabularyListItems.suspendedAt)))
    .orderBy(desc(vocabularyListItems.suspendedAt), desc(vocabularyListItems.id))
    .limit(100);
}
