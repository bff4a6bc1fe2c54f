import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useIsPending } from "~/components/form-fields";
import { Button, buttonClasses } from "~/components/ui/button";
import { FieldErrors, FormErrors, inputClasses } from "~/components/ui/field";
import { formatDate } from "#core/format";
import { CANCEL_COMMENT_MAX, cancelSubscriptionSchema } from "#core/schemas/billing";

interface CancelFormProps {
  subscriptionId: number;
  accessUntil: Date;
  reasons: Array<{ id: number; label: string }>;
  lastResult?: SubmissionResult<string[]>;
}

/**
 * The cancellation step: a reason from the admin's list, an optional comment, and what happens next,
 * confirmed with one button. Works without JavaScript (a plain POST).
 */
export function CancelForm({ subscriptionId, accessUntil, reasons, lastResult }: CancelFormProps) {
  const pending = useIsPending("cancel");
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [form, fields] = useForm({
    id: "cancel-subscription",
    lastResult,
    constraint: getZodConstraint(cancelSubscriptionSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: cancelSubscriptionSchema }),
  });
  const reasonErrorId = `${fields.reasonId.id}-error`;
  const until = formatDate(accessUntil, "long");

  // Arriving on this step moves focus to it, so keyboard and screen-reader users start at the question.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section aria-labelledby="cancel-heading" className="rounded-xl border border-line bg-surface p-6 shadow-sm sm:p-8">
      <h2 id="cancel-heading" ref={headingRef} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
        Cancel your subscription
      </h2>
      <p className="mt-2 text-muted">
        You keep every lesson until <strong className="font-semibold text-ink">{until}</strong>. After that you will not
        be charged again, and your vocabulary lists and progress stay here if you come back.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-6">
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="subscriptionId" value={subscriptionId} />
        <FormErrors errors={form.errors} />
        <fieldset
          role="radiogroup"
          aria-labelledby="cancel-reason-legend"
          aria-describedby={fields.reasonId.errors?.length ? reasonErrorId : undefined}
          aria-invalid={fields.reasonId.errors?.length ? true : undefined}
        >
          <legend id="cancel-reason-legend" className="text-base font-semibold text-ink">
            Why are you leaving?
          </legend>
          <p className="mt-1 text-sm text-muted">Your answer goes straight to the team that makes the lessons.</p>
          <div className="mt-3 grid gap-2 sm:grid-cols-2">
            {reasons.map((reason) => (
              <label
                key={reason.id}
                className="flex cursor-pointer items-start gap-3 rounded-xl border border-line bg-white px-4 py-3 text-sm transition-colors hover:border-primary-300 has-[:checked]:border-primary-600 has-[:checked]:bg-primary-50"
              >
                <input
                  type="radio"
                  name={fields.reasonId.name}
                  value={reason.id}
                  defaultChecked={fields.reasonId.initialValue === String(reason.id)}
                  className="mt-0.5 size-4 accent-primary-700"
                />
                <span className="text-ink">{reason.label}</span>
              </label>
            ))}
          </div>
          <div className="mt-2">
            <FieldErrors id={reasonErrorId} errors={fields.reasonId.errors} />
          </div>
        </fieldset>
        <div className="space-y-1.5">
          <label htmlFor={fields.comment.id} className="block text-sm font-medium text-ink">
            Anything we could do better? <span className="font-normal text-muted">(optional)</span>
          </label>
          <textarea
            {...getTextareaProps(fields.comment)}
            key={fields.comment.key}
            rows={3}
            maxLength={CANCEL_COMMENT_MAX}
            className={inputClasses}
          />
          <FieldErrors id={fields.comment.errorId} errors={fields.comment.errors} />
        </div>
        <div className="flex flex-col-reverse gap-3 border-t border-line pt-6 sm:flex-row sm:items-center sm:justify-between">
          <Link to="/manage-subscription" className={buttonClasses("secondary", "lg")}>
            Keep my subscription
          </Link>
          <Button type="submit" variant="danger" size="lg" disabled={pending}>
            {pending ? "Canceling…" : "Confirm cancellation"}
          </Button>
        </div>
      </Form>
    </section>
  );
}
