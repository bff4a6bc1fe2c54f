import { useNavigate } from "@remix-run/react";
import { useEffect, useMemo, useRef } from "react";
import { showToast } from "~/components/toaster";
import { createApiClient } from "~/lib/api-client";
import { useRootData } from "~/root";

/** While playing, the position is saved this often; also on pause, on end and when the page is hidden or left. */
export const PROGRESS_SAVE_INTERVAL_MS = 5000;

export interface SavedProgress {
  positionSeconds: number;
  watchedSeconds: number;
  durationSeconds: number;
  completed: boolean;
  completedAt: Date | null;
  fraction: number;
}

/**
 * The JSON client for background saves: the usual error rules (docs/product-rules.md#errors-and-toasts),
 * but its error toasts share one id, so a dropped connection shows one toast instead of one every five
 * seconds.
 */
function useBackgroundApi() {
  const navigate = useNavigate();
  const loggedIn = Boolean(useRootData()?.user);
  return useMemo(
    () =>
      createApiClient({
        isLoggedIn: () => loggedIn,
        logout: () => {
          const here = `${window.location.pathname}${window.location.search}`;
          window.location.assign(`/auth/login?redirect=${encodeURIComponent(here)}`);
        },
        navigate: (to) => navigate(to),
        notify: (toast) =>
          showToast({ ...toast, id: "lesson-progress", text: `Your progress could not be saved. ${toast.text}` }),
      }),
    [loggedIn, navigate],
  );
}

/**
 * Saves the learner's place in the lesson (idempotent upserts on the server): once when playback first
 * starts (the baseline the server measures watched time from), every few seconds while playing, on
 * pause and end, and with a keepalive request when the tab is hidden or the page is left. A visitor
 * (`enabled: false`, ADR 038) has no place to keep: nothing is sent.
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
  const api = useBackgroundApi();
  const url = `/api/lessons/${lessonId}/progress`;
  const lastSent = useRef<number | null>(null);
  const startedRef = useRef(false);
  const onSavedRef = useRef(onSaved);
  useEffect(() => {
    onSavedRef.current = onSaved;
  }, [onSaved]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !enabled) return;

    const body = () => ({
      positionSeconds: Math.max(0, video.currentTime),
      durationSeconds: Number.isFinite(video.duration) && video.duration > 0 ? video.duration : undefined,
    });

    const save = (force = false) => {
      if (!startedRef.current) return;
      const payload = body();
      if (!force && lastSent.current !== null && Math.abs(payload.positionSeconds - lastSent.current) < 0.5) return;
      lastSent.current = payload.positionSeconds;
      api
        .put<SavedProgress>(url, payload)
        .then((saved) => onSavedRef.current(saved))
        .catch(() => undefined);
    };

    // The page may be going away: a request that outlives it. sendBeacon (POST) is the fallback.
    const saveOnLeave = () => {
      if (!startedRef.current) return;
      const payload = body();
      if (lastSent.current !== null && Math.abs(payload.positionSeconds - lastSent.current) < 0.5) return;
      lastSent.current = payload.positionSeconds;
      const json = JSON.stringify(payload);
      try {
        void fetch(url, {
          method: "PUT",
          keepalive: true,
          credentials: "same-origin",
          headers: { "Content-Type": "application/json" },
          body: json,
        }).catch(() => undefined);
      } catch {
        // The API takes only application/json (server/lib/request-guards.ts), so the beacon sends a typed Blob.
        try {
          navigator.sendBeacon?.(url, new Blob([json], { type: "application/json" }));
        } catch {
          // Nothing else can outlive the page; the last periodic save stands.
        }
      }
    };

    const onPlay = () => {
      if (!startedRef.current) {
        startedRef.current = true;
        save(true);
      }
    };
    const onPause = () => save();
    const onEnded = () => save(true);
    const onVisibility = () => {
      if (document.visibilityState === "hidden") saveOnLeave();
    };

    video.addEventListener("play", onPlay);
    video.addEventListener("pause", onPause);
    video.addEventListener("ended", onEnded);
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", saveOnLeave);
    return () => {
      video.removeEventListener("play", onPlay);
      video.removeEventListener("pause", onPause);
      video.removeEventListener("ended", onEnded);
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", saveOnLeave);
      // Leaving the lesson inside the app (next lesson, another page) is a leave too.
      saveOnLeave();
    };
  }, [api, enabled, url, videoRef]);

  useEffect(() => {
    if (!playing || !enabled) return;
    const timer = window.setInterval(() => {
      const video = videoRef.current;
      if (!video || !startedRef.current) return;
      const position = video.currentTime;
      if (lastSent.current !== null && Math.abs(position - lastSent.current) < 0.5) return;
      lastSent.current = position;
      api
        .put<SavedProgress>(url, {
          positionSeconds: position,
          durationSeconds: Number.isFinite(video.duration) && video.duration > 0 ? video.duration : undefined,
        })
        .then((saved) => onSavedRef.current(saved))
        .catch(() => undefined);
    }, PROGRESS_SAVE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [api, enabled, playing, url, videoRef]);
}
