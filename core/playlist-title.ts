// A playlist's name, checked the same way by the zod schema (core/schemas/playlists.ts: forms and the
// API) and by the "add to playlist" menu on every lesson card, which must not ship zod for one field.

export const PLAYLIST_TITLE_MAX = 80;
export const PLAYLIST_TITLE_REQUIRED = "Give your playlist a name.";
export const PLAYLIST_TITLE_TOO_LONG = `Keep the name to ${PLAYLIST_TITLE_MAX} characters or fewer.`;

/** The trimmed name, or the message to show beside the field. */
export function checkPlaylistTitle(raw: string): { title: string } | { error: string } {
  const title = raw.trim();
  if (title.length === 0) return { error: PLAYLIST_TITLE_REQUIRED };
  if (title.length > PLAYLIST_TITLE_MAX) return { error: PLAYLIST_TITLE_TOO_LONG };
  return { title };
}
