import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { z } from "zod";
import { AuthHeader, AuthRouteError } from "../components/auth-parts";
import { TextField, useIsPending } from "~/components/form-fields";
import { Button, ButtonLink } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { invalidSubmission, replyWithAppError } from "~/lib/form-reply.server";
import { titleMeta } from "~/lib/route-meta";
import { PASSWORD_MIN, setNewPasswordSchema } from "#core/schemas/auth";
import { redirectWithToast } from "~/lib/toast.server";
import { setNewPassword } from "#server/services/auth";
import type { Audience } from "~/lib/audience";
import { forAudience } from "~/lib/auth.server";

export const audience: Audience = "public";

/** The API payload plus a confirmation typed twice, checked only by this form. */
const resetFormSchema = setNewPasswordSchema
  .extend({ confirmPassword: z.string({ error: "Repeat the new password." }) })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "The passwords do not match.",
  });

export const loader = forAudience(audience, async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  const email = url.searchParams.get("email") ?? "";
  return { token: token.slice(0, 256), email: email.slice(0, 254), linkComplete: Boolean(token && email) };
});

export const action = forAudience(audience, async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: resetFormSchema });
  const hideFields = ["newPassword", "confirmPassword"];
  if (submission.status !== "success") return invalidSubmission(submission, { hideFields });
  try {
    await setNewPassword(context.app, submission.value);
  } catch (error) {
    return replyWithAppError(submission, error, { hideFields });
  }
  return redirectWithToast(`/auth/login`, { text: "Your password has been changed. Please sign in." });
});

export default function ResetPasswordPage() {
  const { token, email, linkComplete } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useIsPending();
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: actionData?.result,
    constraint: getZodConstraint(resetFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetFormSchema }),
  });
  const askAgain = `/auth/forgotpassword${email ? `?email=${encodeURIComponent(email)}` : ""}`;
  const linkErrors = [...(fields.resetPasswordToken.errors ?? []), ...(fields.email.errors ?? [])];

  if (!linkComplete) {
    return (
      <>
        <AuthHeader title="This link is incomplete" />
        <p className="text-sm text-ink">
          The reset link should contain a token and your email. Open it again from the email, or ask for a new one.
        </p>
        <ButtonLink to={askAgain} size="lg" className="mt-6 w-full">
          Send me a new link
        </ButtonLink>
      </>
    );
  }

  return (
    <>
      <AuthHeader
        title="Choose a new password"
        subtitle={
          <>
            For <strong className="wrap-anywhere font-medium text-ink">{email}</strong>. Afterwards, you sign in again
            on every device.
          </>
        }
      />
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        {linkErrors.length > 0 ? (
          <div role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
            <p className="font-medium">{linkErrors[0]}</p>
            <Link to={askAgain} className="mt-1 inline-block font-semibold underline">
              Send me a new link
            </Link>
          </div>
        ) : null}
        <FormErrors errors={form.errors} />
        <input type="hidden" name="email" value={email} />
        <input type="hidden" name="resetPasswordToken" value={token} />
        <TextField
          meta={fields.newPassword}
          type="password"
          label="New password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN} characters.`}
        />
        <TextField
          meta={fields.confirmPassword}
          type="password"
          label="Repeat the new password"
          autoComplete="new-password"
        />
        <Button type="submit" size="lg" className="w-full" disabled={submitting}>
          {submitting ? "Saving…" : "Save the new password"}
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm text-muted">
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

// The token is in the URL: keep it out of the Referer of anything this page links to or loads.
export const meta: MetaFunction = ({ matches }) => [
  ...titleMeta(matches, "Choose a new password"),
  { name: "referrer", content: "same-origin" },
];
