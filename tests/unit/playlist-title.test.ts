import { describe, expect, it } from "vitest";
import { checkPlaylistTitle, PLAYLIST_TITLE_MAX } from "../../core/playlist-title";
import { playlistTitleField } from "../../core/schemas/playlists";

// The card menu checks a new playlist's name without zod; it must agree with the schema the API applies.
describe("a playlist name", () => {
  const cases = [
    "",
    "   ",
    "Road trip",
    "  Trimmed  ",
    "ع".repeat(PLAYLIST_TITLE_MAX),
    "x".repeat(PLAYLIST_TITLE_MAX + 1),
  ];

  it.each(cases)("is judged the same by the card menu and the API schema: %j", (raw) => {
    const checked = checkPlaylistTitle(raw);
    const parsed = playlistTitleField.safeParse(raw);
    if (parsed.success) expect(checked).toEqual({ title: parsed.data });
    else expect(checked).toEqual({ error: parsed.error.issues[0]?.message });
  });
});
