import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { CheckIcon, CloseIcon, HeadphonesIcon } from "~/components/icons";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import type { QuizView } from "#core/vocabulary-quiz";

const PROMPTS = {
  "arabic-to-meaning": "What does this mean?",
  "meaning-to-arabic": "Which word means this?",
  listening: "Listen. Which word do you hear?",
} as const;

/**
 * The vocabulary quiz, shared by lists and decks. Each option is a submit button of a plain form, so
 * the quiz works without JavaScript; with it, the number keys 1–4 choose an option.
 */
export function QuizPlayer({
  view,
  playPath,
  backTo,
  children,
}: {
  view: QuizView;
  playPath: string;
  backTo: { label: string; href: string };
  /** Shown on the score screen under the score (e.g. a deck's best score). */
  children?: React.ReactNode;
}) {
  if (view.finished) return <QuizScore view={view} playPath={playPath} backTo={backTo} extra={children} />;
  return <QuizQuestion view={view} />;
}

function QuizQuestion({ view }: { view: QuizView }) {
  const question = view.question!;
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.has("choice");

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))) return;
      const number = Number(event.key);
      if (!Number.isInteger(number) || number < 1) return;
      const button = formRef.current?.querySelector<HTMLButtonElement>(`button[data-option="${number}"]`);
      if (!button) return;
      event.preventDefault();
      button.click();
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  // A new question: keyboard and screen-reader users start from its heading.
  useEffect(() => {
    if (question.number > 1) headingRef.current?.focus();
  }, [question.number]);

  const progress = Math.round((view.answered / view.total) * 100);

  return (
    <div className="mx-auto max-w-2xl">
      <div className="flex items-center justify-between gap-3 text-sm font-medium text-muted">
        <span>
          Question {question.number} of {view.total}
        </span>
        <span>
          Score: {view.correctSoFar} / {view.answered}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Quiz progress"
        aria-valuemin={0}
        aria-valuemax={view.total}
        aria-valuenow={view.answered}
        className="mt-2 h-2 overflow-hidden rounded-full bg-primary-100"
      >
        <div className="h-full rounded-full bg-primary-600 transition-all" style={{ width: `${progress}%` }} />
      </div>

      <div role="status" aria-live="polite" className="mt-4 min-h-12">
        {view.last ? (
          <p
            className={cn(
              "flex flex-wrap items-center gap-x-2 rounded-xl px-4 py-2.5 text-sm",
              view.last.correct ? "bg-primary-50 text-primary-900" : "bg-red-50 text-red-900",
            )}
          >
            {view.last.correct ? (
              <CheckIcon className="size-4 shrink-0" aria-hidden />
            ) : (
              <CloseIcon className="size-4 shrink-0" aria-hidden />
            )}
            <span className="font-semibold">{view.last.correct ? "Correct." : "Not quite."}</span>
            <span lang="ar" dir="rtl" className="text-lg">
              {view.last.arabic}
            </span>
            <span>
              {view.last.transliteration ? `(${view.last.transliteration}) ` : ""}means “{view.last.english}”.
            </span>
          </p>
        ) : null}
      </div>

      <section
        aria-labelledby="quiz-question"
        className="mt-2 rounded-xl border border-line bg-surface p-5 shadow-sm sm:p-8"
      >
        <h2
          id="quiz-question"
          ref={headingRef}
          tabIndex={-1}
          className="text-sm font-semibold tracking-wide text-muted uppercase outline-none"
        >
          {PROMPTS[question.kind]}
        </h2>
        <div className="mt-4 flex min-h-24 items-center justify-center text-center">
          {question.arabic ? (
            <p lang="ar" dir="rtl" className="text-5xl leading-snug text-ink">
              {question.arabic}
            </p>
          ) : question.english ? (
            <p className="text-3xl font-semibold text-ink">{question.english}</p>
          ) : question.audioUrl ? (
            <div className="flex flex-col items-center gap-2">
              <HeadphonesIcon className="size-8 text-primary-700" aria-hidden />
              {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a listening question: the word is revealed after answering */}
              <audio controls preload="none" src={question.audioUrl} aria-label="The word to recognise">
                Your browser can't play this audio.
              </audio>
            </div>
          ) : null}
        </div>

        <Form ref={formRef} method="post" replace preventScrollReset className="mt-6">
          <input type="hidden" name="seed" value={view.state.seed} />
          <input type="hidden" name="words" value={view.state.words} />
          <input type="hidden" name="answers" value={view.state.answers} />
          <fieldset disabled={pending}>
            <legend className="sr-only">Choose an answer (or press its number)</legend>
            <ul className="grid gap-3 sm:grid-cols-2">
              {question.options.map((option, index) => (
                <li key={option.key}>
                  <button
                    type="submit"
                    name="choice"
                    value={option.key}
                    data-option={index + 1}
                    className="flex w-full items-center gap-3 rounded-xl border border-line bg-white px-4 py-3 text-start text-ink shadow-xs transition hover:border-primary-400 hover:bg-primary-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary-400 disabled:opacity-60"
                  >
                    <kbd className="inline-flex size-7 shrink-0 items-center justify-center rounded-lg border border-line bg-canvas font-sans text-sm font-semibold text-muted">
                      {index + 1}
                    </kbd>
                    {option.arabic ? (
                      <span lang="ar" dir="rtl" className="flex-1 text-2xl">
                        {option.label}
                      </span>
                    ) : (
                      <span className="flex-1">{option.label}</span>
                    )}
                  </button>
                </li>
              ))}
            </ul>
          </fieldset>
        </Form>
        <p className="mt-4 text-center text-xs text-muted">Tip: press 1–{question.options.length} to answer.</p>
      </section>
    </div>
  );
}

function QuizScore({
  view,
  playPath,
  backTo,
  extra,
}: {
  view: QuizView;
  playPath: string;
  backTo: { label: string; href: string };
  extra?: React.ReactNode;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const { score } = view;
  const verdict =
    score.percent === 100
      ? "Perfect — every word right."
      : score.percent >= 70
        ? "Nicely done."
        : "Keep going — the missed words come first next time.";
  return (
    <section aria-labelledby="quiz-score" className="mx-auto max-w-2xl">
      <div className="rounded-xl border border-line bg-surface p-6 text-center shadow-sm sm:p-10">
        <h2 id="quiz-score" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-muted outline-none">
          Your score
        </h2>
        <p className="mt-2 text-5xl font-bold text-ink tabular-nums" data-testid="quiz-score">
          {score.correct} / {score.total}
        </p>
        <p className="mt-1 text-lg font-semibold text-primary-800">{score.percent}%</p>
        <p className="mt-3 text-ink/80">{verdict}</p>
        {extra ? <div className="mt-4">{extra}</div> : null}
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          <Link to={playPath} className={buttonClasses("primary", "md")}>
            Play again
          </Link>
          <Link to={backTo.href} className={buttonClasses("secondary", "md")}>
            {backTo.label}
          </Link>
        </div>
      </div>

      {score.missed.length > 0 ? (
        <div className="mt-8">
          <h3 className="text-lg font-semibold text-ink">Words to review</h3>
          <ul className="mt-3 divide-y divide-line rounded-xl border border-line bg-surface">
            {score.missed.map((word) => (
              <li key={word.key} className="flex items-baseline justify-between gap-4 px-4 py-3">
                <span className="text-ink">
                  {word.english}
                  {word.transliteration ? (
                    <span className="ms-2 text-sm text-muted italic">{word.transliteration}</span>
                  ) : null}
                </span>
                <span lang="ar" dir="rtl" className="text-2xl text-ink">
                  {word.arabic}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
