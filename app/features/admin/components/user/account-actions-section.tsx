import { Form, Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import type { AdminUserDetail } from "#server/services/admin-users";

/** Password reset, disable or re-enable, export and delete. */
export function AccountActionsSection({
  user,
  isSelf,
  here,
}: {
  user: AdminUserDetail;
  isSelf: boolean;
  here: string;
}) {
  return (
    <section aria-labelledby="actions-heading" className="mt-6 rounded-xl border border-line bg-surface p-5 shadow-sm">
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
  );
}
