import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Breadcrumb } from "~/components/breadcrumb";
import type { ActionResult } from "../components/people/action-panel";
import { AccountActionsSection } from "../components/user/account-actions-section";
import { CONFIRMABLE, MemberConfirmations, type Confirmable } from "../components/user/confirmations";
import { MemberHeader } from "../components/user/member-header";
import { PaymentsSection } from "../components/user/payments-section";
import { PermissionsSection, useGrantForm } from "../components/user/permissions-section";
import { ProfileSection } from "../components/user/profile-section";
import { SessionsSection } from "../components/user/sessions-section";
import { SubscriptionSection } from "../components/user/subscription-section";
import { submitCancel } from "../components/user/panels/cancel.server";
import { submitComp } from "../components/user/panels/comp.server";
import { submitDelete } from "../components/user/panels/delete.server";
import { submitEdit } from "../components/user/panels/edit.server";
import { submitExtend } from "../components/user/panels/extend.server";
import { MemberPanel, PANELS, type Panel } from "../components/user/panels/member-panel";
import { submitRefund } from "../components/user/panels/refund.server";
import { submitResume } from "../components/user/panels/resume.server";
import { submitSwitchPlan } from "../components/user/panels/switch-plan.server";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { forAudience, requireAdmin } from "~/lib/auth.server";
import { notFoundResponse, requireId } from "~/lib/canonical.server";
import { invalidSubmission, replyWithAppError } from "~/lib/form-reply.server";
import { titleMeta } from "~/lib/route-meta";
import { memberActionSchema } from "#core/schemas/admin-users";
import { redirectWithToast } from "~/lib/toast.server";
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
import type { Audience } from "~/lib/audience";

// One member, for support and billing. The page's sections are in ../components/user/; the eight ?do= panels
// (../components/user/panels/) and the ?confirm= questions are query states of this one route, whose loader
// says which is open and whose action runs the intent posted (a panel's write in its `.server.ts`).

export const audience: Audience = "admin";

export const loader = forAudience(audience, async function loader({ request, context, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const userId = requireId(params.userId);
  try {
    const user = await getUserDetail(context.app, { userId });
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
        await grantPermission(app, { actor: admin, userId, code: input.code });
        return redirectWithToast(back, { text: `Granted “${input.code}”.` });
      case "revoke":
        await revokePermission(app, { actor: admin, userId, code: input.code });
        return redirectWithToast(back, { text: `Removed “${input.code}”.` });
      case "disable": {
        const user = await disableUser(app, { actor: admin, userId });
        return redirectWithToast(back, { text: `${user.name} is disabled and signed out everywhere.` });
      }
      case "enable": {
        const user = await enableUser(app, { actor: admin, userId });
        return redirectWithToast(back, { text: `${user.name} can sign in again.` });
      }
      case "end-sessions": {
        const { ended } = await endUserSessions(app, { actor: admin, userId });
        return redirectWithToast(back, {
          text: ended === 1 ? "Ended 1 session." : `Ended ${ended} sessions.`,
        });
      }
      case "password-reset": {
        const user = await sendPasswordReset(app, { actor: admin, userId });
        return redirectWithToast(back, { text: `A password reset link is on its way to ${user.email}.` });
      }
      case "update":
        return await submitEdit({ app, admin, userId, back, input });
      case "delete":
        return await submitDelete({ app, admin, userId, back, input, submission, intent });
      case "comp":
        return await submitComp({ app, admin, userId, back, input });
      case "extend":
        return await submitExtend({ app, admin, userId, back, input });
      case "cancel":
        return await submitCancel({ app, admin, userId, back, input });
      case "resume":
        return await submitResume({ app, admin, userId, back, input });
      case "switch-plan":
        return await submitSwitchPlan({ app, admin, userId, back, input });
      case "refund":
        return await submitRefund({ app, admin, userId, back, input });
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

export default function AdminUserPage() {
  const { user, isSelf, confirm, confirmCode, panel, invoiceId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const answered = actionData && "intent" in actionData ? String(actionData.intent) : null;
  const resultFor = (intent: string): ActionResult => (answered === intent ? actionData?.result : undefined);
  const here = `/admin/users/${user.id}`;
  const grant = useGrantForm(actionData?.result);

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
      <MemberHeader user={user} isSelf={isSelf} />

      <MemberConfirmations user={user} confirm={confirm} confirmCode={confirmCode} here={here} />

      {panel ? (
        <div className="mt-6">
          <MemberPanel panel={panel} user={user} here={here} resultFor={resultFor} invoiceId={invoiceId} />
        </div>
      ) : null}

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <ProfileSection user={user} />
        <SubscriptionSection user={user} />
      </div>

      <PaymentsSection user={user} />

      <PermissionsSection user={user} isSelf={isSelf} grant={grant} />

      <SessionsSection user={user} />

      <AccountActionsSection user={user} isSelf={isSelf} here={here} />
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  titleMeta(matches, data?.user ? `Admin: ${data.user.name}` : "Member not found");
