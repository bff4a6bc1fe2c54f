import { useEffect, useRef } from "react";
import { PROGRESS_SYNC_INTERVAL_MS } from "#core/sync";
import { addPlayback } from "~/lib/outbox";
import { syncNow, syncOnLeave } from "~/lib/sync";

/** How often the device's record of the lesson's playback is brought up to date while it plays (no network). */
export const PROGRESS_TICK_MS = 5000;

export interface SavedProgress {
  positionSeconds: number;
  watchedSeconds: number;
  durationSeconds: number;
  completed: boolean;
  completedAt: Date | null;
  fraction: number;
}

/** A lesson counts as completed once the learner has reached this share of it (server/services/progress.ts). */
const COMPLETION_RATIO = 0.9;
/** The player's fastest speed (server/services/progress.ts `MAX_PLAYBACK_RATE`): more media time than this is a jump. */
const FASTEST_RATE = 1.5;

/**
 * Keeps the learner's place and forward playback of the lesson on the device (app/lib/outbox.ts) and lets the
 * outbox carry it to the server (docs/offline.md "Sync"): every `PROGRESS_SYNC_INTERVAL_MS` while playing, on
 * pause and end (no two syncs within 30 s), when the network returns, and with a keepalive request when the page
 * is hidden or left. Offline, it simply waits on the device. Watched seconds are counted here as forward playback
 * no faster than the fastest speed (a seek ahead counts nothing); the server caps them again by wall time and
 * credits each stretch once. A visitor (`enabled: false`, ADR 038) has no place to keep: nothing is kept.
 */
export function useProgressSaver({
  lessonId,
  videoRef,
  playing,
  onSaved,
  enabled = true,
}: {
  lessonId: number;
  videoRef: React.RefObject<HTMLVideoElement>;
  playing: boolean;
  onSaved: (progress: SavedProgress) => void;
  enabled?: boolean;
}) {
  const onSavedRef = useRef(onSaved);
  useEffect(() => {
    onSavedRef.current = onSaved;
  }, [onSaved]);
  /** The last reading of the player (device clock, media time), the start of the unrecorded stretch, its count. */
  const last = useRef<{ wall: number; position: number } | null>(null);
  const pending = useRef<{ since: number; watched: number } | null>(null);
  const recordRef = useRef<() => Promise<void>>(async () => undefined);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !enabled) return;

    const duration = () => (Number.isFinite(video.duration) && video.duration > 0 ? video.duration : undefined);

    /** Reads the player: forward playback since the last reading counts, a jump does not. */
    const observe = () => {
      const wall = Date.now();
      const position = Math.max(0, video.currentTime);
      const previous = last.current;
      last.current = { wall, position };
      if (!previous) {
        pending.current ??= { since: wall, watched: 0 };
        return;
      }
      const forward = position - previous.position;
      const allowed = ((wall - previous.wall) / 1000) * FASTEST_RATE + 0.5;
      pending.current ??= { since: previous.wall, watched: 0 };
      if (forward > 0 && forward <= allowed && !video.seeking) pending.current.watched += forward;
    };

    /** Writes what was observed to the device's outbox (nothing while the player was never started). */
    const record = async () => {
      if (!last.current) return;
      observe();
      const stretch = pending.current;
      const now = last.current;
      if (!stretch || !now) return;
      pending.current = { since: now.wall, watched: 0 };
      await addPlayback(lessonId, {
        since: stretch.since,
        at: now.wall,
        positionSeconds: Math.min(86_400, now.position),
        durationSeconds: duration(),
        watchedSeconds: stretch.watched,
      }).catch(() => undefined);
      const total = duration();
      if (total && now.position >= total * COMPLETION_RATIO) {
        onSavedRef.current({
          positionSeconds: Math.round(now.position),
          watchedSeconds: 0,
          durationSeconds: Math.ceil(total),
          completed: true,
          completedAt: new Date(now.wall),
          fraction: Math.min(1, now.position / total),
        });
      }
    };

    recordRef.current = record;

    const onPlay = () => {
      last.current = null;
      observe();
    };
    // A seek starts a new reading: the jump itself is not playback.
    const onSeeked = () => {
      if (!video.paused) last.current = { wall: Date.now(), position: video.currentTime };
    };
    const onPause = () => {
      void record().then(() => syncNow({ respectGap: true }));
      last.current = null;
    };
    const onEnded = () => {
      void record().then(() => syncNow());
      last.current = null;
    };
    const onHidden = () => {
      if (document.visibilityState !== "hidden") return;
      // Recorded synchronously in the outbox's mirror, then sent at once: the page may be gone a moment later.
      void record();
      syncOnLeave();
    };

    video.addEventListener("play", onPlay);
    video.addEventListener("seeked", onSeeked);
    video.addEventListener("pause", onPause);
    video.addEventListener("ended", onEnded);
    document.addEventListener("visibilitychange", onHidden);
    window.addEventListener("pagehide", onHidden);
    return () => {
      video.removeEventListener("play", onPlay);
      video.removeEventListener("seeked", onSeeked);
      video.removeEventListener("pause", onPause);
      video.removeEventListener("ended", onEnded);
      document.removeEventListener("visibilitychange", onHidden);
      window.removeEventListener("pagehide", onHidden);
      // Leaving the lesson inside the app (next lesson, another page): record it and send it now.
      if (last.current) void record().then(() => syncNow());
      last.current = null;
    };
  }, [enabled, lessonId, videoRef]);

  useEffect(() => {
    if (!playing || !enabled) return;
    let sinceSync = 0;
    const timer = window.setInterval(() => {
      sinceSync += PROGRESS_TICK_MS;
      const due = sinceSync >= PROGRESS_SYNC_INTERVAL_MS;
      if (due) sinceSync = 0;
      // Recording is local, every few seconds; the network is used once per interval.
      void recordRef.current().then(() => (due ? syncNow({ respectGap: true }) : undefined));
    }, PROGRESS_TICK_MS);
    return () => window.clearInterval(timer);
  }, [enabled, playing]);
}
