import { cn } from "~/lib/cn";
import { FieldErrors } from "~/components/ui/field";

/**
 * One step of a preferences form: a fieldset whose legend names the question, its choices, and the
 * errors of the field (read with the group through `aria-describedby`).
 */
export function ChoiceStep({
  step,
  of,
  title,
  titleAr,
  hint,
  errorId,
  errors,
  children,
  className,
}: {
  step?: number;
  of?: number;
  title: string;
  titleAr?: string;
  hint?: string;
  errorId: string;
  errors?: string[];
  children: React.ReactNode;
  className?: string;
}) {
  const hintId = `${errorId}-hint`;
  return (
    <fieldset
      aria-describedby={cn(hint && hintId, errors?.length ? errorId : undefined) || undefined}
      className={cn("min-w-0", className)}
    >
      <legend className="w-full">
        {step && of ? (
          <span className="block text-xs font-semibold tracking-wide text-primary-700 uppercase">
            Step {step} of {of}
          </span>
        ) : null}
        <span className="mt-0.5 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <span className="text-lg font-semibold text-ink">{title}</span>
          {titleAr ? (
            <span lang="ar" dir="rtl" className="text-base text-primary-700">
              {titleAr}
            </span>
          ) : null}
        </span>
      </legend>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <div className="mt-4">{children}</div>
      <div className="mt-2">
        <FieldErrors id={errorId} errors={errors} />
      </div>
    </fieldset>
  );
}

const cardClasses =
  "relative flex cursor-pointer items-start gap-3 rounded-xl border border-line bg-white p-4 transition hover:border-primary-300 has-[:checked]:border-primary-600 has-[:checked]:bg-primary-50 has-[:checked]:ring-2 has-[:checked]:ring-primary-200 has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-primary-300";

/** A radio as a card: a title, an optional line under it, and an optional icon or Arabic word beside it. */
export function ChoiceCard({
  name,
  value,
  id,
  defaultChecked,
  title,
  description,
  aside,
}: {
  name: string;
  value: string;
  id: string;
  defaultChecked: boolean;
  title: string;
  description?: React.ReactNode;
  aside?: React.ReactNode;
}) {
  return (
    <label htmlFor={id} className={cardClasses}>
      <input
        type="radio"
        id={id}
        name={name}
        value={value}
        defaultChecked={defaultChecked}
        className="mt-1 size-4 shrink-0 accent-primary-700"
      />
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-ink">{title}</span>
        {description ? <span className="mt-0.5 block text-sm text-muted">{description}</span> : null}
      </span>
      {aside ? <span className="shrink-0">{aside}</span> : null}
    </label>
  );
}

/** A compact radio: a pill with a short label ("10 minutes", "Most of it"). */
export function ChoicePill({
  name,
  value,
  id,
  defaultChecked,
  children,
}: {
  name: string;
  value: string;
  id: string;
  defaultChecked: boolean;
  children: React.ReactNode;
}) {
  return (
    <label
      htmlFor={id}
      className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-line bg-white px-4 py-2 text-sm font-medium text-ink transition hover:border-primary-300 has-[:checked]:border-primary-600 has-[:checked]:bg-primary-50 has-[:checked]:text-primary-900 has-[:checked]:ring-2 has-[:checked]:ring-primary-200 has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-primary-300"
    >
      <input
        type="radio"
        id={id}
        name={name}
        value={value}
        defaultChecked={defaultChecked}
        className="size-4 accent-primary-700"
      />
      {children}
    </label>
  );
}
