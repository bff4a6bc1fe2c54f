import type { AdminUserDetail } from "#server/services/admin-users";
import { ConfirmPanel } from "../people/parts";

/** The actions that ask first (?confirm=…): a plain link opens the question, its form does the deed. */

export const CONFIRMABLE = ["disable", "revoke", "end-sessions"] as const;
export type Confirmable = (typeof CONFIRMABLE)[number];

export function MemberConfirmations({
  user,
  confirm,
  confirmCode,
  here,
}: {
  user: AdminUserDetail;
  confirm: Confirmable | null;
  confirmCode: string | null;
  here: string;
}) {
  return (
    <>
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
    </>
  );
}
