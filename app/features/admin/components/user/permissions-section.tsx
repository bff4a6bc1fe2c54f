import { getFormProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import { FieldErrors, FormErrors, inputClasses } from "~/components/ui/field";
import { ADMIN_PERMISSION } from "#core/permissions";
import { userActionSchema } from "#core/schemas/admin-users";
import type { AdminUserDetail } from "#server/services/admin-users";

/**
 * The grant form's state. The page calls it (not the section), so Conform's form id, which React derives
 * from where the hook is called, stays the page's.
 */
export function useGrantForm(lastResult: SubmissionResult<string[]> | undefined) {
  return useForm({
    lastResult,
    shouldRevalidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: userActionSchema }),
  });
}

/** The member's permissions, each with its remove link (?confirm=revoke), and the form that grants one. */
export function PermissionsSection({
  user,
  isSelf,
  grant: [grantForm, grantFields],
}: {
  user: AdminUserDetail;
  isSelf: boolean;
  grant: ReturnType<typeof useGrantForm>;
}) {
  const grantable = user.availablePermissions.filter(
    (permission) => !user.permissions.some((held) => held.code === permission.code),
  );
  const codeField = grantFields.code as unknown as Parameters<typeof getSelectProps>[0];
  return (
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
                <span className="text-sm text-muted">Your own admin access can only be removed by another admin.</span>
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
        <Form method="post" {...getFormProps(grantForm)} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
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
  );
}
