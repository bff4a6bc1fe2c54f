import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
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
  const current: Kind = goal.target === null ? "none" : goal.kind;
  const [form, fields] = useForm({
    id: "daily-goal",
    lastResult,
    defaultValue: {
      kind: current,
      minutes: String(targets.minutes ?? SUGGESTED.minutes),
      cards: String(targets.cards ?? SUGGESTED.cards),
      timeZone: timeZone ?? "",
    },
    shouldValidate: "onSubmit",
  });
  const options: { kind: Kind; title: string; field?: "minutes" | "cards"; unit?: string }[] = [
    { kind: "minutes", title: "Watch lessons", field: "minutes", unit: "minutes a day" },
    { kind: "cards", title: "Review cards", field: "cards", unit: "cards a day" },
    { kind: "none", title: "No goal", unit: "Any study keeps the streak going." },
  ];

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      <input type="hidden" name="intent" value="goal" />
      <FormErrors errors={form.errors} />
      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-medium text-ink">Your daily goal</legend>
        {options.map((option) => {
          const { key, ...radioProps } = getInputProps(fields.kind, {
            type: "radio",
            value: option.kind,
            ariaAttributes: false,
          });
          const radioId = `${fields.kind.id}-${option.kind}`;
          const numberField = option.field ? fields[option.field] : null;
          const { key: numberKey, ...numberProps } = numberField
            ? getInputProps(numberField, { type: "number", ariaAttributes: false })
            : { key: undefined };
          return (
            <div
              key={key ?? option.kind}
              className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-line bg-white p-3 has-[:checked]:border-primary-600 has-[:checked]:bg-primary-50"
            >
              <input {...radioProps} id={radioId} className="size-4 accent-primary-700" />
              <label htmlFor={radioId} className="min-w-28 text-sm font-medium text-ink">
                {option.title}
              </label>
              {numberField && option.field ? (
                <span className="flex items-center gap-2">
                  <label htmlFor={numberField.id} className="sr-only">
                    {option.field === "minutes" ? "Minutes a day" : "Cards a day"}
                  </label>
                  <input
                    key={numberKey}
                    {...numberProps}
                    min={limits[option.field].min}
                    max={limits[option.field].max}
                    step={1}
                    inputMode="numeric"
                    aria-invalid={numberField.errors ? true : undefined}
                    aria-describedby={numberField.errors ? numberField.errorId : undefined}
                    className={cn(inputClasses, "w-24 py-1.5")}
                  />
                  <span className="text-sm text-muted">{option.unit}</span>
                </span>
              ) : (
                <span className="text-sm text-muted">{option.unit}</span>
              )}
              {numberField ? <FieldErrors id={numberField.errorId} errors={numberField.errors} /> : null}
            </div>
          );
        })}
        <FieldErrors id={fields.kind.errorId} errors={fields.kind.errors} />
      </fieldset>
      <Field
        key={fields.timeZone.key}
        id={fields.timeZone.id}
        name={fields.timeZone.name}
        defaultValue={fields.timeZone.initialValue ?? ""}
        errors={fields.timeZone.errors}
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
