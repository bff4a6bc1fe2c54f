import type { SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { LockIcon } from "~/components/icons";
import { collectionHref } from "#core/collection-paths";
import { formatDate } from "#core/format";
import { CollectionCover } from "./collection-cover";
import { progressText, type ProgressInfo } from "./continue-panel";
import { scriptProps } from "~/lib/text-format";
import { DeletePlaylistConfirm, PlaylistOwnerActions, RenamePlaylistForm } from "./playlist-forms";
import { ProgressBar } from "./progress-bar";

export interface PlaylistCardData {
  id: number;
  title: string;
  slug: string;
  description: string;
  isOwn: boolean;
  lessonCount: number;
  totalSeconds: number;
  coverUrl: string | null;
  progress: ProgressInfo | null;
  updatedAt: Date;
}

/** A playlist on /playlists. The learner's own carry Rename and Delete, which open in place. */
export function PlaylistCard({
  playlist,
  signedIn,
  mode = "view",
  renameResult,
}: {
  playlist: PlaylistCardData;
  signedIn: boolean;
  mode?: "view" | "rename" | "delete";
  renameResult?: SubmissionResult<string[]> | null;
}) {
  const started = playlist.progress && playlist.progress.state !== "not-started";
  return (
    <article className="group relative flex h-full min-w-0 flex-col gap-4 rounded-xl border border-line bg-surface p-4 shadow-sm transition focus-within:ring-3 focus-within:ring-primary-300 hover:shadow-md">
      <CollectionCover kind="playlist" collection={playlist} />
      <div className="flex flex-1 flex-col gap-1.5 px-1">
        <h3 className="text-lg leading-snug font-semibold text-ink">
          <Link
            to={collectionHref("playlist", playlist)}
            className="outline-none after:absolute after:inset-0 after:content-['']"
          >
            <span {...scriptProps(playlist.title)}>{playlist.title}</span>
          </Link>
        </h3>
        {playlist.description ? (
          <p className="line-clamp-2 text-sm leading-relaxed text-muted">{playlist.description}</p>
        ) : null}
        {playlist.isOwn ? <p className="text-xs text-muted">Updated {formatDate(playlist.updatedAt)}</p> : null}
        {!signedIn ? (
          <p className="mt-auto inline-flex items-center gap-1.5 pt-2 text-sm font-medium text-ink/70">
            <LockIcon className="size-4" /> Sign in to open
          </p>
        ) : null}
        {started && playlist.progress ? (
          <div className="mt-auto space-y-1.5 pt-2">
            <p className="text-xs font-medium text-ink/80">{progressText(playlist.progress)}</p>
            <ProgressBar
              percent={playlist.progress.percent}
              label={`${playlist.title}: ${progressText(playlist.progress)}`}
            />
          </div>
        ) : null}
      </div>
      {playlist.isOwn ? (
        <div className="border-t border-line px-1 pt-3">
          {mode === "rename" ? (
            <RenamePlaylistForm playlist={playlist} cancelTo="/playlists" lastResult={renameResult} />
          ) : mode === "delete" ? (
            <DeletePlaylistConfirm playlist={playlist} cancelTo="/playlists" />
          ) : (
            <PlaylistOwnerActions playlist={playlist} />
          )}
        </div>
      ) : null}
    </article>
  );
}
