import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { AuthHeader, AuthRouteError } from "../components/auth-parts";
import { TextField, useIsPending } from "~/components/form-fields";
import { MailIcon } from "~/components/icons";
import { Button, ButtonLink } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { forAudience, requestMeta } from "~/lib/auth.server";
import { invalidSubmission, replyWithAppError } from "~/lib/form-reply.server";
import { titleMeta } from "~/lib/route-meta";
import { resetPasswordSchema } from "#core/schemas/auth";
import { requestPasswordReset } from "#server/services/auth";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "public";

export const loader = forAudience(audience, async function loader({ request, context }: LoaderFunctionArgs) {
  const email = new URL(request.url).searchParams.get("email") ?? "";
  return {
    email: email.slice(0, 254),
    showDevMailbox: context.app.config.environment !== "production",
  };
});

export const action = forAudience(audience, async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: resetPasswordSchema });
  if (submission.status !== "success") return invalidSubmission(submission);
  try {
    await requestPasswordReset(context.app, { email: submission.value.email, meta: requestMeta(request) });
  } catch (error) {
    return replyWithAppError(submission, error);
  }
  // The same answer whether or not the email has an account, and whether or not a limit was reached.
  return { result: submission.reply({ resetForm: true }), sentTo: submission.value.email };
});

export default function ForgotPasswordPage() {
  const { email, showDevMailbox } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useIsPending();
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: actionData?.result,
    defaultValue: { email },
    constraint: getZodConstraint(resetPasswordSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
  });
  const sentTo = actionData && "sentTo" in actionData ? actionData.sentTo : null;

  if (sentTo) {
    return (
      <div>
        <div
          className="mb-5 grid size-12 place-items-center rounded-full bg-primary-100 text-primary-700"
          aria-hidden="true"
        >
          <MailIcon className="size-6" strokeWidth={2} />
        </div>
        <AuthHeader title="Check your inbox" />
        <div role="status" className="space-y-3 text-sm text-ink">
          <p>
            If an account exists for <strong className="wrap-anywhere font-semibold">{sentTo}</strong>, we have sent it
            a link to choose a new password. The link works once, for one hour.
          </p>
          <p className="text-muted">Nothing there after a few minutes? Look in your spam folder, or ask again.</p>
        </div>
        {showDevMailbox ? (
          <p className="mt-4 rounded-xl border border-dashed border-accent-300 bg-accent-50 px-4 py-3 text-sm text-accent-700">
            Running locally: emails land in the{" "}
            <a href={`/dev/mailbox?to=${encodeURIComponent(sentTo)}`} className="font-medium underline">
              dev mailbox
            </a>
            .
          </p>
        ) : null}
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <ButtonLink to="/auth/login" size="lg" className="flex-1">
            Back to sign in
          </ButtonLink>
          <ButtonLink
            to={`/auth/forgotpassword?email=${encodeURIComponent(sentTo)}`}
            variant="secondary"
            size="lg"
            className="flex-1"
          >
            Ask again
          </ButtonLink>
        </div>
      </div>
    );
  }

  return (
    <>
      <AuthHeader
        title="Forgot your password?"
        subtitle="Enter the email you signed up with and we will send you a link to choose a new one."
      />
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <FormErrors errors={form.errors} />
        <TextField meta={fields.email} type="email" label="Email" autoComplete="email" inputMode="email" />
        <Button type="submit" size="lg" className="w-full" disabled={submitting}>
          {submitting ? "Sending…" : "Send me a reset link"}
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm text-muted">
        Remembered it?{" "}
        <Link to="/auth/login" className="font-medium text-primary-700 hover:underline">
          Back to sign in
        </Link>
      </p>
    </>
  );
}

export function ErrorBoundary() {
  return <AuthRouteError error={useRouteError()} />;
}

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Forgot password");
