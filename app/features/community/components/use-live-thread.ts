import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";

const POLL_INTERVAL_MS = 10_000;

/**
 * Keeps a thread page current without a reload: a cheap activity check every few seconds while the tab
 * is visible, and at once when it regains focus; the page data is revalidated only when something changed.
 */
export function useLiveThread(threadId: number, updatedAt: Date | string) {
  const revalidator = useRevalidator();
  const revalidatorRef = useRef(revalidator);
  const known = useRef(new Date(updatedAt).toISOString());
  useEffect(() => {
    revalidatorRef.current = revalidator;
    known.current = new Date(updatedAt).toISOString();
  });

  useEffect(() => {
    let cancelled = false;
    async function check() {
      if (document.visibilityState !== "visible" || revalidatorRef.current.state !== "idle") return;
      try {
        const response = await fetch(`/api/community/threads/${threadId}/activity`, {
          headers: { Accept: "application/json" },
          credentials: "same-origin",
        });
        if (!response.ok) return;
        const body = (await response.json()) as { data?: { updatedAt?: string } };
        if (!cancelled && body.data?.updatedAt && body.data.updatedAt !== known.current) {
          revalidatorRef.current.revalidate();
        }
      } catch {
        // Offline or a hiccup: the next tick tries again.
      }
    }
    const timer = window.setInterval(check, POLL_INTERVAL_MS);
    const onVisible = () => void check();
    window.addEventListener("focus", onVisible);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
      window.removeEventListener("focus", onVisible);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [threadId]);
}
