import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useActionData, useFetchers, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { AddToPlaylist } from "../components/add-to-playlist";
import { CollectionCover } from "../components/collection-cover";
import { Breadcrumb } from "~/components/breadcrumb";
import { Facts } from "../components/collection-page";
import { ContinuePanel } from "../components/continue-panel";
import { formatTotalDuration, plural, scriptProps } from "~/lib/text-format";
import { LessonList } from "../components/lesson-list";
import { DeletePlaylistConfirm, PlaylistOwnerActions, RenamePlaylistForm } from "../components/playlist-forms";
import {
  PlaylistLessonActions,
  withPendingChanges,
  type PlaylistLessonAction,
} from "../components/playlist-lesson-actions";
import { ListIcon, SparkIcon } from "~/components/icons";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { forAudience, requireMember, requireUser } from "~/lib/auth.server";
import { notFoundResponse, requireCanonicalPath, requireId } from "~/lib/canonical.server";
import { collectionHref, collectionLessonHref } from "#core/collection-paths";
import { invalidSubmission, replyWithAppError } from "~/lib/form-reply.server";
import { titleMeta } from "~/lib/route-meta";
import { movePlaylistVideoSchema, renamePlaylistSchema } from "#core/schemas/playlists";
import { createToast } from "~/lib/toast";
import { redirectWithToast, toastCookie } from "~/lib/toast.server";
import { AppError } from "#server/lib/errors";
import { getPlaylist } from "#server/services/collections/playlist-reads";
import {
  deletePlaylist,
  movePlaylistVideo,
  removeVideoFromPlaylist,
  renamePlaylist,
} from "#server/services/collections/playlist-writes";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "member";

export const loader = forAudience(audience, async function loader({ request, params, context }: LoaderFunctionArgs) {
  const member = await requireMember(context, request);
  const playlistId = requireId(params.playlistId);
  // Someone else's playlist answers exactly like one that does not exist.
  const playlist = await getPlaylist(context.app, { viewer: member, playlistId });
  if (!playlist) throw notFoundResponse("We couldn't find that playlist.");
  requireCanonicalPath(request, collectionHref("playlist", playlist));
  const url = new URL(request.url);
  const access = await member.access();
  const mode = !playlist.isOwn
    ? "view"
    : url.searchParams.has("rename")
      ? "rename"
      : url.searchParams.has("delete")
        ? "delete"
        : "view";
  return {
    playlist,
    mode: mode as "view" | "rename" | "delete",
    viewer: { signedIn: access.signedIn, hasSubscription: access.hasSubscription },
  };
});

export const action = forAudience(audience, async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(context, request);
  const playlistId = requireId(params.playlistId);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  // Present only once the page is hydrated: fetchers want data back, plain posts a redirect.
  const enhanced = formData.get("enhanced") === "1";
  const here = new URL(request.url).pathname;

  if (intent === "rename") {
    const submission = parseWithZod(formData, { schema: renamePlaylistSchema });
    if (submission.status !== "success") return invalidSubmission(submission, { extra: { intent } });
    try {
      const renamed = await renamePlaylist(context.app, { userId: user.id, playlistId, title: submission.value.title });
      return redirectWithToast(collectionHref("playlist", renamed), { text: `Renamed to “${renamed.title}”.` });
    } catch (error) {
      return replyWithAppError(submission, error, { extra: { intent } });
    }
  }

  try {
    if (intent === "delete") {
      await deletePlaylist(context.app, { userId: user.id, playlistId });
      return redirectWithToast("/playlists", { text: "Playlist deleted." });
    }
    if (intent === "move") {
      const parsed = movePlaylistVideoSchema.safeParse({
        videoId: formData.get("videoId"),
        direction: formData.get("direction"),
      });
      if (!parsed.success) throw new AppError(422, ["Choose a lesson and a direction to move it."]);
      const { videoId: lessonId, direction } = parsed.data;
      await movePlaylistVideo(context.app, { userId: user.id, playlistId, lessonId, direction });
      return enhanced ? { ok: true } : redirect(`${here}#lesson-${lessonId}`, 303);
    }
    if (intent === "remove") {
      const parsed = movePlaylistVideoSchema.shape.videoId.safeParse(formData.get("videoId"));
      if (!parsed.success) throw new AppError(422, ["Choose a lesson to remove."]);
      const lessonId = parsed.data;
      const { lessonCount } = await removeVideoFromPlaylist(context.app, { userId: user.id, playlistId, lessonId });
      const text = `Lesson removed. ${plural(lessonCount, "lesson")} left in this playlist.`;
      if (!enhanced) return redirectWithToast(here, { text }, { status: 303 });
      return data({ ok: true }, { headers: { "Set-Cookie": toastCookie(createToast(text)) } });
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (!enhanced) return redirectWithToast(here, { text: error.messages[0] ?? "", status: "error" }, { status: 303 });
    return data({ ok: false, errors: error.messages }, { status: error.status });
  }
  throw new Response("Unknown action.", { status: 400 });
});

export default function PlaylistPage() {
  const { playlist, mode, viewer } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const renameResult =
    actionData && "intent" in actionData && actionData.intent === "rename" ? actionData.result : null;
  const lessons = withPendingChanges(playlist.lessons, useFetchers());
  const here = collectionHref("playlist", playlist);
  const [announcement, setAnnouncement] = useState("");
  const pendingFocus = useRef<(PlaylistLessonAction & { index: number }) | null>(null);
  const order = lessons.map((lesson) => lesson.id).join(",");

  // After a move or removal, keep the keyboard where the learner was (the DOM rows were just reordered).
  useEffect(() => {
    const action = pendingFocus.current;
    if (!action) return;
    pendingFocus.current = null;
    const find = (name: string) =>
      document.querySelector<HTMLButtonElement>(`[data-playlist-action="${name}"]:not(:disabled)`);
    if (action.intent === "move") {
      const other = action.direction === "up" ? "down" : "up";
      (find(`${action.direction}-${action.videoId}`) ?? find(`${other}-${action.videoId}`))?.focus();
    } else {
      const neighbour = lessons[Math.min(action.index, lessons.length - 1)];
      (neighbour ? find(`remove-${neighbour.id}`) : document.getElementById("playlist-lessons"))?.focus();
    }
    // Runs when the order changes; `lessons` is read through the ids.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [order]);

  function onAction(action: PlaylistLessonAction) {
    const index = lessons.findIndex((lesson) => lesson.id === action.videoId);
    const lesson = lessons[index];
    if (!lesson) return;
    pendingFocus.current = { ...action, index };
    if (action.intent === "remove") {
      setAnnouncement(`Removed “${lesson.title}” from the playlist.`);
    } else {
      const to = action.direction === "up" ? index - 1 : index + 1;
      if (to >= 0 && to < lessons.length) {
        setAnnouncement(`Moved “${lesson.title}” to position ${to + 1} of ${lessons.length}.`);
      }
    }
  }

  const lockedCount = lessons.filter((lesson) => lesson.locked).length;
  const nextHref = playlist.nextLesson ? collectionLessonHref("playlist", playlist, playlist.nextLesson) : null;
  const totalSeconds = lessons.reduce((sum, lesson) => sum + lesson.durationSeconds, 0);

  return (
    <main className="mx-auto max-w-6xl px-4 pt-6 pb-16 sm:px-6 lg:pt-8">
      <Breadcrumb items={[{ label: "Playlists", to: "/playlists" }, { label: playlist.title }]} />
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_340px] lg:gap-10">
        <header className="space-y-5 lg:col-start-1">
          <span
            className={
              playlist.isOwn
                ? "inline-flex rounded-full bg-primary-50 px-2.5 py-0.5 text-xs font-semibold text-primary-800 ring-1 ring-primary-200 ring-inset"
                : "inline-flex rounded-full bg-accent-50 px-2.5 py-0.5 text-xs font-semibold text-accent-700 ring-1 ring-accent-300/60 ring-inset"
            }
          >
            {playlist.isOwn ? "Your playlist" : "Picked by the Ahla team"}
          </span>
          <h1 className="text-3xl leading-tight font-bold tracking-tight text-ink sm:text-4xl">
            <span {...scriptProps(playlist.title)}>{playlist.title}</span>
          </h1>
          {playlist.description ? (
            <p className="max-w-2xl text-lg leading-relaxed text-ink/80">{playlist.description}</p>
          ) : null}
          <Facts
            items={[
              { label: "Lessons", value: String(lessons.length) },
              { label: "Total time", value: formatTotalDuration(totalSeconds) },
            ]}
          />
          {playlist.isOwn ? (
            <div className="max-w-md">
              {mode === "rename" ? (
                <RenamePlaylistForm playlist={playlist} cancelTo={here} lastResult={renameResult} />
              ) : mode === "delete" ? (
                <DeletePlaylistConfirm playlist={playlist} cancelTo={here} />
              ) : (
                <PlaylistOwnerActions playlist={playlist} size="md" />
              )}
            </div>
          ) : null}
        </header>

        <aside aria-label="Your progress" className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <div className="space-y-5 rounded-xl border border-line bg-surface p-4 shadow-sm lg:sticky lg:top-24">
            <CollectionCover
              kind="playlist"
              collection={{ ...playlist, lessonCount: lessons.length, totalSeconds }}
              size="lg"
            />
            {playlist.progress && playlist.nextLesson && nextHref ? (
              <ContinuePanel
                kind="playlist"
                title={playlist.title}
                progress={playlist.progress}
                nextLesson={{ title: playlist.nextLesson.title, href: nextHref }}
                variant="panel"
              />
            ) : (
              <p className="text-sm text-muted">Add a lesson and it will be ready to play from here.</p>
            )}
            {!viewer.hasSubscription && lockedCount > 0 ? (
              <p className="rounded-xl bg-accent-50 p-3 text-sm text-ink/80 ring-1 ring-accent-300/60 ring-inset">
                {plural(lockedCount, "lesson")} {lockedCount === 1 ? "is" : "are"} for subscribers.{" "}
                <Link to="/checkout" className="font-semibold text-accent-700 hover:underline">
                  <SparkIcon className="me-1 inline size-3.5 align-[-2px]" />
                  See plans
                </Link>
              </p>
            ) : null}
          </div>
        </aside>

        <section aria-labelledby="playlist-lessons" className="space-y-4 lg:col-start-1">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="playlist-lessons" tabIndex={-1} className="text-xl font-semibold text-ink outline-none">
              Lessons
            </h2>
            {playlist.isOwn && lessons.length > 1 ? (
              <p className="text-sm text-muted">Use the arrows to change the order.</p>
            ) : null}
          </div>
          <p role="status" className="sr-only">
            {announcement}
          </p>
          {lessons.length > 0 ? (
            <LessonList
              lessons={lessons}
              hrefFor={(lesson) => collectionLessonHref("playlist", playlist, lesson)}
              signedIn
              showLevel
              labelledBy="playlist-lessons"
              nextLessonId={playlist.progress?.state === "in-progress" ? (playlist.nextLesson?.id ?? null) : null}
              actions={(lesson, index) =>
                playlist.isOwn ? (
                  <PlaylistLessonActions lesson={lesson} index={index} count={lessons.length} onAction={onAction} />
                ) : (
                  <AddToPlaylist videoId={lesson.id} videoTitle={lesson.title} />
                )
              }
            />
          ) : (
            <EmptyPlaylist />
          )}
        </section>
      </div>
    </main>
  );
}

function EmptyPlaylist() {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-line bg-surface px-6 py-12 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-primary-50 text-primary-700">
        <ListIcon className="size-6" />
      </span>
      <h3 className="mt-3 font-semibold text-ink">This playlist is empty</h3>
      <p className="mt-1 max-w-md text-sm text-muted">
        Open a course or series and use the Add to playlist button beside any lesson. Lessons you add show up here in
        the order you add them, and you can rearrange them any time.
      </p>
      <div className="mt-5 flex flex-wrap justify-center gap-2">
        <Link to="/courses" className={buttonClasses("primary", "md")}>
          Browse courses
        </Link>
        <Link to="/video-library" className={buttonClasses("secondary", "md")}>
          Open the library
        </Link>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  titleMeta(matches, data?.playlist.title ?? "Playlist not found");
