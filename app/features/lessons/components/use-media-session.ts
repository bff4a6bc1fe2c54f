import { useEffect, useRef } from "react";
import { stripTashkeel } from "#core/arabic";
import type { TranscriptCue } from "./transcript";
import type { LessonPlayer } from "./use-lesson-player";

/** Sets one Media Session action, ignoring a browser that does not know it (setActionHandler throws then). */
function setAction(action: MediaSessionAction, handler: MediaSessionActionHandler | null) {
  try {
    navigator.mediaSession.setActionHandler(action, handler);
  } catch {
    // Unsupported action in this browser: its button simply does not show.
  }
}

/**
 * The lesson on the lock screen, headphones and the system's media controls (Media Session API): the lesson's
 * title and poster, the current line as the "artist" line, play/pause, previous/next track = previous/next
 * line, seek backward/forward = previous/next line too. Does nothing where the API is missing.
 */
export function useMediaSession({
  title,
  artwork,
  cues,
  player,
}: {
  title: string;
  artwork: string | null;
  cues: readonly TranscriptCue[];
  player: LessonPlayer;
}) {
  const playerRef = useRef(player);
  useEffect(() => {
    playerRef.current = player;
  });

  // Action handlers, once: they call the latest player through the ref.
  useEffect(() => {
    if (typeof navigator === "undefined" || !("mediaSession" in navigator)) return;
    const handlers: Array<[MediaSessionAction, MediaSessionActionHandler]> = [
      ["play", () => playerRef.current.play()],
      ["pause", () => playerRef.current.pause()],
      ["previoustrack", () => playerRef.current.previousLine()],
      ["nexttrack", () => playerRef.current.nextLine()],
      ["seekbackward", () => playerRef.current.previousLine()],
      ["seekforward", () => playerRef.current.nextLine()],
    ];
    for (const [action, handler] of handlers) setAction(action, handler);
    return () => {
      for (const [action] of handlers) setAction(action, null);
    };
  }, []);

  // Title, poster and the current line, as the lines change.
  const index = player.activeIndex;
  const line = index >= 0 ? cues[index] : undefined;
  const artist = line ? line.english || stripTashkeel(line.arabic) : "Ahla";
  useEffect(() => {
    if (typeof navigator === "undefined" || !("mediaSession" in navigator)) return;
    if (typeof MediaMetadata === "undefined") return;
    try {
      navigator.mediaSession.metadata = new MediaMetadata({
        title,
        artist,
        album: "Ahla",
        artwork: artwork ? [{ src: new URL(artwork, window.location.href).href }] : [],
      });
    } catch {
      // A browser that rejects the artwork or the metadata: the system shows the page's title instead.
    }
  }, [title, artist, artwork]);

  useEffect(() => {
    if (typeof navigator === "undefined" || !("mediaSession" in navigator)) return;
    navigator.mediaSession.playbackState = player.playing ? "playing" : "paused";
  }, [player.playing]);
}
