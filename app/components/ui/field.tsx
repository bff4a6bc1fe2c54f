import { forwardRef, useId } from "react";
import { cn } from "~/lib/cn";

/** Outlined, comfortable fields in the primary colour (docs/product-rules.md#constants). */
export const inputClasses =
  "block w-full rounded-xl border border-line bg-white px-3.5 py-2.5 text-base text-ink placeholder:text-muted/70 shadow-xs transition focus:border-primary-600 focus:outline-none focus:ring-3 focus:ring-primary-200 aria-invalid:border-red-600 aria-invalid:focus:ring-red-100 disabled:bg-canvas";

interface FieldProps extends React.InputHTMLAttributes<HTMLInputElement> {
  label: string;
  errors?: string[] | null;
  hint?: React.ReactNode;
}

/** Label, input, hint and field errors wired together for screen readers. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label, errors, hint, id, className, ...props },
  ref,
) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const hasErrors = Boolean(errors && errors.length);
  return (
    <div className={cn("space-y-1.5", className)}>
      <label htmlFor={inputId} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={hasErrors || undefined}
        aria-describedby={cn(hasErrors && errorId, hint ? hintId : undefined) || undefined}
        className={inputClasses}
        {...props}
      />
      {hint ? (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
});

export function FieldErrors({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors || errors.length === 0) return null;
  return (
    <ul id={id} className="space-y-0.5 text-sm font-medium text-red-700" aria-live="polite">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

export function FormErrors({ errors }: { errors?: string[] | null }) {
  if (!errors || errors.length === 0) return null;
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {errors.map((error) => (
        <p key={error}>{error}</p>
      ))}
    </div>
  );
}
