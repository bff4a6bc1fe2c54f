import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import type { ListeningQuestionView } from "#server/services/listening";

export const answerField = (questionId: number) => `answer-${questionId}`;

const hasArabicLetters = (text: string) => /\p{Script=Arabic}/u.test(text);

/**
 * The questions as one plain form: radio groups for choices, a text field per dictation. It posts to the
 * route's action with or without JavaScript; while it is being sent the button is disabled (the server
 * also treats a resent identical form as the same attempt).
 */
export function ListeningQuiz({
  questions,
  formError,
}: {
  questions: ListeningQuestionView[];
  formError: string | null;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";

  return (
    <Form method="post" className="space-y-4" aria-labelledby="questions-heading">
      <h2 id="questions-heading" className="text-xl font-semibold text-ink">
        Questions
      </h2>
      {formError ? (
        <p
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
        >
          {formError}
        </p>
      ) : null}
      <ol className="space-y-4">
        {questions.map((question, index) => (
          <li key={question.id} className="rounded-xl border border-line bg-surface p-4 shadow-sm sm:p-5">
            {question.kind === "choice" ? (
              <fieldset>
                <legend className="font-semibold text-ink">
                  <span className="text-muted">{index + 1}.</span> {question.prompt}
                </legend>
                <div className="mt-3 grid gap-2 sm:grid-cols-2">
                  {question.options.map((option) => (
                    <label
                      key={option}
                      className="flex cursor-pointer items-center gap-3 rounded-xl border border-line bg-white px-3.5 py-2.5 text-ink hover:border-primary-300 has-checked:border-primary-600 has-checked:bg-primary-50 has-focus-visible:outline-3 has-focus-visible:outline-primary-400"
                    >
                      <input
                        type="radio"
                        name={answerField(question.id)}
                        value={option}
                        className="size-4 accent-primary-700 focus-visible:outline-none"
                      />
                      {hasArabicLetters(option) ? (
                        <span lang="ar" dir="rtl" className="text-lg">
                          {option}
                        </span>
                      ) : (
                        <span>{option}</span>
                      )}
                    </label>
                  ))}
                </div>
              </fieldset>
            ) : (
              <div>
                <label htmlFor={answerField(question.id)} className="block font-semibold text-ink">
                  <span className="text-muted">{index + 1}.</span> {question.prompt}
                </label>
                <p id={`${answerField(question.id)}-hint`} className="mt-0.5 text-sm text-muted">
                  {question.acceptArabizi
                    ? "Dictation: type it in Arabic script or Arabizi (e.g. 7, 3, 2)."
                    : "Dictation: type it in Arabic script."}{" "}
                  Short vowels, hamza forms and spaces don't count against you.
                </p>
                <input
                  id={answerField(question.id)}
                  name={answerField(question.id)}
                  lang="ar"
                  dir="auto"
                  autoComplete="off"
                  autoCapitalize="off"
                  spellCheck={false}
                  maxLength={500}
                  aria-describedby={`${answerField(question.id)}-hint`}
                  className="mt-2 w-full rounded-xl border border-line bg-white px-3 py-2.5 text-xl text-ink outline-none focus-visible:border-primary-500 focus-visible:ring-2 focus-visible:ring-primary-300"
                />
              </div>
            )}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="lg" disabled={submitting}>
          {submitting ? "Checking…" : "Check my answers"}
        </Button>
        <p className="text-sm text-muted">You can leave a question blank; it counts as not yet right.</p>
      </div>
    </Form>
  );
}
