import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useSyncExternalStore } from "react";
import { useIsPending } from "~/components/form-fields";
import { Button } from "~/components/ui/button";
import { FieldErrors, FormErrors, inputClasses } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import type { ReminderFrequency } from "#server/services/reminders/rules";
import type { ReminderSettings } from "#server/services/reminders/settings";

export const REMINDERS_INTENT = "reminders";

const CHOICES: ReadonlyArray<{ value: ReminderFrequency; label: string; detail: string }> = [
  { value: "off", label: "Off", detail: "No reminder emails." },
  { value: "daily", label: "Daily", detail: "One email a day, at the hour below." },
  { value: "weekly", label: "Weekly", detail: "One email a week, at the hour below." },
];

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

export const hourLabel = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

/** The toast after saving, e.g. "Reminders are on: every day at 18:00 (Asia/Beirut time)." */
export function describeReminders(settings: Pick<ReminderSettings, "frequency" | "hour" | "timeZone">): string {
  if (settings.frequency === "off") return "Reminder emails are off.";
  const when = settings.frequency === "daily" ? "every day" : "once a week";
  return `Reminders are on: ${when} at ${hourLabel(settings.hour)} (${settings.timeZone ?? "UTC"} time).`;
}

const noSubscription = () => () => undefined;

function readBrowserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * The browser's own time zone, known only once the page runs in it: null on the server and while
 * hydrating (so the markup matches), the zone right after.
 */
function useBrowserTimeZone(): string | null {
  return useSyncExternalStore(noSubscription, readBrowserTimeZone, () => null);
}

/**
 * Settings › Reminders: how often (off, daily, weekly) and the local hour. While the member has no time
 * zone stored, the browser's is sent along in a hidden field, so the hour they pick is their own.
 */
export function ReminderSettingsForm({
  settings,
  lastResult,
}: {
  settings: ReminderSettings;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const pending = useIsPending(REMINDERS_INTENT);
  const browserZone = useBrowserTimeZone();
  const zone = settings.timeZone ?? browserZone;
  const [form, fields] = useForm({ id: "reminders", lastResult });
  const hourHintId = `${fields.hour.id}-hint`;
  const frequencyLegendId = `${fields.frequency.id}-legend`;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      <input type="hidden" name="intent" value={REMINDERS_INTENT} />
      {settings.timeZone === null && browserZone ? <input type="hidden" name="timeZone" value={browserZone} /> : null}
      <FormErrors errors={form.errors} />
      {settings.emailVerified ? null : (
        <p className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Reminders go only to a confirmed address: open the link we sent you to confirm your email, and they start at
          the next hour you chose.
        </p>
      )}
      <fieldset
        role="radiogroup"
        aria-labelledby={frequencyLegendId}
        aria-describedby={fields.frequency.errors?.length ? fields.frequency.errorId : undefined}
      >
        <legend id={frequencyLegendId} className="text-sm font-medium text-ink">
          Email me
        </legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-3">
          {CHOICES.map((choice) => (
            <label
              key={choice.value}
              className="grid cursor-pointer grid-cols-[auto_minmax(0,1fr)] items-start gap-x-3 rounded-xl border border-line bg-white px-4 py-3 text-sm transition-colors hover:border-primary-300 has-[:checked]:border-primary-600 has-[:checked]:bg-primary-50"
            >
              <input
                type="radio"
                name={fields.frequency.name}
                value={choice.value}
                defaultChecked={settings.frequency === choice.value}
                className="mt-0.5 size-4 accent-primary-700"
              />
              <span className="font-medium text-ink">{choice.label}</span>
              <span className="col-start-2 text-muted">{choice.detail}</span>
            </label>
          ))}
        </div>
        <div className="mt-2">
          <FieldErrors id={fields.frequency.errorId} errors={fields.frequency.errors} />
        </div>
      </fieldset>
      <div className="space-y-1.5">
        <label htmlFor={fields.hour.id} className="block text-sm font-medium text-ink">
          Send at
        </label>
        <select
          id={fields.hour.id}
          name={fields.hour.name}
          defaultValue={String(settings.hour)}
          aria-invalid={fields.hour.errors?.length ? true : undefined}
          aria-describedby={cn(fields.hour.errors?.length ? fields.hour.errorId : null, hourHintId)}
          className={cn(inputClasses, "sm:w-48")}
        >
          {HOURS.map((hour) => (
            <option key={hour} value={hour}>
              {hourLabel(hour)}
            </option>
          ))}
        </select>
        <p id={hourHintId} className="text-sm text-muted">
          {zone ? (
            <>
              Your local time, in <strong className="font-medium text-ink">{zone}</strong>.
            </>
          ) : (
            <>
              Time in <strong className="font-medium text-ink">UTC</strong> until we know your time zone.
            </>
          )}{" "}
          Reviews due, a streak about to break and new lessons at your level; we skip the email when there is nothing to
          say.
        </p>
        <FieldErrors id={fields.hour.errorId} errors={fields.hour.errors} />
      </div>
      <Button type="submit" disabled={pending}>
        {pending ? "Saving…" : "Save reminders"}
      </Button>
    </Form>
  );
}
