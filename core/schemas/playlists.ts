import { z } from "zod";

import { PLAYLIST_TITLE_MAX, PLAYLIST_TITLE_REQUIRED, PLAYLIST_TITLE_TOO_LONG } from "../playlist-title";

// Shared by the playlist forms (Conform) and the JSON API, so both give the same messages.
export { PLAYLIST_TITLE_MAX };
/** Generous for a learner, small enough that a reorder is one modest D1 batch. */
export const PLAYLIST_LESSONS_MAX = 500;
export const PLAYLISTS_PER_LEARNER_MAX = 100;

export const playlistTitleField = z
  .string({ error: PLAYLIST_TITLE_REQUIRED })
  .trim()
  .min(1, PLAYLIST_TITLE_REQUIRED)
  .max(PLAYLIST_TITLE_MAX, PLAYLIST_TITLE_TOO_LONG);

export const videoIdField = z
  .number({ error: "Choose a lesson by its numeric id." })
  .int("Choose a lesson by its numeric id.")
  .positive("Choose a lesson by its numeric id.")
  .max(Number.MAX_SAFE_INTEGER, "Choose a lesson by its numeric id.");

export const createPlaylistSchema = z.object({
  title: playlistTitleField,
  /** Optional: create the playlist with this lesson already in it (the "add to a new playlist" path). */
  videoId: videoIdField.optional(),
});

export const renamePlaylistSchema = z.object({ title: playlistTitleField });

export const addPlaylistVideoSchema = z.object({ videoId: videoIdField });

export const reorderPlaylistSchema = z.object({
  videoIds: z
    .array(videoIdField, { error: "Send the lessons' ids in their new order." })
    .max(PLAYLIST_LESSONS_MAX, `A playlist holds at most ${PLAYLIST_LESSONS_MAX} lessons.`)
    .refine((ids) => new Set(ids).size === ids.length, "Each lesson can appear only once."),
});

/** The no-JavaScript up/down buttons of a playlist page. */
export const movePlaylistVideoSchema = z.object({
  videoId: z.coerce.number().pipe(videoIdField),
  direction: z.enum(["up", "down"], { error: "Choose up or down." }),
});

export type CreatePlaylistInput = z.infer<typeof createPlaylistSchema>;
export type ReorderPlaylistInput = z.infer<typeof reorderPlaylistSchema>;
