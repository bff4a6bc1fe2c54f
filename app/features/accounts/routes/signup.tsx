import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { AuthHeader, GoogleButton, OrDivider, AuthRouteError } from "../components/auth-parts";
import { TextField, useIsPending } from "~/components/form-fields";
import { Button } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { forAudience, requestMeta, safeRedirectPath, signedInRedirect } from "~/lib/auth.server";
import { invalidSubmission, replyWithAppError } from "~/lib/form-reply.server";
import { titleMeta } from "~/lib/route-meta";
import { PASSWORD_MIN, registerSchema } from "#core/schemas/auth";
import { isGoogleEnabled } from "#server/lib/config";
import { redirectAfterRegister } from "#server/lib/redirects";
import { register } from "#server/services/auth";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "public";

const PLAN_NAMES: Record<string, string> = { monthly: "Monthly", annual: "Annual" };

function planFrom(value: string | null): string {
  return value && /^[a-z0-9_-]{1,40}$/i.test(value) ? value.toLowerCase() : "";
}

export const loader = forAudience(audience, async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const plan = planFrom(url.searchParams.get("plan"));
  // Someone already signed in who picked a plan wants to pay for it, not to open a second account.
  if (await context.getUser()) throw redirect(plan ? redirectAfterRegister(plan) : "/video-library");
  const returnTo = url.searchParams.get("redirect");
  return {
    plan,
    planName: PLAN_NAMES[plan] ?? null,
    redirectTo: returnTo ? safeRedirectPath(returnTo, "") : "",
    googleEnabled: isGoogleEnabled(context.app.config),
  };
});

export const action = forAudience(audience, async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: registerSchema });
  if (submission.status !== "success") return invalidSubmission(submission, { hideFields: ["password"] });
  try {
    const session = await register(context.app, { ...submission.value, meta: requestMeta(request) });
    // The product's rule (docs/product-rules.md#redirects): straight to the checkout the plan names. The short
    // onboarding comes after it (checkout-success, and the library's first-visit card), always skippable. A
    // return address (a visitor who signed up from a lesson, ADR 038) rides along, checked as sign-in's are.
    const returnTo = safeRedirectPath(formData.get("redirect"), "");
    const checkout = redirectAfterRegister(submission.value.plan);
    return signedInRedirect(
      request,
      session,
      returnTo ? `${checkout}?redirect=${encodeURIComponent(returnTo)}` : checkout,
    );
  } catch (error) {
    return replyWithAppError(submission, error, { hideFields: ["password"] });
  }
});

export default function SignupPage() {
  const { plan, planName, redirectTo, googleEnabled } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useIsPending();
  const [form, fields] = useForm({
    id: "signup",
    lastResult: actionData?.result,
    constraint: getZodConstraint(registerSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registerSchema }),
  });
  const loginQuery = redirectTo ? `?redirect=${encodeURIComponent(redirectTo)}` : "";

  return (
    <>
      <AuthHeader title="Create your account" subtitle="Start with free lessons. It takes less than a minute." />
      {planName ? (
        <div className="mb-6 flex items-start gap-3 rounded-xl border border-primary-200 bg-primary-50 px-4 py-3 text-sm text-primary-900">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-5 shrink-0 fill-primary-600">
            <path d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16zm3.7-9.3-4 4a1 1 0 0 1-1.4 0l-2-2a1 1 0 1 1 1.4-1.4l1.3 1.3 3.3-3.3a1 1 0 0 1 1.4 1.4z" />
          </svg>
          <p>
            <strong className="font-semibold">You picked the {planName} plan.</strong> Create your account, then confirm
            the plan.
          </p>
        </div>
      ) : null}
      {googleEnabled ? (
        <>
          <GoogleButton label="Sign up with Google" redirectTo={redirectAfterRegister(plan)} />
          <OrDivider />
        </>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <FormErrors errors={form.errors} />
        <input type="hidden" name="plan" value={plan} />
        {redirectTo ? <input type="hidden" name="redirect" value={redirectTo} /> : null}
        <TextField meta={fields.name} label="Your name" autoComplete="name" />
        <TextField meta={fields.email} type="email" label="Email" autoComplete="email" inputMode="email" />
        <TextField
          meta={fields.password}
          type="password"
          label="Password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN} characters.`}
        />
        <Button type="submit" size="lg" className="w-full" disabled={submitting}>
          {submitting ? "Creating your account…" : "Create account"}
        </Button>
        <p className="text-center text-xs text-muted">
          By creating an account you agree to our{" "}
          <Link to="/terms-of-use" className="underline hover:text-ink">
            Terms of use
          </Link>{" "}
          and{" "}
          <Link to="/privacy-policy" className="underline hover:text-ink">
            Privacy policy
          </Link>
          .
        </p>
      </Form>
      <p className="mt-6 text-center text-sm text-muted">
        Already have an account?{" "}
        <Link to={`/auth/login${loginQuery}`} className="font-medium text-primary-700 hover:underline">
          Sign in
        </Link>
      </p>
    </>
  );
}

export function ErrorBoundary() {
  return <AuthRouteError error={useRouteError()} />;
}

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Create your account");
