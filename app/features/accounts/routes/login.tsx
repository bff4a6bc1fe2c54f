import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { AuthHeader, GoogleButton, OrDivider, AuthRouteError } from "../components/auth-parts";
import { TextField, useIsPending } from "~/components/form-fields";
import { Button } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { requestMeta, safeRedirectPath, signedInRedirect } from "~/lib/auth.server";
import { invalidSubmission, replyWithAppError } from "~/lib/form-reply.server";
import { titleMeta } from "~/lib/route-meta";
import { loginSchema } from "#core/schemas/auth";
import { isGoogleEnabled } from "#server/lib/config";
import { login } from "#server/services/auth";

const AFTER_LOGIN = "/video-library";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const returnTo = new URL(request.url).searchParams.get("redirect");
  if (await context.getUser()) throw redirect(safeRedirectPath(returnTo, AFTER_LOGIN));
  return {
    // Only a safe path is ever echoed into the page and the form.
    redirectTo: returnTo ? safeRedirectPath(returnTo, "") : "",
    googleEnabled: isGoogleEnabled(context.app.config),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") return invalidSubmission(submission, { hideFields: ["password"] });
  try {
    const session = await login(context.app, submission.value, requestMeta(request));
    return signedInRedirect(request, session, safeRedirectPath(submission.value.redirect, AFTER_LOGIN));
  } catch (error) {
    return replyWithAppError(submission, error, { hideFields: ["password"] });
  }
}

export default function LoginPage() {
  const { redirectTo, googleEnabled } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useIsPending();
  const [form, fields] = useForm({
    id: "login",
    lastResult: actionData?.result,
    constraint: getZodConstraint(loginSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  const keepRedirect = redirectTo ? `?redirect=${encodeURIComponent(redirectTo)}` : "";

  return (
    <>
      <AuthHeader
        title="Welcome back"
        subtitle={
          <>
            <span lang="ar" dir="rtl">
              أهلا وسهلا
            </span>{" "}
            — sign in to continue learning.
          </>
        }
      />
      {googleEnabled ? (
        <>
          <GoogleButton redirectTo={redirectTo || undefined} />
          <OrDivider />
        </>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <FormErrors errors={form.errors} />
        <input type="hidden" name="redirect" value={redirectTo} />
        <TextField meta={fields.email} type="email" label="Email" autoComplete="email" inputMode="email" />
        <div className="space-y-1.5">
          <TextField meta={fields.password} type="password" label="Password" autoComplete="current-password" />
          <div className="text-end">
            <Link to="/auth/forgotpassword" className="text-sm font-medium text-primary-700 hover:underline">
              Forgot your password?
            </Link>
          </div>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={submitting}>
          {submitting ? "Signing in…" : "Sign in"}
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm text-muted">
        New to Ahla?{" "}
        <Link to={`/auth/signup${keepRedirect}`} className="font-medium text-primary-700 hover:underline">
          Create a free account
        </Link>
      </p>
    </>
  );
}

export function ErrorBoundary() {
  return <AuthRouteError error={useRouteError()} />;
}

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Sign in");
