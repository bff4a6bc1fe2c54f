import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Breadcrumb } from "~/components/breadcrumb";
import { TextField } from "~/components/form-fields";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { FieldErrors, FormErrors, inputClasses } from "~/components/ui/field";
import { forAudience, requireAdmin } from "~/lib/auth.server";
import { formatDate } from "#core/format";
import { invalidSubmission, replyWithAppError } from "~/lib/form-reply.server";
import { titleMeta } from "~/lib/route-meta";
import { grantByEmailSchema } from "#core/schemas/admin-users";
import { redirectWithToast } from "~/lib/toast.server";
import { grantPermissionByEmail, listPermissionHolders } from "#server/services/admin-users";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "admin";

export const loader = forAudience(audience, async function loader({ context }: LoaderFunctionArgs) {
  return { permissions: await listPermissionHolders(context.app) };
});

export const action = forAudience(audience, async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const submission = parseWithZod(await request.formData(), { schema: grantByEmailSchema });
  if (submission.status !== "success") return invalidSubmission(submission);
  try {
    const user = await grantPermissionByEmail(context.app, { actor: admin, ...submission.value });
    return redirectWithToast("/admin/users-permissions", {
      text: `${user.name} now holds “${submission.value.code}”.`,
    });
  } catch (error) {
    return replyWithAppError(submission, error);
  }
});

export default function AdminPermissionsPage() {
  const { permissions } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    shouldRevalidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: grantByEmailSchema }),
  });

  return (
    <main className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:py-10">
      <Breadcrumb items={[{ label: "Admin", to: "/admin" }, { label: "Users & billing" }, { label: "Permissions" }]} />
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-ink">Permissions</h1>
      <p className="mt-1 max-w-2xl text-muted">
        Each code unlocks part of the product. A change takes effect at once, even in sessions already open. Remove a
        code from the member's page.
      </p>

      <section aria-labelledby="grant-heading" className="mt-8 rounded-xl border border-line bg-surface p-5 shadow-sm">
        <h2 id="grant-heading" className="text-lg font-semibold text-ink">
          Grant a permission
        </h2>
        <Form
          method="post"
          {...getFormProps(form)}
          className="mt-4 grid gap-4 sm:grid-cols-[1fr_16rem_auto] sm:items-start"
        >
          <div className="sm:col-span-3">
            <FormErrors errors={form.errors} />
          </div>
          <TextField meta={fields.email} type="email" label="Member's email" autoComplete="off" />
          <div className="space-y-1.5">
            <label htmlFor={fields.code.id} className="block text-sm font-medium text-ink">
              Permission
            </label>
            <select
              {...getSelectProps(fields.code)}
              key={fields.code.key}
              className={inputClasses}
              aria-describedby={fields.code.errors ? fields.code.errorId : undefined}
            >
              <option value="">Choose…</option>
              {permissions.map((permission) => (
                <option key={permission.code} value={permission.code}>
                  {permission.code}
                </option>
              ))}
            </select>
            <FieldErrors id={fields.code.errorId} errors={fields.code.errors} />
          </div>
          <button type="submit" className={buttonClasses("primary", "md", "sm:mt-7")}>
            Grant
          </button>
        </Form>
      </section>

      <div className="mt-6 space-y-6">
        {permissions.map((permission) => (
          <section
            key={permission.code}
            aria-labelledby={`permission-${permission.code}`}
            className="rounded-xl border border-line bg-surface shadow-sm"
          >
            <div className="border-b border-line px-5 py-4">
              <h2 id={`permission-${permission.code}`} className="font-mono text-base font-semibold text-ink">
                {permission.code}
              </h2>
              <p className="mt-0.5 text-sm text-muted">{permission.description}</p>
            </div>
            {permission.holders.length > 0 ? (
              <ul className="divide-y divide-line">
                {permission.holders.map((holder) => (
                  <li key={holder.id} className="flex flex-wrap items-center justify-between gap-2 px-5 py-3 text-sm">
                    <span className="min-w-0">
                      <Link to={`/admin/users/${holder.id}`} className="font-semibold text-primary-800 hover:underline">
                        {holder.name}
                      </Link>{" "}
                      <span className="break-all text-muted">{holder.email}</span>
                    </span>
                    <span className="text-muted">since {formatDate(holder.grantedAt)}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="px-5 py-4 text-sm text-muted">Nobody holds this permission.</p>
            )}
          </section>
        ))}
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Admin: Permissions");
