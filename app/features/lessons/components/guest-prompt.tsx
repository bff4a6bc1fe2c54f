import { Link } from "@remix-run/react";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { CloseIcon } from "~/components/icons";
import { buttonClasses } from "~/components/ui/button";
import { formatDuration } from "#core/format";

/**
 * A visitor on a free lesson (ADR 038): everything that reads works, everything that would save something
 * (a word, a status, a line, an answer, a playlist, progress) asks them to sign up instead, through this
 * context. Members get null and save as before.
 */
export interface GuestPrompt {
  /** Opens the sign-up prompt; `what` finishes "Sign up free to …". */
  ask: (what: string) => void;
  /** The sign-up address that brings them back to this lesson at this moment. */
  signUpHref: () => string;
}

const GuestContext = createContext<GuestPrompt | null>(null);

/** Null for a member; the prompt for a visitor. */
export function useGuestPrompt(): GuestPrompt | null {
  return useContext(GuestContext);
}

/** `/auth/<page>?redirect=<lesson path>?t=<seconds>`: the sign-in pages' checked return address (same origin). */
export function returnHref(page: "signup" | "login", lessonPath: string, seconds: number | null): string {
  const back = seconds && seconds > 0 ? `${lessonPath}?t=${Math.floor(seconds)}` : lessonPath;
  return `/auth/${page}?redirect=${encodeURIComponent(back)}`;
}

export function GuestPromptProvider({
  lessonPath,
  currentTime,
  children,
}: {
  /** The lesson's canonical path. */
  lessonPath: string;
  /** Where the video is now, in seconds. */
  currentTime: () => number;
  children: React.ReactNode;
}) {
  const [asked, setAsked] = useState<{ what: string; seconds: number } | null>(null);
  const ask = useCallback((what: string) => setAsked({ what, seconds: currentTime() }), [currentTime]);
  const signUpHref = useCallback(() => returnHref("signup", lessonPath, currentTime()), [currentTime, lessonPath]);
  const value = useMemo(() => ({ ask, signUpHref }), [ask, signUpHref]);
  return (
    <GuestContext.Provider value={value}>
      {children}
      <SignUpDialog lessonPath={lessonPath} asked={asked} onClose={() => setAsked(null)} />
    </GuestContext.Provider>
  );
}

/** A native modal `<dialog>` (focus inside, Escape closes), as the keyboard help. */
function SignUpDialog({
  lessonPath,
  asked,
  onClose,
}: {
  lessonPath: string;
  asked: { what: string; seconds: number } | null;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  // The last question stays on screen while the dialog closes.
  const [shown, setShown] = useState(asked);
  if (asked && asked !== shown) setShown(asked);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (asked && !dialog.open) dialog.showModal();
    if (!asked && dialog.open) dialog.close();
  }, [asked]);

  const seconds = shown?.seconds ?? 0;
  return (
    // A click on the backdrop lands on the dialog element itself; Escape is handled natively by <dialog>.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      aria-labelledby="guest-prompt-heading"
      aria-describedby="guest-prompt-text"
      data-testid="guest-prompt"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="z-overlay m-auto w-[min(26rem,calc(100vw-2rem))] rounded-2xl border border-line bg-white p-0 text-ink shadow-2xl backdrop:bg-ink/60 backdrop:backdrop-blur-[2px]"
    >
      <div className="p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id="guest-prompt-heading" className="text-lg font-semibold">
            Sign up free to {shown?.what ?? "save your work"}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="-me-2 -mt-1 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-canvas hover:text-ink"
          >
            <CloseIcon className="size-5" />
          </button>
        </div>
        <p id="guest-prompt-text" className="mt-2 text-sm leading-relaxed text-muted">
          A free account keeps your words, your answers and your place in every lesson.{" "}
          {seconds >= 1 ? (
            <>You&rsquo;ll come back to this lesson at {formatDuration(Math.floor(seconds))}.</>
          ) : (
            <>You&rsquo;ll come back to this lesson.</>
          )}
        </p>
        <div className="mt-5 flex flex-col gap-2 sm:flex-row">
          <Link
            to={returnHref("signup", lessonPath, seconds)}
            className={buttonClasses("primary", "md", "flex-1 justify-center")}
          >
            Sign up free
          </Link>
          <Link
            to={returnHref("login", lessonPath, seconds)}
            className={buttonClasses("secondary", "md", "flex-1 justify-center")}
          >
            Log in
          </Link>
        </div>
        <button
          type="button"
          onClick={onClose}
          className="mt-3 min-h-11 w-full rounded-lg text-sm font-medium text-muted hover:text-ink"
        >
          Keep watching
        </button>
      </div>
    </dialog>
  );
}
