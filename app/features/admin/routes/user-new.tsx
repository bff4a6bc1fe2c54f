import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData } from "@remix-run/react";
import { Breadcrumb } from "~/components/breadcrumb";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { forAudience, requireAdmin } from "~/lib/auth.server";
import { invalidSubmission, replyWithAppError } from "~/lib/form-reply.server";
import { titleMeta } from "~/lib/route-meta";
import { redirectWithToast } from "~/lib/toast.server";
import { LEVEL_LABELS } from "#core/format";
import { LEVELS } from "#core/levels";
import { memberCreateFormSchema } from "#core/schemas/admin-users";
import { createMember } from "#server/services/admin-users";
import { SelectField, TextField, type ActionResult } from "../components/people/action-panel";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "admin";

export const loader = forAudience(audience, async function loader() {
  return null;
});

export const action = forAudience(audience, async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const submission = parseWithZod(await request.formData(), { schema: memberCreateFormSchema });
  if (submission.status !== "success") return invalidSubmission(submission);
  try {
    const user = await createMember(context.app, { actor: admin, ...submission.value });
    return redirectWithToast(`/admin/users/${user.id}`, {
      text: submission.value.sendInvite
        ? `${user.name}'s account is created. A link to choose a password is on its way to ${user.email}.`
        : `${user.name}'s account is created. Send them a password link when they are ready.`,
    });
  } catch (error) {
    return replyWithAppError(submission, error);
  }
});

export default function NewMemberPage() {
  const actionData = useActionData<typeof action>();
  const result: ActionResult = actionData?.result;
  const inviteUnchecked = (result?.initialValue as Record<string, unknown> | undefined)?.sendInvite === undefined;
  return (
    <main className="mx-auto max-w-2xl px-4 py-8 sm:px-6 lg:py-10">
      <Breadcrumb
        items={[
          { label: "Admin", to: "/admin" },
          { label: "Users & billing" },
          { label: "Users", to: "/admin/users" },
          { label: "New member" },
        ]}
      />
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-ink">New member</h1>
      <p className="mt-1 text-muted">
        The account has no password: the member chooses one through a link we email them (it works once, for seven
        days).
      </p>
      <Form method="post" noValidate className="mt-6 space-y-5 rounded-xl border border-line bg-surface p-5 shadow-sm">
        <FormErrors errors={result?.error?.[""] ?? undefined} />
        <TextField id="new-name" name="name" label="Name" result={result} />
        <TextField id="new-email" name="email" type="email" label="Email" result={result} />
        <SelectField
          id="new-level"
          name="level"
          label="Level (optional)"
          required={false}
          result={result}
          options={LEVELS.map((level) => ({ value: level, label: LEVEL_LABELS[level] }))}
        />
        <label className="flex items-start gap-2 text-sm text-ink">
          <input
            type="checkbox"
            name="sendInvite"
            defaultChecked={!result || !inviteUnchecked}
            className="mt-1 size-4 rounded border-line"
          />
          <span>Email them a link to choose their password now</span>
        </label>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonClasses("primary", "md")}>
            Create member
          </button>
          <Link to="/admin/users" className={buttonClasses("secondary", "md")}>
            Cancel
          </Link>
        </div>
      </Form>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Admin: new member");
