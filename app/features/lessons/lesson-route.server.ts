import { parseWithZod } from "@conform-to/zod/v4";
import {
  type ActionFunctionArgs,
  data,
  type HeadersFunction,
  type LoaderFunctionArgs,
  redirect,
} from "@remix-run/cloudflare";
import { checkoutFor, requireMember } from "~/lib/auth.server";
import { isMember } from "#server/access/viewer";
import { canOpenLesson, requireLessonAccess } from "#server/access/policy";
import { listActivePlans } from "#server/services/billing";
import { notFoundResponse, requireCanonicalPath, requireId } from "~/lib/canonical.server";
import { invalidSubmission, replyWithAppError } from "~/lib/form-reply.server";
import {
  commentCreateFormSchema,
  commentDeleteFormSchema,
  commentUpdateFormSchema,
  parseStartTime,
} from "#core/schemas/lessons";
import { redirectWithToast } from "~/lib/toast.server";
import { AppError } from "#server/lib/errors";
import { createComment, deleteComment, listComments, updateComment } from "#server/services/comments";
import {
  findLesson,
  getLessonPage,
  getLessonPreview,
  type LessonCollectionKind,
  type LessonPage,
} from "#server/services/lessons";
import { getNextUp } from "#server/services/recommendations";
import { isIntelligibilityCheckAvailable } from "#server/services/speaking";
import { getLessonKnowledge, markRestKnown, undoMarkedKnown } from "#server/services/words/known";
import { KNOWN_INTENTS, undoKnownFormSchema } from "#core/schemas/known-words";
import type { Member } from "#server/access/viewer";
import type { SessionUser } from "#server/services/auth";
import type { NextUpData } from "./components/next-up";

/** Which route param holds the collection id, per kind of lesson URL (the route table in app/routes.ts). */
const COLLECTION_PARAMS: ReadonlyArray<[LessonCollectionKind, string]> = [
  ["course", "courseId"],
  ["series", "seriesId"],
  ["playlist", "playlistId"],
];

/** The collection the lesson is opened in, read from the URL's params; null for /video/…. */
function collectionRef(params: LoaderFunctionArgs["params"]) {
  const match = COLLECTION_PARAMS.find(([, param]) => params[param] !== undefined);
  return match ? { kind: match[0], id: requireId(params[match[1]]) } : null;
}

/** Service 404s become the not-found page; anything else goes on to the error boundary. */
async function orNotFound<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw notFoundResponse(error.messages[0]);
    throw error;
  }
}

/**
 * "Next up" (docs/recommendations.md) when the page has no "Next lesson" of its own (the series or course
 * continues: the page already offers it): the first suggestion for this member, or, without a level, an
 * invitation to set one. One D1 round trip, alongside the comments.
 */
async function loadNextUp(
  context: LoaderFunctionArgs["context"],
  viewer: Member<SessionUser>,
  page: LessonPage,
  returnTo: string,
): Promise<NextUpData | null> {
  if (page.nextLesson) return null;
  const lesson = await getNextUp(context.app, {
    userId: viewer.userId,
    videoId: page.lesson.id,
    options: { access: viewer.lessonAccess() },
  });
  if (lesson) return { kind: "lesson", lesson };
  return viewer.user.level ? null : { kind: "prompt", returnTo };
}

/** The plans a locked lesson lists, as the checkout reads them (D1's active plans, in order). */
async function listPlansToShow(context: LoaderFunctionArgs["context"]) {
  const plans = await listActivePlans(context.app);
  return plans.map(({ name, title, priceCents, currency, interval, trialDays }) => ({
    name,
    title,
    priceCents,
    currency,
    interval,
    trialDays,
  }));
}

/**
 * The loader of every lesson route (`/video/…`, `/course/…/…`, `/series/…/…`, `/playlist/…/…`; ADR 038): 404s,
 * 301 for stale slugs, then one of three pages:
 * - `open` for a member who may watch it: the page, its first comments, "next up", what they know, `?t=`;
 * - `open` for a visitor on a free lesson: the same page without anything of a member's (`viewer: null`);
 * - `locked` for a premium lesson without access (a visitor, a member without a subscription): its facts,
 *   first lines, poster and the plans, with the one way to start (`/checkout?redirect=<the lesson>`).
 * A member's page is `private, no-store`; a visitor's carries no Cache-Control of its own, so the public page
 * cache may keep it (server/lib/page-cache.ts).
 */
export async function loadLessonRoute({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await context.getViewer();
  const videoId = requireId(params.videoId);
  const found = await orNotFound(findLesson(context.app, { videoId, context: collectionRef(params), viewer }));
  requireCanonicalPath(request, found.canonicalPath);
  const url = new URL(request.url);
  const startAt = parseStartTime(url.searchParams.get("t"));
  const member = isMember(viewer) ? viewer : null;
  const headers = member ? { "Cache-Control": "private, no-store" } : undefined;

  if (!canOpenLesson(found.video, await viewer.lessonAccess())) {
    const [preview, plans] = await Promise.all([getLessonPreview(context.app, { found }), listPlansToShow(context)]);
    return data(
      {
        kind: "locked" as const,
        page: preview,
        plans,
        signedIn: member !== null,
        checkoutHref: `/checkout?redirect=${encodeURIComponent(found.canonicalPath)}`,
      },
      { headers },
    );
  }

  const page = await getLessonPage(context.app, { videoId, viewer, found });
  const before = Number(url.searchParams.get("before") ?? "");
  const comments = listComments(context.app, {
    videoId,
    viewer,
    before: Number.isSafeInteger(before) && before > 0 ? before : undefined,
  });
  if (!member) {
    return data(
      {
        kind: "open" as const,
        page,
        comments: await comments,
        nextUp: null,
        known: null,
        startAt,
        viewer: null,
        intelligibilityCheck: false,
      },
      { headers },
    );
  }
  const { user } = member;
  const [commentList, nextUp, known] = await Promise.all([
    comments,
    loadNextUp(context, member, page, url.pathname),
    // "% known" and the last "mark the rest as known" to undo (docs/words.md "What the learner knows").
    getLessonKnowledge(context.app, { userId: user.id, lessonId: videoId }),
  ]);
  return data(
    {
      kind: "open" as const,
      page,
      comments: commentList,
      nextUp,
      known,
      startAt,
      viewer: { id: user.id, name: user.name, transliterationScheme: user.transliterationScheme },
      // Shadowing's "Was I understood?" is offered only where Workers AI is bound (docs/speaking.md).
      intelligibilityCheck: isIntelligibilityCheckAvailable(context.app),
    },
    { headers },
  );
}

/** The page's Cache-Control is the loader's (a member's page: `private, no-store`; a visitor's: none). */
export const lessonHeaders: HeadersFunction = ({ loaderHeaders }) => {
  const cacheControl = loaderHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : new Headers();
};

type LoadedLesson = Awaited<ReturnType<typeof loadLessonRoute>>["data"];
export type LessonRouteData = LoadedLesson;
/** A lesson this caller may watch (a visitor: a free one; `viewer` is null for them). */
export type OpenLessonData = Extract<LoadedLesson, { kind: "open" }>;
/** A premium lesson this caller may not watch: its preview and the way to start. */
export type LockedLessonData = Extract<LoadedLesson, { kind: "locked" }>;

/**
 * Comment forms on the lesson page. With JavaScript they are fetchers (the form adds `_js`) and get the
 * result back; without it the browser posted a document, so it is redirected back (post/redirect/get).
 */
export async function lessonRouteAction({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireMember(context, request);
  const videoId = requireId(params.videoId);
  try {
    await requireLessonAccess(context.app, { videoId, viewer });
  } catch (error) {
    if (error instanceof AppError && error.status === 402) throw redirect(checkoutFor(request));
    if (error instanceof AppError && error.status === 404) throw notFoundResponse(error.messages[0]);
    throw error;
  }
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const viaFetcher = formData.get("_js") === "1";
  const here = new URL(request.url);
  const back = (text: string) => redirectWithToast(`${here.pathname}${here.search}#comments`, { text });

  if (intent === "comment-create") {
    const submission = parseWithZod(formData, { schema: commentCreateFormSchema });
    if (submission.status !== "success") return invalidSubmission(submission, { extra: { intent } });
    try {
      await createComment(context.app, { viewer, videoId, body: submission.value.body });
    } catch (error) {
      return replyWithAppError(submission, error, { extra: { intent } });
    }
    if (!viaFetcher) return back("Your comment is posted.");
    return data({ intent, result: submission.reply({ resetForm: true }) });
  }

  if (intent === "comment-update") {
    const submission = parseWithZod(formData, { schema: commentUpdateFormSchema });
    if (submission.status !== "success") return invalidSubmission(submission, { extra: { intent } });
    try {
      await updateComment(context.app, {
        viewer,
        videoId,
        commentId: submission.value.commentId,
        body: submission.value.body,
      });
    } catch (error) {
      return replyWithAppError(submission, error, { extra: { intent } });
    }
    if (!viaFetcher) return back("Your comment is updated.");
    return data({ intent, result: submission.reply() });
  }

  if (intent === "comment-delete") {
    const submission = parseWithZod(formData, { schema: commentDeleteFormSchema });
    if (submission.status !== "success") return invalidSubmission(submission, { extra: { intent } });
    try {
      await deleteComment(context.app, { viewer, videoId, commentId: submission.value.commentId });
    } catch (error) {
      return replyWithAppError(submission, error, { extra: { intent } });
    }
    if (!viaFetcher) return back("Your comment is deleted.");
    return data({ intent, result: submission.reply() });
  }

  // What the member knows of the lesson's words (docs/words.md "What the learner knows").
  const backToWords = (text: string) => redirectWithToast(`${here.pathname}${here.search}#known-words`, { text });
  if (intent === KNOWN_INTENTS.markRest) {
    const marked = await markRestKnown(context.app, { userId: viewer.userId, lessonId: videoId });
    const words = marked.marked === 1 ? "1 word" : `${marked.marked} words`;
    if (!viaFetcher)
      return backToWords(marked.marked > 0 ? `Marked ${words} as known.` : "Every word already has a status.");
    return data({ intent, marked: marked.marked, error: null });
  }

  if (intent === KNOWN_INTENTS.undo) {
    const parsed = undoKnownFormSchema.safeParse({ batchId: formData.get("batchId") ?? undefined });
    if (!parsed.success) return data({ intent, restored: 0, error: "Choose what to undo." }, { status: 400 });
    let restored = 0;
    try {
      ({ restored } = await undoMarkedKnown(context.app, {
        userId: viewer.userId,
        lessonId: videoId,
        batchId: parsed.data.batchId,
      }));
    } catch (error) {
      if (!(error instanceof AppError && error.status === 404)) throw error;
      if (!viaFetcher) return backToWords(error.messages[0] ?? "There is nothing left to undo.");
      return data({ intent, restored: 0, error: error.messages[0] ?? null }, { status: 404 });
    }
    if (!viaFetcher) return backToWords(`Undone: ${restored === 1 ? "1 word is" : `${restored} words are`} as before.`);
    return data({ intent, restored, error: null });
  }

  return data({ intent, result: null, error: "Unknown action." }, { status: 400 });
}
