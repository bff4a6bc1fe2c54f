import type { SubmissionResult } from "@conform-to/react";
import {
  CreateNamedForm,
  DeleteNamedConfirm,
  NamedOwnerActions,
  RenameNamedForm,
} from "~/components/named-collection-forms";
import { cn } from "~/lib/cn";
import { PLAYLIST_TITLE_MAX, renamePlaylistSchema } from "#core/schemas/playlists";

// The playlist page's action tells these apart by intent = create | rename | delete.
const TITLE = { schema: renamePlaylistSchema, maxLength: PLAYLIST_TITLE_MAX };

/** "New playlist" on /playlists. */
export function CreatePlaylistForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
  return (
    <CreateNamedForm
      formId="create-playlist"
      intent="create"
      field={TITLE}
      label="Playlist name"
      placeholder="e.g. Café phrases"
      submitLabel="Create playlist"
      lastResult={lastResult}
    />
  );
}

/** The rename field, shown in place of a playlist's title actions. */
export function RenamePlaylistForm({
  playlist,
  cancelTo,
  lastResult,
}: {
  playlist: { id: number; title: string };
  cancelTo: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  return (
    <RenameNamedForm
      formId={`rename-playlist-${playlist.id}`}
      intent="rename"
      idName="playlistId"
      item={playlist}
      field={TITLE}
      cancelTo={cancelTo}
      lastResult={lastResult}
      className="relative z-10"
    />
  );
}

export function DeletePlaylistConfirm({
  playlist,
  cancelTo,
}: {
  playlist: { id: number; title: string; lessonCount: number };
  cancelTo: string;
}) {
  return (
    <DeleteNamedConfirm
      noun="playlist"
      intent="delete"
      idName="playlistId"
      item={playlist}
      consequence={
        playlist.lessonCount > 0
          ? "The lessons stay in the library and in your progress; only this list goes. This can't be undone."
          : "This can't be undone."
      }
      cancelTo={cancelTo}
      className="relative z-10"
    />
  );
}

export function PlaylistOwnerActions({
  playlist,
  size = "sm",
  className,
}: {
  playlist: { id: number; title: string };
  size?: "sm" | "md";
  className?: string;
}) {
  return <NamedOwnerActions noun="playlist" item={playlist} size={size} className={cn("relative z-10", className)} />;
}
