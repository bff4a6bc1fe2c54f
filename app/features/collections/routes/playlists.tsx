import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { PlaylistCard } from "../components/playlist-card";
import { CreatePlaylistForm } from "../components/playlist-forms";
import { ListIcon } from "~/components/icons";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { forAudience, requireUser } from "~/lib/auth.server";
import { invalidSubmission, replyWithAppError } from "~/lib/form-reply.server";
import { titleMeta } from "~/lib/route-meta";
import { renamePlaylistSchema } from "#core/schemas/playlists";
import { redirectWithToast } from "~/lib/toast.server";
import { AppError } from "#server/lib/errors";
import { listPlaylists } from "#server/services/collections/playlist-reads";
import { createPlaylist, deletePlaylist, renamePlaylist } from "#server/services/collections/playlist-writes";
import type { Audience } from "~/lib/audience";

// The curated playlists for everyone; a member's own below them.
export const audience: Audience = "public";

type Intent = "create" | "rename" | "delete";

function idFrom(value: FormDataEntryValue | string | null): number | null {
  return typeof value === "string" && /^\d{1,12}$/.test(value) ? Number(value) : null;
}

export const loader = forAudience(audience, async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await context.getViewer();
  const { curated, mine } = await listPlaylists(context.app, { viewer });
  const url = new URL(request.url);
  return {
    curated,
    mine,
    signedIn: viewer.signedIn,
    renameId: idFrom(url.searchParams.get("rename")),
    deleteId: idFrom(url.searchParams.get("delete")),
  };
});

export const action = forAudience(audience, async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(context, request);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "") as Intent;
  const playlistId = idFrom(formData.get("playlistId"));

  if (intent === "delete" && playlistId) {
    try {
      await deletePlaylist(context.app, { userId: user.id, playlistId });
    } catch (error) {
      // Deleting twice (a double click, a second tab) lands where deleting once does.
      if (!(error instanceof AppError)) throw error;
      if (error.status !== 404) {
        return redirectWithToast("/playlists", { text: error.messages[0] ?? "", status: "error" });
      }
    }
    return redirectWithToast("/playlists", { text: "Playlist deleted." });
  }

  const submission = parseWithZod(formData, { schema: renamePlaylistSchema });
  const extra = { intent, playlistId };
  if (submission.status !== "success") return invalidSubmission(submission, { extra });
  try {
    if (intent === "rename" && playlistId) {
      const renamed = await renamePlaylist(context.app, { userId: user.id, playlistId, title: submission.value.title });
      return redirectWithToast("/playlists", { text: `Renamed to “${renamed.title}”.` });
    }
    const created = await createPlaylist(context.app, { userId: user.id, ...submission.value });
    return redirectWithToast("/playlists", {
      text: `“${created.title}” is ready. Add lessons with the playlist button on any lesson.`,
    });
  } catch (error) {
    return replyWithAppError(submission, error, { extra });
  }
});

export default function PlaylistsPage() {
  const { curated, mine, signedIn, renameId, deleteId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const createResult =
    actionData && "intent" in actionData && actionData.intent === "create" ? actionData.result : null;
  const renameResult =
    actionData && "intent" in actionData && actionData.intent === "rename" ? actionData.result : null;

  return (
    <main className="mx-auto max-w-6xl px-4 pt-8 pb-16 sm:px-6 lg:pt-12">
      <header className="max-w-2xl">
        <p className="text-lg font-semibold text-primary-700">
          <span lang="ar" dir="rtl">
            قوائم التشغيل
          </span>
        </p>
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">Playlists</h1>
        <p className="mt-2 text-muted">
          Hand-picked sets of lessons from the Ahla team, and your own lists to come back to.
        </p>
      </header>

      {signedIn ? (
        <section aria-labelledby="my-playlists" className="mt-10">
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_26rem] lg:items-end">
            <div>
              <h2 id="my-playlists" className="text-2xl font-semibold text-ink">
                My playlists
              </h2>
              <p className="mt-1 text-sm text-muted">
                Only you can see these. Add lessons with the{" "}
                <span className="font-medium text-ink/80">Add to playlist</span> button on course, series and playlist
                pages.
              </p>
            </div>
            <div className="rounded-xl border border-line bg-surface p-4 shadow-sm">
              <CreatePlaylistForm lastResult={createResult} />
            </div>
          </div>
          {mine.length > 0 ? (
            <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {mine.map((playlist) => (
                <li key={playlist.id} className="flex [&>article]:flex-1">
                  <PlaylistCard
                    playlist={playlist}
                    signedIn
                    mode={playlist.id === renameId ? "rename" : playlist.id === deleteId ? "delete" : "view"}
                    renameResult={playlist.id === renameId ? renameResult : null}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <div className="mt-6 flex flex-col items-center rounded-xl border border-dashed border-line bg-surface px-6 py-10 text-center">
              <span className="inline-flex size-12 items-center justify-center rounded-full bg-primary-50 text-primary-700">
                <ListIcon className="size-6" />
              </span>
              <h3 className="mt-3 font-semibold text-ink">No playlists of your own yet</h3>
              <p className="mt-1 max-w-md text-sm text-muted">
                Name one above, or save lessons as you go: every lesson in a course or series has an Add to playlist
                button. Good first lists: phrases for the café, the dialect of one city, lessons to rewatch.
              </p>
              <div className="mt-5 flex flex-wrap justify-center gap-2">
                <Link to="/courses" className={buttonClasses("secondary", "md")}>
                  Browse courses
                </Link>
                <Link to="/series" className={buttonClasses("ghost", "md")}>
                  Browse series
                </Link>
              </div>
            </div>
          )}
        </section>
      ) : (
        <section
          aria-label="Your own playlists"
          className="mt-8 flex flex-col gap-4 rounded-xl border border-primary-200 bg-primary-50 p-5 sm:flex-row sm:items-center sm:justify-between"
        >
          <div>
            <h2 className="font-semibold text-ink">Make playlists of your own</h2>
            <p className="mt-1 text-sm text-ink/75">
              Sign in to open these playlists, save any lesson to your own lists and keep your place in each.
            </p>
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">
            <Link to="/auth/signup" className={buttonClasses("primary", "md")}>
              Start free
            </Link>
            <Link to="/auth/login?redirect=/playlists" className={buttonClasses("secondary", "md")}>
              Sign in
            </Link>
          </div>
        </section>
      )}

      <section aria-labelledby="curated-playlists" className="mt-12">
        <h2 id="curated-playlists" className="text-2xl font-semibold text-ink">
          Picked by the Ahla team
        </h2>
        <p className="mt-1 text-sm text-muted">Themed sets of lessons from across the library.</p>
        {curated.length > 0 ? (
          <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {curated.map((playlist) => (
              <li key={playlist.id} className="flex [&>article]:flex-1">
                <PlaylistCard playlist={playlist} signedIn={signedIn} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-6 rounded-xl border border-dashed border-line bg-surface px-6 py-8 text-center text-muted">
            The team's first playlists are on their way.
          </p>
        )}
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Playlists");
