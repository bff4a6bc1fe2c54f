import { Link } from "@remix-run/react";
import { useCallback, useRef, useState, useSyncExternalStore } from "react";
import { AddToPlaylist } from "~/features/collections/components/add-to-playlist";
import { LessonExercises } from "./exercises/lesson-exercises";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import type { OpenLessonData } from "../lesson-route.server";
import { GuestPromptProvider, returnHref, useGuestPrompt } from "./guest-prompt";
import { LessonChat } from "./lesson-chat";
import { LessonHeading } from "./lesson-heading";
import { LessonComments } from "./lesson-comments";
import { NextUp } from "./next-up";
import { KnownWordsPanel } from "./known-words-panel";
import { KnownWords } from "~/components/known-words";
import {
  AboutLesson,
  CollectionSidebar,
  LessonAttachments,
  LessonVocabulary,
  PartOfCard,
  UpNextCard,
} from "./lesson-details";
import { ArrowLeftIcon, ArrowRightIcon, CheckIcon, LockIcon } from "~/components/icons";
import { PlayerWorkspace, type WorkspaceHandle } from "./player-workspace";
import { usePlayerPreferences } from "./use-player-preferences";
import type { SavedProgress } from "./use-progress-saver";
import { Breadcrumb } from "~/components/breadcrumb";
import { DownloadButton } from "~/features/offline/components/download-button";
import { InstallPrompt } from "~/features/offline/components/install-prompt";

const noSubscription = () => () => {};

/** False on the server and during hydration, true once the page is interactive. */
function useInteractive() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

const KIND_LABEL = { course: "Course", series: "Series", playlist: "Playlist" } as const;

/**
 * One lesson page for every route that shows a lesson (`/video`, and inside a course, series or
 * playlist): header, player with interactive transcript, then what the learner studies around it.
 */
export function LessonPage({ data }: { data: OpenLessonData }) {
  const { page, comments, startAt, viewer, nextUp, known } = data;
  const workspace = useRef<WorkspaceHandle | null>(null);
  const currentTime = useCallback(() => workspace.current?.currentTime() ?? startAt ?? 0, [startAt]);
  // A visitor on a free lesson: saving anything asks them to sign up (ADR 038).
  const guest = viewer === null;
  const { lesson, collection, nextLesson, previousLesson } = page;
  const interactive = useInteractive();
  const [completed, setCompleted] = useState(page.progress?.completed ?? false);
  // Finished during this visit: the moment to offer installing the app (once; docs/offline.md).
  const [finishedNow, setFinishedNow] = useState(false);
  // The same remembered choice as the transcript's Romanized/Arabizi switch.
  const [preferences] = usePlayerPreferences();
  const defaultScheme = viewer?.transliterationScheme ?? "romanized";
  const scheme = preferences.scheme ?? defaultScheme;

  const seekFromDetails = useCallback((ms: number) => {
    workspace.current?.seekToMs(ms);
    const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    document.getElementById("player")?.scrollIntoView({ block: "start", behavior: reduce ? "auto" : "smooth" });
  }, []);

  const playMoment = useCallback((moment: { startMs: number; endMs: number }) => {
    workspace.current?.playMoment(moment);
  }, []);

  const onProgress = useCallback((progress: SavedProgress) => {
    if (!progress.completed) return;
    setCompleted((before) => {
      if (!before) setFinishedNow(true);
      return true;
    });
  }, []);

  const upNext = nextLesson
    ? { title: nextLesson.title, href: nextLesson.href, locked: nextLesson.locked, via: nextLesson.via }
    : nextUp?.kind === "lesson"
      ? { title: nextUp.lesson.title, href: nextUp.lesson.href, locked: nextUp.lesson.locked, via: null }
      : null;

  const content = (
    <main className="mx-auto max-w-7xl px-4 pt-5 pb-16 sm:px-6 lg:pt-7">
      <Breadcrumb
        items={[
          { label: "Library", to: "/video-library" },
          ...(collection
            ? [{ label: `${KIND_LABEL[collection.kind]}: ${collection.title}`, to: collection.href }]
            : []),
          { label: collection ? `Lesson ${collection.currentIndex + 1}` : lesson.title },
        ]}
      />

      <header className="mt-3 mb-5 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          <LessonHeading
            lesson={lesson}
            teachers={page.teachers}
            badge={
              lesson.isFree ? (
                <span className="rounded-full bg-accent-400 px-2.5 py-0.5 text-xs font-bold tracking-wide text-ink uppercase">
                  Free
                </span>
              ) : null
            }
          >
            {completed ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-primary-50 px-2.5 py-0.5 text-xs font-semibold text-primary-800 ring-1 ring-primary-200">
                <CheckIcon className="size-3.5" /> Completed
              </span>
            ) : null}
            {known ? <KnownWords knowledge={known.knowledge} /> : null}
          </LessonHeading>
        </div>
        <div className="flex shrink-0 flex-wrap items-start gap-2">
          {guest ? (
            <GuestPlaylistLink lessonPath={lesson.canonicalPath} startAt={startAt} />
          ) : (
            <AddToPlaylist videoId={lesson.id} videoTitle={lesson.title} variant="button" />
          )}
          {viewer && page.media.videoUrl ? (
            <DownloadButton
              interactive={interactive}
              source={{
                lessonId: lesson.id,
                title: lesson.title,
                titleAr: lesson.titleAr,
                path: lesson.canonicalPath,
                isFree: lesson.isFree,
                userId: viewer.id,
                videoUrl: page.media.videoUrl,
                posterUrl: page.media.posterUrl,
                captionUrls: page.media.captions.map((track) => track.src),
                cues: page.cues,
              }}
            />
          ) : null}
          {previousLesson || nextLesson ? (
            <div className="hidden shrink-0 gap-2 lg:flex">
              {previousLesson ? (
                <Link
                  to={previousLesson.href}
                  className={buttonClasses("secondary", "md")}
                  aria-label={`Previous lesson: ${previousLesson.title}`}
                >
                  <ArrowLeftIcon className="size-4" />
                  Previous
                </Link>
              ) : null}
              {nextLesson ? (
                <Link to={nextLesson.href} className={buttonClasses("primary", "md")}>
                  {nextLesson.locked ? <LockIcon className="size-4" /> : null}
                  Next lesson
                  <span className="sr-only">: {nextLesson.title}</span>
                  <ArrowRightIcon className="size-4" />
                </Link>
              ) : null}
            </div>
          ) : null}
        </div>
      </header>

      {guest ? <GuestBanner lessonPath={lesson.canonicalPath} startAt={startAt} /> : null}
      <InstallPrompt when={finishedNow} />

      <PlayerWorkspace
        key={lesson.id}
        lessonId={lesson.id}
        title={lesson.title}
        media={page.media}
        cues={page.cues}
        durationSeconds={lesson.durationSeconds}
        startAt={startAt}
        savedProgress={page.progress}
        defaultScheme={defaultScheme}
        upNext={upNext}
        interactive={interactive}
        handleRef={workspace}
        onProgress={onProgress}
        intelligibilityCheck={data.intelligibilityCheck}
      />

      {previousLesson || nextLesson ? (
        // On phones the lesson comes first; moving on sits under the transcript.
        <div className="mt-4 flex gap-2 lg:hidden">
          {previousLesson ? (
            <Link
              to={previousLesson.href}
              className={buttonClasses("secondary", "md")}
              aria-label={`Previous lesson: ${previousLesson.title}`}
            >
              <ArrowLeftIcon className="size-4" />
              Previous
            </Link>
          ) : null}
          {nextLesson ? (
            <Link to={nextLesson.href} className={buttonClasses("primary", "md", "flex-1")}>
              {nextLesson.locked ? <LockIcon className="size-4" /> : null}
              Next lesson
              <span className="sr-only">: {nextLesson.title}</span>
              <ArrowRightIcon className="size-4" />
            </Link>
          ) : null}
        </div>
      ) : null}

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(340px,400px)] xl:grid-cols-[minmax(0,1fr)_420px]">
        <aside aria-label="Around this lesson" className="space-y-5 lg:order-2">
          <div className={cn("space-y-5", collection && "lg:sticky lg:top-20")}>
            {collection ? <CollectionSidebar collection={collection} /> : null}
            {!collection && nextLesson ? <UpNextCard next={nextLesson} /> : null}
            {known ? <KnownWordsPanel known={known} completed={completed} /> : null}
            {nextUp ? <NextUp data={nextUp} /> : null}
            {!collection ? <PartOfCard partOf={page.partOf} /> : null}
            <LessonAttachments attachments={page.attachments} />
          </div>
        </aside>
        <div className="min-w-0 space-y-6 lg:order-1">
          <AboutLesson lesson={lesson} teachers={page.teachers} />
          <LessonVocabulary
            lessonId={lesson.id}
            vocabulary={page.vocabulary}
            scheme={scheme}
            onSeek={seekFromDetails}
          />
          <LessonExercises lessonId={lesson.id} exercises={page.exercises} onPlayMoment={playMoment} />
          {viewer ? <LessonChat lessonId={lesson.id} lessonTitle={lesson.title} /> : null}
          <LessonComments comments={comments} viewerName={viewer?.name ?? null} />
        </div>
      </div>
    </main>
  );
  if (!guest) return content;
  return (
    <GuestPromptProvider lessonPath={lesson.canonicalPath} currentTime={currentTime}>
      {content}
    </GuestPromptProvider>
  );
}

/**
 * What a visitor reads above a free lesson: it is theirs to watch, and an account keeps what they do. A
 * plain link, so it works before the scripts (it comes back to the moment they arrived at).
 */
function GuestBanner({ lessonPath, startAt }: { lessonPath: string; startAt: number | null }) {
  const guest = useGuestPrompt();
  return (
    <aside
      aria-label="Watching as a guest"
      data-testid="guest-banner"
      className="mb-4 flex flex-col gap-3 rounded-xl border border-primary-200 bg-primary-50 px-4 py-3 text-sm text-primary-900 sm:flex-row sm:items-center sm:justify-between"
    >
      <p>
        <span className="font-semibold">This lesson is free to watch.</span> Sign up free to save words, check your
        answers and keep your place.
      </p>
      <Link
        to={returnHref("signup", lessonPath, startAt)}
        onClick={(event) => {
          if (!guest) return;
          event.preventDefault();
          guest.ask("save words and keep your place");
        }}
        className={buttonClasses("primary", "md", "shrink-0 justify-center")}
      >
        Sign up free
      </Link>
    </aside>
  );
}

/** "Add to playlist" for a visitor: the sign-up prompt (a link to sign up until the scripts run). */
function GuestPlaylistLink({ lessonPath, startAt }: { lessonPath: string; startAt: number | null }) {
  const guest = useGuestPrompt();
  return (
    <Link
      to={returnHref("signup", lessonPath, startAt)}
      onClick={(event) => {
        if (!guest) return;
        event.preventDefault();
        guest.ask("add lessons to your playlists");
      }}
      className={buttonClasses("secondary", "md")}
    >
      Add to playlist
    </Link>
  );
}
