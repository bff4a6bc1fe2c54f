import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { TextField, useIsPending } from "~/components/form-fields";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormErrors } from "~/components/ui/field";
import { forAudience, requestMeta, requireUser } from "~/lib/auth.server";
import { invalidSubmission, replyWithAppError } from "~/lib/form-reply.server";
import { titleMeta } from "~/lib/route-meta";
import { changeEmailSchema, changePasswordSchema, deleteAccountSchema, PASSWORD_MIN } from "#core/schemas/auth";
import { redirectWithToast } from "~/lib/toast.server";
import { clearTokenCookie, serializeTokenCookie } from "#server/lib/cookies";
import { serializeDeviceCookie } from "#server/lib/device-cookie";
import { AppError, appErrorHeaders } from "#server/lib/errors";
import { changeEmail, changePassword, deleteAccount, revokeAllSessions } from "#server/services/auth";
import { cancelSubscriptionsForDeletedAccount } from "#server/services/billing";
import { getReminderSettings, reminderSettingsSchema, saveReminderSettings } from "#server/services/reminders/settings";
import {
  describeReminders,
  REMINDERS_INTENT,
  ReminderSettingsForm,
} from "~/features/reminders/components/reminder-settings";
import {
  cancelEmailChange,
  getEmailStatus,
  resendEmailChange,
  sendVerificationEmail,
} from "#server/services/email-verification";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "member";

type Intent =
  | "change-email"
  | "resend-verification"
  | "resend-email-change"
  | "cancel-email-change"
  | "change-password"
  | "sign-out-everywhere"
  | "delete-account"
  | typeof REMINDERS_INTENT;

export const loader = forAudience(audience, async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  const [status, reminders] = await Promise.all([
    getEmailStatus(context.app, { userId: user.id }),
    getReminderSettings(context.app, { userId: user.id }),
  ]);
  return {
    email: status.email,
    emailVerified: status.verified,
    pendingEmail: status.pendingEmail,
    pendingEmailExpired: status.pendingEmailExpired,
    hasPassword: user.hasPassword,
    reminders,
  };
});

/** For the one-button forms: a service refusal (e.g. too many emails) comes back as a toast. */
function redirectWithFailure(error: unknown) {
  if (!(error instanceof AppError)) throw error;
  return redirectWithToast(
    "/settings",
    { text: error.messages[0] ?? "That did not work.", status: "error" },
    { headers: appErrorHeaders(error) },
  );
}

export const action = forAudience(audience, async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(context, request);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "") as Intent;
  const app = context.app;

  switch (intent) {
    case "change-email": {
      const submission = parseWithZod(formData, { schema: changeEmailSchema });
      const options = { hideFields: ["password"], extra: { intent } };
      if (submission.status !== "success") return invalidSubmission(submission, options);
      try {
        await changeEmail(app, { userId: user.id, ...submission.value });
      } catch (error) {
        return replyWithAppError(submission, error, options);
      }
      return redirectWithToast("/settings", {
        text: `We sent a confirmation link to ${submission.value.newEmail}. Your email changes once you open it.`,
      });
    }
    case "resend-verification": {
      try {
        const { sentTo } = await sendVerificationEmail(app, { userId: user.id });
        return redirectWithToast("/settings", { text: `We sent a new confirmation link to ${sentTo}.` });
      } catch (error) {
        return redirectWithFailure(error);
      }
    }
    case "resend-email-change": {
      try {
        const { sentTo } = await resendEmailChange(app, { userId: user.id });
        return redirectWithToast("/settings", { text: `We sent the confirmation link to ${sentTo} again.` });
      } catch (error) {
        return redirectWithFailure(error);
      }
    }
    case "cancel-email-change": {
      await cancelEmailChange(app, { userId: user.id });
      return redirectWithToast("/settings", { text: "The email change is cancelled." });
    }
    case "change-password": {
      const submission = parseWithZod(formData, { schema: changePasswordSchema });
      const options = { hideFields: ["currentPassword", "newPassword", "confirmPassword"], extra: { intent } };
      if (submission.status !== "success") return invalidSubmission(submission, options);
      try {
        // Every other session ends; this device continues on the fresh one.
        const session = await changePassword(app, { userId: user.id, ...submission.value, meta: requestMeta(request) });
        const headers = new Headers();
        headers.append("Set-Cookie", serializeTokenCookie(session.token, session.expiresAt, request.url));
        // The account's device cookies ended with its sessions; this browser stays a known one (ADR 030).
        if (session.deviceCookie)
          headers.append("Set-Cookie", serializeDeviceCookie(session.deviceCookie, request.url));
        return redirectWithToast(
          "/settings",
          { text: "Your password is changed. Other devices have been signed out." },
          { headers },
        );
      } catch (error) {
        return replyWithAppError(submission, error, options);
      }
    }
    case REMINDERS_INTENT: {
      const submission = parseWithZod(formData, { schema: reminderSettingsSchema });
      if (submission.status !== "success") return invalidSubmission(submission, { extra: { intent } });
      const saved = await saveReminderSettings(app, { userId: user.id, ...submission.value });
      return redirectWithToast("/settings", { text: describeReminders(saved) });
    }
    case "sign-out-everywhere": {
      await revokeAllSessions(app, { userId: user.id });
      return redirectWithToast(
        "/auth/login",
        { text: "You have been signed out on every device." },
        { headers: { "Set-Cookie": clearTokenCookie(request.url) } },
      );
    }
    case "delete-account": {
      const submission = parseWithZod(formData, { schema: deleteAccountSchema });
      const options = { hideFields: ["password"], extra: { intent } };
      if (submission.status !== "success") return invalidSubmission(submission, options);
      try {
        await deleteAccount(app, { userId: user.id, password: submission.value.password });
      } catch (error) {
        return replyWithAppError(submission, error, options);
      }
      try {
        // No more renewals for a deleted account: cancel with the payment provider too.
        await cancelSubscriptionsForDeletedAccount(app, { userId: user.id });
      } catch (error) {
        console.error(`settings: could not cancel the subscriptions of deleted user ${user.id}`, error);
      }
      return redirectWithToast(
        "/",
        { text: "Your account has been deleted. Ma'a salama, and thank you for learning with us." },
        { headers: { "Set-Cookie": clearTokenCookie(request.url) } },
      );
    }
    default:
      throw new Response("Unknown action.", { status: 400 });
  }
});

export default function SettingsPage() {
  const { email, emailVerified, pendingEmail, pendingEmailExpired, hasPassword, reminders } =
    useLoaderData<typeof loader>();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <header className="mb-8">
        <h1 className="text-3xl font-semibold tracking-tight">Settings</h1>
        <p className="mt-2 text-muted">
          Your sign-in details and account. Name, level and photo are on your{" "}
          <Link to="/profile" className="font-medium text-primary-700 hover:underline">
            profile
          </Link>
          .
        </p>
      </header>
      <div className="space-y-6">
        {hasPassword ? (
          <>
            <EmailSection
              // A new pending address means the change went through: start the form afresh, password included.
              key={pendingEmail ?? ""}
              email={email}
              verified={emailVerified}
              pendingEmail={pendingEmail}
              pendingEmailExpired={pendingEmailExpired}
            />
            <PasswordSection />
          </>
        ) : (
          <GoogleOnlyNote email={email} />
        )}
        <RemindersSection settings={reminders} />
        <SessionsSection />
        {hasPassword ? <DeleteSection /> : null}
      </div>
    </div>
  );
}

function useResultFor(intent: Intent) {
  const actionData = useActionData<typeof action>();
  return actionData?.intent === intent ? actionData.result : undefined;
}

function Section({
  title,
  description,
  children,
  tone = "default",
}: {
  title: string;
  description: React.ReactNode;
  children: React.ReactNode;
  tone?: "default" | "danger";
}) {
  return (
    <Card className={tone === "danger" ? "border-red-200 p-6 sm:p-8" : "p-6 sm:p-8"}>
      <div className="md:grid md:grid-cols-[14rem_minmax(0,1fr)] md:gap-8">
        <div className="mb-5 md:mb-0">
          <h2 className={tone === "danger" ? "text-lg font-semibold text-red-800" : "text-lg font-semibold"}>
            {title}
          </h2>
          <p className="mt-1 text-sm text-muted">{description}</p>
        </div>
        <div className="min-w-0">{children}</div>
      </div>
    </Card>
  );
}

function EmailSection({
  email,
  verified,
  pendingEmail,
  pendingEmailExpired,
}: {
  email: string;
  verified: boolean;
  pendingEmail: string | null;
  pendingEmailExpired: boolean;
}) {
  const pending = useIsPending("change-email");
  const [form, fields] = useForm({
    id: "change-email",
    lastResult: useResultFor("change-email"),
    constraint: getZodConstraint(changeEmailSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changeEmailSchema }),
  });
  return (
    <Section
      title="Email"
      description={
        <>
          You sign in with <strong className="wrap-anywhere font-medium text-ink">{email}</strong>.{" "}
          <VerifiedBadge verified={verified} />
        </>
      }
    >
      <div className="space-y-4">
        {verified ? null : <UnverifiedNotice email={email} />}
        {pendingEmail ? (
          <PendingEmailNotice email={email} pendingEmail={pendingEmail} expired={pendingEmailExpired} />
        ) : null}
        <Form method="post" {...getFormProps(form)} className="space-y-4">
          <input type="hidden" name="intent" value="change-email" />
          <FormErrors errors={form.errors} />
          <TextField
            meta={fields.newEmail}
            type="email"
            label="New email"
            autoComplete="email"
            inputMode="email"
            hint="We send a link to the new address; your email changes once you open it."
          />
          <TextField meta={fields.password} type="password" label="Current password" autoComplete="current-password" />
          <Button type="submit" disabled={pending}>
            {pending ? "Sending…" : "Change email"}
          </Button>
        </Form>
      </div>
    </Section>
  );
}

function VerifiedBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <span className="inline-flex rounded-full bg-primary-100 px-2 py-0.5 text-xs font-semibold text-primary-800">
      Verified
    </span>
  ) : (
    <span className="inline-flex rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
      Not verified
    </span>
  );
}

function UnverifiedNotice({ email }: { email: string }) {
  const pending = useIsPending("resend-verification");
  return (
    <div className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <p>
        Your email is not verified yet. Open the link we sent to{" "}
        <strong className="wrap-anywhere font-semibold">{email}</strong> to confirm it: you need a confirmed email to
        add Google sign-in to this account.
      </p>
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="resend-verification" />
        <Button type="submit" variant="secondary" size="sm" disabled={pending}>
          {pending ? "Sending…" : "Resend verification email"}
        </Button>
      </Form>
    </div>
  );
}

function PendingEmailNotice({
  email,
  pendingEmail,
  expired,
}: {
  email: string;
  pendingEmail: string;
  expired: boolean;
}) {
  const resending = useIsPending("resend-email-change");
  const cancelling = useIsPending("cancel-email-change");
  return (
    <div
      role="status"
      className="rounded-xl border border-primary-200 bg-primary-50 px-4 py-3 text-sm text-primary-900"
    >
      <p>
        Waiting for confirmation of <strong className="wrap-anywhere font-semibold">{pendingEmail}</strong>.{" "}
        {expired
          ? "The link we sent there has expired: send a new one."
          : "Open the link we sent there within an hour."}{" "}
        Until then you keep signing in with <strong className="wrap-anywhere font-semibold">{email}</strong>.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="intent" value="resend-email-change" />
          <Button type="submit" variant="secondary" size="sm" disabled={resending}>
            {resending ? "Sending…" : "Send the link again"}
          </Button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="cancel-email-change" />
          <Button type="submit" variant="secondary" size="sm" disabled={cancelling}>
            Cancel the change
          </Button>
        </Form>
      </div>
    </div>
  );
}

function PasswordSection() {
  const pending = useIsPending("change-password");
  const [form, fields] = useForm({
    id: "change-password",
    lastResult: useResultFor("change-password"),
    constraint: getZodConstraint(changePasswordSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
  });
  return (
    <Section title="Password" description="Changing it signs you out on every other device.">
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value="change-password" />
        <FormErrors errors={form.errors} />
        <TextField
          meta={fields.currentPassword}
          type="password"
          label="Current password"
          autoComplete="current-password"
        />
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
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : "Change password"}
        </Button>
      </Form>
    </Section>
  );
}

function GoogleOnlyNote({ email }: { email: string }) {
  return (
    <Section
      title="Sign-in"
      description={
        <>
          You sign in with Google as <strong className="wrap-anywhere font-medium text-ink">{email}</strong>.
        </>
      }
    >
      <div className="rounded-xl border border-primary-200 bg-primary-50 px-4 py-4 text-sm text-primary-900">
        <p>
          Your account has no password, so changing your email or deleting the account, which need your password to
          confirm, are not available yet.
        </p>
        <p className="mt-2">
          Want a password too?{" "}
          <Link
            to={`/auth/forgotpassword?email=${encodeURIComponent(email)}`}
            className="font-semibold text-primary-800 underline"
          >
            Send me a link to set one
          </Link>
          . You can keep signing in with Google afterwards.
        </p>
      </div>
    </Section>
  );
}

function RemindersSection({ settings }: { settings: Parameters<typeof ReminderSettingsForm>[0]["settings"] }) {
  return (
    <Section
      title="Reminders"
      description="A short email at the hour you choose when there is something to study, at most one a day. Every email has a one-click unsubscribe."
    >
      <ReminderSettingsForm
        // After a save the page reloads with the stored choice: start the form afresh from it.
        key={`${settings.frequency}-${settings.hour}-${settings.timeZone ?? ""}`}
        settings={settings}
        lastResult={useResultFor(REMINDERS_INTENT)}
      />
    </Section>
  );
}

function SessionsSection() {
  const pending = useIsPending("sign-out-everywhere");
  return (
    <Section
      title="Devices"
      description="Lost a phone or used a shared computer? End every session, including this one."
    >
      <div className="flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value="sign-out-everywhere" />
          <Button type="submit" variant="secondary" disabled={pending}>
            {pending ? "Signing out…" : "Sign out of all devices"}
          </Button>
        </Form>
        <Form method="post" action="/auth/logout">
          <input type="hidden" name="redirect" value="/settings" />
          <Button type="submit" variant="secondary">
            Sign out here only
          </Button>
        </Form>
      </div>
    </Section>
  );
}

function DeleteSection() {
  const pending = useIsPending("delete-account");
  const [form, fields] = useForm({
    id: "delete-account",
    lastResult: useResultFor("delete-account"),
    constraint: getZodConstraint(deleteAccountSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: deleteAccountSchema }),
  });
  return (
    <Section
      tone="danger"
      title="Delete account"
      description="Removes your name, email, photo and password for good. Your comments stay, shown as “Deleted member”."
    >
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value="delete-account" />
        <FormErrors errors={form.errors} />
        <p className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
          This cannot be undone. A subscription you pay for is canceled with it, so you are not charged again (see{" "}
          <Link to="/manage-subscription" className="font-semibold underline">
            Manage subscription
          </Link>{" "}
          for your receipts first).
        </p>
        <TextField meta={fields.password} type="password" label="Your password" autoComplete="current-password" />
        <TextField
          meta={fields.confirm}
          label="Type DELETE to confirm"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
        />
        <Button type="submit" variant="danger" disabled={pending}>
          {pending ? "Deleting…" : "Delete my account"}
        </Button>
      </Form>
    </Section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Settings");
