import { Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { CheckIcon, CloseIcon } from "~/components/icons";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import type { ListeningAttemptResult } from "#server/services/listening";
import { scorePercent, ScoreText } from "./activity-card";

const hasArabicLetters = (text: string) => /\p{Script=Arabic}/u.test(text);

function Answer({ text }: { text: string }) {
  if (!text) return <span className="text-muted italic">(no answer)</span>;
  return hasArabicLetters(text) ? (
    <span lang="ar" dir="rtl" className="text-lg">
      {text}
    </span>
  ) : (
    <span>{text}</span>
  );
}

/** The score of one attempt, each answer against the expected one, and the transcript. */
export function ListeningResult({ result, retryHref }: { result: ListeningAttemptResult; retryHref: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const percent = scorePercent(result);
  const perfect = result.score === result.total && result.total > 0;
  const isBest = result.best.score === result.score && result.best.total === result.total;

  // Arriving from "Check my answers", the keyboard and screen reader start at the score.
  useEffect(() => {
    headingRef.current?.focus();
  }, [result.attemptId]);

  return (
    <section id="result" aria-labelledby="result-heading" className="space-y-5">
      <div
        className={cn(
          "rounded-xl border p-5 shadow-sm sm:p-6",
          perfect ? "border-primary-200 bg-primary-50" : "border-accent-300/70 bg-accent-50",
        )}
      >
        <h2
          id="result-heading"
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold text-ink focus-visible:outline-none"
        >
          Your score: <span data-testid="attempt-score">{`${result.score}/${result.total}`}</span>
          <span className="sr-only"> correct</span>
        </h2>
        <div className="mt-3 flex items-center gap-3">
          <div className="h-2.5 flex-1 overflow-hidden rounded-full bg-white ring-1 ring-line">
            <div
              className={cn("h-full rounded-full", perfect ? "bg-primary-600" : "bg-accent-500")}
              style={{ width: `${percent}%` }}
            />
          </div>
          <span className="text-sm font-semibold text-ink tabular-nums">{percent}%</span>
        </div>
        <p className="mt-3 text-sm text-ink/80">
          {perfect ? "Every answer right. Well heard!" : "Listen again with the transcript below, then try once more."}{" "}
          {isBest ? (
            <span className="font-medium">This is your best score so far.</span>
          ) : (
            <span>
              Your best: <span className="font-semibold">{<ScoreText score={result.best} />}</span>.
            </span>
          )}
        </p>
        <div className="mt-4 flex flex-wrap gap-2">
          <Link to={retryHref} className={buttonClasses("primary", "md")}>
            Try again
          </Link>
          <Link to="/listening-activity" className={buttonClasses("secondary", "md")}>
            All listening activities
          </Link>
        </div>
      </div>

      <div className="rounded-xl border border-line bg-surface p-5 shadow-sm sm:p-6">
        <h2 className="text-lg font-semibold text-ink">Your answers</h2>
        <ol className="mt-3 divide-y divide-line">
          {result.review.map((item, index) => (
            <li key={item.questionId} className="flex gap-3 py-3.5">
              <span
                className={cn(
                  "mt-0.5 grid size-7 shrink-0 place-items-center rounded-full",
                  item.correct ? "bg-primary-600 text-white" : "bg-accent-100 text-accent-700 ring-1 ring-accent-300",
                )}
              >
                {item.correct ? <CheckIcon className="size-4" /> : <CloseIcon className="size-4" />}
              </span>
              <div className="min-w-0 flex-1">
                <p className="font-medium text-ink">
                  <span className="text-muted">{index + 1}.</span> {item.prompt}
                  <span className="sr-only">{item.correct ? " (correct)" : " (incorrect)"}</span>
                </p>
                <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] items-baseline gap-x-3 gap-y-0.5 text-sm">
                  <dt className="text-muted">Yours</dt>
                  <dd
                    className={cn(
                      item.correct ? "text-primary-800" : "text-ink",
                      !item.correct && item.given && "line-through decoration-accent-500",
                    )}
                  >
                    <Answer text={item.given} />
                  </dd>
                  {item.correct && item.given === item.expected ? null : (
                    <>
                      <dt className="text-muted">{item.correct ? "Answer" : "Expected"}</dt>
                      <dd className="font-medium text-ink">
                        <Answer text={item.expected} />
                      </dd>
                    </>
                  )}
                </dl>
              </div>
            </li>
          ))}
        </ol>
      </div>

      {result.transcript ? (
        <div className="rounded-xl border border-line bg-surface p-5 shadow-sm sm:p-6">
          <h2 className="text-lg font-semibold text-ink">Transcript</h2>
          <p lang="ar" dir="rtl" className="mt-3 text-xl leading-loose whitespace-pre-line text-ink">
            {result.transcript}
          </p>
        </div>
      ) : null}
    </section>
  );
}
