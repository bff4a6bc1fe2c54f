import { Link, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { checkPlaylistTitle, PLAYLIST_TITLE_MAX } from "#core/playlist-title";
import { useApi } from "~/lib/use-api";
import { useRootData } from "~/root";
import { PlaylistAddIcon, PlusIcon } from "~/components/icons";
import { plural } from "~/lib/text-format";
import { useHydrated } from "~/lib/use-hydrated";
import { useBrowserLayoutEffect } from "~/lib/use-browser-layout-effect";

interface MenuPlaylist {
  id: number;
  title: string;
  lessonCount: number;
  containsVideo?: boolean;
}

/**
 * "Add to playlist" for one lesson: a small dialog listing the learner's own playlists as checkboxes
 * (checked = the lesson is in it; unchecking removes it) and a field to create a new one with the
 * lesson already inside. Talks to the JSON API (`/api/playlists`) through useApi, so the error rules of
 * docs/product-rules.md#errors-and-toasts apply. Renders nothing for visitors. Before hydration (and without
 * JavaScript) it is a link to /playlists/add/<id>, a page of plain forms doing the same, so a tap is never
 * lost (docs/architecture.md#no-dead-taps).
 *
 *   <AddToPlaylist videoId={lesson.id} videoTitle={lesson.title} />
 *   <AddToPlaylist videoId={lesson.id} videoTitle={lesson.title} variant="button" />
 */
export function AddToPlaylist({
  videoId,
  videoTitle,
  variant = "icon",
  className,
}: {
  videoId: number;
  videoTitle: string;
  /** "icon": a round icon button for rows and cards; "button": a labelled secondary button. */
  variant?: "icon" | "button";
  className?: string;
}) {
  const root = useRootData();
  const hydrated = useHydrated();
  const api = useApi();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const [playlists, setPlaylists] = useState<MenuPlaylist[] | null>(null);
  const [busy, setBusy] = useState<number | "new" | null>(null);
  const [newTitle, setNewTitle] = useState("");
  const [titleError, setTitleError] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const [position, setPosition] = useState<{ top: number; left: number; width: number } | null>(null);
  const changed = useRef(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const inputId = useId();
  const headingId = useId();

  const close = useCallback(
    (returnFocus: boolean) => {
      setOpen(false);
      setStatus("");
      setTitleError(null);
      if (returnFocus) buttonRef.current?.focus();
      // Pages showing counts or this lesson's playlists pick up the change once the menu closes.
      if (changed.current) {
        changed.current = false;
        revalidator.revalidate();
      }
    },
    [revalidator],
  );

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    api
      .get<{ mine: MenuPlaylist[] }>(`/api/playlists?videoId=${videoId}`)
      .then((data) => {
        if (!cancelled) setPlaylists(data.mine);
      })
      .catch(() => {
        if (!cancelled) setPlaylists([]);
      });
    return () => {
      cancelled = true;
    };
  }, [open, api, videoId]);

  // Focus the first choice once the list is in (or the name field when there is none yet).
  useEffect(() => {
    if (!open || playlists === null) return;
    const target = panelRef.current?.querySelector<HTMLElement>("input[type=checkbox], input[type=text]");
    target?.focus();
    // Only when the list first arrives; later updates keep focus where the learner is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, playlists === null]);

  // The panel lives in a portal (so no card's overflow or stacking clips it), fixed beside its button:
  // below when there is room, else above; its end edge lines up with the button's.
  useBrowserLayoutEffect(() => {
    if (!open) return;
    const place = () => {
      const button = buttonRef.current?.getBoundingClientRect();
      if (!button) return;
      const margin = 12;
      const width = Math.min(320, window.innerWidth - margin * 2);
      const height = panelRef.current?.offsetHeight ?? 320;
      const rtl = getComputedStyle(buttonRef.current!).direction === "rtl";
      const preferredLeft = rtl ? button.left : button.right - width;
      const left = Math.min(Math.max(margin, preferredLeft), window.innerWidth - width - margin);
      const fitsBelow = window.innerHeight - button.bottom >= height + 8 || button.top < height + 8;
      setPosition({ top: fitsBelow ? button.bottom + 8 : button.top - height - 8, left, width });
    };
    place();
    window.addEventListener("resize", place);
    window.addEventListener("scroll", place, true);
    return () => {
      window.removeEventListener("resize", place);
      window.removeEventListener("scroll", place, true);
    };
  }, [open, playlists, status, titleError]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!rootRef.current?.contains(target) && !panelRef.current?.contains(target)) close(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.stopPropagation();
        close(true);
        return;
      }
      // Tabbing past either end of the panel closes it and returns to the button, as leaving a popover should.
      const panel = panelRef.current;
      if (event.key !== "Tab" || !panel?.contains(document.activeElement)) return;
      const focusable = [
        ...panel.querySelectorAll<HTMLElement>("input:not(:disabled), button:not(:disabled), a[href]"),
      ];
      if (document.activeElement === (event.shiftKey ? focusable[0] : focusable[focusable.length - 1])) {
        event.preventDefault();
        close(true);
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open, close]);

  // Rendered from the server on, so the control does not push the page down when the scripts arrive after
  // the first paint: until then a link to the page of forms, in the same place and look.
  if (!root?.user) return null;
  const triggerClass =
    variant === "icon"
      ? "inline-flex size-9 items-center justify-center rounded-full border border-line bg-surface text-muted transition-colors hover:border-primary-300 hover:bg-primary-50 hover:text-primary-800 aria-expanded:border-primary-400 aria-expanded:bg-primary-50 aria-expanded:text-primary-800"
      : "inline-flex items-center justify-center gap-2 rounded-xl border border-line bg-white px-4 py-2.5 text-sm font-medium text-ink transition-colors hover:border-primary-300 hover:bg-primary-50";
  const triggerContent = (
    <>
      <PlaylistAddIcon className={variant === "icon" ? "size-[18px]" : "size-4"} />
      {variant === "button" ? "Add to playlist" : null}
    </>
  );
  if (!hydrated) {
    return (
      <div className={cn("relative", className)}>
        <Link
          to={`/playlists/add/${videoId}`}
          aria-label={variant === "icon" ? `Add to playlist: ${videoTitle}` : undefined}
          className={triggerClass}
        >
          {triggerContent}
        </Link>
      </div>
    );
  }

  function setContains(playlistId: number, contains: boolean) {
    setPlaylists((list) =>
      (list ?? []).map((item) =>
        item.id === playlistId && Boolean(item.containsVideo) !== contains
          ? { ...item, containsVideo: contains, lessonCount: item.lessonCount + (contains ? 1 : -1) }
          : item,
      ),
    );
  }

  // Optimistic: the box ticks at once and unticks again if the server says no.
  async function toggle(playlist: MenuPlaylist) {
    const adding = !playlist.containsVideo;
    setBusy(playlist.id);
    setContains(playlist.id, adding);
    try {
      if (adding) {
        await api.post(`/api/playlists/${playlist.id}/videos`, { videoId });
        setStatus(`Added to “${playlist.title}”.`);
      } else {
        await api.delete(`/api/playlists/${playlist.id}/videos/${videoId}`);
        setStatus(`Removed from “${playlist.title}”.`);
      }
      changed.current = true;
    } catch {
      // useApi already told the learner what went wrong.
      setContains(playlist.id, !adding);
    } finally {
      setBusy(null);
    }
  }

  async function create(event: React.FormEvent) {
    event.preventDefault();
    const checked = checkPlaylistTitle(newTitle);
    if ("error" in checked) {
      setTitleError(checked.error);
      return;
    }
    setTitleError(null);
    setBusy("new");
    try {
      const created = await api.post<{ id: number; title: string; lessonCount: number }>("/api/playlists", {
        title: checked.title,
        videoId,
      });
      changed.current = true;
      setPlaylists((list) => [{ ...created, containsVideo: true }, ...(list ?? [])]);
      setNewTitle("");
      setStatus(`Created “${created.title}” with this lesson in it.`);
    } catch {
      // Shown by useApi.
    } finally {
      setBusy(null);
    }
  }

  return (
    <div ref={rootRef} className={cn("relative", className)}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-haspopup="dialog"
        aria-label={variant === "icon" ? `Add to playlist: ${videoTitle}` : undefined}
        onClick={() => (open ? close(false) : setOpen(true))}
        className={triggerClass}
      >
        {triggerContent}
      </button>
      {open
        ? createPortal(
            <div
              ref={panelRef}
              id={panelId}
              role="dialog"
              aria-labelledby={headingId}
              style={{ top: position?.top ?? -9999, left: position?.left ?? 0, width: position?.width }}
              className="fixed z-overlay rounded-xl border border-line bg-surface p-3 text-start shadow-xl shadow-ink/10"
            >
              <h2 id={headingId} className="px-1 text-sm font-semibold text-ink">
                Save to a playlist
              </h2>
              <p className="truncate px-1 text-xs text-muted">{videoTitle}</p>
              <div className="mt-2 max-h-60 overflow-y-auto">
                {playlists === null ? (
                  <p className="px-1 py-3 text-sm text-muted">Loading your playlists…</p>
                ) : playlists.length === 0 ? (
                  <p className="px-1 py-3 text-sm text-muted">No playlists yet. Name your first one below.</p>
                ) : (
                  <fieldset>
                    <legend className="sr-only">Your playlists</legend>
                    <ul className="space-y-0.5">
                      {playlists.map((playlist) => (
                        <li key={playlist.id}>
                          <label
                            className={cn(
                              "grid cursor-pointer grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 rounded-lg px-2 py-2 hover:bg-primary-50",
                              busy === playlist.id && "opacity-60",
                            )}
                          >
                            <input
                              type="checkbox"
                              checked={Boolean(playlist.containsVideo)}
                              disabled={busy !== null}
                              onChange={() => void toggle(playlist)}
                              className="row-span-2 size-4 accent-primary-700"
                            />
                            <span className="truncate text-sm font-medium text-ink">{playlist.title}</span>
                            <span className="text-xs text-muted">{plural(playlist.lessonCount, "lesson")}</span>
                          </label>
                        </li>
                      ))}
                    </ul>
                  </fieldset>
                )}
              </div>
              <form onSubmit={create} noValidate className="mt-2 border-t border-line pt-3">
                <label htmlFor={inputId} className="px-1 text-xs font-medium text-muted">
                  New playlist
                </label>
                <div className="mt-1 flex gap-2">
                  <input
                    id={inputId}
                    type="text"
                    value={newTitle}
                    onChange={(event) => setNewTitle(event.target.value)}
                    maxLength={PLAYLIST_TITLE_MAX}
                    placeholder="e.g. Café phrases"
                    aria-invalid={titleError ? true : undefined}
                    aria-describedby={titleError ? `${inputId}-error` : undefined}
                    className="block w-full min-w-0 flex-1 rounded-xl border border-line bg-white px-3 py-2 text-sm text-ink shadow-xs placeholder:text-muted/70 focus:border-primary-600 focus:ring-3 focus:ring-primary-200 focus:outline-none aria-invalid:border-red-600"
                  />
                  <Button type="submit" size="sm" disabled={busy !== null} aria-label="Create and add">
                    <PlusIcon className="size-4" />
                    <span aria-hidden="true">Add</span>
                  </Button>
                </div>
                {titleError ? (
                  <p id={`${inputId}-error`} className="mt-1 px-1 text-xs font-medium text-red-700">
                    {titleError}
                  </p>
                ) : null}
              </form>
              <p role="status" className={cn("px-1 text-xs font-medium text-primary-800", status && "pt-2")}>
                {status}
              </p>
              <Link
                to="/playlists"
                className="mt-1 block rounded-lg px-1 py-1 text-xs font-medium text-primary-700 hover:underline"
              >
                Manage your playlists
              </Link>
            </div>,
            document.body,
          )
        : null}
    </div>
  );
}
