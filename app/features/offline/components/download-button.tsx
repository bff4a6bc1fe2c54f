import { Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { buttonClasses } from "~/components/ui/button";
import { CheckIcon, DownloadIcon } from "~/components/icons";
import { cn } from "~/lib/cn";
import { downloadVerdict, VERDICT_MESSAGES, type OfflineAccessRecord } from "#core/offline";
import { ACCESS_RECORD_URL, DOWNLOAD_RECORD_PREFIX, META_CACHE, type DownloadRecord } from "~/sw/protocol";
import type { DownloadSource } from "../downloads";
import { formatBytes } from "../format-bytes";

type State =
  | { kind: "checking" }
  | { kind: "unsupported" }
  | { kind: "idle" }
  | { kind: "downloading"; percent: number | null; step: "video" | "extras" }
  | { kind: "downloaded"; record: DownloadRecord; stopped: string | null }
  | { kind: "failed"; message: string };

async function readJson<T>(url: string): Promise<T | null> {
  const stored = await caches.match(url, { cacheName: META_CACHE });
  return stored ? ((await stored.json()) as T) : null;
}

/**
 * "Download" on a lesson (docs/offline.md): keeps its video, poster, captions, glosses and page for offline
 * use. Only the check "is it downloaded?" runs with the page; the download code (../downloads.ts) loads on the
 * first tap. Disabled until the scripts run: there is nothing to do without them.
 */
export function DownloadButton({ source, interactive }: { source: DownloadSource; interactive: boolean }) {
  const [state, setState] = useState<State>({ kind: "checking" });
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    if (!interactive) return;
    let cancelled = false;
    void (async () => {
      if (!("caches" in window) || !("serviceWorker" in navigator)) return setState({ kind: "unsupported" });
      const [record, access] = await Promise.all([
        readJson<DownloadRecord>(`${DOWNLOAD_RECORD_PREFIX}${source.lessonId}`),
        readJson<OfflineAccessRecord>(ACCESS_RECORD_URL),
      ]);
      if (cancelled) return;
      if (!record) return setState({ kind: "idle" });
      const verdict = downloadVerdict(record, access, Date.now());
      setState({ kind: "downloaded", record, stopped: verdict.playable ? null : VERDICT_MESSAGES[verdict.reason] });
    })().catch(() => setState({ kind: "idle" }));
    return () => {
      cancelled = true;
    };
  }, [interactive, source.lessonId]);

  useEffect(() => () => abort.current?.abort(), []);

  const start = async () => {
    setState({ kind: "downloading", percent: 0, step: "video" });
    const controller = new AbortController();
    abort.current = controller;
    try {
      const { downloadLesson } = await import("../downloads");
      const record = await downloadLesson(
        source,
        (progress) => {
          if (progress.step === "done") return;
          const percent = progress.total ? Math.min(100, Math.round((progress.received / progress.total) * 100)) : null;
          setState({ kind: "downloading", percent, step: progress.step });
        },
        controller.signal,
      );
      setState({ kind: "downloaded", record, stopped: null });
    } catch (error) {
      setState({ kind: "failed", message: error instanceof Error ? error.message : "The download failed." });
    } finally {
      abort.current = null;
    }
  };

  if (state.kind === "unsupported") return null;
  const busy = state.kind === "downloading";
  const downloaded = state.kind === "downloaded";
  return (
    <div className="flex flex-col items-start gap-1" data-testid="download-lesson">
      {downloaded ? (
        <Link
          to="/downloads"
          aria-label={`Downloaded, ${formatBytes(state.record.bytes)}: manage downloads`}
          title={`${formatBytes(state.record.bytes)} on this device`}
          className={buttonClasses("secondary", "md", "min-h-11")}
        >
          <CheckIcon className="size-4 text-primary-700" />
          Downloaded
        </Link>
      ) : (
        <button
          type="button"
          className={buttonClasses("secondary", "md", "min-h-11")}
          disabled={!interactive || state.kind === "checking" || busy}
          onClick={() => void start()}
          aria-describedby={`download-status-${source.lessonId}`}
        >
          <DownloadIcon className="size-4" />
          {busy
            ? state.step === "extras"
              ? "Saving transcript…"
              : `Downloading${state.percent === null ? "…" : ` ${state.percent}%`}`
            : state.kind === "failed"
              ? "Try again"
              : "Download"}
        </button>
      )}
      {busy ? (
        <div className="h-1 w-full overflow-hidden rounded-full bg-line" aria-hidden="true">
          <div
            className="h-full bg-primary-600 transition-[width]"
            style={{ width: `${state.step === "extras" ? 100 : (state.percent ?? 10)}%` }}
          />
        </div>
      ) : null}
      <p
        id={`download-status-${source.lessonId}`}
        role="status"
        className={cn(
          "max-w-72 text-xs",
          state.kind === "failed" || (downloaded && state.stopped) ? "text-red-800" : "sr-only",
        )}
      >
        {state.kind === "failed"
          ? `Download failed: ${state.message}`
          : downloaded
            ? (state.stopped ?? "Plays offline, with the transcript.")
            : ""}
      </p>
    </div>
  );
}
