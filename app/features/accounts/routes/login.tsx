import { getFormProps, useForm, type Submission } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import type { z } from "zod";
import { AuthHeader, GoogleButton, OrDivider, AuthRouteError } from "../components/auth-parts";
import { SignInLinkSent } from "../components/sign-in-link-sent";
import { TextField, useIsPending } from "~/components/form-fields";
import { MailIcon } from "~/components/icons";
import { Button, buttonClasses } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { forAudience, readDeviceCookie, requestMeta, safeRedirectPath, signedInRedirect } from "~/lib/auth.server";
import { invalidSubmission, replyWithAppError } from "~/lib/form-reply.server";
import { titleMeta } from "~/lib/route-meta";
import { loginSchema } from "#core/schemas/auth";
import { signInLinkRequestSchema } from "#core/schemas/sign-in-link";
import { isGoogleEnabled } from "#server/lib/config";
import { login } from "#server/services/auth";
import { requestSignInLink } from "#server/services/sign-in-link";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "public";

const AFTER_LOGIN = "/video-library";
/** The second button of the form: mail a one-time sign-in link to the email instead of checking a password. */
const EMAIL_LINK_INTENT = "email-link";

/** The form's two requests: a password sign-in (Enter in a field, or no intent at all) or a link. */
type LoginFormValue = z.output<typeof loginSchema> | z.output<typeof signInLinkRequestSchema>;
type LoginFormSchema = z.input<typeof loginSchema> | z.input<typeof signInLinkRequestSchema>;

/** The pressed button (the form's submitter) decides what is checked: a link needs no password. */
function validateLoginForm(formData: FormData): Submission<LoginFormSchema, string[], LoginFormValue> {
  return formData.get("intent") === EMAIL_LINK_INTENT
    ? parseWithZod(formData, { schema: signInLinkRequestSchema })
    : parseWithZod(formData, { schema: loginSchema });
}

export const loader = forAudience(audience, async function loader({ request, context }: LoaderFunctionArgs) {
  const returnTo = new URL(request.url).searchParams.get("redirect");
  if (await context.getUser()) throw redirect(safeRedirectPath(returnTo, AFTER_LOGIN));
  return {
    // Only a safe path is ever echoed into the page and the form.
    redirectTo: returnTo ? safeRedirectPath(returnTo, "") : "",
    googleEnabled: isGoogleEnabled(context.app.config),
    showDevMailbox: context.app.config.environment !== "production",
  };
});

export const action = forAudience(audience, async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  if (formData.get("intent") === EMAIL_LINK_INTENT) {
    const submission = parseWithZod(formData, { schema: signInLinkRequestSchema });
    if (submission.status !== "success") return invalidSubmission(submission, { hideFields: ["password"] });
    try {
      await requestSignInLink(context.app, {
        email: submission.value.email,
        meta: requestMeta(request),
        redirectTo: submission.value.redirect,
      });
    } catch (error) {
      return replyWithAppError(submission, error, { hideFields: ["password"] });
    }
    // The same answer whether or not the email has an account, and whether or not a limit was reached.
    return { result: submission.reply({ resetForm: true }), linkSentTo: submission.value.email };
  }
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") return invalidSubmission(submission, { hideFields: ["password"] });
  try {
    const session = await login(context.app, {
      ...submission.value,
      meta: requestMeta(request),
      device: readDeviceCookie(request),
    });
    return signedInRedirect(request, session, safeRedirectPath(submission.value.redirect, AFTER_LOGIN));
  } catch (error) {
    return replyWithAppError(submission, error, { hideFields: ["password"] });
  }
});

export default function LoginPage() {
  const { redirectTo, googleEnabled, showDevMailbox } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const sendingLink = useIsPending(EMAIL_LINK_INTENT);
  const signingIn = pending && !sendingLink;
  const [form, fields] = useForm<LoginFormSchema, LoginFormValue>({
    id: "login",
    lastResult: actionData?.result,
    constraint: getZodConstraint(loginSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => validateLoginForm(formData),
  });
  const keepRedirect = redirectTo ? `?redirect=${encodeURIComponent(redirectTo)}` : "";
  const linkSentTo = actionData && "linkSentTo" in actionData ? actionData.linkSentTo : null;

  if (linkSentTo) {
    return (
      <SignInLinkSent
        email={linkSentTo}
        redirectTo={redirectTo}
        intent={EMAIL_LINK_INTENT}
        backTo={`/auth/login${keepRedirect}`}
        showDevMailbox={showDevMailbox}
      />
    );
  }

  // A visitor sent here by the checkout (its pages need a session) is most likely new: sign-up comes first.
  const fromCheckout = /^\/checkout(?:[/?#]|$)/.test(redirectTo);

  return (
    <>
      {fromCheckout ? (
        <section aria-labelledby="subscribe-heading" className="mb-8 border-b border-line pb-8">
          <h1 id="subscribe-heading" className="text-2xl font-semibold tracking-tight text-ink">
            Create your account to subscribe
          </h1>
          <p className="mt-1.5 text-sm text-muted">It takes less than a minute, and you go straight on to the plans.</p>
          <Link
            to={`/auth/signup${keepRedirect}`}
            className={buttonClasses("primary", "lg", "mt-5 w-full")}
            data-testid="signup-first"
          >
            Create your account
          </Link>
        </section>
      ) : null}
      <AuthHeader
        as={fromCheckout ? "h2" : "h1"}
        title={fromCheckout ? "Already have an account? Sign in" : "Welcome back"}
        subtitle={
          fromCheckout ? (
            "Sign in and go on to the checkout."
          ) : (
            <>
              <span lang="ar" dir="rtl">
                أهلا وسهلا
              </span>{" "}
              — sign in to continue learning.
            </>
          )
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
        <Button type="submit" size="lg" className="w-full" disabled={pending}>
          {signingIn ? "Signing in…" : "Sign in"}
        </Button>
        <div className="space-y-2 border-t border-line pt-5">
          <Button
            type="submit"
            name="intent"
            value={EMAIL_LINK_INTENT}
            variant="secondary"
            size="lg"
            className="w-full"
            formNoValidate
            disabled={pending}
            aria-describedby="login-email-link-hint"
          >
            <MailIcon className="size-5" strokeWidth={2} />
            {sendingLink ? "Sending the link…" : "Email me a sign-in link"}
          </Button>
          <p id="login-email-link-hint" className="text-center text-sm text-muted">
            No password needed: we email you a link that signs you in once, for 15 minutes, on any device.
          </p>
        </div>
      </Form>
      {fromCheckout ? null : (
        <p className="mt-6 text-center text-sm text-muted">
          New to Ahla?{" "}
          <Link to={`/auth/signup${keepRedirect}`} className="font-medium text-primary-700 hover:underline">
            Create a free account
          </Link>
        </p>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <AuthRouteError error={useRouteError()} />;
}

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Sign in");
