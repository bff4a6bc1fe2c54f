import { lazy, Suspense, useId, useState } from "react";
import { cn } from "~/lib/cn";
import { ChevronDownIcon, SparkleIcon } from "~/components/icons";

const LessonChatPanel = lazy(() => import("./lesson-chat-panel"));

/**
 * The lesson assistant on the lesson page: questions about this lesson, answered from its transcript by
 * the server's AI model. Its panel (./lesson-chat-panel.tsx) loads when first opened and says plainly when
 * the assistant is off.
 */
export function LessonChat({ lessonId, lessonTitle }: { lessonId: number; lessonTitle: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  // Mounted on the first opening and kept (hidden) after, so closing and reopening keeps the conversation.
  const [opened, setOpened] = useState(false);

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-xl border border-line bg-surface shadow-sm">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => {
            setOpen((value) => !value);
            setOpened(true);
          }}
          className="flex w-full items-center gap-3 rounded-xl p-5 text-start hover:bg-primary-50/60 sm:p-6"
        >
          <span className="grid size-9 shrink-0 place-items-center rounded-full bg-primary-100 text-primary-800">
            <SparkleIcon className="size-5" />
          </span>
          <span className="min-w-0 flex-1">
            Ask about this lesson
            <span className="block text-sm font-normal text-muted">
              Questions about words, grammar or culture in “{lessonTitle}”.
            </span>
          </span>
          <ChevronDownIcon className={cn("size-5 shrink-0 text-muted transition-transform", open && "rotate-180")} />
        </button>
      </h2>
      <div id={`${id}-panel`} hidden={!open} className="space-y-4 border-t border-line p-5 sm:p-6">
        {opened ? (
          <Suspense fallback={<p className="text-sm text-muted">Loading the assistant…</p>}>
            <LessonChatPanel lessonId={lessonId} id={id} />
          </Suspense>
        ) : null}
        <noscript>
          <p className="text-sm text-muted">The lesson assistant needs JavaScript.</p>
        </noscript>
      </div>
    </section>
  );
}
