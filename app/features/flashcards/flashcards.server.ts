import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { AppError } from "#server/lib/errors";
import {
  getReviewSession,
  reviewFlashcard,
  reviewSavedWord,
  undoLastReview,
  type ReviewScope,
} from "#server/services/flashcards";
import type { SessionUser } from "#server/services/auth";
import { reviewFormSchema } from "#core/schemas/flashcards";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * A free-tier gate for a page (docs/product-rules.md#free-and-paid): past it (402), /checkout with the reason
 * as a toast; a 303 from an action, so the browser follows it with a GET.
 */
export async function checkoutUnlessAllowed(gate: Promise<void>, init: { status?: number } = {}): Promise<void> {
  try {
    await gate;
  } catch (error) {
    if (error instanceof AppError && error.status === 402) {
      throw redirectWithToast("/checkout", { text: error.messages[0]!, status: "warning" }, init);
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

export async function loadReviewSession(
  context: AppLoadContext,
  request: Request,
  user: SessionUser,
  scope: ReviewScope,
) {
  const now = context.app.now();
  const url = new URL(request.url);
  const started = sessionStart(url.searchParams.get(SESSION_PARAM), now);
  const session = await getReviewSession(context.app, { userId: user.id, scope, since: started });
  return {
    session,
    now,
    /** Sent back with every answer; a fresh one per card shown makes a double submit one answer. */
    requestId: crypto.randomUUID(),
    sessionStart: (started ?? now).getTime(),
    hasStarted: started !== null,
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

  const parsed = reviewFormSchema.safeParse({
    cardId: formData.get("cardId"),
    rating: formData.get("rating"),
    requestId: formData.get("requestId"),
  });
  if (!parsed.success) {
    return redirectWithToast(
      back,
      { text: "Choose Again, Hard, Good or Easy to rate the card.", status: "error" },
      { status: 303 },
    );
  }
  try {
    await (scope.kind === "words"
      ? reviewSavedWord(context.app, { userId: user.id, ...parsed.data })
      : reviewFlashcard(context.app, { userId: user.id, ...parsed.data }));
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
