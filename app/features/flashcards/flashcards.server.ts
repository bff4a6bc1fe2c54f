import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { AppError } from "#server/lib/errors";
import { checkoutFor } from "~/lib/auth.server";
import {
  getReviewSession,
  reviewFlashcard,
  reviewSavedWord,
  undoLastReview,
  type ReviewScope,
} from "#server/services/flashcards";
import type { SessionUser } from "#server/services/auth";
import {
  cardReviewFormSchema,
  collectionCardTypesSchema,
  noteUpdateSchema,
  reviewSettingsFormSchema,
} from "#core/schemas/flashcards";
import { CARD_TYPES } from "#core/cards";
import { listSuspendedNotes, setCollectionCardTypes, setFlashcardSuspended, updateNote } from "#server/services/cards";
import { deleteListItem } from "#server/services/vocabulary-lists";
import { getReviewSettings, saveReviewSettings } from "#server/services/flashcards";
import { redirectWithToast } from "~/lib/toast.server";
import { isIntelligibilityCheckAvailable } from "#server/services/speaking";

/**
 * A free-tier gate for a page (docs/product-rules.md#free-and-paid): past it (402), /checkout with the reason
 * as a toast; a 303 from an action, so the browser follows it with a GET.
 */
export async function checkoutUnlessAllowed(
  request: Request,
  gate: Promise<void>,
  init: { status?: number } = {},
): Promise<void> {
  try {
    await gate;
  } catch (error) {
    if (error instanceof AppError && error.status === 402) {
      throw redirectWithToast(checkoutFor(request), { text: error.messages[0]!, status: "warning" }, init);
    }
    throw error;
  }
}

// The review page's loader and action, shared by /flashcard/{id}, /flashcards/review and /flashcards/my-words.
// A session is the time it began (`?session=<ms>`), so the summary survives reloads and works without JS.

const SESSION_PARAM = "session";

function sessionStart(value: string | null | undefined, now: Date): Date | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const start = Number(value);
  // A start in the future or older than a day is not a session we can summarise sensibly.
  if (start > now.getTime() || now.getTime() - start > 24 * 60 * 60 * 1000) return null;
  return new Date(start);
}

export function sessionHref(path: string, since: Date, extra: URLSearchParams = new URLSearchParams()) {
  const params = new URLSearchParams(extra);
  params.set(SESSION_PARAM, String(since.getTime()));
  return `${path}?${params.toString()}`;
}

/** The cards a review page carries for answering on without the network (docs/offline.md "Sync"). */
const OFFLINE_CARDS = 20;

export async function loadReviewSession(
  context: AppLoadContext,
  request: Request,
  user: SessionUser,
  scope: ReviewScope,
) {
  const now = context.app.now();
  const url = new URL(request.url);
  const started = sessionStart(url.searchParams.get(SESSION_PARAM), now);
  const viewer = await context.getViewer();
  const [session, settings, suspended] = await Promise.all([
    getReviewSession(context.app, {
      userId: user.id,
      scope,
      since: started,
      lessonAccess: () => viewer.lessonAccess(),
      upcoming: OFFLINE_CARDS,
    }),
    getReviewSettings(context.app, { userId: user.id }),
    listSuspendedNotes(context.app, {
      userId: user.id,
      ...(scope.kind === "collection" ? { collectionId: scope.collectionId } : {}),
      notesOnly: scope.kind === "words",
    }),
  ]);
  return {
    session,
    settings,
    suspended,
    now,
    /** Sent back with every answer; a fresh one per card shown makes a double submit one answer. */
    requestId: crypto.randomUUID(),
    sessionStart: (started ?? now).getTime(),
    hasStarted: started !== null,
    // Shadowing from a sentence card offers "Was I understood?" only where Workers AI is bound.
    intelligibilityCheck: isIntelligibilityCheckAvailable(context.app),
  };
}

/**
 * Rate (`intent=rate`) or undo (`intent=undo`), then back to the page in the same session: a 303 for
 * plain forms and for Remix's enhanced ones alike, so a reload never re-posts.
 */
export async function handleReviewAction(
  context: AppLoadContext,
  request: Request,
  user: SessionUser,
  scope: ReviewScope,
  extraParams?: URLSearchParams,
) {
  const formData = await request.formData();
  const url = new URL(request.url);
  const now = context.app.now();
  const since = sessionStart(String(formData.get("session") ?? ""), now) ?? now;
  const back = sessionHref(url.pathname, since, extraParams);
  const intent = String(formData.get("intent") ?? "rate");

  if (intent === "undo") {
    const { undone } = await undoLastReview(context.app, { userId: user.id, scope, since });
    return redirectWithToast(
      back,
      undone ? { text: "Last answer undone." } : { text: "There is nothing to undo.", status: "warning" },
      { status: 303 },
    );
  }

  const noteAction =
    (await handleCuratedAction(context, user, intent, formData, scope)) ??
    (await handleNoteAction(context, user, intent, formData));
  if (noteAction) return redirectWithToast(back, noteAction, { status: 303 });

  const optional = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" && value !== "" ? value : undefined;
  };
  const parsed = cardReviewFormSchema.safeParse({
    cardId: formData.get("cardId"),
    rating: formData.get("rating"),
    requestId: formData.get("requestId"),
    cardType: optional("cardType"),
    answer: formData.has("answer") ? String(formData.get("answer")) : undefined,
    source: optional("source"),
  });
  if (!parsed.success) {
    return redirectWithToast(
      back,
      { text: "Choose Again, Hard, Good or Easy to rate the card.", status: "error" },
      { status: 303 },
    );
  }
  try {
    const { source, ...input } = parsed.data;
    // The daily review mixes both kinds of card: the form says which one this is.
    const isWord = scope.kind === "words" || (scope.kind === "due" && source === "word");
    await (isWord
      ? reviewSavedWord(context.app, { userId: user.id, ...input })
      : reviewFlashcard(context.app, { userId: user.id, ...input }));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return redirectWithToast(
      back,
      { text: error.messages[0] ?? "That card could not be rated.", status: "error" },
      { status: 303 },
    );
  }
  return redirect(back, 303);
}

type Toast = { text: string; status?: "warning" | "error" };

/**
 * Curated cards (ADR 042): suspend or bring back one (`intent=card-suspend`), and, on a collection's page, the card
 * types its cards make (`intent=card-types`). Null when the intent is neither.
 */
async function handleCuratedAction(
  context: AppLoadContext,
  user: SessionUser,
  intent: string,
  formData: FormData,
  scope: ReviewScope,
): Promise<Toast | null> {
  try {
    if (intent === "card-suspend") {
      const flashcardId = Number(formData.get("flashcardId"));
      if (!Number.isSafeInteger(flashcardId) || flashcardId <= 0) return { text: "Choose a card.", status: "error" };
      const suspended = formData.get("suspended") !== "0";
      await setFlashcardSuspended(context.app, { userId: user.id, flashcardId, suspended });
      return { text: suspended ? "Card suspended: it is left out of reviews." : "Card back in your reviews." };
    }
    if (intent === "card-types" && scope.kind === "collection") {
      const parsed = collectionCardTypesSchema.safeParse({
        cardTypes: CARD_TYPES.filter((type) => formData.getAll("cardTypes").includes(type)),
      });
      if (!parsed.success) return { text: parsed.error.issues[0]!.message, status: "error" };
      await setCollectionCardTypes(context.app, {
        userId: user.id,
        collectionId: scope.collectionId,
        cardTypes: parsed.data.cardTypes,
      });
      return { text: "Card types saved." };
    }
  } catch (error) {
    if (error instanceof AppError)
      return { text: error.messages[0] ?? "That card could not be changed.", status: "error" };
    throw error;
  }
  return null;
}

/**
 * The review's own forms besides rating: the daily limits (`intent=limits`) and one of the member's notes
 * (`intent=note-edit`, `note-suspend`, `note-delete`). Null when the intent is none of these.
 */
async function handleNoteAction(
  context: AppLoadContext,
  user: SessionUser,
  intent: string,
  formData: FormData,
): Promise<Toast | null> {
  if (intent === "limits") {
    const parsed = reviewSettingsFormSchema.safeParse({
      newPerDay: formData.get("newPerDay"),
      reviewsPerDay: formData.get("reviewsPerDay"),
    });
    if (!parsed.success) return { text: parsed.error.issues[0]!.message, status: "error" };
    await saveReviewSettings(context.app, { userId: user.id, settings: parsed.data });
    return { text: "Daily limits saved." };
  }
  if (!intent.startsWith("note-")) return null;
  const itemId = Number(formData.get("noteId"));
  if (!Number.isSafeInteger(itemId) || itemId <= 0) return { text: "Choose a card to change.", status: "error" };
  try {
    if (intent === "note-delete") {
      await deleteListItem(context.app, { userId: user.id, itemId });
      return { text: "Card deleted." };
    }
    if (intent === "note-suspend") {
      const suspended = formData.get("suspended") !== "0";
      await updateNote(context.app, { userId: user.id, itemId, patch: { suspended } });
      return { text: suspended ? "Card suspended: it is left out of reviews." : "Card back in your reviews." };
    }
    if (intent === "note-edit") {
      const parsed = noteUpdateSchema.safeParse({
        transliteration: String(formData.get("transliteration") ?? ""),
        english: String(formData.get("english") ?? ""),
        cardTypes: CARD_TYPES.filter((type) => formData.getAll("cardTypes").includes(type)),
      });
      if (!parsed.success) return { text: parsed.error.issues[0]!.message, status: "error" };
      await updateNote(context.app, { userId: user.id, itemId, patch: parsed.data });
      return { text: "Card saved." };
    }
  } catch (error) {
    if (error instanceof AppError)
      return { text: error.messages[0] ?? "That card could not be changed.", status: "error" };
    throw error;
  }
  return { text: "Choose what to do with the card.", status: "error" };
}
