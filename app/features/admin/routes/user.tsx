import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Breadcrumb } from "~/components/breadcrumb";
import { Badge, ConfirmPanel, SUBSCRIPTION_BADGES } from "../components/people/parts";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { FieldErrors, FormErrors, inputClasses } from "~/components/ui/field";
import { requireAdmin } from "~/lib/auth.server";
import { notFoundResponse, requireId } from "~/lib/canonical.server";
import { formatDate, formatPrice, LEVEL_LABELS, isLevel } from "#core/format";
import { invalidSubmission, replyWithAppError } from "~/lib/form-reply.server";
import { titleMeta } from "~/lib/route-meta";
import { userActionSchema } from "#core/schemas/admin-users";
import { redirectWithToast } from "~/lib/toast.server";
import { ADMIN_PERMISSION } from "#core/permissions";
import { AppError } from "#server/lib/errors";
import {
  disableUser,
  enableUser,
  endUserSessions,
  getUserDetail,
  grantPermission,
  revokePermission,
  sendPasswordReset,
} from "#server/services/admin-users";

const CONFIRMABLE = ["disable", "revoke", "end-sessions"] as const;
type Confirmable = (typeof CONFIRMABLE)[number];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const userId = requireId(params.userId);
  try {
    const user = await getUserDetail(context.app, userId);
    const url = new URL(request.url);
    const confirmValue = url.searchParams.get("confirm");
    const confirm = CONFIRMABLE.includes(confirmValue as Confirmable) ? (confirmValue as Confirmable) : null;
    const confirmCode = url.searchParams.get("code");
    return { user, isSelf: admin.id === user.id, confirm, confirmCode };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw notFoundResponse("We couldn't find that member.");
    throw error;
  }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const userId = requireId(params.userId);
  const back = `/admin/users/${userId}`;
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: userActionSchema });
  if (submission.status !== "success") return invalidSubmission(submission);
  const app = context.app;
  const input = submission.value;
  try {
    switch (input.intent) {
      case "grant":
        await grantPermission(app, { userId, code: input.code });
        return redirectWithToast(back, { text: `Granted “${input.code}”.` });
      case "revoke":
        await revokePermission(app, admin, { userId, code: input.code });
        return redirectWithToast(back, { text: `Removed “${input.code}”.` });
      case "disable": {
        const user = await disableUser(app, admin, userId);
        return redirectWithToast(back, { text: `${user.name} is disabled and signed out everywhere.` });
      }
      case "enable": {
        const user = await enableUser(app, userId);
        return redirectWithToast(back, { text: `${user.name} can sign in again.` });
      }
      case "end-sessions": {
        const { ended } = await endUserSessions(app, userId);
        return redirectWithToast(back, {
          text: ended === 1 ? "Ended 1 session." : `Ended ${ended} sessions.`,
        });
      }
      case "password-reset": {
        const user = await sendPasswordReset(app, userId);
        return redirectWithToast(back, { text: `A password reset link is on its way to ${user.email}.` });
      }
    }
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw notFoundResponse("We couldn't find that member.");
    if (input.intent === "grant") return replyWithAppError(submission, error);
    if (error instanceof AppError) return redirectWithToast(back, { text: error.messages[0] ?? "", status: "error" });
    throw error;
  }
}

const dateOrDash = (value: Date | null | undefined) => (value ? formatDate(value) : "—");

function describeDevice(userAgent: string | null) {
  if (!userAgent) return "Unknown device";
  const browser = /Firefox\//.test(userAgent)
    ? "Firefox"
    : /Edg\//.test(userAgent)
      ? "Edge"
      : /Chrome\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : null;
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Mac OS X/.test(userAgent)
        ? "macOS"
        : /Windows/.test(userAgent)
          ? "Windows"
          : /Linux/.test(userAgent)
            ? "Linux"
            : null;
  return browser && system ? `${browser} on ${system}` : (browser ?? system ?? userAgent.slice(0, 60));
}

export default function AdminUserPage() {
  const { user, isSelf, confirm, confirmCode } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const here = `/admin/users/${user.id}`;
  const grantable = user.availablePermissions.filter(
    (permission) => !user.permissions.some((held) => held.code === permission.code),
  );
  const [grantForm, grantFields] = useForm({
    lastResult: actionData?.result,
    shouldRevalidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: userActionSchema }),
  });
  const subscription = user.subscription;
  const badge = subscription ? SUBSCRIPTION_BADGES[subscription.status] : undefined;
  const codeField = grantFields.code as unknown as Parameters<typeof getSelectProps>[0];

  return (
    <main className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:py-10">
      <Breadcrumb
        items={[
          { label: "Admin", to: "/admin" },
          { label: "Users & billing" },
          { label: "Users", to: "/admin/users" },
          { label: user.name },
        ]}
      />
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h1 className="flex flex-wrap items-center gap-3 text-3xl font-bold tracking-tight text-ink">
            {user.name}
            {user.disabledAt ? <Badge tone="danger">Disabled</Badge> : null}
            {isSelf ? <Badge tone="info">You</Badge> : null}
          </h1>
          <p className="mt-1 break-all text-muted">{user.email}</p>
        </div>
      </div>

      {confirm === "disable" ? (
        <div className="mt-6">
          <ConfirmPanel
            title={`Disable ${user.name}?`}
            intent="disable"
            confirmLabel="Disable and sign out"
            cancelTo={here}
          >
            They will be signed out of{" "}
            {user.sessions.length === 1 ? "their 1 session" : `all ${user.sessions.length} sessions`} at once and cannot
            sign in or reset their password until you re-enable the account. Their subscription is not canceled.
          </ConfirmPanel>
        </div>
      ) : null}
      {confirm === "end-sessions" ? (
        <div className="mt-6">
          <ConfirmPanel title="End every session?" intent="end-sessions" confirmLabel="End sessions" cancelTo={here}>
            {user.name} will be signed out on every device and can sign in again straight away.
          </ConfirmPanel>
        </div>
      ) : null}
      {confirm === "revoke" && confirmCode && user.permissions.some((p) => p.code === confirmCode) ? (
        <div className="mt-6">
          <ConfirmPanel
            title={`Remove “${confirmCode}” from ${user.name}?`}
            intent="revoke"
            confirmLabel="Remove permission"
            cancelTo={here}
            hidden={{ code: confirmCode }}
          >
            It stops working at once, even in sessions that are already open.
          </ConfirmPanel>
        </div>
      ) : null}

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="profile-heading" className="rounded-xl border border-line bg-surface p-5 shadow-sm">
          <h2 id="profile-heading" className="text-lg font-semibold text-ink">
            Profile
          </h2>
          <dl className="mt-3 grid grid-cols-[8rem_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted">Member id</dt>
            <dd className="text-ink tabular-nums">{user.id}</dd>
            <dt className="text-muted">Joined</dt>
            <dd className="text-ink">{formatDate(user.createdAt, "long")}</dd>
            <dt className="text-muted">Level</dt>
            <dd className="text-ink">{user.level && isLevel(user.level) ? LEVEL_LABELS[user.level] : "Not set"}</dd>
            <dt className="text-muted">Email</dt>
            <dd className="text-ink">
              {user.emailVerifiedAt ? `Verified ${formatDate(user.emailVerifiedAt)}` : "Not verified"}
            </dd>
            <dt className="text-muted">Signs in with</dt>
            <dd className="text-ink">
              {[user.hasPassword ? "Password" : null, user.signsInWithGoogle ? "Google" : null]
                .filter(Boolean)
                .join(" and ") || "No sign-in method"}
            </dd>
            <dt className="text-muted">Account</dt>
            <dd className="text-ink">{user.disabledAt ? `Disabled ${formatDate(user.disabledAt)}` : "Can sign in"}</dd>
          </dl>
        </section>

        <section
          aria-labelledby="subscription-heading"
          className="rounded-xl border border-line bg-surface p-5 shadow-sm"
        >
          <h2 id="subscription-heading" className="text-lg font-semibold text-ink">
            Subscription
          </h2>
          {subscription && badge ? (
            <dl className="mt-3 grid grid-cols-[8rem_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted">Status</dt>
              <dd>
                <Badge tone={badge.tone}>{badge.label}</Badge>
              </dd>
              <dt className="text-muted">Plan</dt>
              <dd className="text-ink">
                {subscription.planTitle} · {formatPrice(subscription.priceCents, subscription.currency)} a{" "}
                {subscription.interval}
              </dd>
              <dt className="text-muted">
                {subscription.status === "expired"
                  ? "Ended"
                  : subscription.cancelAtPeriodEnd || subscription.status === "canceled"
                    ? "Access until"
                    : "Renews"}
              </dt>
              <dd className="text-ink">{formatDate(subscription.currentPeriodEnd, "long")}</dd>
              {subscription.trialEndsAt ? (
                <>
                  <dt className="text-muted">Trial ends</dt>
                  <dd className="text-ink">{dateOrDash(subscription.trialEndsAt)}</dd>
                </>
              ) : null}
              <dt className="text-muted">Provider</dt>
              <dd className="text-ink">{subscription.provider === "stripe" ? "Stripe" : "Local test checkout"}</dd>
            </dl>
          ) : (
            <p className="mt-3 text-sm text-muted">Free account: no subscription yet.</p>
          )}
        </section>
      </div>

      <section
        aria-labelledby="permissions-heading"
        className="mt-6 rounded-xl border border-line bg-surface p-5 shadow-sm"
      >
        <h2 id="permissions-heading" className="text-lg font-semibold text-ink">
          Permissions
        </h2>
        {user.permissions.length > 0 ? (
          <ul className="mt-3 divide-y divide-line rounded-lg border border-line">
            {user.permissions.map((permission) => (
              <li key={permission.code} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <div className="min-w-0">
                  <p className="font-mono text-sm font-semibold text-ink">{permission.code}</p>
                  <p className="text-sm text-muted">{permission.description}</p>
                </div>
                {isSelf && permission.code === ADMIN_PERMISSION ? (
                  <span className="text-sm text-muted">
                    Your own admin access can only be removed by another admin.
                  </span>
                ) : (
                  <Link
                    to={`?confirm=revoke&code=${encodeURIComponent(permission.code)}`}
                    className={buttonClasses("secondary", "sm")}
                    preventScrollReset
                    aria-label={`Remove ${permission.code}`}
                  >
                    Remove
                  </Link>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-muted">No permissions: an ordinary member.</p>
        )}
        {grantable.length > 0 ? (
          <Form
            method="post"
            {...getFormProps(grantForm)}
            className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end"
          >
            <input type="hidden" name="intent" value="grant" />
            <FormErrors errors={grantForm.errors} />
            <div className="flex-1 space-y-1.5">
              <label htmlFor={codeField.id} className="block text-sm font-medium text-ink">
                Grant a permission
              </label>
              <select
                {...getSelectProps(codeField)}
                key={codeField.key}
                className={inputClasses}
                aria-describedby={codeField.errors ? codeField.errorId : undefined}
              >
                <option value="">Choose…</option>
                {grantable.map((permission) => (
                  <option key={permission.code} value={permission.code}>
                    {permission.code} — {permission.description}
                  </option>
                ))}
              </select>
              <FieldErrors id={codeField.errorId} errors={codeField.errors} />
            </div>
            <button type="submit" className={buttonClasses("primary", "md")}>
              Grant
            </button>
          </Form>
        ) : null}
      </section>

      <section aria-labelledby="sessions-heading" className="mt-6 rounded-xl border border-line bg-surface shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-5 py-4">
          <h2 id="sessions-heading" className="text-lg font-semibold text-ink">
            Active sessions ({user.sessions.length})
          </h2>
          {user.sessions.length > 0 ? (
            <Link to="?confirm=end-sessions" className={buttonClasses("secondary", "sm")} preventScrollReset>
              End all sessions
            </Link>
          ) : null}
        </div>
        {user.sessions.length > 0 ? (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead>
                <tr className="border-b border-line text-xs tracking-wide text-muted uppercase">
                  <th scope="col" className="px-5 py-2.5 text-start font-semibold">
                    Device
                  </th>
                  <th scope="col" className="px-5 py-2.5 text-start font-semibold">
                    Signed in
                  </th>
                  <th scope="col" className="px-5 py-2.5 text-start font-semibold max-sm:hidden">
                    IP address
                  </th>
                  <th scope="col" className="px-5 py-2.5 text-start font-semibold max-sm:hidden">
                    Expires
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {user.sessions.map((session) => (
                  <tr key={session.id}>
                    <td className="px-5 py-3 text-ink">{describeDevice(session.userAgent)}</td>
                    <td className="px-5 py-3 whitespace-nowrap text-ink/80">{formatDate(session.createdAt)}</td>
                    <td className="px-5 py-3 text-ink/80 max-sm:hidden">{session.ipAddress ?? "—"}</td>
                    <td className="px-5 py-3 whitespace-nowrap text-ink/80 max-sm:hidden">
                      {formatDate(session.expiresAt)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="px-5 py-6 text-sm text-muted">Not signed in anywhere.</p>
        )}
      </section>

      <section
        aria-labelledby="actions-heading"
        className="mt-6 rounded-xl border border-line bg-surface p-5 shadow-sm"
      >
        <h2 id="actions-heading" className="text-lg font-semibold text-ink">
          Account actions
        </h2>
        <div className="mt-4 flex flex-wrap gap-3">
          {user.disabledAt ? null : (
            <Form method="post">
              <input type="hidden" name="intent" value="password-reset" />
              <button type="submit" className={buttonClasses("secondary", "md")}>
                Send password reset email
              </button>
            </Form>
          )}
          {user.disabledAt ? (
            <Form method="post">
              <input type="hidden" name="intent" value="enable" />
              <button type="submit" className={buttonClasses("primary", "md")}>
                Re-enable account
              </button>
            </Form>
          ) : isSelf ? (
            <p className="self-center text-sm text-muted">You can't disable your own account.</p>
          ) : (
            <Link to="?confirm=disable" className={buttonClasses("danger", "md")} preventScrollReset>
              Disable account
            </Link>
          )}
        </div>
        <p className="mt-3 text-sm text-muted">
          The reset email holds a one-hour, single-use link; the member's current password keeps working until they use
          it.
        </p>
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  titleMeta(matches, data?.user ? `Admin: ${data.user.name}` : "Member not found");
