import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Breadcrumb } from "~/components/breadcrumb";
import { Badge, ConfirmPanel, SUBSCRIPTION_BADGES } from "../components/people/parts";
import { ActionPanel, NumberField, SelectField, TextField, type ActionResult } from "../components/people/action-panel";
import { HistoryLink } from "../components/audit/history-link";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { FieldErrors, FormErrors, inputClasses } from "~/components/ui/field";
import { forAudience, requireAdmin } from "~/lib/auth.server";
import { notFoundResponse, requireId } from "~/lib/canonical.server";
import { formatDate, formatPrice, LEVEL_LABELS, isLevel } from "#core/format";
import { LEVELS } from "#core/levels";
import { invalidSubmission, replyWithAppError } from "~/lib/form-reply.server";
import { titleMeta } from "~/lib/route-meta";
import { memberActionSchema, userActionSchema } from "#core/schemas/admin-users";
import { redirectWithToast } from "~/lib/toast.server";
import { ADMIN_PERMISSION } from "#core/permissions";
import { AppError } from "#server/lib/errors";
import {
  deleteMember,
  disableUser,
  enableUser,
  endUserSessions,
  getUserDetail,
  grantPermission,
  revokePermission,
  sendPasswordReset,
  updateMember,
} from "#server/services/admin-users";
import {
  adminCancelSubscription,
  adminResumeSubscription,
  adminSwitchPlan,
  compSubscription,
  extendSubscription,
  refundInvoice,
} from "#server/services/billing/admin-actions";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "admin";

const CONFIRMABLE = ["disable", "revoke", "end-sessions"] as const;
type Confirmable = (typeof CONFIRMABLE)[number];
/** The forms reached by ?do=…: each asks for what the action needs and a reason. */
const PANELS = ["edit", "comp", "extend", "cancel", "resume", "switch-plan", "refund", "delete"] as const;
type Panel = (typeof PANELS)[number];

export const loader = forAudience(audience, async function loader({ request, context, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const userId = requireId(params.userId);
  try {
    const user = await getUserDetail(context.app, userId);
    const url = new URL(request.url);
    const confirmValue = url.searchParams.get("confirm");
    const confirm = CONFIRMABLE.includes(confirmValue as Confirmable) ? (confirmValue as Confirmable) : null;
    const confirmCode = url.searchParams.get("code");
    const panelValue = url.searchParams.get("do");
    const panel = PANELS.includes(panelValue as Panel) ? (panelValue as Panel) : null;
    const invoiceId = Number(url.searchParams.get("invoice"));
    return { user, isSelf: admin.id === user.id, confirm, confirmCode, panel, invoiceId };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw notFoundResponse("We couldn't find that member.");
    throw error;
  }
});

export const action = forAudience(audience, async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const userId = requireId(params.userId);
  const back = `/admin/users/${userId}`;
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: memberActionSchema });
  const intent = String(formData.get("intent") ?? "");
  if (submission.status !== "success") return invalidSubmission(submission, { extra: { intent } });
  const app = context.app;
  const input = submission.value;
  try {
    switch (input.intent) {
      case "grant":
        await grantPermission(app, admin, { userId, code: input.code });
        return redirectWithToast(back, { text: `Granted “${input.code}”.` });
      case "revoke":
        await revokePermission(app, admin, { userId, code: input.code });
        return redirectWithToast(back, { text: `Removed “${input.code}”.` });
      case "disable": {
        const user = await disableUser(app, admin, userId);
        return redirectWithToast(back, { text: `${user.name} is disabled and signed out everywhere.` });
      }
      case "enable": {
        const user = await enableUser(app, admin, userId);
        return redirectWithToast(back, { text: `${user.name} can sign in again.` });
      }
      case "end-sessions": {
        const { ended } = await endUserSessions(app, admin, userId);
        return redirectWithToast(back, {
          text: ended === 1 ? "Ended 1 session." : `Ended ${ended} sessions.`,
        });
      }
      case "password-reset": {
        const user = await sendPasswordReset(app, admin, userId);
        return redirectWithToast(back, { text: `A password reset link is on its way to ${user.email}.` });
      }
      case "update": {
        const { emailPending } = await updateMember(app, admin, userId, input);
        return redirectWithToast(back, {
          text: emailPending
            ? `Saved. ${emailPending} becomes their email once they open the link we sent there.`
            : "Profile saved.",
        });
      }
      case "delete": {
        const user = await getUserDetail(app, userId);
        if (input.confirmEmail !== user.email) {
          const message = "Type the member's current email exactly to confirm.";
          return replyWithAppError(submission, new AppError(422, [message], { confirmEmail: [message] }), {
            extra: { intent },
          });
        }
        await deleteMember(app, admin, userId, input.reason);
        return redirectWithToast("/admin/users", { text: `${user.name}'s account is deleted.` });
      }
      case "comp": {
        const row = await compSubscription(app, admin, userId, input);
        return redirectWithToast(back, {
          text: `Complimentary access until ${formatDate(row.currentPeriodEnd, "long")}.`,
        });
      }
      case "extend": {
        const row = await extendSubscription(app, admin, userId, input);
        return redirectWithToast(back, { text: `Extended to ${formatDate(row.currentPeriodEnd, "long")}.` });
      }
      case "cancel": {
        const row = await adminCancelSubscription(app, admin, userId, input);
        return redirectWithToast(back, {
          text:
            input.when === "now"
              ? "Canceled: access has ended."
              : `Canceled: access continues until ${formatDate(row.currentPeriodEnd, "long")}.`,
        });
      }
      case "resume":
        await adminResumeSubscription(app, admin, userId, input);
        return redirectWithToast(back, { text: "Resumed: the subscription renews again." });
      case "switch-plan":
        await adminSwitchPlan(app, admin, userId, input);
        return redirectWithToast(back, { text: "Plan changed." });
      case "refund": {
        const invoice = await refundInvoice(app, admin, userId, input);
        return redirectWithToast(back, {
          text: `Refunded ${formatPrice(invoice.refundedCents, invoice.currency)}.`,
        });
      }
    }
  } catch (error) {
    if (error instanceof AppError && error.status === 404 && !Object.keys(error.fieldErrors).length) {
      if (input.intent === "refund") return replyWithAppError(submission, error, { extra: { intent } });
      throw notFoundResponse("We couldn't find that member.");
    }
    if (PANEL_INTENTS.has(input.intent) || input.intent === "grant") {
      return replyWithAppError(submission, error, { extra: { intent } });
    }
    if (error instanceof AppError) return redirectWithToast(back, { text: error.messages[0] ?? "", status: "error" });
    throw error;
  }
});

const PANEL_INTENTS = new Set<string>([
  "update",
  "delete",
  "comp",
  "extend",
  "cancel",
  "resume",
  "switch-plan",
  "refund",
]);

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
  const { user, isSelf, confirm, confirmCode, panel, invoiceId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const answered = actionData && "intent" in actionData ? String(actionData.intent) : null;
  const resultFor = (intent: string): ActionResult => (answered === intent ? actionData?.result : undefined);
  const refundable = user.invoices.find(
    (invoice) =>
      invoice.id === invoiceId && invoice.status === "paid" && invoice.amountCents > 0 && !invoice.refundedAt,
  );
  const planOptions = user.plans.map((plan) => ({
    value: plan.name,
    label: `${plan.title} · ${formatPrice(plan.priceCents, plan.currency)} a ${plan.interval}`,
  }));
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
        <div className="flex flex-wrap gap-2">
          <Link to="?do=edit" className={buttonClasses("secondary", "sm")} preventScrollReset>
            Edit profile
          </Link>
          <HistoryLink resource="users" subjectUserId={user.id} />
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

      {panel ? (
        <div className="mt-6">
          <MemberPanel
            panel={panel}
            user={user}
            here={here}
            resultFor={resultFor}
            planOptions={planOptions}
            refundable={refundable ?? null}
          />
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
            {user.pendingEmail ? (
              <>
                <dt className="text-muted">Changing to</dt>
                <dd className="break-all text-ink">{user.pendingEmail} (waiting for the member to confirm)</dd>
              </>
            ) : null}
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
              <dd className="flex flex-wrap gap-2">
                <Badge tone={badge.tone}>{badge.label}</Badge>
                {subscription.isComplimentary ? <Badge tone="info">Complimentary</Badge> : null}
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
              <dd className="text-ink">
                {subscription.isComplimentary
                  ? "Given by the team (no charge)"
                  : subscription.provider === "stripe"
                    ? "Stripe"
                    : "Local test checkout"}
              </dd>
            </dl>
          ) : (
            <p className="mt-3 text-sm text-muted">Free account: no subscription yet.</p>
          )}
          <div className="mt-4 flex flex-wrap gap-2">
            {user.subscriptionIsLive && subscription ? (
              <>
                <Link to="?do=extend" className={buttonClasses("secondary", "sm")} preventScrollReset>
                  Extend
                </Link>
                <Link to="?do=switch-plan" className={buttonClasses("secondary", "sm")} preventScrollReset>
                  Switch plan
                </Link>
                {subscription.cancelAtPeriodEnd ? (
                  <Link to="?do=resume" className={buttonClasses("secondary", "sm")} preventScrollReset>
                    Resume
                  </Link>
                ) : null}
                <Link to="?do=cancel" className={buttonClasses("danger", "sm")} preventScrollReset>
                  Cancel subscription
                </Link>
              </>
            ) : (
              <Link to="?do=comp" className={buttonClasses("primary", "sm")} preventScrollReset>
                Give a plan free
              </Link>
            )}
          </div>
        </section>
      </div>

      <section aria-labelledby="payments-heading" className="mt-6 rounded-xl border border-line bg-surface shadow-sm">
        <div className="border-b border-line px-5 py-4">
          <h2 id="payments-heading" className="text-lg font-semibold text-ink">
            Payments and invoices ({user.invoices.length})
          </h2>
        </div>
        {user.invoices.length > 0 ? (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">Invoices of {user.name}, newest first</caption>
              <thead>
                <tr className="border-b border-line text-xs tracking-wide text-muted uppercase">
                  <th scope="col" className="px-5 py-2.5 text-start font-semibold">
                    Date
                  </th>
                  <th scope="col" className="px-5 py-2.5 text-start font-semibold">
                    Description
                  </th>
                  <th scope="col" className="px-5 py-2.5 text-end font-semibold">
                    Amount
                  </th>
                  <th scope="col" className="px-5 py-2.5 text-start font-semibold">
                    Status
                  </th>
                  <th scope="col" className="px-5 py-2.5 text-end font-semibold">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {user.invoices.map((invoice) => (
                  <tr key={invoice.id}>
                    <td className="px-5 py-3 whitespace-nowrap text-ink/80">
                      {formatDate(invoice.paidAt ?? invoice.createdAt)}
                    </td>
                    <td className="px-5 py-3 text-ink">{invoice.description || "Subscription"}</td>
                    <td className="px-5 py-3 text-end whitespace-nowrap text-ink tabular-nums">
                      {formatPrice(invoice.amountCents, invoice.currency)}
                    </td>
                    <td className="px-5 py-3 whitespace-nowrap">
                      {invoice.refundedAt ? (
                        <Badge tone="warning">
                          Refunded {formatPrice(invoice.refundedCents, invoice.currency)} on{" "}
                          {formatDate(invoice.refundedAt)}
                        </Badge>
                      ) : (
                        <Badge
                          tone={
                            invoice.status === "paid" ? "success" : invoice.status === "failed" ? "danger" : "neutral"
                          }
                        >
                          {invoice.status === "paid"
                            ? "Paid"
                            : invoice.status === "failed"
                              ? "Failed"
                              : invoice.status === "open"
                                ? "Open"
                                : "Void"}
                        </Badge>
                      )}
                    </td>
                    <td className="px-5 py-3 text-end whitespace-nowrap">
                      {invoice.receiptUrl ? (
                        <a href={invoice.receiptUrl} className="me-3 text-primary-800 underline" rel="noreferrer">
                          Receipt
                        </a>
                      ) : null}
                      {invoice.status === "paid" && invoice.amountCents > 0 && !invoice.refundedAt ? (
                        <Link
                          to={`?do=refund&invoice=${invoice.id}`}
                          className={buttonClasses("secondary", "sm")}
                          preventScrollReset
                          aria-label={`Refund ${formatPrice(invoice.amountCents, invoice.currency)} paid ${formatDate(invoice.paidAt ?? invoice.createdAt)}`}
                        >
                          Refund
                        </Link>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="px-5 py-6 text-sm text-muted">No payments yet.</p>
        )}
      </section>

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
        <div className="mt-5 flex flex-wrap gap-3 border-t border-line pt-5">
          <a href={`${here}/export`} className={buttonClasses("secondary", "md")} download>
            Export their data (JSON)
          </a>
          {isSelf ? null : (
            <Link to="?do=delete" className={buttonClasses("danger", "md")} preventScrollReset>
              Delete account
            </Link>
          )}
        </div>
      </section>
    </main>
  );
}

type Detail = ReturnType<typeof useLoaderData<typeof loader>>["user"];

function MemberPanel({
  panel,
  user,
  here,
  resultFor,
  planOptions,
  refundable,
}: {
  panel: Panel;
  user: Detail;
  here: string;
  resultFor: (intent: string) => ActionResult;
  planOptions: { value: string; label: string }[];
  refundable: Detail["invoices"][number] | null;
}) {
  const subscription = user.subscription;
  const live = user.subscriptionIsLive && subscription;
  switch (panel) {
    case "edit":
      return (
        <ActionPanelNoReason
          id="edit-member"
          title={`Edit ${user.name}`}
          intent="update"
          cancelTo={here}
          result={resultFor("update")}
        >
          <TextField
            id="member-name"
            name="name"
            label="Name"
            result={resultFor("update")}
            defaultValue={user.name}
            autoComplete="off"
          />
          <TextField
            id="member-email"
            name="email"
            type="email"
            label="Email"
            result={resultFor("update")}
            defaultValue={user.pendingEmail ?? user.email}
            hint="A new address becomes their email once they open the link we send to it; until then they sign in with the current one."
          />
          <SelectField
            id="member-level"
            name="level"
            label="Level"
            required={false}
            result={resultFor("update")}
            defaultValue={user.level ?? ""}
            options={LEVELS.map((level) => ({ value: level, label: LEVEL_LABELS[level] }))}
          />
        </ActionPanelNoReason>
      );
    case "comp":
      if (live)
        return <PanelNote here={here}>{user.name} already has a running subscription: extend it instead.</PanelNote>;
      return (
        <ActionPanel
          id="comp"
          title="Give a plan free of charge"
          intent="comp"
          submitLabel="Give access"
          cancelTo={here}
          result={resultFor("comp")}
          description="Premium starts at once, with nothing charged. It ends by itself after the days given; the member can subscribe then."
        >
          <SelectField id="comp-plan" name="plan" label="Plan" result={resultFor("comp")} options={planOptions} />
          <NumberField id="comp-days" name="days" label="Days" result={resultFor("comp")} defaultValue="30" />
        </ActionPanel>
      );
    case "extend":
      if (!live)
        return <PanelNote here={here}>There is no running subscription to extend: give a plan instead.</PanelNote>;
      return (
        <ActionPanel
          id="extend"
          title="Extend the current period"
          intent="extend"
          submitLabel="Extend"
          cancelTo={here}
          result={resultFor("extend")}
          description={`Now ends ${formatDate(subscription.currentPeriodEnd, "long")}. The next charge moves back by the same days, free of charge.`}
        >
          <NumberField
            id="extend-days"
            name="days"
            label="Days to add"
            result={resultFor("extend")}
            defaultValue="30"
          />
        </ActionPanel>
      );
    case "cancel":
      if (!live) return <PanelNote here={here}>There is no running subscription to cancel.</PanelNote>;
      return (
        <ActionPanel
          id="cancel"
          title="Cancel the subscription"
          intent="cancel"
          submitLabel="Cancel subscription"
          cancelTo={here}
          danger
          result={resultFor("cancel")}
          description="Nothing is refunded by canceling: refund a payment separately if that was agreed."
        >
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-red-900">When does access end?</legend>
            {subscription.cancelAtPeriodEnd ? null : (
              <label className="flex items-start gap-2 text-sm text-red-900">
                <input type="radio" name="when" value="period-end" defaultChecked className="mt-1" />
                <span>
                  At the end of the period ({formatDate(subscription.currentPeriodEnd, "long")}): no more renewals
                </span>
              </label>
            )}
            <label className="flex items-start gap-2 text-sm text-red-900">
              <input
                type="radio"
                name="when"
                value="now"
                defaultChecked={subscription.cancelAtPeriodEnd}
                className="mt-1"
              />
              <span>Now: premium ends at once</span>
            </label>
            {resultFor("cancel")?.error?.when ? (
              <p className="text-sm text-red-800">{resultFor("cancel")?.error?.when?.[0]}</p>
            ) : null}
          </fieldset>
        </ActionPanel>
      );
    case "resume":
      if (!live || !subscription.cancelAtPeriodEnd)
        return <PanelNote here={here}>This subscription is not set to end.</PanelNote>;
      return (
        <ActionPanel
          id="resume"
          title="Resume the subscription"
          intent="resume"
          submitLabel="Resume"
          cancelTo={here}
          result={resultFor("resume")}
          description={`It renews again on ${formatDate(subscription.currentPeriodEnd, "long")}.`}
        />
      );
    case "switch-plan":
      if (!live) return <PanelNote here={here}>There is no running subscription to change.</PanelNote>;
      return (
        <ActionPanel
          id="switch-plan"
          title="Switch plan"
          intent="switch-plan"
          submitLabel="Switch plan"
          cancelTo={here}
          result={resultFor("switch-plan")}
          description={
            subscription.provider === "stripe"
              ? "The new price applies now; Stripe prorates the difference on the next invoice."
              : "The new plan applies now; the period already paid keeps its dates and the next renewal charges the new price."
          }
        >
          <SelectField
            id="switch-plan-plan"
            name="plan"
            label="New plan"
            result={resultFor("switch-plan")}
            options={planOptions.filter((option) => option.value !== subscription.planName)}
          />
        </ActionPanel>
      );
    case "refund":
      if (!refundable) return <PanelNote here={here}>Choose a paid invoice to refund in the list below.</PanelNote>;
      return (
        <ActionPanel
          id="refund"
          title={`Refund ${formatPrice(refundable.amountCents, refundable.currency)}?`}
          intent="refund"
          submitLabel={`Refund ${formatPrice(refundable.amountCents, refundable.currency)}`}
          cancelTo={here}
          danger
          hidden={{ invoiceId: String(refundable.id) }}
          result={resultFor("refund")}
          description={`${refundable.description || "Subscription"}, paid ${formatDate(refundable.paidAt ?? refundable.createdAt, "long")}. ${
            refundable.provider === "stripe"
              ? "Stripe returns the money to the card."
              : "The local test provider records the refund."
          } Access is not changed: cancel as well if that was agreed.`}
        />
      );
    case "delete":
      return (
        <ActionPanel
          id="delete"
          title={`Delete ${user.name}'s account?`}
          intent="delete"
          submitLabel="Delete account"
          cancelTo={here}
          danger
          result={resultFor("delete")}
          description="The same as deleting it themselves: their name, email, password, sessions, saved words, study history and private chats are erased; their public comments stay as by a deleted member; billing records are kept; any subscription stops renewing. This cannot be undone."
        >
          <TextField
            id="delete-confirm"
            name="confirmEmail"
            type="email"
            label={`Type ${user.email} to confirm`}
            result={resultFor("delete")}
          />
        </ActionPanel>
      );
  }
}

function PanelNote({ here, children }: { here: string; children: React.ReactNode }) {
  return (
    <p className="rounded-xl border border-line bg-canvas p-4 text-sm text-ink">
      {children}{" "}
      <Link to={here} className="font-medium text-primary-800 underline" preventScrollReset>
        Back
      </Link>
    </p>
  );
}

/** The profile edit: no reason asked (the audit row still records before → after). */
function ActionPanelNoReason({
  id,
  title,
  intent,
  cancelTo,
  result,
  children,
}: {
  id: string;
  title: string;
  intent: string;
  cancelTo: string;
  result: ActionResult;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-primary-200 bg-primary-50 p-5">
      <h2 id={`${id}-title`} className="font-semibold text-ink">
        {title}
      </h2>
      <Form method="post" className="mt-4 space-y-4" noValidate>
        <input type="hidden" name="intent" value={intent} />
        <FormErrors errors={result?.error?.[""] ?? undefined} />
        {children}
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonClasses("primary", "md")}>
            Save
          </button>
          <Link to={cancelTo} className={buttonClasses("secondary", "md")} preventScrollReset>
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  titleMeta(matches, data?.user ? `Admin: ${data.user.name}` : "Member not found");
