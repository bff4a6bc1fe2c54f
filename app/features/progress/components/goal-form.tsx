import type { SubmissionResult } from "@conform-to/react";
import { Form, useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useIsPending } from "~/components/form-fields";
import { Button } from "~/components/ui/button";
import { Field, FieldErrors, FormErrors, inputClasses } from "~/components/ui/field";
import { cn } from "~/lib/cn";

type Kind = "minutes" | "cards" | "none";

export interface GoalFormProps {
  goal: { kind: "minutes" | "cards"; target: number | null };
  targets: { minutes: number | null; cards: number | null };
  limits: { minutes: { min: number; max: number }; cards: { min: number; max: number } };
  timeZone: string | null;
  lastResult?: SubmissionResult<string[]>;
}

/** Suggested targets when the member has none yet. */
const SUGGESTED = { minutes: 15, cards: 20 };

/**
 * The daily goal: minutes watched or cards reviewed (or none, when any study keeps the streak), and the
 * time zone days are counted in. A plain form: it works before and without JavaScript.
 */
export function GoalForm({ goal, targets, limits, timeZone, lastResult }: GoalFormProps) {
  const saving = useIsPending("goal");
  // No form library here: the server validates (goal.server.ts) and its answer carries the errors and what
  // was sent, so the page stays light (the progress page's JS budget) and works without JavaScript.
  const sent = (lastResult?.initialValue ?? {}) as Record<string, unknown>;
  const errorsOf = (name: string) => {
    const errors = lastResult?.error?.[name];
    return errors && errors.length > 0 ? errors : undefined;
  };
  const valueOf = (name: string, fallback: string) =>
    typeof sent[name] === "string" ? (sent[name] as string) : fallback;
  const current: Kind = goal.target === null ? "none" : goal.kind;
  const chosen = valueOf("kind", current);
  const options: { kind: Kind; title: string; field?: "minutes" | "cards"; unit?: string }[] = [
    { kind: "minutes", title: "Watch lessons", field: "minutes", unit: "minutes a day" },
    { kind: "cards", title: "Review cards", field: "cards", unit: "cards a day" },
    { kind: "none", title: "No goal", unit: "Any study keeps the streak going." },
  ];
  const kindErrors = errorsOf("kind");
  const zoneErrors = errorsOf("timeZone");

  return (
    <Form method="post" id="daily-goal" noValidate className="space-y-5">
      <input type="hidden" name="intent" value="goal" />
      <FormErrors errors={errorsOf("")} />
      <fieldset className="space-y-3" aria-describedby={kindErrors ? "daily-goal-kind-error" : undefined}>
        <legend className="mb-2 text-sm font-medium text-ink">Your daily goal</legend>
        {options.map((option) => {
          const radioId = `daily-goal-kind-${option.kind}`;
          const field = option.field;
          const numberId = field ? `daily-goal-${field}` : undefined;
          const numberErrors = field ? errorsOf(field) : undefined;
          return (
            <div
              key={option.kind}
              className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-line bg-white p-3 has-[:checked]:border-primary-600 has-[:checked]:bg-primary-50"
            >
              <input
                type="radio"
                name="kind"
                value={option.kind}
                id={radioId}
                defaultChecked={chosen === option.kind}
                className="size-4 accent-primary-700"
              />
              <label htmlFor={radioId} className="min-w-28 text-sm font-medium text-ink">
                {option.title}
              </label>
              {field && numberId ? (
                <span className="flex items-center gap-2">
                  <label htmlFor={numberId} className="sr-only">
                    {field === "minutes" ? "Minutes a day" : "Cards a day"}
                  </label>
                  <input
                    id={numberId}
                    name={field}
                    type="number"
                    defaultValue={valueOf(field, String(targets[field] ?? SUGGESTED[field]))}
                    min={limits[field].min}
                    max={limits[field].max}
                    step={1}
                    inputMode="numeric"
                    aria-invalid={numberErrors ? true : undefined}
                    aria-describedby={numberErrors ? `${numberId}-error` : undefined}
                    className={cn(inputClasses, "w-24 py-1.5")}
                  />
                  <span className="text-sm text-muted">{option.unit}</span>
                </span>
              ) : (
                <span className="text-sm text-muted">{option.unit}</span>
              )}
              {numberId ? <FieldErrors id={`${numberId}-error`} errors={numberErrors} /> : null}
            </div>
          );
        })}
        <FieldErrors id="daily-goal-kind-error" errors={kindErrors} />
      </fieldset>
      <Field
        id="daily-goal-time-zone"
        name="timeZone"
        defaultValue={valueOf("timeZone", timeZone ?? "")}
        errors={zoneErrors}
        label="Time zone"
        placeholder="Asia/Beirut"
        autoComplete="off"
        spellCheck={false}
        hint="Your days, streak and goal follow this zone. We read it from this device on your first visit."
      />
      <Button type="submit" disabled={saving}>
        {saving ? "Saving…" : "Save goal"}
      </Button>
    </Form>
  );
}

/**
 * On the first visit without a stored time zone: posts the browser's zone once (the action keeps it only
 * while none is stored). Renders nothing.
 */
export function TimeZoneDetector() {
  const { submit } = useFetcher();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    let zone = "";
    try {
      zone = Intl.DateTimeFormat().resolvedOptions().timeZone ?? "";
    } catch {
      return;
    }
    if (zone) submit({ intent: "detect-time-zone", timeZone: zone }, { method: "post" });
  }, [submit]);
  return null;
}
