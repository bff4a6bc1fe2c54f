import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CreatePlaylistForm } from "../components/playlist-forms";
import { lessonHref } from "~/components/video-card";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { useIsPending } from "~/components/form-fields";
import { Button } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { forAudience, requireMember, requireUser } from "~/lib/auth.server";
import { notFoundResponse, requireId } from "~/lib/canonical.server";
import { invalidSubmission, replyWithAppError } from "~/lib/form-reply.server";
import { titleMeta } from "~/lib/route-meta";
import { plural, scriptProps } from "~/lib/text-format";
import { redirectWithToast } from "~/lib/toast.server";
import { renamePlaylistSchema } from "#core/schemas/playlists";
import { AppError } from "#server/lib/errors";
import { playlistChoicesFor } from "#server/services/collections/playlist-reads";
import {
  addVideoToPlaylist,
  createPlaylist,
  removeVideoFromPlaylist,
} from "#server/services/collections/playlist-writes";
import type { Audience } from "~/lib/audience";

// "Add to playlist" as a page of plain forms: where the lesson's playlist button leads before the scripts
// arrive or without JavaScript (docs/architecture.md#no-dead-taps). With them, the button opens its dialog.
export const audience: Audience = "member";

type Intent = "add" | "remove" | "create";

export const loader = forAudience(audience, async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await requireMember(context, request);
  const videoId = requireId(params.videoId);
  const choices = await playlistChoicesFor(context.app, { viewer, videoId });
  if (!choices) throw notFoundResponse("We couldn't find that lesson.");
  return choices;
});

export const action = forAudience(audience, async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(context, request);
  const videoId = requireId(params.videoId);
  const here = new URL(request.url).pathname;
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "") as Intent;

  if (intent === "create") {
    const submission = parseWithZod(formData, { schema: renamePlaylistSchema });
    if (submission.status !== "success") return invalidSubmission(submission, { extra: { intent } });
    try {
      const created = await createPlaylist(context.app, { userId: user.id, title: submission.value.title, videoId });
      return redirectWithToast(here, { text: `Created “${created.title}” with this lesson in it.` }, { status: 303 });
    } catch (error) {
      return replyWithAppError(submission, error, { extra: { intent } });
    }
  }

  if (intent !== "add" && intent !== "remove") {
    return data({ intent, formErrors: ["Choose Add or Remove for one of your playlists."] }, { status: 400 });
  }
  const rawId = String(formData.get("playlistId") ?? "");
  if (!/^\d{1,12}$/.test(rawId)) {
    return data({ intent, formErrors: ["Choose one of your playlists."] }, { status: 422 });
  }
  const playlistId = Number(rawId);
  try {
    if (intent === "add") {
      const { playlist } = await addVideoToPlaylist(context.app, { userId: user.id, playlistId, lessonId: videoId });
      return redirectWithToast(here, { text: `Added to “${playlist.title}”.` }, { status: 303 });
    }
    const playlist = await removeVideoFromPlaylist(context.app, { userId: user.id, playlistId, lessonId: videoId });
    return redirectWithToast(here, { text: `Removed from “${playlist.title}”.` }, { status: 303 });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // Someone else's playlist (or one deleted meanwhile) answers like one that never existed.
    if (error.status === 404) throw notFoundResponse("We couldn't find that playlist.");
    return data({ intent, formErrors: error.messages }, { status: error.status });
  }
});

export default function AddToPlaylistPage() {
  const { lesson, mine } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const createResult = actionData && "result" in actionData ? actionData.result : null;
  const formErrors = actionData && "formErrors" in actionData ? actionData.formErrors : null;
  const pending = useIsPending();
  return (
    <main className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <p className="text-sm font-medium text-primary-700">Add to playlist</p>
      <h1 className="mt-1 text-3xl font-semibold text-ink" {...scriptProps(lesson.title)}>
        {lesson.title}
      </h1>
      <p className="mt-2 text-muted">
        Add it to any of your playlists, or start a new one with it inside.{" "}
        <Link to={lessonHref(lesson)} className="font-medium text-primary-800 underline">
          Back to the lesson
        </Link>
      </p>
      <div className="mt-6">
        <FormErrors errors={formErrors} />
      </div>
      <section aria-labelledby="your-playlists" className="mt-6">
        <h2 id="your-playlists" className="text-lg font-semibold text-ink">
          Your playlists
        </h2>
        {mine.length > 0 ? (
          <ul className="mt-3 divide-y divide-line rounded-xl border border-line bg-surface">
            {mine.map((playlist) => (
              <li key={playlist.id} className="flex items-center gap-3 px-4 py-3">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-ink" {...scriptProps(playlist.title)}>
                    {playlist.title}
                  </p>
                  <p className="text-sm text-muted">
                    {plural(playlist.lessonCount, "lesson")}
                    {playlist.containsVideo ? " · this lesson is in it" : ""}
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="playlistId" value={playlist.id} />
                  {playlist.containsVideo ? (
                    <Button
                      type="submit"
                      name="intent"
                      value="remove"
                      variant="secondary"
                      className="min-h-11"
                      disabled={pending}
                      aria-label={`Remove from ${playlist.title}`}
                    >
                      Remove
                    </Button>
                  ) : (
                    <Button
                      type="submit"
                      name="intent"
                      value="add"
                      className="min-h-11"
                      disabled={pending}
                      aria-label={`Add to ${playlist.title}`}
                    >
                      Add
                    </Button>
                  )}
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 rounded-xl border border-dashed border-line bg-surface px-4 py-6 text-center text-muted">
            No playlists yet. Name your first one below.
          </p>
        )}
      </section>
      <section aria-label="New playlist" className="mt-8">
        <CreatePlaylistForm lastResult={createResult} />
      </section>
      <p className="mt-8 text-sm">
        <Link to="/playlists" className="font-medium text-primary-800 underline">
          Manage your playlists
        </Link>
      </p>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Add to playlist");
