import { useFetcher } from "@remix-run/react";
import { JsMarker } from "~/components/discussion/js-marker";
import { CheckIcon } from "~/components/icons";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { KNOWN_INTENTS } from "#core/known-words";
import type { LessonKnowledgePanel } from "#server/services/words/known";

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * The lesson's words as the member knows them (docs/words.md "What the learner knows"): how many are known,
 * learning and new (the header shows the percentage), and, once they have finished the lesson, "Mark the other N words as known" with its undo. Plain forms
 * posting to the lesson route (they work without JavaScript); with it they are fetchers, and the page's data
 * comes back with the new figure.
 */
export function KnownWordsPanel({
  known,
  completed,
  className,
}: {
  known: LessonKnowledgePanel;
  completed: boolean;
  className?: string;
}) {
  const marker = useFetcher<{ intent: string; marked?: number; restored?: number; error: string | null }>();
  const { knowledge, lastBatch } = known;
  if (knowledge.lemmas === 0) return null;
  const busy = marker.state !== "idle";
  const error = marker.data?.error ?? null;
  const offer = completed && knowledge.new > 0;

  return (
    <section
      id="known-words"
      aria-labelledby="known-words-heading"
      className={cn("scroll-mt-20 rounded-xl border border-line bg-surface p-4 shadow-sm sm:p-5", className)}
    >
      <h2 id="known-words-heading" className="text-xs font-semibold tracking-wide text-primary-700 uppercase">
        Words in this lesson
      </h2>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-center">
        {[
          { label: "Known", value: knowledge.known },
          { label: "Learning", value: knowledge.learning },
          { label: "New", value: knowledge.new },
        ].map((item) => (
          <div key={item.label} className="rounded-lg bg-canvas/70 px-2 py-1.5">
            <dt className="text-xs text-muted">{item.label}</dt>
            <dd className="text-lg font-semibold text-ink tabular-nums">{item.value}</dd>
          </div>
        ))}
      </dl>
      {offer ? (
        <marker.Form method="post" className="mt-4" preventScrollReset>
          <input type="hidden" name="intent" value={KNOWN_INTENTS.markRest} />
          <JsMarker />
          <p className="text-sm text-ink">
            You finished this lesson. Did you understand the rest? Words you know leave your reviews alone and count
            towards every lesson they are in.
          </p>
          <button type="submit" disabled={busy} className={buttonClasses("primary", "md", "mt-3 w-full")}>
            <CheckIcon className="size-4" />
            {knowledge.new === knowledge.counted
              ? `Mark all ${plural(knowledge.new, "word")} as known`
              : `Mark the other ${plural(knowledge.new, "word")} as known`}
          </button>
        </marker.Form>
      ) : null}
      {lastBatch ? (
        <marker.Form
          method="post"
          className="mt-4 flex flex-wrap items-center justify-between gap-2"
          preventScrollReset
        >
          <input type="hidden" name="intent" value={KNOWN_INTENTS.undo} />
          <input type="hidden" name="batchId" value={lastBatch.batchId} />
          <JsMarker />
          <p role="status" className="text-sm text-ink">
            {`You marked ${plural(lastBatch.marked, "word")} of this lesson as known.`}
          </p>
          <button type="submit" disabled={busy} className={buttonClasses("secondary", "sm")}>
            Undo
          </button>
        </marker.Form>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </section>
  );
}
